/**
 * Built-in texts in en and zh; server messages from changeLocale override a key of the same name.
 * The shell texts and the store texts the home page shows are always here; the account, checkout and confirmation
 * texts join when a page of those areas imports '@/i18n/more', the store's browsing and cart texts when one imports
 * '@/i18n/browse', so the home page's first load (and the mini-programs' main package) does not carry them
 * (tests/unit/i18nAreas.test.ts checks every page that uses them imports it).
 */
import { interpolate, type Language } from '@shared/i18n/define'
import type account from './messages/account'
import type checkout from './messages/checkout'
import type confirmation from './messages/confirmation'
import type contact from './messages/contact'
import type security from './messages/security'
import type coupons from './messages/coupons'
import type topUp from './messages/topUp'
import type orderLookup from './messages/orderLookup'
import type lists from './messages/lists'
import type blog from './messages/blog'
import type influencers from '@/features/influencers/messages'
import type referral from '@/features/referral/messages'
import type memberships from '@/features/memberships/messages'
import type campaigns from '@/features/campaigns/messages'
import type browse from './messages/browse'
import type live from './messages/live'
import type walkthrough from './messages/walkthrough'
import type restock from './messages/restock'
import type web from './messages/web'
import type promo from './messages/promo'
import campaignsCore from '@/features/campaigns/messagesCore'
import shell from '@shared/i18n/shell'
import store from './messages/store'
import privacy from './messages/privacy'

export { LANGUAGES, type Language } from '@shared/i18n/define'

type Area = typeof account | typeof checkout | typeof confirmation | typeof contact | typeof security | typeof coupons | typeof topUp | typeof orderLookup | typeof lists | typeof blog | typeof influencers | typeof referral | typeof memberships | typeof campaigns | typeof browse | typeof live | typeof walkthrough | typeof restock | typeof web | typeof promo | typeof campaignsCore | typeof shell | typeof store | typeof privacy

type AreaKeys<T> = T extends { en: infer E } ? keyof E : never
export type MessageKey = AreaKeys<Area> & string

const catalogue: Record<Language, Record<string, string>> = {
  en: Object.assign({}, shell.en, store.en, campaignsCore.en, privacy.en),
  zh: Object.assign({}, shell.zh, store.zh, campaignsCore.zh, privacy.zh)
}

/** Adds an area's texts (src/i18n/more.ts). */
export function registerMessages(area: { en: Record<string, string>; zh: Record<string, string> }): void {
  Object.assign(catalogue.en, area.en)
  Object.assign(catalogue.zh, area.zh)
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string

export function translator(language: Language, serverMessages: Record<string, string> = {}): Translate {
  return (key, vars) => interpolate(serverMessages[key] ?? catalogue[language][key] ?? catalogue.en[key] ?? key, vars)
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'zh'
}
