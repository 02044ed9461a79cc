/**
 * Membership calls (issue 13; spec §7 membershipProducts, membershipDetail, and the catalogue's MEMBERSHIP list that
 * guests see too). Payload types: contract/memberships.ts.
 */
import type { ProductPage } from '@contract/catalog'
import type { MembershipDetail } from '@contract/memberships'
import { http } from './http'

export type { MembershipDetail, MembershipDuration, MembershipPeriod, MembershipPlanInfo, MembershipSummary } from '@contract/memberships'

export const membershipsApi = {
  /** The plans on sale: the spec's membership list call, open to guests. */
  plans: () =>
    http.get<ProductPage>('/productManagement2/products', { productType: 'MEMBERSHIP', recordStatus: 'ACTIVE', sortby: 'default', infiniteLoad: false }),
  /** The signed-in shopper's membership, its history and what member prices saved. */
  detail: () => http.get<MembershipDetail>('/admin/userManagement/membershipDetail')
}
