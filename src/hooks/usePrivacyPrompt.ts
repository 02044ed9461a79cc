/** The privacy prompt's logic (components/shell/PrivacyPrompt): the host's request in the shopper's words, and the answers. */
import { platform, PRIVACY_AGREE_BUTTON_ID } from '@/platform'
import { usePrivacyPromptStore } from '@/stores/privacyPrompt'
import type { MessageKey } from '@/i18n'
import { useT } from './useT'

/** The action a privacy API does, as the prompt names it (unknown referrers: a generic wording). */
export function privacyActionKey(api: string | null | undefined): MessageKey {
  if (api === 'chooseImage') return 'privacy.action.chooseImage'
  if (api === 'setClipboardData') return 'privacy.action.setClipboardData'
  return 'privacy.action.other'
}

export function usePrivacyPrompt() {
  const t = useT()
  const { request, refused, agree, refuse, dismiss } = usePrivacyPromptStore()
  return {
    /** Open while the host waits for an answer. */
    open: request !== null,
    title: t('privacy.title'),
    body: request ? t('privacy.body', { action: t(privacyActionKey(request.api)) }) : '',
    readLabel: t('privacy.read', { name: request?.contractName || t('privacy.guide') }),
    agreeLabel: t('privacy.agree'),
    refuseLabel: t('privacy.refuse'),
    /** The agree button's open-type and id: its tap is what tells the host (WeChat checks the id it is resolved with). */
    agreeOpenType: platform.privacy.agreeOpenType,
    agreeButtonId: PRIVACY_AGREE_BUTTON_ID,
    agree,
    refuse,
    openContract: () => request?.openContract(),
    /** After a refusal: why the page did nothing, until dismissed. */
    refusedNotice: refused !== null ? t('privacy.refused', { action: t(privacyActionKey(refused)) }) : null,
    dismissLabel: t('privacy.dismiss'),
    dismiss
  }
}

/** At start (app.ts): the host's requests go to the prompt. */
export function listenForPrivacyRequests(): void {
  platform.privacy.onRequest((request) => usePrivacyPromptStore.getState().ask(request))
}
