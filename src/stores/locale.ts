/** Current language (spec: en or zh, toggleable), persisted across reloads. */
import { create } from 'zustand'
import { appInfoApi } from '@/api/appInfo'
import { isLanguage, type Language } from '@/i18n'
import { platform } from '@/platform'

const KEY = 'istore.language'

interface LocaleState {
  language: Language
  serverMessages: Record<string, string>
  setLanguage(language: Language): Promise<void>
  setServerMessages(messages: Record<string, string> | undefined): void
}

function initialLanguage(): Language {
  const saved = platform.storage.get<string>(KEY)
  return isLanguage(saved) ? saved : 'en'
}

export const useLocale = create<LocaleState>((set) => ({
  language: initialLanguage(),
  serverMessages: {},
  async setLanguage(language) {
    set({ language })
    platform.storage.set(KEY, language)
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
