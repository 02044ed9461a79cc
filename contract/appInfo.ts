/** App info, locale, store locations, exchange rates, time zone (spec §3 app info, §7 Account and common). */
import { Type, type Static } from '@sinclair/typebox'
import { LOCALES } from './constants.ts'
import { Localized, Nullable, OperatorText, StringEnum } from './common.ts'
import { MembershipSummary } from './memberships.ts'
import { ReferrerUserGroup } from './referral.ts'

const LinkActionType = StringEnum(['INTERNAL_LINK', 'EXTERNAL_LINK'])
const menuFields = {
  name: Type.String(),
  nameContent: Type.Optional(OperatorText),
  link: Type.Optional(Type.String()),
  linkActionType: Type.Optional(LinkActionType),
  icon: Type.Optional(Type.String())
}
/** A menu entry of the second level (menus are two levels deep). */
export const SubMenuItem = Type.Object(menuFields)
export type SubMenuItem = Static<typeof SubMenuItem>
export const MenuItem = Type.Object({ ...menuFields, subMenu: Type.Optional(Type.Array(SubMenuItem)) })
export type MenuItem = Static<typeof MenuItem>

export const FooterTab = Type.Object({
  link: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  name: Type.String(),
  nameContent: Type.Optional(OperatorText)
})
export type FooterTab = Static<typeof FooterTab>

export const StoreLocation = Type.Object({
  id: Type.String(),
  display: Type.Boolean(),
  virtual: Type.Boolean(),
  localStoreName: Type.String(),
  localStoreNameContent: Localized,
  address: Type.Object({
    streetNumberAndNameDetails: Type.String(),
    city: Type.String(),
    province: Type.String(),
    postCode: Type.String(),
    country: Type.String()
  }),
  /** Where the shopper lands after choosing this store. */
  landingPageUrl: Type.String()
})
export type StoreLocation = Static<typeof StoreLocation>

export const CurrencyInfo = Type.Object({ currencyType: Type.String(), currencyCode: Type.String() })
export type CurrencyInfo = Static<typeof CurrencyInfo>

export const AppConfig = Type.Object({
  hidePowerBy: Type.Optional(Type.Boolean()),
  powerByName: Type.Optional(Type.String()),
  powerByFullUrl: Type.Optional(Type.String()),
  showPowerByNameOnly: Type.Optional(Type.Boolean()),
  /** The default provider's site: the bar's default provider name links there (hidden with showPowerByNameOnly). */
  defaultPowerByUrl: Type.Optional(Type.String()),
  enableWeChatMiniProgramPromotion: Type.Optional(Type.Boolean()),
  enableMultiLocationSelection: Type.Optional(Type.Boolean()),
  supportedLanguages: Type.Optional(Type.Array(StringEnum(LOCALES))),
  enableUserAccounts: Type.Optional(Type.Boolean()),
  enableCheckout: Type.Optional(Type.Boolean()),
  displayHeader: Type.Optional(StringEnum(['FULL', 'FLOATING'])),
  enablePromotion: Type.Optional(Type.Boolean()),
  supportEmail: Type.Optional(Type.String()),
  supportPhone: Type.Optional(Type.String()),
  /** A web chat with the store (https://…), offered beside e-mail and phone by the H5 support sheet. */
  supportChatUrl: Type.Optional(Type.String())
})
export type AppConfig = Static<typeof AppConfig>

/** The store's card and wallet brands (the footer's payment icons); also part of paymentConfig. */
export const PaymentBrands = {
  defaultCurrency: Type.Optional(CurrencyInfo),
  supportVisa: Type.Optional(Type.Boolean()),
  supportMasterCard: Type.Optional(Type.Boolean()),
  supportAmex: Type.Optional(Type.Boolean()),
  supportPayPal: Type.Optional(Type.Boolean()),
  supportWeChatPay: Type.Optional(Type.Boolean()),
  supportAliPay: Type.Optional(Type.Boolean()),
  supportUnionPay: Type.Optional(Type.Boolean())
}
export const PaymentSettings = Type.Object({ ...PaymentBrands, exchangeCurrencies: Type.Optional(Type.Array(CurrencyInfo)) })
export type PaymentSettings = Static<typeof PaymentSettings>

const SocialPage = Type.Object({ pageURL: Type.Optional(Type.String()) })
export const SocialConfig = Type.Object({
  instagram: Type.Optional(Type.Object({ userName: Type.Optional(Type.String()), pageURL: Type.Optional(Type.String()) })),
  facebook: Type.Optional(SocialPage),
  twitter: Type.Optional(SocialPage),
  youTube: Type.Optional(SocialPage),
  linkedin: Type.Optional(SocialPage),
  pinterest: Type.Optional(SocialPage)
})
export type SocialConfig = Static<typeof SocialConfig>

export const HeaderControl = Type.Object({
  notDisplayheaderInMP: Type.Optional(Type.Boolean()),
  notDisplayheaderInAli: Type.Optional(Type.Boolean()),
  notDisplayheaderInMobile: Type.Optional(Type.Boolean()),
  notDisplayheaderInDesktop: Type.Optional(Type.Boolean())
})
export type HeaderControl = Static<typeof HeaderControl>

export const AppDetail = Type.Object({
  isWmp: Type.Boolean(),
  wmpBind: Type.Optional(Type.Boolean()),
  appDomain: Type.String(),
  cdnpath: Type.Optional(Type.String()),
  caid: Type.Optional(Type.String()),
  isAac: Type.Boolean(),
  isMobile: Type.Boolean(),
  isDeskTop: Type.Boolean(),
  isAndriod: Type.Boolean(),
  appPath: Type.Optional(Type.String()),
  partnerType: Type.Optional(Type.String()),
  /** The reference server runs its payment/identity sandbox: nothing is really paid (the storefront shows a mark). */
  sandbox: Type.Optional(Type.Boolean()),
  /** The selected store (the session's choice, else the first pickable one); null when there is none. */
  locid: Nullable(Type.String()),
  locname: Type.String(),
  locnameContent: Nullable(Localized)
})
export type AppDetail = Static<typeof AppDetail>

const ImageRef = Type.Object({ imageURL: Type.String() })

export const Navigation = Type.Object({
  headerMenu: Type.Optional(Type.Array(MenuItem)),
  sideMenu: Type.Optional(Type.Array(MenuItem)),
  footerMenu: Type.Optional(Type.Array(MenuItem)),
  footerTabs: Type.Optional(Type.Array(FooterTab))
})
export type Navigation = Static<typeof Navigation>

export const AppMessage = Type.Object({
  currentLocale: StringEnum(LOCALES),
  applicationMessage: Type.Object({ messages: Type.Record(Type.String(), Type.String()) })
})
export type AppMessage = Static<typeof AppMessage>

export const AppContent = Type.Object({
  system: Type.Object({
    appMessage: AppMessage,
    appConfig: AppConfig,
    payment: PaymentSettings,
    social: SocialConfig,
    storeLocations: Type.Array(StoreLocation),
    /**
     * Store credit as the shop sets it (the shop file's storeCredit): the top-up amounts offered as quick choices, minor
     * units of the store currency; [] offers a typed amount only. Absent: the shop says nothing (the client's own choices).
     */
    storeCredit: Type.Optional(Type.Object({ topUpAmounts: Type.Array(Type.Integer({ minimum: 0 })) })),
    /**
     * The order messages the shop sends on the mini-program platforms (the shop file's platformMessages): WeChat's
     * subscription template id per order event, which checkout asks the shopper to accept (wx.requestSubscribeMessage
     * takes at most 3: the order's method picks ready for pickup or out for delivery). Absent: none.
     */
    orderMessages: Type.Optional(Type.Object({
      wechat: Type.Object({
        confirmed: Type.Optional(Type.String()),
        readyForPickup: Type.Optional(Type.String()),
        outForDelivery: Type.Optional(Type.String()),
        refunded: Type.Optional(Type.String())
      })
    }))
  }),
  appDetail: AppDetail,
  /** The operator's wording of labels the spec names (currencyLabel, languageLabel, pickupLabel ...), per language. */
  labels: Type.Record(Type.String(), OperatorText),
  /** CSS custom properties of the store's theme (varPrimary ...). */
  css: Type.Record(Type.String(), Type.String()),
  navigation: Navigation,
  headerControl: HeaderControl,
  storeName: Type.String(),
  /** The store's name in each language: header, footer copyright and page titles show the shopper's language. */
  storeNameContent: Localized,
  logo: ImageRef,
  /** '1' or '2' picks the logo style. */
  storeLogo: StringEnum(['1', '2']),
  favicon: ImageRef,
  footerLogo: ImageRef
})
export type AppContent = Static<typeof AppContent>

export const UserProfile = Type.Object({
  firstName: Type.String(),
  lastName: Type.String(),
  emailID: Type.String(),
  profileImage: Type.String(),
  phone: Type.String()
})
export type UserProfile = Static<typeof UserProfile>

/** The signed-in fields of app info; sign-in calls answer with them so the client need not reload app info. */
export const SessionFields = Type.Object({
  user: UserProfile,
  userID: Type.String(),
  lastLoginDate: Type.String({ format: 'date-time' }),
  /** The shopper's referral id. */
  myID: Type.String(),
  /** The affiliated referral group the shopper earns commission in. */
  referrerUserGroup: Nullable(ReferrerUserGroup),
  /** The membership in force, or null. */
  membership: Nullable(MembershipSummary),
  /** The account's e-mail was confirmed (a mailed link opened); until then no WeChat/Alipay sign-in can be linked to it. */
  emailVerified: Type.Optional(Type.Boolean())
})
export type SessionFields = Static<typeof SessionFields>

/** GET common3/appInfoInit: the session fields come only when a shopper is signed in. */
export const AppInfo = Type.Object({ appContent: AppContent, ...Type.Partial(SessionFields).properties })
export type AppInfo = Static<typeof AppInfo>

export const LocaleParams = Type.Object({ locale: Type.String({ maxLength: 10 }) })
export type LocaleParams = Static<typeof LocaleParams>

export const SelectStoreLocationBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) })
export type SelectStoreLocationBody = Static<typeof SelectStoreLocationBody>
export const SelectedStoreLocation = Type.Object({ landingPageUrl: Type.String(), id: Type.String(), localStoreName: Type.String() })
export type SelectedStoreLocation = Static<typeof SelectedStoreLocation>

/** Rates from the base currency: 1 base = rates[c] of c. */
export const ExchangeRates = Type.Object({
  base: Type.String(),
  rates: Type.Record(Type.String(), Type.Number()),
  symbols: Type.Record(Type.String(), Type.String()),
  decimals: Type.Record(Type.String(), Type.Integer())
})
export type ExchangeRates = Static<typeof ExchangeRates>

export const CurrencyParams = Type.Object({ currency: Type.String({ maxLength: 10 }) })
export type CurrencyParams = Static<typeof CurrencyParams>
export const ExchangeRate = Type.Object({
  base: Type.String(),
  currency: Type.String(),
  rate: Type.Number(),
  symbol: Type.String(),
  decimals: Type.Integer()
})
export type ExchangeRate = Static<typeof ExchangeRate>

export const TimeZoneInfo = Type.Object({
  timeZone: Type.String(),
  offsetMinutes: Type.Integer(),
  now: Type.String({ format: 'date-time' })
})
export type TimeZoneInfo = Static<typeof TimeZoneInfo>
