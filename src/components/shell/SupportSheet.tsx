import { Text, View } from '@tarojs/components'
import { useSupportSheet } from '@/hooks/useSupportSheet'
import { useT } from '@/hooks/useT'
import { ModalFrame } from './ModalFrame'
import '@/i18n/web'
import './SupportSheet.scss'

/** H5's answer to the tab bar's Support: the store's e-mail, phone and chat, and the contact form. */
export function SupportSheet() {
  const t = useT()
  const { isOpen, close, channels } = useSupportSheet()
  if (!isOpen) return null
  return (
    <ModalFrame title={t('support.title')} onClose={close}>
      <View className="modal-frame__options support-sheet__options">
        {channels.map((c) => (
          <View key={c.key} className={`modal-frame__option support-sheet__${c.key}`} role="button" tabIndex={0} onClick={c.open}>
            <Text>{t(c.label)}</Text>
            {c.detail ? <Text className="support-sheet__detail">{` ${c.detail}`}</Text> : null}
          </View>
        ))}
      </View>
    </ModalFrame>
  )
}
