/**
 * Memberships (issue 13; spec §1 "membership products", §3 app info `membership`, §7 membershipProducts /
 * membershipDetail). A membership plan is a product of productType MEMBERSHIP sold through the normal cart and
 * checkout; paying for it grants a dated membership row. Money in minor units of `currency`.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, StringEnum } from './common.ts'
import { Product } from './catalog.ts'
import { MEMBERSHIP_DURATIONS } from './membershipPlan.ts'

export * from './membershipPlan.ts'

/** GET admin/userManagement/membershipProducts: the plans as products (each with its `membershipPlan`), cheapest first. */
export const MembershipProducts = Type.Object({
  products: Type.Array(Product),
  /** The member discount on products without a member price of their own, in percent (0: none). */
  discountPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  currency: Type.String()
})
export type MembershipProducts = Static<typeof MembershipProducts>

/**
 * The shopper's membership as app info carries it: the level of the membership in force, since when it has run without a
 * break, and until when (null: lifetime).
 */
export const MembershipSummary = Type.Object({
  level: Localized,
  since: Type.String({ format: 'date-time' }),
  until: Nullable(Type.String({ format: 'date-time' }))
})
export type MembershipSummary = Static<typeof MembershipSummary>

/** One dated membership row: history is kept, nothing is ever extended in place. */
export const MembershipPeriod = Type.Object({
  level: Localized,
  duration: StringEnum(MEMBERSHIP_DURATIONS),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Nullable(Type.String({ format: 'date-time' })),
  orderID: Type.String()
})
export type MembershipPeriod = Static<typeof MembershipPeriod>

/** GET admin/userManagement/membershipDetail */
export const MembershipDetail = Type.Object({
  membership: Nullable(MembershipSummary),
  /** Newest first. */
  periods: Type.Array(MembershipPeriod),
  /** What member prices saved on this shopper's paid orders. */
  saved: Type.Integer({ minimum: 0 }),
  currency: Type.String()
})
export type MembershipDetail = Static<typeof MembershipDetail>
