/** Start-up and locale calls (spec §3 app info, §7 Account and common). Payload types: contract/appInfo.ts. */
import type { AppInfo, AppMessage, ExchangeRate, ExchangeRates, SelectedStoreLocation } from '@contract/appInfo'
import { http } from './http'

export type {
  AppConfig,
  AppContent,
  AppInfo,
  CurrencyInfo,
  FooterTab,
  HeaderControl,
  MenuItem,
  UserProfile,
  SocialConfig,
  StoreLocation,
  /** system.payment: the store's card and wallet brands and its currencies (the footer's payment icons). */
  PaymentSettings as PaymentConfig
} from '@contract/appInfo'
export type { Localized, OperatorText } from '@contract/common'

export const appInfoApi = {
  init: () => http.get<AppInfo>('/common3/appInfoInit'),
  changeLocale: (locale: 'en' | 'zh') => http.get<AppMessage>(`/common3/changeLocale/${locale}`),
  setSelectedStoreLocation: (id: string) => http.post<SelectedStoreLocation>('/common3/setSelectedStoreLocation', { id }),
  exchangeRates: () => http.get<ExchangeRates>('/common3/exchangeRates/'),
  exchangeRate: (currency: string) => http.get<ExchangeRate>(`/common3/exchangeRates/${encodeURIComponent(currency)}`)
}
