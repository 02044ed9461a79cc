import { View, Text } from '@tarojs/components'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { LiveRoomCard } from '@/components/live/LiveRoomCard'
import { LiveRoomModal } from '@/components/live/LiveRoomModal'
import { Shell } from '@/components/shell/Shell'
import { useLiveRooms } from '@/hooks/useLiveRooms'
import { useT } from '@/hooks/useT'
import './index.scss'

/** /wechatlivestreamrooms (spec §2): the store's WeChat live-stream rooms. */
export default function LiveStreamRoomsPage() {
  const t = useT()
  const { state, retry, open, unavailable, closeUnavailable } = useLiveRooms()

  let body
  switch (state.status) {
    case 'loading':
      body = <Spinner label={t('live.loading')} />
      break
    case 'error':
      body = <EmptyState tone="error" message={t('live.loadFailed', { message: state.message })} action={{ label: t('common.retry'), onClick: retry }} />
      break
    case 'empty':
      body = <EmptyState message={t('live.empty')} />
      break
    case 'ready':
      body = (
        <View className="live-rooms__list">
          {state.rooms.map((room) => (
            <LiveRoomCard key={room.roomid} room={room} onOpen={open} />
          ))}
        </View>
      )
      break
  }

  return (
    <Shell title={t('live.title')}>
      <View className="live-rooms">
        <Text className="live-rooms__title">{t('live.title')}</Text>
        {body}
      </View>
      {unavailable ? <LiveRoomModal room={unavailable} onClose={closeUnavailable} /> : null}
    </Shell>
  )
}
