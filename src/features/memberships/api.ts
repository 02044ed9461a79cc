/**
 * Membership calls (issue 13; spec §7 membershipProducts, membershipDetail, and the catalogue's MEMBERSHIP list that
 * guests see too). Payload types: contract/memberships.ts.
 */
import type { ProductPage } from '@contract/catalog'
import type { MembershipDetail, MembershipProducts } from '@contract/memberships'
import { http } from '@/api/http'

export type { MembershipDetail, MembershipDuration, MembershipPeriod, MembershipPlanInfo, MembershipProducts, MembershipSummary } from '@contract/memberships'

export const membershipsApi = {
  /** The plans on sale to a guest: the catalogue's MEMBERSHIP list (membershipProducts needs a signed-in shopper). */
  guestPlans: () =>
    http.get<ProductPage>('/productManagement2/products', { productType: 'MEMBERSHIP', recordStatus: 'ACTIVE', sortby: 'default', infiniteLoad: false }),
  /** The plans on sale to the signed-in shopper: spec §7 GET membershipProducts. */
  products: () => http.get<MembershipProducts>('/admin/userManagement/membershipProducts'),
  /** The signed-in shopper's membership, its history and what member prices saved. */
  detail: () => http.get<MembershipDetail>('/admin/userManagement/membershipDetail')
}
