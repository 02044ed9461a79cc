/** What a membership plan grants; catalog products of type MEMBERSHIP carry it (contract/memberships.ts has the rest). */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, StringEnum } from './common.ts'

export const MEMBERSHIP_DURATIONS = ['MONTH', 'QUARTER', 'YEAR', 'LIFETIME'] as const
export type MembershipDuration = (typeof MEMBERSHIP_DURATIONS)[number]

/** What a plan grants: its level, how long one unit lasts, and the benefits in each language. */
export const MembershipPlanInfo = Type.Object({
  duration: StringEnum(MEMBERSHIP_DURATIONS),
  level: Localized,
  benefits: Type.Array(Localized)
})
export type MembershipPlanInfo = Static<typeof MembershipPlanInfo>

