/**
 * Checkout (spec §7 "Checkout and orders"): the session's cart is the order draft; each step answers the whole Cart with
 * the server's totals. Money in minor units of `currency`.
 */
import { Type, type Static } from '@sinclair/typebox'
import { H5_PAYMENT_CHANNELS, LOCALES, ORDER_METHODS } from './constants.ts'
import { Localized, StringEnum } from './common.ts'
import { PaymentBrands } from './appInfo.ts'
import { Cart } from './cart.ts'

const OrderMethod = StringEnum(ORDER_METHODS)

export const Slot = Type.Object({
  /** YYYY-MM-DD in the store's time zone. */
  date: Type.String(),
  /** HH:mm in the store's time zone. */
  times: Type.Array(Type.String())
})
export type Slot = Static<typeof Slot>

const slotRuleFields = {
  leadTimeMinutes: Type.Integer(),
  slotMinutes: Type.Integer(),
  openTime: Type.String(),
  closeTime: Type.String(),
  daysAhead: Type.Integer(),
  /** The bookable slots from now on. */
  slots: Type.Array(Slot)
}
export const SlotRules = Type.Object(slotRuleFields)
export type SlotRules = Static<typeof SlotRules>

const deliveryFields = {
  ...slotRuleFields,
  feeMinor: Type.Integer(),
  freeOverMinor: Type.Integer(),
  minimumOrderMinor: Type.Integer(),
  countries: Type.Array(Type.String()),
  provinces: Type.Array(Type.String())
}
export const DeliveryRules = Type.Object(deliveryFields)
export type DeliveryRules = Static<typeof DeliveryRules>

export const CheckoutConfig = Type.Object({
  orderMethods: Type.Array(OrderMethod),
  tipPercents: Type.Array(Type.Integer()),
  /** The store's time zone (dates and times of slots are local to it). */
  timeZone: Type.String(),
  taxRatePercent: Type.Number(),
  taxName: Localized,
  pickup: SlotRules,
  delivery: DeliveryRules,
  eatIn: Type.Object({ tableNumberPattern: Type.String() }),
  payAtStoreMethods: Type.Array(OrderMethod),
  currency: Type.String()
})
export type CheckoutConfig = Static<typeof CheckoutConfig>

export const LocalDeliveryConfig = Type.Object({ ...deliveryFields, timeZone: Type.String(), currency: Type.String() })
export type LocalDeliveryConfig = Static<typeof LocalDeliveryConfig>

/** Both filters optional; no body lists every delivery location. */
export const DeliveryLocationsBody = Type.Union([
  Type.Null(),
  Type.Object({ country: Type.Optional(Type.String({ maxLength: 4 })), province: Type.Optional(Type.String({ maxLength: 10 })) })
])
export type DeliveryLocationsBody = Static<typeof DeliveryLocationsBody>
/** The language to name the cities in; without it, the shopper's (their choice, else Accept-Language). */
export const DeliveryLocationsQuery = Type.Object({ locale: Type.Optional(StringEnum(LOCALES)) })
export type DeliveryLocationsQuery = Static<typeof DeliveryLocationsQuery>
export const DeliveryLocation = Type.Object({
  country: Type.String(),
  province: Type.String(),
  /** The province's name in the language asked for, from the shop's countries (its shop file); absent: show the code. */
  provinceName: Type.Optional(Type.String()),
  /** Its cities in that language, in the shop's order; none: any city of the province. */
  cities: Type.Array(Type.String())
})
export type DeliveryLocation = Static<typeof DeliveryLocation>
export const DeliveryLocations = Type.Object({ locations: Type.Array(DeliveryLocation) })
export type DeliveryLocations = Static<typeof DeliveryLocations>

export const OnlineProviders = Type.Object({
  enabled: Type.Boolean(),
  provider: Type.String(),
  h5Channels: Type.Array(StringEnum(H5_PAYMENT_CHANNELS)),
  weChatJsApi: Type.Boolean(),
  weChatMiniProgram: Type.Boolean(),
  alipayMiniProgram: Type.Boolean()
})
export type OnlineProviders = Static<typeof OnlineProviders>

export const OfflinePaymentMethod = Type.Object({
  method: StringEnum(['PAY_AT_STORE', 'STORE_CREDIT']),
  enabled: Type.Boolean(),
  orderMethods: Type.Optional(Type.Array(OrderMethod)),
  signedInOnly: Type.Optional(Type.Boolean()),
  note: Type.Optional(Type.String())
})
export type OfflinePaymentMethod = Static<typeof OfflinePaymentMethod>

export const PaymentConfig = Type.Object({
  currency: Type.String(),
  methods: Type.Array(OfflinePaymentMethod),
  onlineProviders: OnlineProviders,
  ...PaymentBrands
})
export type PaymentConfig = Static<typeof PaymentConfig>

export const OrderMethodBody = Type.Object({ method: Type.String({ maxLength: 20, description: ORDER_METHODS.join(', ') }) })
export type OrderMethodBody = Static<typeof OrderMethodBody>
export const DateTimeBody = Type.Object({ date: Type.String({ maxLength: 10 }), time: Type.String({ maxLength: 5 }) })
export type DateTimeBody = Static<typeof DateTimeBody>
export const DateBody = Type.Object({ date: Type.String({ maxLength: 10 }) })
export type DateBody = Static<typeof DateBody>

/** Spec: query localStoreName and methodName (plus tableNumber for eat-in); the body is the Contact. */
export const ContactInfoQuery = Type.Object({
  localStoreName: Type.Optional(Type.String({ maxLength: 100 })),
  methodName: Type.Optional(Type.String({ maxLength: 20 })),
  tableNumber: Type.Optional(Type.String({ maxLength: 20 }))
})
export type ContactInfoQuery = Static<typeof ContactInfoQuery>
/** Spec: query localStoreName and saveToMyProfile; the body is the Address. */
export const DeliverInfoQuery = Type.Object({
  localStoreName: Type.Optional(Type.String({ maxLength: 100 })),
  saveToMyProfile: Type.Optional(Type.Boolean())
})
export type DeliverInfoQuery = Static<typeof DeliverInfoQuery>

/** Either percent (one of checkoutConfig.tipPercents) or amount (minor units). */
export const TipsBody = Type.Object({
  percent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 }))
})
export type TipsBody = Static<typeof TipsBody>
export const CouponParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) })
export type CouponParams = Static<typeof CouponParams>
export const StoreCreditBody = Type.Object({ amount: Type.Integer({ minimum: 0, maximum: 10_000_000 }) })
export type StoreCreditBody = Static<typeof StoreCreditBody>
export const CustomerCommentBody = Type.Object({ comment: Type.String({ maxLength: 500 }) })
export type CustomerCommentBody = Static<typeof CustomerCommentBody>

export const BillingQuery = Type.Object({ pickUpAandPayAtStore: Type.Optional(Type.Boolean()) })
export type BillingQuery = Static<typeof BillingQuery>
export const Billing = Type.Object({
  ...Cart.properties,
  taxRatePercent: Type.Number(),
  /** Pay at store was asked for and is available for this order method. */
  payAtStore: Type.Boolean(),
  payAtStoreAvailable: Type.Boolean(),
  /** Ready to reserve; otherwise `problems` says what is missing. */
  ready: Type.Boolean(),
  problems: Type.Array(Type.String())
})
export type Billing = Static<typeof Billing>

export const Reservation = Type.Object({
  orderID: Type.String(),
  total: Type.Integer(),
  currency: Type.String(),
  /** The unpaid order of an unchanged cart is reused instead of reserving again. */
  reused: Type.Boolean()
})
export type Reservation = Static<typeof Reservation>

export const SettleParams = Type.Object({ orderID: Type.String({ maxLength: 20 }) })
export type SettleParams = Static<typeof SettleParams>
/** Settles an order that needs no online payment: PAY_AT_STORE (pickup / eat-in) or STORE_CREDIT (total 0). */
export const SettleBody = Type.Object({ method: Type.String({ maxLength: 40 }) })
export type SettleBody = Static<typeof SettleBody>
export const StoreCreditPaymentBody = Type.Object({ orderID: Type.String({ maxLength: 20 }) })
export type StoreCreditPaymentBody = Static<typeof StoreCreditPaymentBody>
