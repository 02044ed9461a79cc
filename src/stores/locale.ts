/** Current language (spec: en or zh, toggleable); the shopper's choice is persisted across reloads and always wins. */
import { create } from 'zustand'
import { appInfoApi } from '@/api/appInfo'
import { firstLanguage } from '@/domain/language'
import { isLanguage, type Language } from '@/i18n'
import { platform } from '@/platform'

const KEY = 'istore.language'

interface LocaleState {
  language: Language
  /** The shopper chose `language` (saved); otherwise it is the visit's first guess (device, then app info). */
  chosen: boolean
  serverMessages: Record<string, string>
  /** Switches the language and tells the server; `remember: false` for a language the shopper did not choose. */
  setLanguage(language: Language, options?: { remember?: boolean }): Promise<void>
  setServerMessages(messages: Record<string, string> | undefined): void
}

function savedLanguage(): Language | undefined {
  const saved = platform.storage.get<string>(KEY)
  return isLanguage(saved) ? saved : undefined
}

export const useLocale = create<LocaleState>((set) => ({
  // Before app info arrives: the saved choice, else the device's language (mini-programs), else English.
  language: firstLanguage({ saved: savedLanguage(), device: platform.deviceLanguage() }),
  chosen: savedLanguage() !== undefined,
  serverMessages: {},
  async setLanguage(language, { remember = true } = {}) {
    set(remember ? { language, chosen: true } : { language })
    if (remember) platform.storage.set(KEY, language)
    try {
      const res = await appInfoApi.changeLocale(language)
      set({ serverMessages: res.applicationMessage?.messages ?? {} })
    } catch (err) {
      // The built-in texts still cover every label; only operator overrides are missing.
      console.error('changeLocale failed', err)
    }
  },
  setServerMessages(messages) {
    set({ serverMessages: messages ?? {} })
  }
}))
