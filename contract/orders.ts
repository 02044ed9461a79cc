/** The shopper's orders: list 10 at a time, count, detail, cancel, comment; a guest's orders of this session (spec §7). */
import { Type, type Static } from '@sinclair/typebox'
import { ORDER_METHODS, ORDER_STATUSES, ORDER_STATUS_READS, PAYMENT_STATUSES, PAYMENT_STATUS_READS } from './constants.ts'
import { Localized, Nullable, PageFields, PagingQuery, StringEnum } from './common.ts'
import { Address } from './account.ts'
import { OrderCampaign } from './campaigns.ts'

/** The contact a checkout gave (orderContactInfo's body, trimmed). */
export const Contact = Type.Object({
  firstName: Type.String({ minLength: 1, maxLength: 60 }),
  lastName: Type.String({ maxLength: 60 }),
  email: Type.String({ maxLength: 254 }),
  phone: Type.String({ maxLength: 30 })
})
export type Contact = Static<typeof Contact>

/** INTERIM: reserved, not settled; NEW: settled (paid, or to pay at the store); COMPLETED: handed over; CANCELLED. */
/** REFUND_PENDING: fully refunded, money on its way back; REFUNDED: all of it returned (server/src/services/refunds.ts). */
/**
 * READY_FOR_PICKUP (a pickup order waits at its store) and OUT_FOR_DELIVERY: the store's fulfilment states, set by the
 * operator (`npm run orders -- move`, server/src/orders/stateTable.ts); the spec has no states between NEW and COMPLETED.
 */
export { ORDER_STATUSES, ORDER_STATUS_READS, PAYMENT_STATUSES, PAYMENT_STATUS_READS, type OrderStatusCode } from './constants.ts'

export const OrderLine = Type.Object({
  itemKey: Type.String(),
  productId: Type.String(),
  name: Type.String(),
  nameContent: Localized,
  image: Nullable(Type.String()),
  /** '' for a product without options. */
  optionPair: Type.String(),
  /** The chosen option values in each language, in the pair's order. */
  optionLabels: Type.Array(Localized),
  quantity: Type.Integer(),
  unitPrice: Type.Integer(),
  lineTotal: Type.Integer(),
  addOn: Type.Boolean()
})
export type OrderLine = Static<typeof OrderLine>

export const OrderComment = Type.Object({ text: Type.String(), createdAt: Type.String({ format: 'date-time' }) })
export type OrderComment = Static<typeof OrderComment>

/** An order's amounts in minor units of its currency, as its owner and the back office see them alike. */
export const ORDER_AMOUNTS = {
  subtotal: Type.Integer(),
  discount: Type.Integer(),
  tip: Type.Integer(),
  tax: Type.Integer(),
  shipping: Type.Integer(),
  storeCredit: Type.Integer(),
  total: Type.Integer()
}

/** An order as the server shows it to its owner; money in minor units of `currency`. */
export const Order = Type.Object({
  orderID: Type.String(),
  status: StringEnum(ORDER_STATUSES),
  paymentStatus: StringEnum(PAYMENT_STATUSES),
  method: StringEnum(ORDER_METHODS),
  localStoreId: Nullable(Type.String()),
  localStoreName: Nullable(Type.String()),
  tableNumber: Nullable(Type.String()),
  contact: Nullable(Contact),
  delivery: Nullable(Address),
  pickupDateTime: Nullable(Type.String()),
  deliveryDateTime: Nullable(Type.String()),
  lines: Type.Array(OrderLine),
  ...ORDER_AMOUNTS,
  currency: Type.String(),
  couponCode: Nullable(Type.String()),
  customerComment: Type.String(),
  comments: Type.Array(OrderComment),
  cancellable: Type.Boolean(),
  /** Minor units returned (or being returned) to the shopper so far; 0 when nothing was refunded. */
  refunded: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  storeName: Type.String(),
  /** Null for a guest's order. */
  userID: Nullable(Type.String()),
  /** The group-buy campaign of a campaign order (absent for a normal order). */
  campaign: Type.Optional(OrderCampaign),
  /**
   * The address the order's receipt mail was sent to, or is queued for (the server queues it when the order is settled).
   * Absent while no receipt is queued (an unsettled order, a contact without e-mail, a seeded or older order) and once
   * the recipient's mail server refused it for good.
   */
  receiptTo: Type.Optional(Type.String())
})
export type Order = Static<typeof Order>

export const OrderPage = Type.Object({ orders: Type.Array(Order), ...PageFields })
export type OrderPage = Static<typeof OrderPage>
export const CustomerOrders = Type.Object({ orders: Type.Array(Order) })
export type CustomerOrders = Static<typeof CustomerOrders>
export const OrdersQuery = Type.Object(PagingQuery)
export type OrdersQuery = Static<typeof OrdersQuery>
export const OrderCommentBody = Type.Object({ comment: Type.String({ minLength: 1, maxLength: 1000 }) })
export type OrderCommentBody = Static<typeof OrderCommentBody>

/** Spec §3 "Order status response": status and paymentStatus are FAILED while the latest payment attempt failed. */
export const OrderStatus = Type.Object({
  orderID: Type.String(),
  status: StringEnum(ORDER_STATUS_READS),
  paymentStatus: StringEnum(PAYMENT_STATUS_READS),
  qrCodeScan: Type.Boolean()
})
export type OrderStatus = Static<typeof OrderStatus>

/**
 * Order lookup (own call, server/CONTRACT.md §orderLookup): a guest finds an order again with its number and the e-mail
 * or phone given at checkout. Both must match; one answer for every miss.
 */
export const OrderLookupBody = Type.Object({
  /** The receipt link's secret reference (`ref` of /orderlookup?order=…&ref=…): opens that guest order alone. */
  ref: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Without ref: the order number from the confirmation or receipt ('#' and spaces are ignored)... */
  orderID: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  /** ...with the e-mail address AND the phone number given at checkout. */
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  phone: Type.Optional(Type.String({ minLength: 1, maxLength: 40 }))
})
export type OrderLookupBody = Static<typeof OrderLookupBody>
