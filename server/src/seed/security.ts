/** Demo data of the security work: a public coupon each account may use once (coupon usage limits, probe finding 9). */
import type { Queryable } from '../db/index.ts';

export async function seedOncePerShopperCoupon(q: Queryable) {
  await q.query(
    `INSERT INTO coupons (code, kind, value, min_subtotal, desc_en, desc_zh, public, max_uses_per_shopper, first_order_only)
     VALUES ('FIRST15', 'PERCENT', 15, 0, '15% off your first order with an account', '账户首单立减15%', true, 1, true)
     ON CONFLICT (code) DO NOTHING`,
  );
}

/** The demo account's e-mail counts as confirmed, so the demo can link WeChat/Alipay sign-in to it at once. */
export async function confirmDemoEmail(q: Queryable, email: string) {
  await q.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE email = $1', [email]);
}
