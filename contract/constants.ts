/**
 * Values both sides of the contract need at run time. No TypeBox import: the client bundles this module, and it must
 * stay a few hundred bytes (the schemas beside it are for the server and the tests only).
 */

export const LOCALES = ['en', 'zh'] as const
export type Locale = (typeof LOCALES)[number]

/** Why an account's store credit changed: one per ledger row (the client words each). */
export const STORE_CREDIT_REASONS = [
  'WELCOME_BONUS',
  'REFUND',
  'ORDER_PAYMENT',
  'ORDER_CANCELLED',
  'ORDER_REFUND',
  'DEPOSIT',
  'DEPOSIT_REFUND',
  'REFERRAL_COMMISSION',
  'REFERRAL_REVERSED'
] as const
export type StoreCreditReason = (typeof STORE_CREDIT_REASONS)[number]

export const ORDER_METHODS = ['PICKUP', 'DELIVERY', 'EAT_IN'] as const
export type OrderMethod = (typeof ORDER_METHODS)[number]

/** Every provider channel the server takes payments on (spec §7 "Provider payments", the two Alipay flows, PayPal). */
export const PAYMENT_CHANNELS = [
  'OTT',
  'SNAPPAY_WECHATPAY',
  'SNAPPAY_ALIPAY',
  'SNAPPAY_UNIONPAY',
  'CITCON',
  'IOTPAY',
  'OPAY',
  'NATIVE_WECHAT_H5',
  'NATIVE_WECHAT_JSAPI',
  'WECHAT_MINI_PROGRAM',
  'ALIPAY_H5',
  'ALIPAY_MINI_PROGRAM',
  'PAYPAL'
] as const
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number]

/** The hosted (redirect) channels an H5 client may offer; paymentConfig's onlineProviders.h5Channels is a subset. */
export const H5_PAYMENT_CHANNELS = [
  'OTT',
  'SNAPPAY_WECHATPAY',
  'SNAPPAY_ALIPAY',
  'SNAPPAY_UNIONPAY',
  'CITCON',
  'IOTPAY',
  'OPAY',
  'NATIVE_WECHAT_H5',
  'ALIPAY_H5',
  'PAYPAL'
] as const satisfies readonly PaymentChannel[]
export type H5PaymentChannel = (typeof H5_PAYMENT_CHANNELS)[number]

/**
 * Store-credit top-ups (POST applyStoreCreditDeposit): minor units of the store-credit currency, at least MIN and at
 * most MAX per top-up (a typo of a few zeros is refused, not charged).
 */
export const STORE_CREDIT_DEPOSIT_MIN = 100
export const STORE_CREDIT_DEPOSIT_MAX = 100000

/** The identity documents a verified contact may name. */
export const ID_TYPES = ['NATIONAL_ID', 'PASSPORT', 'DRIVERS_LICENCE'] as const
export type IdType = (typeof ID_TYPES)[number]

/**
 * The version of the purpose told before ID details are collected (the client's user.verified.purpose.* texts): a
 * consent is to one version, and a new wording asks again. Change it whenever those texts change in meaning.
 */
export const ID_PURPOSE_VERSION = '2026-12-02'

/** NONE until the shopper submits; PENDING until the store has checked the document; any change makes it PENDING again. */
export const VERIFIED_CONTACT_STATUSES = ['NONE', 'PENDING', 'VERIFIED'] as const
export type VerifiedContactStatus = (typeof VERIFIED_CONTACT_STATUSES)[number]

export const ADDRESS_TYPES = ['SHIPPING', 'BILLING'] as const
export type AddressType = (typeof ADDRESS_TYPES)[number]

/** Spec §3: zero decimals for JPY, KRW, VND; three for BHD, KWD; two for every other currency. */
export function currencyDecimals(code: string | null | undefined): number {
  const c = (code ?? '').trim().toUpperCase()
  if (c === 'JPY' || c === 'KRW' || c === 'VND') return 0
  if (c === 'BHD' || c === 'KWD') return 3
  return 2
}

/** What the server accepts as an e-mail address (checked on the trimmed value). */
export const EMAIL_PATTERN = '^[^\\s@]{1,64}@[^\\s@]{1,200}\\.[^\\s@]{2,}$'
/** What the server accepts as a phone number (checked on the trimmed value). */
export const PHONE_PATTERN = '^[+()\\d][\\d\\s().+-]{6,19}$'
export const PASSWORD_MIN_LENGTH = 8

/** Posts the blog list asks for at a time (its infinite load asks for the next as many). */
export const BLOG_PAGE_SIZE = 6
/** Influencer profiles: at most this many gallery images; the blocks a profile section can be. */
export const INFLUENCER_GALLERY_MAX = 9
export const INFLUENCER_SECTION_KINDS = ['picks', 'text', 'image'] as const
export type InfluencerSectionKind = (typeof INFLUENCER_SECTION_KINDS)[number]

/**
 * Every status an order is stored with (the database holds orders.status to this list: server/src/db/vocabularies.ts).
 * DISPUTED: the buyer disputed the payment at its provider (a PayPal dispute); the store makes no fulfilment move until
 * it is resolved, and a resolution in the seller's favour returns the order to the state it was in. CHARGED_BACK: the
 * provider took the money back (a reversal, or a dispute resolved for the buyer). Set from the provider's verified
 * notifications only (server/src/orders/lifecycle.ts, server/src/payments/reversals.ts).
 */
export const ORDER_STATUSES = ['INTERIM', 'NEW', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'COMPLETED', 'CANCELLED', 'REFUND_PENDING', 'REFUNDED', 'DISPUTED', 'CHARGED_BACK'] as const
export type OrderStatusCode = (typeof ORDER_STATUSES)[number]
/** How an order stands with its payment, as stored on the order (the database holds orders.payment_status to it). */
export const PAYMENT_STATUSES = ['NOT_PAID', 'PAY_AT_STORE', 'PAID_ONLINE', 'PAID_BY_DISCOUNT'] as const
/** The status read also answers FAILED while the latest payment attempt failed (spec §3); no order is stored so. */
export const ORDER_STATUS_READS = [...ORDER_STATUSES, 'FAILED'] as const
export const PAYMENT_STATUS_READS = [...PAYMENT_STATUSES, 'FAILED'] as const
