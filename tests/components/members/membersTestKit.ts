/** Fixtures of the membership answers, shared by the membership and member-price component tests. */
import type { Product } from '@/api/catalog'
import type { MembershipDetail } from '@/features/memberships/api'
import { product } from '../../support/fixtures/catalog'

const BENEFITS = [{ en: 'Member prices on the whole shop', zh: '全店会员价' }]
const LEVEL = { en: 'Maple Member', zh: '枫叶会员' }

export function plan(id: string, duration: 'MONTH' | 'QUARTER' | 'YEAR' | 'LIFETIME', price: number, en: string, zh: string): Product {
  return product({ id, en, zh, price, productType: 'MEMBERSHIP', membershipPlan: { duration, level: LEVEL, benefits: BENEFITS } })
}

export const PLANS = [plan('1064', 'MONTH', 499, 'Membership: 1 month', '会员：1个月'), plan('1067', 'LIFETIME', 14999, 'Membership: lifetime', '会员：终身')]
export const plansPage = (products: Product[] = PLANS) => ({ products, startingPosition: 0, numberToLoad: 12, hasMore: false })
/** GET membershipProducts's answer (signed in). */
export const membershipProducts = (products: Product[] = PLANS) => ({ products, discountPercent: 10, currency: 'CAD' })

export const noMembership: MembershipDetail = { membership: null, periods: [], saved: 0, currency: 'CAD' }
export const memberDetail: MembershipDetail = {
  membership: { level: LEVEL, since: '2026-10-01T12:00:00.000Z', until: '2027-01-01T12:00:00.000Z' },
  periods: [
    { level: LEVEL, duration: 'QUARTER', startsAt: '2026-11-01T12:00:00.000Z', endsAt: '2027-01-01T12:00:00.000Z', orderID: '100020' },
    { level: LEVEL, duration: 'MONTH', startsAt: '2026-10-01T12:00:00.000Z', endsAt: '2026-11-01T12:00:00.000Z', orderID: '100010' }
  ],
  saved: 1250,
  currency: 'CAD'
}
