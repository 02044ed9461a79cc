/**
 * What the confirmation page says about a placed order: where and when the shopper gets it (the pickup store with its
 * address and time, the delivery address and time, or the table), whether it is paid when collected, and the sign-up
 * link that carries the order's contact details.
 */
import type { StoreLocation } from '@contract/appInfo'
import type { Order } from '@contract/orders'

export type OrderPlace =
  | { method: 'PICKUP'; store: string; address: string; time: string | null }
  | { method: 'EAT_IN'; store: string; address: string; table: string }
  | { method: 'DELIVERY'; address: string; time: string | null }

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const joined = (parts: unknown[]) => parts.map(text).filter(Boolean).join(', ')

/** "1 Front St W, Unit 804, Toronto ON M5J 2X5"-like, from whatever address fields there are. */
function addressLine(a: Record<string, unknown>): string {
  return joined([a.streetNumberAndNameDetails, a.unit, joined([a.city, a.province, a.postCode]).replace(/, /g, ' ')])
}

/** The order's store among the store's locations (the order keeps its id, older orders only a name). */
function storeOf(order: Order, stores: readonly StoreLocation[]): StoreLocation | undefined {
  return stores.find((s) => s.id === order.localStoreId) ?? stores.find((s) => s.id === order.localStoreName || s.localStoreName === order.localStoreName)
}

/** `storeName` names a store in the shopper's language. */
export function orderPlace(order: Order, stores: readonly StoreLocation[], storeName: (store: StoreLocation) => string): OrderPlace | null {
  if (order.method === 'DELIVERY') return { method: 'DELIVERY', address: addressLine(order.delivery ?? {}), time: order.deliveryDateTime }
  if (order.method !== 'PICKUP' && order.method !== 'EAT_IN') return null
  const store = storeOf(order, stores)
  const name = store ? storeName(store) : text(order.localStoreName)
  const address = store ? addressLine(store.address) : ''
  return order.method === 'PICKUP'
    ? { method: 'PICKUP', store: name, address, time: order.pickupDateTime }
    : { method: 'EAT_IN', store: name, address, table: text(order.tableNumber) }
}

/** Placed to be paid at the store: nothing was charged yet. */
export function paidWhenCollected(order: Pick<Order, 'paymentStatus'>): boolean {
  return order.paymentStatus === 'PAY_AT_STORE'
}

/**
 * How an order is paid, as the shopper reads it (issue 42 N-4): at the store when collected, wholly with store credit
 * (the server settles it PAID_ONLINE: the shopper's own money, nothing charged to a card or wallet), wholly by a
 * coupon, online, or not yet. A part paid with credit and the rest online is online.
 */
export type HowPaid = 'PAY_AT_STORE' | 'STORE_CREDIT' | 'DISCOUNT' | 'ONLINE' | 'NOT_PAID'

export function howPaid(order: Pick<Order, 'paymentStatus' | 'total' | 'storeCredit'>): HowPaid {
  switch (order.paymentStatus) {
    case 'PAY_AT_STORE':
      return 'PAY_AT_STORE'
    case 'PAID_BY_DISCOUNT':
      return 'DISCOUNT'
    case 'PAID_ONLINE':
      return order.total === 0 && order.storeCredit > 0 ? 'STORE_CREDIT' : 'ONLINE'
    default:
      return 'NOT_PAID'
  }
}

/** Sign-up with the order's e-mail and name filled in (a guest's order only has them in its contact). */
export function signUpPath(contact: Order['contact'] | undefined): string {
  const search = (['email', 'firstName', 'lastName'] as const)
    .map((field) => [field, text(contact?.[field])])
    .filter(([, value]) => value)
    .map(([field, value]) => `${field}=${encodeURIComponent(value)}`)
    .join('&')
  return search ? `/account/signup?${search}` : '/account/signup'
}
