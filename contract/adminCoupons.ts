/**
 * The back office's coupons (issue 43; owner: permission promotions.edit), over the shop file's `coupons` list
 * (server/src/shop/schema.ts ShopCoupon): a new coupon or a coupon ended is the store's shop file with that change,
 * checked and applied by the same code as `npm run shop -- apply` (features/admin/settings.ts changeShop). A coupon is
 * never removed (accounts may hold it): disabling it sets its expiresAt to now, the shop file's way to end one. The
 * bodies here only bound sizes: the shop file's schema and rules decide, a refusal naming each problem by its JSON path.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from './common.ts'

export const AdminCoupon = Type.Object({
  code: Type.String({ maxLength: 40 }),
  kind: StringEnum(['PERCENT', 'FIXED'] as const),
  /** PERCENT: the percentage off; FIXED: minor units of the store's currency. */
  value: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  minSubtotalMinor: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  expiresAt: Nullable(Type.String({ maxLength: 40 })),
  description: Type.Object({ en: Type.String({ maxLength: 200 }), zh: Type.String({ maxLength: 200 }) }),
  public: Type.Boolean(),
  maxUsesPerShopper: Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  maxUses: Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  firstOrderOnly: Type.Optional(Type.Boolean())
})
export type AdminCoupon = Static<typeof AdminCoupon>

export const AdminCouponRow = Type.Composite([AdminCoupon, Type.Object({
  /** Not expired. */
  active: Type.Boolean(),
  /** Orders that used it. */
  uses: Type.Integer()
})])
export const AdminCouponList = Type.Object({ coupons: Type.Array(AdminCouponRow) })
export type AdminCouponList = Static<typeof AdminCouponList>
export const AdminCouponCode = Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }) })
export type AdminCouponCode = Static<typeof AdminCouponCode>
