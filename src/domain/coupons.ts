/** Coupons the shopper may use (spec §7 GET /common3/coupons/): what each one takes off, and whether this cart meets it. */
import type { Coupon } from '@contract/content'

export type CouponFit = { usable: true } | { usable: false; reason: 'expired' } | { usable: false; reason: 'minimum'; missing: number }

/** Whether a coupon can go on a cart with this subtotal (minor units); `missing` is what the cart still lacks. */
export function couponFit(coupon: Pick<Coupon, 'expired' | 'minSubtotal'>, subtotal: number): CouponFit {
  if (coupon.expired) return { usable: false, reason: 'expired' }
  if (subtotal < coupon.minSubtotal) return { usable: false, reason: 'minimum', missing: coupon.minSubtotal - subtotal }
  return { usable: true }
}

/**
 * What the coupon takes off a cart of this subtotal, in minor units, as the server counts it (server/src/services/
 * pricing.ts): a percentage rounded down, a fixed amount never more than the subtotal.
 */
export function couponSaving(coupon: Pick<Coupon, 'type' | 'value'>, subtotal: number): number {
  if (coupon.type === 'PERCENT') return Math.floor((subtotal * coupon.value) / 100)
  return Math.min(coupon.value, subtotal)
}

/**
 * The picker's order: usable ones first, the biggest saving on this cart first; then those the cart does not meet yet,
 * the closest first. Expired coupons are left out.
 */
export function pickerOrder<C extends Pick<Coupon, 'code' | 'type' | 'value' | 'expired' | 'minSubtotal'>>(coupons: readonly C[], subtotal: number): C[] {
  const live = coupons.filter((c) => !c.expired)
  const rank = (c: C) => {
    const fit = couponFit(c, subtotal)
    return fit.usable ? [0, -couponSaving(c, subtotal)] : [1, fit.reason === 'minimum' ? fit.missing : 0]
  }
  return [...live].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)]
    return ra[0] - rb[0] || ra[1] - rb[1] || a.code.localeCompare(b.code)
  })
}

/** A typed code to look up: trimmed, upper case; null when empty or longer than a code can be (contract: 40). */
export function lookupCode(typed: string): string | null {
  const code = typed.trim().toUpperCase()
  return code && code.length <= 40 ? code : null
}
