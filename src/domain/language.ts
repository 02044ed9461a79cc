/**
 * Which language a visit speaks (issue 15 item 6): the shopper's saved choice always; before there is one, the
 * device's language (mini-programs: the system language), else what app info says (the server reads the browser's
 * Accept-Language), else English.
 */
import type { Language } from '@shared/i18n/define'

/** A language tag ('zh_CN', 'zh-Hans', 'en-US', 'en') as one of the store's languages; null for any other. */
export function languageFromTag(tag: string | null | undefined): Language | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0]
  return primary === 'zh' ? 'zh' : primary === 'en' ? 'en' : null
}

export function firstLanguage({ saved, device, server }: { saved?: string | null; device?: string | null; server?: string | null }): Language {
  if (saved === 'en' || saved === 'zh') return saved
  return languageFromTag(device) ?? (server === 'en' || server === 'zh' ? server : 'en')
}
