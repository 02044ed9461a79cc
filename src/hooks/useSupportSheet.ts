/** The H5 support sheet: the store's channels from app info, and the contact page, which is always there. */
import type { MessageKey } from '@/i18n'
import { platform } from '@/platform'
import { useUi } from '@/stores/ui'
import { useAppConfig } from './useShell'
import '@/i18n/web'

export interface SupportChannel {
  key: 'email' | 'phone' | 'chat' | 'form'
  label: MessageKey
  /** What the shopper reads next to the label (the address, the number). */
  detail: string | null
  open(): void
}

/** Spec's mini-program contact page; inside a mini-program's web-view the host opens it, elsewhere the store's /contact. */
export const CONTACT_MINI_PROGRAM_PAGE = '/pages/contact/contact'

function openContactPage() {
  void platform.openMiniProgramPage(CONTACT_MINI_PROGRAM_PAGE).then((opened) => {
    if (!opened) platform.navigate('/contact')
  })
}

export function useSupportSheet() {
  const isOpen = useUi((s) => s.modal === 'support')
  const openModal = useUi((s) => s.openModal)
  const { supportEmail, supportPhone, supportChatUrl } = useAppConfig()
  const close = () => openModal(null)
  const go = (open: () => void) => () => {
    close()
    open()
  }
  const email = supportEmail?.trim()
  const phone = supportPhone?.trim()
  const chat = supportChatUrl?.trim()
  const channels: SupportChannel[] = []
  if (email) channels.push({ key: 'email', label: 'support.email', detail: email, open: go(() => platform.openExternal(`mailto:${email}`)) })
  if (phone) channels.push({ key: 'phone', label: 'support.phone', detail: phone, open: go(() => platform.openExternal(`tel:${phone.replace(/[^\d+]/g, '')}`)) })
  // Only a web address: anything else in the setting would open nowhere.
  if (chat && /^https?:\/\//i.test(chat)) channels.push({ key: 'chat', label: 'support.chat', detail: null, open: go(() => platform.openExternal(chat)) })
  channels.push({ key: 'form', label: 'support.form', detail: null, open: go(openContactPage) })
  return { isOpen, close, channels }
}
