import { View, Text } from '@tarojs/components'
import type { LiveRoom } from '@/api/wechat'
import { ModalFrame } from '@/components/shell/ModalFrame'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './LiveRoomModal.scss'

/** Spec §2: outside the mini-program a tapped room asks to scan a QR code or open it in the mini-program, with a Close button. */
export function LiveRoomModal({ room, onClose }: { room: LiveRoom; onClose(): void }) {
  const t = useT()
  const localized = useLocalized()
  return (
    <ModalFrame title={t('live.modal.title')} onClose={onClose}>
      <View className="live-room-modal">
        <View className="live-room-modal__qr" aria-hidden="true">
          <View className="live-room-modal__qr-corner live-room-modal__qr-corner--tl" />
          <View className="live-room-modal__qr-corner live-room-modal__qr-corner--tr" />
          <View className="live-room-modal__qr-corner live-room-modal__qr-corner--bl" />
        </View>
        <Text className="live-room-modal__text">{t('live.modal.text', { name: localized(room.nameContent, room.name) })}</Text>
        <Text className="live-room-modal__hint">{t('live.modal.qr')}</Text>
        <View className="modal-frame__primary live-room-modal__close" role="button" tabIndex={0} onClick={onClose}>
          <Text>{t('modal.close')}</Text>
        </View>
      </View>
    </ModalFrame>
  )
}
