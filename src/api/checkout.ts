/**
 * Checkout calls (spec §7 "Checkout and orders"). The cart is the order draft: every call answers the cart with
 * the server's totals. Money in minor units of `currency`. Server side: server/src/routes/checkout.ts.
 */
import type { Address } from './account'
import type { Localized, StoreLocation } from './appInfo'
import type { Cart } from './cart'
import type { H5PaymentChannel } from '@/platform/types'
import { http } from './http'

export type OrderMethod = 'PICKUP' | 'DELIVERY' | 'EAT_IN'

export interface Slot {
  /** YYYY-MM-DD in the store's time zone. */
  date: string
  /** HH:mm in the store's time zone. */
  times: string[]
}

export interface SlotRules {
  leadTimeMinutes: number
  slotMinutes: number
  openTime: string
  closeTime: string
  daysAhead: number
  slots: Slot[]
}

export interface CheckoutConfig {
  orderMethods: OrderMethod[]
  tipPercents: number[]
  /** The store's time zone (dates and times of slots are local to it). */
  timeZone: string
  taxRatePercent: number
  pickup: SlotRules
  delivery: SlotRules & { feeMinor: number; freeOverMinor: number; minimumOrderMinor: number; countries: string[]; provinces: string[] }
  eatIn: { tableNumberPattern: string }
  payAtStoreMethods: OrderMethod[]
  currency: string
}

export interface OnlineProviders {
  enabled: boolean
  provider?: string
  h5Channels?: H5PaymentChannel[]
}

export interface PaymentConfigResponse {
  currency: string
  methods: { method: 'PAY_AT_STORE' | 'STORE_CREDIT'; enabled: boolean; orderMethods?: OrderMethod[] }[]
  onlineProviders: OnlineProviders
}

export interface DeliveryLocation {
  country: string
  province: string
  cities: string[]
}

export interface Contact {
  firstName: string
  lastName: string
  email: string
  phone: string
}

/** The draft the server keeps on the cart. */
export interface CheckoutDraft {
  localStoreId: string | null
  localStoreName: string | null
  tableNumber: string | null
  contact: Contact | null
  delivery: Address | null
  pickupDate: string | null
  pickupTime: string | null
  deliveryDate: string | null
  deliveryTime: string | null
  tipPercent: number | null
  tipAmount: number | null
  customerComment: string
  reservedOrderID: string | null
}

export interface CheckoutCart extends Cart {
  coupon: { code: string; description?: string; descriptionContent?: Localized; valid?: boolean; problem?: string | null } | null
  checkout: CheckoutDraft
}

export interface Billing extends CheckoutCart {
  taxRatePercent: number
  payAtStore: boolean
  payAtStoreAvailable: boolean
  /** Ready to reserve; otherwise `problems` says what is missing. */
  ready: boolean
  problems: string[]
}

export interface Reservation {
  orderID: string
  total: number
  currency: string
  reused: boolean
}

const SM = '/shoppingManagement4'

export const checkoutApi = {
  config: () => http.get<CheckoutConfig>(`${SM}/checkoutConfig`),
  paymentConfig: () => http.get<PaymentConfigResponse>(`${SM}/paymentConfig`),
  pickupLocations: () => http.get<StoreLocation[]>('/common3/pickupLocations'),
  deliveryLocations: () => http.post<{ locations: DeliveryLocation[] }>('/common3/deliveryLocations', {}),
  updateOrderMethod: (method: OrderMethod) => http.post<CheckoutCart>(`${SM}/updateOrderMethod`, { method }),
  pickupDateTime: (date: string, time: string) => http.post<CheckoutCart>(`${SM}/orderPickupDateTime`, { date, time }),
  deliveryDateTime: (date: string, time: string) => http.post<CheckoutCart>(`${SM}/orderDeliveryDateTime`, { date, time }),
  /** Spec: query localStoreName and methodName (plus tableNumber for eat-in); body is the contact info. */
  contactInfo: (contact: Contact, query: { localStoreName?: string; methodName: OrderMethod; tableNumber?: string }) =>
    http.post<CheckoutCart>(`${SM}/orderContactInfo`, contact, query),
  /** Spec: query localStoreName and saveToMyProfile; body is the address. */
  deliverInfo: (address: Address, query: { localStoreName?: string; saveToMyProfile: boolean }) =>
    http.post<CheckoutCart>(`${SM}/orderDeliverInfo`, address, query),
  tips: (percent: number) => http.post<CheckoutCart>(`${SM}/tips`, { percent }),
  verifyCoupon: (code: string) => http.get<CheckoutCart>(`${SM}/couponVerification/${encodeURIComponent(code)}`),
  removeCoupon: () => http.post<CheckoutCart>(`${SM}/removeCoupon`),
  applyStoreCredit: (amount: number) => http.post<CheckoutCart>(`${SM}/applyStoreCredit`, { amount }),
  customerComment: (comment: string) => http.post<CheckoutCart>(`${SM}/updateCustomerComment`, { comment }),
  billing: (pickUpAandPayAtStore: boolean) => http.get<Billing>(`${SM}/billing/`, { pickUpAandPayAtStore }),
  reserve: () => http.post<Reservation>(`${SM}/reserve`),
  /** Settles an order that needs no online payment (PAY_AT_STORE). */
  settle: (orderID: string, method: 'PAY_AT_STORE') => http.post<unknown>(`${SM}/billing/${encodeURIComponent(orderID)}`, { method }),
  /** Settles an order that store credit covers in full. */
  storeCreditPayment: (orderID: string) => http.post<unknown>(`${SM}/storeCreditPayment`, { orderID })
}
