/**
 * Memberships (issue 13; routes: memberships.ts). Paying for a plan adds one dated row per unit bought; a renewal starts
 * at the later of now and the end of the membership already held, so it neither loses nor gains time. Whether a
 * shopper is a member is read from the rows at the moment asked: expiry needs no job.
 */
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { MembershipDetail, MembershipDuration, MembershipPeriod, MembershipSummary } from '../../../../contract/memberships.ts';
import type { Product } from '../../../../contract/catalog.ts';
import { listProducts } from '../../services/catalog.ts';
import type { OrderRow } from '../../orders/lifecycle.ts';
import { storeCurrency } from '../../services/storeCurrency.ts';

const iso = (d: any) => (d instanceof Date ? d : new Date(d)).toISOString();

/** How long one unit of a plan lasts, as a PostgreSQL interval (null: for life). */
export const DURATION_INTERVAL: Record<MembershipDuration, string | null> = {
  MONTH: '1 month',
  QUARTER: '3 months',
  YEAR: '1 year',
  LIFETIME: null,
};

/** Payment states that grant a membership: money (or a discount that covered it) was received. */
const PAID = new Set(['PAID_ONLINE', 'PAID_BY_DISCOUNT']);

export async function memberDiscountPercent(q: Queryable): Promise<number> {
  const { rows } = await q.query(`SELECT (value->>'discountPercent')::int AS d FROM settings WHERE key = 'membership'`);
  return rows[0]?.d ?? 0;
}

/** SQL: whether the user (an expression) holds a membership at the moment `at` (a parameter such as `$2`). */
export const memberAtSql = (userId: string, at: string) =>
  `EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = ${userId} AND m.starts_at <= ${at} AND (m.ends_at IS NULL OR m.ends_at > ${at}))`;

export async function isMember(q: Queryable, userId: number, at: Date = new Date()): Promise<boolean> {
  const { rows } = await q.query(`SELECT ${memberAtSql('$1', '$2')} AS member`, [userId, at]);
  return rows[0].member === true;
}

/**
 * Grants the plans of a paid order to its shopper, unit by unit in line order. Each unit starts at the later of now
 * and the end of the latest membership (a lifetime membership has no end: units bought beside it start now). The
 * shopper's row is locked so two paid orders of one shopper renew one after the other; (order, product, unit) is
 * unique, so a repeated notification grants nothing twice.
 */
export async function grantForOrder(q: Queryable, order: OrderRow): Promise<number> {
  const { rows: lines } = await q.query(
    `SELECT l.product_id, l.quantity, mp.duration, mp.level_en, mp.level_zh FROM order_lines l
     JOIN membership_plans mp ON mp.product_id = l.product_id WHERE l.order_id = $1 ORDER BY l.line_no`,
    [order.id],
  );
  if (!lines.length) return 0;
  if (order.user_id == null) throw badRequest('Sign in to buy a membership');
  if (!PAID.has(order.payment_status)) throw badRequest('A membership is paid online; pay at store is not available for it');
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [order.user_id]);
  let granted = 0;
  for (const l of lines) {
    for (let unit = 1; unit <= l.quantity; unit++) {
      const interval = DURATION_INTERVAL[l.duration as MembershipDuration];
      const { rows } = await q.query(
        `WITH latest AS (SELECT max(ends_at) AS e FROM memberships WHERE user_id = $1 AND ends_at IS NOT NULL),
              s AS (SELECT GREATEST(clock_timestamp(), COALESCE((SELECT e FROM latest), clock_timestamp())) AS start)
         INSERT INTO memberships (user_id, product_id, order_id, unit_no, duration, level_en, level_zh, starts_at, ends_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, s.start, CASE WHEN $8::text IS NULL THEN NULL ELSE s.start + $8::interval END FROM s
         ON CONFLICT (order_id, product_id, unit_no) DO NOTHING RETURNING id`,
        [order.user_id, l.product_id, order.id, unit, l.duration, l.level_en, l.level_zh, interval],
      );
      granted += rows.length;
    }
  }
  return granted;
}

/**
 * A membership order refunded in full or cancelled gives its time back: a row in force ends now, a row not yet begun
 * becomes an empty one at now (kept as history; renewals then start from the membership that is left, not from it).
 * Memberships bought after it keep their dates. A partial refund leaves the membership as it is.
 */
export async function revokeForOrder(q: Queryable, orderId: number): Promise<void> {
  await q.query(
    `UPDATE memberships SET starts_at = clock_timestamp(), ends_at = clock_timestamp() WHERE order_id = $1 AND starts_at > clock_timestamp()`,
    [orderId],
  );
  await q.query(
    `UPDATE memberships SET ends_at = clock_timestamp()
      WHERE order_id = $1 AND starts_at <= clock_timestamp() AND (ends_at IS NULL OR ends_at > clock_timestamp())`,
    [orderId],
  );
}

interface PeriodRow {
  starts_at: Date;
  ends_at: Date | null;
  level_en: string;
  level_zh: string;
  duration: MembershipDuration;
  order_id: number;
}

async function periodRows(q: Queryable, userId: number): Promise<PeriodRow[]> {
  const { rows } = await q.query(
    `SELECT starts_at, ends_at, level_en, level_zh, duration, order_id FROM memberships WHERE user_id = $1 ORDER BY starts_at, id`,
    [userId],
  );
  return rows.map((r: any) => ({ ...r, starts_at: new Date(r.starts_at), ends_at: r.ends_at ? new Date(r.ends_at) : null }));
}

/**
 * The membership in force at `now`: the level of the latest row in force, since the start of the unbroken run of rows
 * it belongs to, until that run's end (null: lifetime). Rows are sorted by start.
 */
export function summarize(rows: PeriodRow[], now: Date = new Date()): MembershipSummary | null {
  const inForce = rows.filter((r) => r.starts_at <= now && (r.ends_at == null || r.ends_at > now));
  if (!inForce.length) return null;
  const current = inForce[inForce.length - 1];
  let run: { start: Date; end: Date | null } | null = null;
  for (const r of rows) {
    const joins = run && (run.end == null || r.starts_at <= run.end);
    if (!run || !joins) {
      if (run && run.start <= now && run.end != null && run.end > now) break; // the run in force ended before this row
      run = { start: r.starts_at, end: r.ends_at };
    } else if (run.end != null) {
      run.end = r.ends_at == null ? null : r.ends_at > run.end ? r.ends_at : run.end;
    }
  }
  return { level: { en: current.level_en, zh: current.level_zh }, since: run!.start.toISOString(), until: run!.end ? run!.end.toISOString() : null };
}

export async function membershipSummary(q: Queryable, userId: number): Promise<MembershipSummary | null> {
  return summarize(await periodRows(q, userId));
}

export async function membershipDetail(q: Queryable, userId: number): Promise<MembershipDetail> {
  const rows = await periodRows(q, userId);
  const saved = await q.query(
    `SELECT COALESCE(sum((l.regular_unit_price - l.unit_price) * l.quantity), 0)::int AS s
     FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.user_id = $1 AND l.regular_unit_price IS NOT NULL AND o.status <> 'CANCELLED'
       AND o.payment_status IN ('PAID_ONLINE', 'PAID_BY_DISCOUNT', 'PAY_AT_STORE')`,
    [userId],
  );
  const periods: MembershipPeriod[] = [...rows].reverse().map((r) => ({
    level: { en: r.level_en, zh: r.level_zh },
    duration: r.duration,
    startsAt: iso(r.starts_at),
    endsAt: r.ends_at ? iso(r.ends_at) : null,
    orderID: String(r.order_id),
  }));
  return { membership: summarize(rows), periods, saved: saved.rows[0].s, currency: await storeCurrency(q) };
}

/** The plans on sale, cheapest first. */
export async function membershipPlans(q: Queryable): Promise<Product[]> {
  return listProducts(q, { productType: 'MEMBERSHIP' }, 'priceLowToHigh', 100, 0);
}
