/** Start-up and locale calls (spec §3 app info, §7 Account and common). */
import { http } from './http'

export type Localized = Partial<Record<'en' | 'zh', string>>

export interface MenuItem {
  name: string
  nameContent?: Localized
  link?: string
  linkActionType?: 'INTERNAL_LINK' | 'EXTERNAL_LINK'
  icon?: string
  subMenu?: MenuItem[]
}

export interface FooterTab {
  link?: string
  icon?: string
  name: string
  nameContent?: Localized
}

export interface StoreLocation {
  id: string
  display: boolean
  virtual: boolean
  localStoreName: string
  localStoreNameContent?: Localized
  address: { streetNumberAndNameDetails?: string; city?: string; province?: string; postCode?: string }
}

export interface CurrencyInfo {
  currencyType: string
  currencyCode: string
}

export interface AppConfig {
  hidePowerBy?: boolean
  powerByName?: string
  powerByFullUrl?: string
  showPowerByNameOnly?: boolean
  enableWeChatMiniProgramPromotion?: boolean
  enableMultiLocationSelection?: boolean
  supportedLanguages?: string[]
  enableUserAccounts?: boolean
  enableCheckout?: boolean
  displayHeader?: 'FULL' | 'FLOATING'
  enablePromotion?: boolean
  supportEmail?: string
  supportPhone?: string
}

export interface PaymentConfig {
  defaultCurrency?: CurrencyInfo
  exchangeCurrencies?: CurrencyInfo[]
  supportVisa?: boolean
  supportMasterCard?: boolean
  supportAmex?: boolean
  supportPayPal?: boolean
  supportWeChatPay?: boolean
  supportAliPay?: boolean
  supportUnionPay?: boolean
}

export interface SocialConfig {
  instagram?: { userName?: string; pageURL?: string }
  facebook?: { pageURL?: string }
  twitter?: { pageURL?: string }
  youTube?: { pageURL?: string }
  linkedin?: { pageURL?: string }
  pinterest?: { pageURL?: string }
}

export interface HeaderControl {
  notDisplayheaderInMP?: boolean
  notDisplayheaderInAli?: boolean
  notDisplayheaderInMobile?: boolean
  notDisplayheaderInDesktop?: boolean
}

export interface AppContent {
  system: {
    appMessage?: { currentLocale?: string; applicationMessage?: { messages?: Record<string, string> } }
    appConfig?: AppConfig
    payment?: PaymentConfig
    social?: SocialConfig
    storeLocations?: StoreLocation[]
  }
  appDetail?: {
    isWmp?: boolean
    wmpBind?: boolean
    appDomain?: string
    cdnpath?: string
    caid?: string
    isAac?: boolean
    isMobile?: boolean
    isDeskTop?: boolean
    isAndriod?: boolean
    appPath?: string
    locid?: string
    locname?: string
    partnerType?: string
    /** The reference server runs its payment/identity sandbox: nothing is really paid. */
    sandbox?: boolean
  }
  labels?: Record<string, string>
  css?: Record<string, string>
  navigation?: { headerMenu?: MenuItem[]; sideMenu?: MenuItem[]; footerMenu?: MenuItem[]; footerTabs?: FooterTab[] }
  headerControl?: HeaderControl
  storeName?: string
  logo?: { imageURL?: string }
  storeLogo?: '1' | '2'
  favicon?: { imageURL?: string }
  footerLogo?: { imageURL?: string }
}

export interface SessionUser {
  firstName?: string
  lastName?: string
  emailID?: string
  phone?: string
  profileImage?: string
}

export interface AppInfo {
  appContent: AppContent
  user?: SessionUser
  userID?: string
  lastLoginDate?: string
  myID?: string
  referrerUserGroup?: string
  membership?: unknown
}

export const appInfoApi = {
  init: () => http.get<AppInfo>('/common3/appInfoInit'),
  changeLocale: (locale: 'en' | 'zh') =>
    http.get<{ applicationMessage?: { messages?: Record<string, string> } }>(`/common3/changeLocale/${locale}`),
  setSelectedStoreLocation: (id: string) => http.post<{ landingPageUrl?: string }>('/common3/setSelectedStoreLocation', { id }),
  exchangeRates: () => http.get<{ base: string; rates: Record<string, number> }>('/common3/exchangeRates/')
}
