import { View, Text } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { LiveRoomCard } from '@/components/live/LiveRoomCard'
import { LiveRoomModal } from '@/components/live/LiveRoomModal'
import { Shell } from '@/components/shell/Shell'
import { Button } from '@/components/taro/Button'
import { useLiveRooms } from '@/hooks/useLiveRooms'
import { useT } from '@/hooks/useT'
import './index.scss'
import '@/i18n/browse'
import '@/i18n/live'

/** /wechatlivestreamrooms (spec §2): the store's WeChat live-stream rooms, 10 at a time, the next 10 on scroll. */
export default function LiveStreamRoomsPage() {
  const t = useT()
  const { state, retry, loadMore, open, unavailable, closeUnavailable } = useLiveRooms()
  useReachBottom(loadMore)

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
        <>
          <View className="live-rooms__list">
            {state.rooms.map((room, i) => (
              <LiveRoomCard key={room.roomid} room={room} onOpen={open} eager={i === 0} />
            ))}
          </View>
          <View className="live-rooms__footer">
            {state.moreError ? (
              <View className="live-rooms__error" role="alert">
                {t('live.loadFailed', { message: state.moreError })}
              </View>
            ) : null}
            {state.loadingMore ? (
              <Text className="live-rooms__more-text">{t('store.loadingMore')}</Text>
            ) : state.hasMore ? (
              <Button className="live-rooms__more" size="mini" onClick={loadMore}>
                {state.moreError ? t('common.retry') : t('store.loadMore')}
              </Button>
            ) : null}
          </View>
        </>
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
