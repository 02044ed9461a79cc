/**
 * The referrer area and referral groups (issue 13; spec §7 trackingManagement/referrer, affiliatedReferralGoups).
 * Payload types: contract/referral.ts.
 */
import type {
  ChartPeriod, ChartSummary, IntroducedOrders, IntroducedUsers, ReferralGeneralInfo, ReferralGroups, ReferralJoined,
} from '@contract/referral'
import { http } from '@/api/http'

export type {
  ChartBucket, ChartPeriod, ChartSummary, CommissionState, IntroducedOrder, IntroducedOrders, IntroducedUser, IntroducedUsers,
  ReferralGeneralInfo, ReferralGroup, ReferralGroups, ReferrerUserGroup,
} from '@contract/referral'

const BASE = '/admin/trackingManagement/referrer'

export const referralApi = {
  generalInfo: () => http.get<ReferralGeneralInfo>(`${BASE}/userTracking/GeneralInfo/`),
  usersIntroduced: (page: number) => http.get<IntroducedUsers>(`${BASE}/userTracking/usersIntroduced`, { page }),
  ordersIntroduced: (page: number) => http.get<IntroducedOrders>(`${BASE}/userTracking/orderIntroduced`, { page }),
  summary: (what: 'user' | 'order', range: { period: ChartPeriod; count: number }) =>
    http.get<ChartSummary>(`${BASE}/summary/${what}`, { ...range }),
  groups: () => http.get<ReferralGroups>('/admin/userManagement/affiliatedReferralGoups'),
  join: (id: string) => http.get<ReferralJoined>(`/admin/userManagement/joinAffiliatedReferralGoup/${encodeURIComponent(id)}`)
}
