import { View, Text } from '@tarojs/components'
import dayjs from 'dayjs'
import type { LiveRoom } from '@/api/wechat'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { LiveRoomCard } from '@/components/live/LiveRoomCard'
import { Shell } from '@/components/shell/Shell'
import { liveStatusTag } from '@/domain/liveStatus'
import { LIVE_ROOMS_PATH } from '@shared/routes'
import { useLiveRoom } from '@/hooks/useLiveRoom'
import { useLocalized } from '@/hooks/useLocalized'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import './livestream.scss'
import '@/i18n/live'

const at = (unixSeconds: number) => dayjs.unix(unixSeconds).format('YYYY-MM-DD HH:mm')

/** When the room starts, started or ended, by its status. */
function roomTime(room: LiveRoom, t: ReturnType<typeof useT>): string {
  const key = liveStatusTag(room.live_status)?.key
  if (key === 'end') return t('live.room.ended', { time: at(room.end_time) })
  if (key === 'ongoing') return t('live.room.started', { time: at(room.start_time) })
  return t('live.room.starts', { time: at(room.start_time) })
}

/**
 * /pages/livestream/livestream?roomId= (spec §2: the page a tapped room opens in the mini-program; the mini-programs
 * only): the room's cover, status, name and anchor, and what the shopper can do here — watch it in WeChat's live-player
 * plugin when the build has it, otherwise where to watch it.
 */
export default function LiveRoomPage() {
  const t = useT()
  const localized = useLocalized()
  const roomId = useRoute().params.roomId ?? ''
  const { room, player, play } = useLiveRoom(roomId)
  const allRooms = (
    <View className="live-room__action" role="button" tabIndex={0} onClick={() => platform.navigate(LIVE_ROOMS_PATH)}>
      <Text>{t('live.room.allRooms')}</Text>
    </View>
  )

  let body
  if (room.loading) body = <Spinner label={t('live.room.loading')} />
  else if (room.error) body = <EmptyState tone="error" message={t('live.loadFailed', { message: room.error })} action={{ label: t('common.retry'), onClick: () => void room.reload() }} />
  else if (!room.data) body = <EmptyState message={t('live.room.missing')}>{allRooms}</EmptyState>
  else {
    const shown = room.data
    const status = liveStatusTag(shown.live_status)?.key
    const hints = [
      player === 'plugin' ? t('live.room.playerHint') : player === 'notInBuild' ? t('live.room.noPlayer') : t('live.room.inWeChat', { name: localized(shown.nameContent, shown.name) }),
      status === 'upcoming' ? t('live.room.upcomingHint') : status === 'end' ? t('live.room.endedHint') : null
    ].filter((hint): hint is string => hint !== null)
    body = (
      <>
        <LiveRoomCard room={shown} eager />
        <Text className="live-room__time">{roomTime(shown, t)}</Text>
        {hints.map((hint) => (
          <Text key={hint} className="live-room__hint">
            {hint}
          </Text>
        ))}
        <View className="live-room__actions">
          {player === 'plugin' ? (
            <View className="live-room__action live-room__action--primary" role="button" tabIndex={0} onClick={play}>
              <Text>{t('live.room.watch')}</Text>
            </View>
          ) : null}
          {allRooms}
          <View className="live-room__action" role="button" tabIndex={0} onClick={() => platform.navigate('/store')}>
            <Text>{t('live.room.shop')}</Text>
          </View>
        </View>
      </>
    )
  }

  return (
    <Shell title={t('live.room.title')}>
      <View className="live-room">{body}</View>
    </Shell>
  )
}
