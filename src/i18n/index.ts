/** Built-in texts in en and zh; server messages from changeLocale override a key of the same name. */
import { interpolate, type Language } from './define'
import account from './messages/account'
import checkout from './messages/checkout'
import confirmation from './messages/confirmation'
import shell from './messages/shell'
import store from './messages/store'

export { LANGUAGES, type Language } from './define'

const areas = [shell, store, checkout, confirmation, account] as const

type AreaKeys<T> = T extends { en: infer E } ? keyof E : never
export type MessageKey = AreaKeys<(typeof areas)[number]> & string

const catalogue: Record<Language, Record<string, string>> = {
  en: Object.assign({}, ...areas.map((a) => a.en)),
  zh: Object.assign({}, ...areas.map((a) => a.zh))
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string

export function translator(language: Language, serverMessages: Record<string, string> = {}): Translate {
  return (key, vars) => interpolate(serverMessages[key] ?? catalogue[language][key] ?? catalogue.en[key] ?? key, vars)
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'zh'
}
