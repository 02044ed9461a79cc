/** Fixtures of the referrer area's answers. */
import type { ChartSummary, IntroducedOrders, IntroducedUsers, ReferralGeneralInfo, ReferralGroups } from '@/features/referral/api'

const DEFAULT_GROUP = { id: '1', name: { en: 'Friends of the shop', zh: '小店之友' }, rules: { en: 'Everyone is in this group.', zh: '所有人默认加入。' }, commissionPercent: 5, holdDays: 7, isDefault: true }
const AMBASSADORS = { id: '2', name: { en: 'Ambassadors', zh: '推广大使' }, rules: { en: 'A higher rate.', zh: '更高佣金。' }, commissionPercent: 8, holdDays: 14, isDefault: false }

export const generalInfo = (patch: Partial<ReferralGeneralInfo> = {}): ReferralGeneralInfo => ({
  myID: 'RABC123', usersIntroduced: 12, ordersIntroduced: 3, commissionPending: 165, commissionEarned: 494, commissionReversed: 100,
  group: DEFAULT_GROUP, currency: 'CAD', ...patch
})
export const groups = (current = '1'): ReferralGroups => ({ groups: [DEFAULT_GROUP, AMBASSADORS], currentGroupID: current })

export function usersPage(page: number, total: number): IntroducedUsers {
  const n = Math.max(0, Math.min(10, total - (page - 1) * 10))
  return {
    users: Array.from({ length: n }, (_, i) => ({ maskedName: `Q*** S${i}***`, registeredAt: '2026-11-10T05:30:00.000Z', orders: i % 2 })),
    startingPosition: (page - 1) * 10, numberToLoad: 10, hasMore: page * 10 < total, total
  }
}

export const ordersPage = (orders: IntroducedOrders['orders'] = []): IntroducedOrders => ({
  orders, startingPosition: 0, numberToLoad: 10, hasMore: false, total: orders.length, currency: 'CAD'
})

export function chart(period: 'day' | 'week' | 'month', buckets: [string, number, number][]): ChartSummary {
  return {
    period, timeZone: 'America/Toronto', from: buckets[0]?.[0] ?? '2026-11-01', to: buckets[buckets.length - 1]?.[0] ?? '2026-11-01',
    buckets: buckets.map(([start, count, amount]) => ({ start, count, amount })), currency: 'CAD'
  }
}
