import { memo } from 'react'
import { View, Text } from '@tarojs/components'
import type { LiveRoom } from '@/api/wechat'
import { LazyImage } from '@/components/common/LazyImage'
import { liveStatusTag } from '@/domain/liveStatus'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './LiveRoomCard.scss'

/** Live-stream covers are 16:9. */
export const LIVE_COVER_RATIO = 9 / 16

/**
 * Spec §2: one room — cover, name, anchor name and its status tag (Upcoming / Ongoing / End). The first room's cover
 * is on the first screen (`eager`: loaded at once, not when it scrolls near).
 */
export const LiveRoomCard = memo(function LiveRoomCard({ room, onOpen, eager = false }: { room: LiveRoom; onOpen?(room: LiveRoom): void; eager?: boolean }) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const name = localized(room.nameContent, room.name)
  const anchor = localized(room.anchorNameContent, room.anchor_name)
  const tag = liveStatusTag(room.live_status)
  return (
    // Without onOpen it is the room page's own heading card (src/pages/livestream), which nothing opens.
    <View
      className="live-room-card"
      role={onOpen ? 'button' : undefined}
      tabIndex={onOpen ? 0 : undefined}
      data-room-id={String(room.roomid)}
      onClick={onOpen ? () => onOpen(room) : undefined}
    >
      <View className="live-room-card__media">
        <LazyImage src={image(room.cover_img)} alt={name} ratio={LIVE_COVER_RATIO} eager={eager} />
        {tag ? (
          <Text className={`live-room-card__tag live-room-card__tag--${tag.color}`} data-status={tag.key}>
            {t(`live.status.${tag.key}`)}
          </Text>
        ) : null}
      </View>
      <Text className="live-room-card__name">{name}</Text>
      {anchor ? <Text className="live-room-card__anchor">{t('live.anchor', { name: anchor })}</Text> : null}
    </View>
  )
})
