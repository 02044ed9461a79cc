/**
 * The referral programme (issue 13; spec §1 "referral programme", §3 app info `myID` and `referrerUserGroup`, §6 the
 * referrer area, §7 trackingManagement/referrer and affiliatedReferralGoups). Money in minor units of `currency`.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, PageFields, StringEnum } from './common.ts'

/** A referral id as share links carry it (`?ref=`): letters and digits. */
export const ReferralId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' })

/** An affiliated referral group: the commission rate its members earn and how long a commission stays pending. */
export const ReferralGroup = Type.Object({
  id: Type.String(),
  name: Localized,
  rules: Localized,
  /** Percent of an introduced order's paid goods total (after discounts, before tax, shipping and tip). */
  commissionPercent: Type.Number({ minimum: 0, maximum: 100 }),
  /** Days after payment before a commission is credited as store credit (while the order may still be cancelled). */
  holdDays: Type.Integer({ minimum: 0 }),
  isDefault: Type.Boolean()
})
export type ReferralGroup = Static<typeof ReferralGroup>

/** GET admin/userManagement/affiliatedReferralGoups: every group and the one the shopper is in. */
export const ReferralGroups = Type.Object({ groups: Type.Array(ReferralGroup), currentGroupID: Type.String() })
export type ReferralGroups = Static<typeof ReferralGroups>

export const GroupParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$' }) })
export type GroupParams = Static<typeof GroupParams>

/** App info's `referrerUserGroup`: the group the shopper earns commission in. */
export const ReferrerUserGroup = Type.Object({ id: Type.String(), name: Localized, commissionPercent: Type.Number() })
export type ReferrerUserGroup = Static<typeof ReferrerUserGroup>

/** The referrer area's general info. */
export const ReferralGeneralInfo = Type.Object({
  myID: Type.String(),
  usersIntroduced: Type.Integer({ minimum: 0 }),
  ordersIntroduced: Type.Integer({ minimum: 0 }),
  /** Commission not yet credited (the order may still be cancelled or refunded). */
  commissionPending: Type.Integer(),
  /** Commission credited as store credit, net of what was clawed back after crediting. */
  commissionEarned: Type.Integer(),
  /** Everything clawed back for cancelled or refunded orders (a positive amount). */
  commissionReversed: Type.Integer({ minimum: 0 }),
  group: ReferralGroup,
  currency: Type.String()
})
export type ReferralGeneralInfo = Static<typeof ReferralGeneralInfo>

/** Paged lists: 10 a page. */
export const ReferralPageQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) })
export type ReferralPageQuery = Static<typeof ReferralPageQuery>
const paged = { ...PageFields, total: Type.Integer({ minimum: 0 }) }

/** A user the shopper introduced; the name is masked (first letter of each part). */
export const IntroducedUser = Type.Object({
  maskedName: Type.String(),
  registeredAt: Type.String({ format: 'date-time' }),
  orders: Type.Integer({ minimum: 0 })
})
export type IntroducedUser = Static<typeof IntroducedUser>
export const IntroducedUsers = Type.Object({ users: Type.Array(IntroducedUser), ...paged })
export type IntroducedUsers = Static<typeof IntroducedUsers>

export const COMMISSION_STATES = ['PENDING', 'CREDITED', 'REVERSED', 'PARTLY_REVERSED'] as const
export type CommissionState = (typeof COMMISSION_STATES)[number]

/** An introduced order: its goods total and the commission on it as the ledger stands. */
export const IntroducedOrder = Type.Object({
  orderID: Type.String(),
  maskedName: Type.String(),
  placedAt: Type.String({ format: 'date-time' }),
  status: Type.String(),
  goodsTotal: Type.Integer(),
  commission: Type.Integer(),
  reversed: Type.Integer({ minimum: 0 }),
  commissionState: StringEnum(COMMISSION_STATES)
})
export type IntroducedOrder = Static<typeof IntroducedOrder>
export const IntroducedOrders = Type.Object({ orders: Type.Array(IntroducedOrder), ...paged, currency: Type.String() })
export type IntroducedOrders = Static<typeof IntroducedOrders>

export const CHART_PERIODS = ['day', 'week', 'month'] as const
export type ChartPeriod = (typeof CHART_PERIODS)[number]

/**
 * A chart's range: from/to are calendar dates in the store's time zone, both included; without them, the last `count`
 * buckets up to today in the store's time zone (default 14 days, 12 weeks or 12 months).
 */
export const ChartQuery = Type.Object({
  period: StringEnum(CHART_PERIODS),
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 }))
})
export type ChartQuery = Static<typeof ChartQuery>

/** One bucket: its first day (store time zone), the count and the amount (orders; 0 for users). */
export const ChartBucket = Type.Object({ start: Type.String(), count: Type.Integer({ minimum: 0 }), amount: Type.Integer() })
export type ChartBucket = Static<typeof ChartBucket>
export const ChartSummary = Type.Object({
  period: StringEnum(CHART_PERIODS),
  timeZone: Type.String(),
  from: Type.String(),
  to: Type.String(),
  buckets: Type.Array(ChartBucket),
  currency: Type.String()
})
export type ChartSummary = Static<typeof ChartSummary>

export const ReferralJoined = Type.Object({ group: ReferralGroup, referrerUserGroup: Nullable(ReferrerUserGroup) })
export type ReferralJoined = Static<typeof ReferralJoined>
