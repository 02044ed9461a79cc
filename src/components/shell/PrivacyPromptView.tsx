import { Text, View } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { usePrivacyPrompt } from '@/hooks/usePrivacyPrompt'
import { ModalFrame } from './ModalFrame'
import './PrivacyPrompt.scss'

/**
 * The store's own privacy prompt (issue 41 item 1), on every page: while the mini-program host waits for the shopper's
 * agreement to the privacy guide before a privacy API (platform.privacy), what the store is about to do and why, the
 * guide, Agree (the host's agreePrivacyAuthorization button) and Not now; after a refusal, a notice that the action was
 * not done. Nothing on H5, whose host never asks.
 */
export function PrivacyPromptView() {
  const p = usePrivacyPrompt()
  if (p.open) {
    return (
      <ModalFrame title={p.title} onClose={p.refuse}>
        <View className="privacy-prompt">
          <Text>{p.body}</Text>
          <View className="privacy-prompt__read" role="link" onClick={p.openContract}>
            <Text>{p.readLabel}</Text>
          </View>
          <View className="privacy-prompt__actions">
            <Button onClick={p.refuse}>
              {p.refuseLabel}
            </Button>
            <Button className="privacy-prompt__agree" id={p.agreeButtonId} {...(p.agreeOpenType ? { openType: p.agreeOpenType } : {})} onClick={p.agree}>
              {p.agreeLabel}
            </Button>
          </View>
        </View>
      </ModalFrame>
    )
  }
  if (!p.refusedNotice) return null
  return (
    <View className="privacy-notice" role="status" aria-live="polite">
      <Text className="privacy-notice__text">{p.refusedNotice}</Text>
      <Button size="mini" onClick={p.dismiss}>
        {p.dismissLabel}
      </Button>
    </View>
  )
}
