import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import type { LiveRoom } from '@/api/wechat'
import { ModalFrame } from '@/components/shell/ModalFrame'
import { liveRoomLink } from '@/domain/liveStatus'
import { platform } from '@/platform'
import { LinkQrCode } from '@/components/common/LinkQrCode'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './LiveRoomModal.scss'

/**
 * Spec §2: outside the mini-program a tapped room asks to scan a QR code or open it in the mini-program, with a Close
 * button. The QR code is the room's link; on the phone itself, where there is nothing to scan, the link can be copied.
 */
export function LiveRoomModal({ room, onClose }: { room: LiveRoom; onClose(): void }) {
  const t = useT()
  const localized = useLocalized()
  const name = localized(room.nameContent, room.name)
  const link = liveRoomLink(room.roomid)
  const [copied, setCopied] = useState(false)
  return (
    <ModalFrame title={t('live.modal.title')} onClose={onClose}>
      <View className="live-room-modal">
        <LinkQrCode className="live-room-modal__qr" path={link} label={t('live.modal.qrLabel', { name })} />
        <Text className="live-room-modal__text">{t('live.modal.text', { name })}</Text>
        <Text className="live-room-modal__hint">{t('live.modal.qr')}</Text>
        <View className="live-room-modal__copy" role="button" tabIndex={0} onClick={() => void platform.copyLink(link).then(setCopied)}>
          <Text>{copied ? t('live.modal.copied') : t('live.modal.copy')}</Text>
        </View>
        <View className="modal-frame__primary live-room-modal__close" role="button" tabIndex={0} onClick={onClose}>
          <Text>{t('modal.close')}</Text>
        </View>
      </View>
    </ModalFrame>
  )
}
