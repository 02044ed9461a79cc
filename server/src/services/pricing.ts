/** Pure money rules for a cart/order. All amounts are integer minor units of the base currency. */
import type { CheckoutRules } from './settings.ts';

export interface CouponRow {
  code: string;
  kind: 'PERCENT' | 'FIXED';
  value: number;
  min_subtotal: number;
  expires_at: Date | string | null;
  desc_en: string;
  desc_zh: string;
  /** usage limits (NULL = none) and the uses counted against them for the asking shopper (getCoupon) */
  max_uses_per_shopper?: number | null;
  max_uses?: number | null;
  shopper_uses?: number;
  total_uses?: number;
  /** for a first order only (issue 42 n-5), and the asking account's earlier paid or completed orders */
  first_order_only?: boolean;
  earlier_orders?: number;
  /** getCoupon was asked for a guest */
  guest?: boolean;
}

/** Why the coupon's usage limits refuse it to this shopper, or null. */
export function couponUseProblem(c: CouponRow): string | null {
  if (c.max_uses_per_shopper != null) {
    if (c.guest) return 'Sign in to use this coupon';
    if ((c.shopper_uses ?? 0) >= c.max_uses_per_shopper) {
      return c.max_uses_per_shopper === 1 ? 'You have already used this coupon' : `You have already used this coupon ${c.max_uses_per_shopper} times`;
    }
  }
  if (c.max_uses != null && (c.total_uses ?? 0) >= c.max_uses) return 'This coupon has been used up';
  if (c.first_order_only) {
    if (c.guest) return 'Sign in to use this coupon';
    if ((c.earlier_orders ?? 0) > 0) return 'This coupon is for a first order only';
  }
  return null;
}

export interface Totals {
  subtotal: number;
  discount: number;
  tip: number;
  tax: number;
  shipping: number;
  storeCredit: number;
  total: number;
}

export function couponProblem(c: CouponRow | null, subtotal: number, now = new Date()): string | null {
  if (!c) return 'Coupon not valid';
  if (c.expires_at && new Date(c.expires_at) < now) return 'Coupon has expired';
  const used = couponUseProblem(c);
  if (used) return used;
  if (subtotal < c.min_subtotal) return `Coupon needs a subtotal of at least $${(c.min_subtotal / 100).toFixed(2)}`;
  return null;
}

export function computeTotals(input: {
  subtotal: number;
  coupon: CouponRow | null;
  method: string | null;
  tipPercent: number | null;
  tipAmount: number | null;
  storeCreditApplied: number;
  rules: CheckoutRules;
  now?: Date;
}): Totals {
  const { subtotal, coupon, method, rules } = input;
  let discount = 0;
  if (coupon && !couponProblem(coupon, subtotal, input.now)) {
    discount = coupon.kind === 'PERCENT' ? Math.floor((subtotal * coupon.value) / 100) : Math.min(coupon.value, subtotal);
  }
  const afterDiscount = subtotal - discount;
  const shipping = method === 'DELIVERY' && subtotal > 0 && afterDiscount < rules.delivery.freeOverMinor ? rules.delivery.feeMinor : 0;
  const tip = input.tipAmount != null ? input.tipAmount : input.tipPercent ? Math.round((afterDiscount * input.tipPercent) / 100) : 0;
  const tax = Math.round(((afterDiscount + shipping) * rules.taxRatePercent) / 100);
  const beforeCredit = afterDiscount + shipping + tip + tax;
  const storeCredit = Math.max(0, Math.min(input.storeCreditApplied, beforeCredit));
  return { subtotal, discount, tip, tax, shipping, storeCredit, total: beforeCredit - storeCredit };
}

/**
 * What a member pays for one unit (issue 13): the product's own member price, else the store's member discount in
 * percent (rounded down to the minor unit); null when members pay the regular price (membership plans themselves,
 * no discount, or a "member price" that is not lower). Lists, the product page, the cart, checkout and the charged
 * total all take it from here.
 */
export function memberUnitPrice(p: { price: number; memberPrice: number | null; productType: string }, discountPercent: number): number | null {
  if (p.productType === 'MEMBERSHIP') return null;
  const candidate = p.memberPrice != null ? p.memberPrice : discountPercent > 0 ? Math.floor((p.price * (100 - discountPercent)) / 100) : null;
  return candidate != null && candidate < p.price ? candidate : null;
}

/** The SQL expression of the store's member discount percent (0 without a membership programme). */
export const MEMBER_DISCOUNT_SQL = `COALESCE((SELECT (value->>'discountPercent')::int FROM settings WHERE key = 'membership'), 0)`;

/**
 * What one variant (option combination) sells at (issue 37 item 5): a variant with a price of its own takes it and its
 * own struck-through price; one without (price null) its product's price and list price. The product's own member
 * price is for its own price: a variant at a price of its own has no member price of its own, so members pay it less
 * the store's member discount (memberUnitPrice), never a member price meant for another amount.
 */
export function variantPricing(
  product: { price: number; listPrice: number | null; memberPrice: number | null },
  variant: { price: number | null; listPrice: number | null } | null,
): { price: number; listPrice: number | null; memberPrice: number | null } {
  if (!variant || variant.price == null) return { price: product.price, listPrice: product.listPrice, memberPrice: product.memberPrice };
  return { price: variant.price, listPrice: variant.listPrice != null && variant.listPrice > variant.price ? variant.listPrice : null, memberPrice: null };
}
