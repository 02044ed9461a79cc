/**
 * Checkout calls (spec §7 "Checkout and orders"). The cart is the order draft: every call answers the cart with
 * the server's totals. Money in minor units of `currency`. Payload types: contract/checkout.ts; server side:
 * server/src/routes/checkout.ts.
 */
import type { Address } from '@contract/account'
import type { StoreLocation, TimeZoneInfo } from '@contract/appInfo'
import type { Cart } from '@contract/cart'
import type {
  Billing,
  CheckoutConfig,
  ContactInfoQuery,
  DeliverInfoQuery,
  DeliveryLocations,
  LocalDeliveryConfig,
  PaymentConfig,
  Reservation
} from '@contract/checkout'
import type { Locale, OrderMethod } from '@contract/constants'
import type { Contact, Order } from '@contract/orders'
import { http } from './http'

export type { Billing, CheckoutConfig, DeliveryLocation, OnlineProviders, Reservation, Slot, SlotRules } from '@contract/checkout'
export type { OrderMethod } from '@contract/constants'
export type { Contact } from '@contract/orders'
/** Every checkout step answers the whole cart, draft included. */
export type { Cart as CheckoutCart } from '@contract/cart'
/** GET paymentConfig (the app info's system.payment is PaymentConfig in ./appInfo). */
export type { PaymentConfig as PaymentConfigResponse } from '@contract/checkout'

const SM = '/shoppingManagement4'

export const checkoutApi = {
  config: () => http.get<CheckoutConfig>(`${SM}/checkoutConfig`),
  paymentConfig: () => http.get<PaymentConfig>(`${SM}/paymentConfig`),
  pickupLocations: () => http.get<StoreLocation[]>('/common3/pickupLocations'),
  /** The delivery areas, their cities named in `locale` (the value the address carries: the server takes either name). */
  deliveryLocations: (locale: Locale) => http.post<DeliveryLocations>(`/common3/deliveryLocations?locale=${locale}`, {}),
  updateOrderMethod: (method: OrderMethod) => http.post<Cart>(`${SM}/updateOrderMethod`, { method }),
  /** The pickup date alone, checked against the store's days when the shopper picks it (the time follows at placing). */
  pickupDate: (date: string) => http.post<Cart>(`${SM}/orderPickupDate`, { date }),
  /** The delivery rules as they are now (fee, free-over, minimum, slots), asked when the shopper chooses delivery. */
  localDeliveryConfig: () => http.get<LocalDeliveryConfig>(`${SM}/localDeliveryConfig`),
  /** The store's time zone, offset and the server's now (spec: POST /common3/timeZoneInfo/GMT). */
  storeClock: () => http.post<TimeZoneInfo>('/common3/timeZoneInfo/GMT'),
  pickupDateTime: (date: string, time: string) => http.post<Cart>(`${SM}/orderPickupDateTime`, { date, time }),
  deliveryDateTime: (date: string, time: string) => http.post<Cart>(`${SM}/orderDeliveryDateTime`, { date, time }),
  /** Spec: query localStoreName and methodName (plus tableNumber for eat-in); body is the contact info. */
  contactInfo: (contact: Contact, query: ContactInfoQuery & { methodName: OrderMethod }) =>
    http.post<Cart>(`${SM}/orderContactInfo`, contact, query),
  /** Spec: query localStoreName and saveToMyProfile; body is the address. */
  deliverInfo: (address: Address, query: DeliverInfoQuery & { saveToMyProfile: boolean }) =>
    http.post<Cart>(`${SM}/orderDeliverInfo`, address, query),
  tips: (percent: number) => http.post<Cart>(`${SM}/tips`, { percent }),
  verifyCoupon: (code: string) => http.get<Cart>(`${SM}/couponVerification/${encodeURIComponent(code)}`),
  removeCoupon: () => http.post<Cart>(`${SM}/removeCoupon`),
  applyStoreCredit: (amount: number) => http.post<Cart>(`${SM}/applyStoreCredit`, { amount }),
  customerComment: (comment: string) => http.post<Cart>(`${SM}/updateCustomerComment`, { comment }),
  billing: (pickUpAandPayAtStore: boolean) => http.get<Billing>(`${SM}/billing/`, { pickUpAandPayAtStore }),
  reserve: () => http.post<Reservation>(`${SM}/reserve`),
  /** Settles an order that needs no online payment (PAY_AT_STORE). */
  settle: (orderID: string, method: 'PAY_AT_STORE') => http.post<Order>(`${SM}/billing/${encodeURIComponent(orderID)}`, { method }),
  /** Settles an order that store credit covers in full. */
  storeCreditPayment: (orderID: string) => http.post<Order>(`${SM}/storeCreditPayment`, { orderID })
}
