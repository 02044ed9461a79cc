/** The cart, which is also the order draft (spec §7 Product and cart). Every cart and checkout call answers the whole Cart. */
import { Type, type Static } from '@sinclair/typebox'
import { ORDER_METHODS } from './constants.ts'
import { Localized, Nullable, StringEnum } from './common.ts'
import { Address } from './account.ts'
import { Contact, OrderLine } from './orders.ts'

/** A cart line: what an order line says, with the stock the cart checks it against. */
export const LineItem = Type.Object({
  ...OrderLine.properties,
  /** Stock of this line's option pair. */
  available: Type.Integer(),
  soldOut: Type.Boolean(),
  /** A member's line: the regular unit price `unitPrice` replaced. */
  regularUnitPrice: Type.Optional(Type.Integer()),
  /** A non-member's line: what a member would pay a unit. */
  memberUnitPrice: Type.Optional(Type.Integer())
})
export type LineItem = Static<typeof LineItem>

export const CartCoupon = Type.Object({
  code: Type.String(),
  description: Type.String(),
  descriptionContent: Localized,
  /** False when the cart no longer meets the coupon's terms; `problem` says why. */
  valid: Type.Boolean(),
  problem: Nullable(Type.String())
})
export type CartCoupon = Static<typeof CartCoupon>

/** The draft the server keeps on the cart. */
export const CheckoutDraft = Type.Object({
  localStoreId: Nullable(Type.String()),
  localStoreName: Nullable(Type.String()),
  tableNumber: Nullable(Type.String()),
  contact: Nullable(Contact),
  delivery: Nullable(Address),
  pickupDate: Nullable(Type.String()),
  pickupTime: Nullable(Type.String()),
  deliveryDate: Nullable(Type.String()),
  deliveryTime: Nullable(Type.String()),
  tipPercent: Nullable(Type.Integer()),
  tipAmount: Nullable(Type.Integer()),
  customerComment: Type.String(),
  reservedOrderID: Nullable(Type.String())
})
export type CheckoutDraft = Static<typeof CheckoutDraft>

const totals = {
  currency: Type.String(),
  subtotal: Type.Integer(),
  discount: Type.Integer(),
  tip: Type.Integer(),
  storeCredit: Type.Integer(),
  tax: Type.Integer(),
  shipping: Type.Integer(),
  total: Type.Integer()
}

/** Money in minor units of `currency`; line items keyed by itemKey. */
export const Cart = Type.Object({
  itemCount: Type.Integer(),
  lineItems: Type.Record(Type.String(), LineItem),
  ...totals,
  coupon: Nullable(CartCoupon),
  /** Whether member prices apply (the cart's shopper is a member now). */
  member: Type.Optional(Type.Boolean()),
  /** Members: what member prices save on this cart; others: what they would save as members. */
  memberSavings: Type.Optional(Type.Integer({ minimum: 0 })),
  orderMethod: Nullable(StringEnum(ORDER_METHODS)),
  checkout: CheckoutDraft
})
export type Cart = Static<typeof Cart>

export const AddToCartBody = Type.Object({
  productId: Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
  optionPair: Type.Optional(Type.String({ maxLength: 200 }))
})
export type AddToCartBody = Static<typeof AddToCartBody>

/** Quantity 0 removes the line. */
export const SetQuantityBody = Type.Object({
  itemKey: Type.String({ minLength: 1, maxLength: 250 }),
  quantity: Type.Integer({ minimum: 0, maximum: 999 })
})
export type SetQuantityBody = Static<typeof SetQuantityBody>
export const RemoveLineBody = Type.Object({ itemKey: Type.String({ minLength: 1, maxLength: 250 }) })
export type RemoveLineBody = Static<typeof RemoveLineBody>
