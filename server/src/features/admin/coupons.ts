/**
 * The back office's coupons (issue 43; contract/adminCoupons.ts; owner: promotions.edit): the shop file's `coupons`
 * list, created and ended through the same schema, rules and apply as `npm run shop -- apply` (settings.ts changeShop),
 * each change a line of the activity with the staff member. A coupon is ended, never removed (accounts may hold it):
 * its expiresAt becomes now.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { exportShop } from '../../shop/apply.ts';
import { AdminCoupon, AdminCouponCode, AdminCouponList } from '../../../../contract/adminCoupons.ts';
import { NoBody } from '../../../../contract/common.ts';
import { changeShop } from './settings.ts';
import type { StaffMember } from './service.ts';

export async function couponList(db: Db): Promise<AdminCouponList> {
  const coupons = (await exportShop(db)).coupons ?? [];
  const { rows } = await db.query(`SELECT coupon_code, count(*)::int AS n FROM orders WHERE coupon_code IS NOT NULL AND status NOT IN ('INTERIM', 'CANCELLED') GROUP BY coupon_code`);
  const uses = new Map(rows.map((r: any) => [r.coupon_code, r.n]));
  const now = Date.now();
  return {
    coupons: coupons.map((c) => ({ ...c, active: c.expiresAt === null || new Date(c.expiresAt).getTime() > now, uses: uses.get(c.code) ?? 0 }))
      .sort((a, b) => Number(b.active) - Number(a.active) || a.code.localeCompare(b.code)),
  };
}

/** A new coupon, as a line added to the shop file's coupons (409 when the code is taken; 400 naming what the file refuses). */
export async function createCoupon(db: Db, staff: StaffMember, coupon: AdminCoupon): Promise<AdminCouponList> {
  await changeShop(db, staff, 'coupon.create', (f) => {
    if ((f.coupons ?? []).some((c) => c.code.toUpperCase() === coupon.code.toUpperCase())) throw conflict(`A coupon ${coupon.code} exists already`);
    f.coupons = [...(f.coupons ?? []), { ...coupon, ...(coupon.firstOrderOnly ? { firstOrderOnly: true } : {}) } as never];
  });
  return couponList(db);
}

/** Ends a coupon now (its expiresAt); 404 unknown, 409 when it has ended already. */
export async function disableCoupon(db: Db, staff: StaffMember, code: string): Promise<AdminCouponList> {
  await changeShop(db, staff, 'coupon.disable', (f) => {
    const c = (f.coupons ?? []).find((x) => x.code === code);
    if (!c) throw notFound(`No coupon ${code}`);
    if (c.expiresAt !== null && new Date(c.expiresAt).getTime() <= Date.now()) throw conflict(`Coupon ${code} has ended already`);
    c.expiresAt = new Date().toISOString();
  });
  return couponList(db);
}

/** Registered inside the admin API by routes.ts (one line). */
export function couponRoutes(app: FastifyInstance) {
  const config = { permission: 'promotions.edit' as const };
  app.get('/coupons', { config, schema: { summary: 'The coupons of the shop file, active first, with their uses (owner)', response: { 200: AdminCouponList } } },
    async () => couponList(app.db));
  app.post<{ Body: AdminCoupon }>('/coupons', { config, schema: { summary: 'Add a coupon to the shop file, checked and applied as `shop apply` does (owner)', body: AdminCoupon, response: { 200: AdminCouponList } } },
    async (req) => createCoupon(app.db, req.staff!, req.body));
  app.post<{ Params: AdminCouponCode }>('/coupons/:code/disable', { config, schema: { summary: 'End a coupon now (its expiresAt; it is never removed) (owner)', params: AdminCouponCode, body: NoBody, response: { 200: AdminCouponList } } },
    async (req) => disableCoupon(app.db, req.staff!, req.params.code));
}
