/**
 * Membership rules on the client (issue 13). Prices come computed by the server (Product.memberPrice, a cart line's
 * regularUnitPrice / memberUnitPrice); these decide what a shopper is shown.
 */

export interface MemberPriceView {
  /** What a member pays. */
  memberPrice: number
  /** The regular price, shown beside it. */
  regular: number
  /** Per unit: what a member saves, or would save. */
  saving: number
}

/** A product's member price beside its regular one; null when members pay the regular price. */
export function memberPriceOf(p: { price: number; memberPrice?: number }): MemberPriceView | null {
  if (p.memberPrice === undefined || p.memberPrice >= p.price) return null
  return { memberPrice: p.memberPrice, regular: p.price, saving: p.price - p.memberPrice }
}

/**
 * What this shopper pays for one unit of a product, and the higher price struck through beside it (none when there is
 * no reduction): a member pays the member price, anyone else the price (a clearance price keeps its list price).
 */
export function payablePriceOf(p: { price: number; listPrice?: number; memberPrice?: number }, member: boolean): { amount: number; was?: number } {
  const was = p.listPrice !== undefined && p.listPrice > p.price ? p.listPrice : p.price
  const amount = member && p.memberPrice !== undefined && p.memberPrice < p.price ? p.memberPrice : p.price
  return was > amount ? { amount, was } : { amount }
}

/** A cart line's: a member's line is already at member price (regularUnitPrice kept), a non-member's says what it would be. */
export function lineMemberPrice(l: { unitPrice: number; regularUnitPrice?: number; memberUnitPrice?: number }): MemberPriceView | null {
  if (l.regularUnitPrice !== undefined && l.regularUnitPrice > l.unitPrice) {
    return { memberPrice: l.unitPrice, regular: l.regularUnitPrice, saving: l.regularUnitPrice - l.unitPrice }
  }
  if (l.memberUnitPrice !== undefined && l.memberUnitPrice < l.unitPrice) {
    return { memberPrice: l.memberUnitPrice, regular: l.unitPrice, saving: l.unitPrice - l.memberUnitPrice }
  }
  return null
}

/** Whether the membership in force ends (null: lifetime) within `days` of now: the page then offers renewal first. */
export function endsSoon(until: string | null, now: Date = new Date(), days = 14): boolean {
  if (until === null) return false
  return new Date(until).getTime() - now.getTime() <= days * 86_400_000
}
