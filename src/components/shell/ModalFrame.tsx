import type { PropsWithChildren } from 'react'
import { Text, View } from '@tarojs/components'
import { useT } from '@/hooks/useT'
import { Icon } from './Icons'
import './ModalFrame.scss'

/** Backdrop, dialog box, title and close button shared by the shell's modals. */
export function ModalFrame({ title, onClose, children }: PropsWithChildren<{ title: string; onClose(): void }>) {
  const t = useT()
  return (
    <View className="modal-frame">
      <View className="modal-frame__backdrop" onClick={onClose} />
      <View className="modal-frame__dialog" aria-label={title} aria-modal="true">
        <View className="modal-frame__head">
          <Text className="modal-frame__title">{title}</Text>
          <View className="modal-frame__close" role="button" tabIndex={0} aria-label={t('modal.close')} onClick={onClose}>
            <Icon name="close" />
          </View>
        </View>
        <View className="modal-frame__body">{children}</View>
      </View>
    </View>
  )
}
