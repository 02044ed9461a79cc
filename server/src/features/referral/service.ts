/**
 * The referral programme (issue 13; routes: routes.ts). A shopper is attributed to a referrer once, at registration
 * (first referrer wins, never oneself, never a loop, never changed); the attribution counts once the introduced account
 * confirmed its e-mail (confirmAttribution), and an order earns nothing when its payer or delivery address is the
 * referrer's, nor beyond the referrer's monthly cap (security probe 2026-11-26 M2; rules: rules.ts and
 * server/CONTRACT.md "Referral rules"). Commission on an introduced order's paid goods
 * total lives in the append-only `referral_commissions` ledger: ACCRUE (pending) when the order settles, CREDIT (as
 * store credit) once it can no longer be cancelled and the group's hold has passed, REVERSE when it is cancelled or
 * refunded, in proportion, taking back store credit already given even when that leaves the balance below zero.
 */
import type { Db, Queryable } from '../../db/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type {
  ChartPeriod, ChartSummary, CommissionState, IntroducedOrders, IntroducedUsers, ReferralGeneralInfo, ReferralGroup, ReferrerUserGroup,
} from '../../../../contract/referral.ts';
import { isCancellable, type OrderRow } from '../../orders/lifecycle.ts';
import { getSetting, type CheckoutRules } from '../../services/settings.ts';
import { addCreditEntry } from '../../services/storeCredit.ts';
import { alreadyRewardedPerson, cappedCommission, referrerOwnOrder, type OrderParties, type ReferrerTraces } from './rules.ts';
import { storeCurrency } from '../../services/storeCurrency.ts';

export const PAGE_SIZE = 10;

export type Attribution = 'ATTRIBUTED' | 'UNKNOWN_REFERRER' | 'SELF' | 'LOOP' | 'ALREADY_ATTRIBUTED';

/**
 * Attributes `userId` to the owner of referral id `referrerMyId`. Refused: an unknown id, oneself, a referrer who was
 * (directly or further up) introduced by `userId` (a loop), and a shopper who already has a referrer (first wins; the
 * conditional update keeps it so under concurrency too).
 */
export async function attribute(q: Queryable, userId: number, referrerMyId: string): Promise<Attribution> {
  const { rows } = await q.query('SELECT id FROM users WHERE upper(my_id) = upper($1)', [referrerMyId.trim()]);
  const referrer = rows[0]?.id as number | undefined;
  if (referrer == null) return 'UNKNOWN_REFERRER';
  if (referrer === userId) return 'SELF';
  const chain = await q.query(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT referred_by, 1 FROM users WHERE id = $1
       UNION ALL SELECT u.referred_by, up.depth + 1 FROM users u JOIN up ON u.id = up.id WHERE up.depth < 1000)
     SELECT 1 FROM up WHERE id = $2 LIMIT 1`,
    [referrer, userId],
  );
  if (chain.rows.length) return 'LOOP';
  const upd = await q.query('UPDATE users SET referred_by = $2, referred_at = clock_timestamp() WHERE id = $1 AND referred_by IS NULL RETURNING id', [userId, referrer]);
  return upd.rows.length ? 'ATTRIBUTED' : 'ALREADY_ATTRIBUTED';
}

const toGroup = (r: any): ReferralGroup => ({
  id: String(r.id),
  name: { en: r.name_en, zh: r.name_zh },
  rules: { en: r.rules_en, zh: r.rules_zh },
  commissionPercent: Number(r.commission_percent),
  holdDays: r.hold_days,
  isDefault: r.is_default,
});

/** The groups a shopper sees: the open ones (they may join them) and the one they are in (an operator may have put them there). */
export async function groups(q: Queryable, userId: number): Promise<ReferralGroup[]> {
  const { rows } = await q.query(
    `SELECT * FROM referral_groups WHERE active AND (open OR id = (SELECT referral_group_id FROM users WHERE id = $1)) ORDER BY sort, id`, [userId]);
  return rows.map(toGroup);
}

/** The group a shopper earns in: the one they joined, else the default group (null when the store has none). */
export async function groupOf(q: Queryable, userId: number): Promise<ReferralGroup | null> {
  const { rows } = await q.query(
    `SELECT g.* FROM referral_groups g WHERE g.id = (SELECT referral_group_id FROM users WHERE id = $1) AND g.active
     UNION ALL (SELECT g.* FROM referral_groups g WHERE g.is_default AND g.active)`,
    [userId],
  );
  return rows[0] ? toGroup(rows[0]) : null;
}

export function userGroupField(g: ReferralGroup | null): ReferrerUserGroup | null {
  return g ? { id: g.id, name: g.name, commissionPercent: g.commissionPercent } : null;
}

/**
 * A shopper joins an open group (the default one, say). Any other group is the operator's to assign (npm run referral
 * -- assign): a higher rate is a business decision, not a click (probe M2/L6). A closed group is answered like an
 * unknown one, so its existence is not shown either.
 */
export async function joinGroup(q: Queryable, userId: number, rawId: string): Promise<ReferralGroup> {
  const { rows } = await q.query('SELECT * FROM referral_groups WHERE id = $1 AND active AND open', [Number(rawId)]);
  if (!rows[0]) throw notFound(`Referral group ${rawId} not found`);
  await q.query('UPDATE users SET referral_group_id = $2 WHERE id = $1', [userId, rows[0].id]);
  return toGroup(rows[0]);
}

/** The operator puts a shopper in any active group, or back in the default one (groupId null). */
export async function assignGroup(q: Queryable, userId: number, groupId: number | null): Promise<ReferralGroup | null> {
  if (groupId !== null) {
    const { rows } = await q.query('SELECT 1 FROM referral_groups WHERE id = $1 AND active', [groupId]);
    if (!rows[0]) throw notFound(`Referral group ${groupId} not found`);
  }
  await q.query('UPDATE users SET referral_group_id = $2 WHERE id = $1', [userId, groupId]);
  return groupOf(q, userId);
}

/** Whether shoppers may join the group themselves. */
export async function setGroupOpen(q: Queryable, groupId: number, open: boolean): Promise<void> {
  const { rows } = await q.query('UPDATE referral_groups SET open = $2 WHERE id = $1 RETURNING id', [groupId, open]);
  if (!rows[0]) throw notFound(`Referral group ${groupId} not found`);
}

/** The most commission one referrer accrues per calendar month (store time zone) unless the operator sets another: $100.00. */
export const DEFAULT_MONTHLY_CAP = 10_000;

export interface ReferralSettings {
  /** Minor units of the commission currency; 0 stops all new commission. */
  monthlyCapPerReferrer: number;
}

export async function referralSettings(q: Queryable): Promise<ReferralSettings> {
  const saved = await getSetting<Partial<ReferralSettings> | null>(q, 'referralRules');
  return { monthlyCapPerReferrer: saved?.monthlyCapPerReferrer ?? DEFAULT_MONTHLY_CAP };
}

export async function setMonthlyCap(q: Queryable, amount: number): Promise<void> {
  if (!Number.isInteger(amount) || amount < 0) throw badRequest('The monthly cap must be a whole, non-negative amount');
  await q.query(
    `INSERT INTO settings (key, value) VALUES ('referralRules', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = settings.value || EXCLUDED.value`,
    [JSON.stringify({ monthlyCapPerReferrer: amount })],
  );
}

/** The introduced account confirmed its e-mail: its attribution counts from now (a no-op for anyone else). */
export async function confirmAttribution(q: Queryable, userId: number): Promise<void> {
  await q.query(
    'UPDATE users SET referral_confirmed_at = clock_timestamp() WHERE id = $1 AND referred_by IS NOT NULL AND referral_confirmed_at IS NULL', [userId]);
}

/** The referrer as an order could show them: their e-mail and phone, and the contacts and addresses they have used. */
async function tracesOf(q: Queryable, referrerId: number): Promise<ReferrerTraces> {
  const { rows: [u] } = await q.query(
    `SELECT u.email, u.phone,
       COALESCE((SELECT jsonb_agg(i.provider || ':' || i.subject) FROM identities i WHERE i.user_id = u.id), '[]'::jsonb) AS identities,
       COALESCE((SELECT jsonb_agg(a.data) FROM addresses a WHERE a.user_id = u.id), '[]'::jsonb) AS book,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('contact', o.contact, 'delivery', o.delivery))
                   FROM orders o WHERE o.user_id = u.id AND o.status <> 'INTERIM'), '[]'::jsonb) AS orders
     FROM users u WHERE u.id = $1`, [referrerId]);
  const own = u.orders as { contact: { email?: string; phone?: string } | null; delivery: object | null }[];
  return {
    emails: [u.email, ...own.map((o) => o.contact?.email ?? '')].filter(Boolean),
    phones: [u.phone, ...(u.book as { phone?: string }[]).map((a) => a.phone ?? ''), ...own.map((o) => o.contact?.phone ?? '')].filter(Boolean),
    addresses: [...u.book, ...own.map((o) => o.delivery).filter(Boolean)],
    identities: u.identities as string[],
  };
}

/** What an order shows of the person behind it: contact, delivery, and its account's e-mail and identities. */
const PARTIES = `SELECT o.contact, o.delivery, u.email AS "accountEmail",
    COALESCE((SELECT jsonb_agg(i.provider || ':' || i.subject) FROM identities i WHERE i.user_id = o.user_id), '[]'::jsonb) AS identities
  FROM orders o LEFT JOIN users u ON u.id = o.user_id`;

/** The orders of this referrer's other introduced accounts that accrued commission (one reward per real person). */
async function rewardedElsewhere(q: Queryable, referrerId: number, userId: number): Promise<OrderParties[]> {
  const { rows } = await q.query(
    `${PARTIES} WHERE o.user_id <> $2 AND o.id IN (
       SELECT c.order_id FROM referral_commissions c WHERE c.referrer_id = $1 AND c.kind = 'ACCRUE' AND c.amount > 0)`,
    [referrerId, userId]);
  return rows;
}

/** Commission this referrer accrued in the current calendar month of the store's time zone, net of its reversals. */
async function accruedThisMonth(q: Queryable, referrerId: number): Promise<number> {
  const { timeZone } = await getSetting<CheckoutRules>(q, 'checkout');
  const { rows } = await q.query(
    `SELECT COALESCE(sum(c.amount), 0)::int AS n FROM referral_commissions c
     WHERE c.referrer_id = $1 AND c.kind IN ('ACCRUE', 'REVERSE') AND c.order_id IN (
       SELECT a.order_id FROM referral_commissions a WHERE a.referrer_id = $1 AND a.kind = 'ACCRUE'
         AND a.created_at >= (date_trunc('month', clock_timestamp() AT TIME ZONE $2) AT TIME ZONE $2))`,
    [referrerId, timeZone],
  );
  return rows[0].n;
}

/**
 * Commission accrues on an introduced shopper's settled order: the referrer's group rate of goods after discounts, up to
 * what is left of the referrer's monthly cap, with the group's hold as it is now. Nothing when the attribution does not
 * count yet, when the order's payer or delivery address is the referrer's, or when the person behind it (mailbox, phone,
 * address, WeChat/Alipay identity) already earned this referrer commission through another account (issue 38 item 3:
 * one reward per real person). An account with a WeChat/Alipay identity
 * whose e-mail is not confirmed has its attribution confirmed by the first order it pays online as someone other than
 * the referrer (that order earns).
 */
export async function accrue(q: Queryable, order: OrderRow): Promise<void> {
  if (order.user_id == null) return;
  const { rows: [introduced] } = await q.query(
    `SELECT referred_by, referral_confirmed_at IS NOT NULL AS counts, EXISTS (SELECT 1 FROM identities i WHERE i.user_id = u.id) AS has_identity
     FROM users u WHERE id = $1`, [order.user_id]);
  const referrer = introduced?.referred_by as number | null;
  if (referrer == null) return;
  if (!introduced.counts && !(introduced.has_identity && order.payment_status === 'PAID_ONLINE')) return;
  // One referrer's accruals one at a time: the monthly cap holds under concurrent orders.
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [referrer]);
  const { rows: [parties] } = await q.query(`${PARTIES} WHERE o.id = $1`, [order.id]);
  if (referrerOwnOrder(await tracesOf(q, referrer), parties)) return;
  // One reward per real person: another introduced account of the same person earned this referrer already.
  if (alreadyRewardedPerson(parties, await rewardedElsewhere(q, referrer, order.user_id))) return;
  if (!introduced.counts) await confirmAttribution(q, order.user_id);
  const group = await groupOf(q, referrer);
  if (!group) return;
  const base = Math.max(0, order.subtotal - order.discount);
  const { monthlyCapPerReferrer } = await referralSettings(q);
  const amount = cappedCommission(base, group.commissionPercent, await accruedThisMonth(q, referrer), monthlyCapPerReferrer);
  await q.query(
    `INSERT INTO referral_commissions (referrer_id, order_id, kind, amount, base, percent, hold_days, reason)
     VALUES ($1, $2, 'ACCRUE', $3, $4, $5, $6, 'ORDER_SETTLED') ON CONFLICT DO NOTHING`,
    [referrer, order.id, amount, base, group.commissionPercent, group.holdDays],
  );
}

interface OrderLedger {
  referrerId: number;
  accrued: number;
  reversed: number;
  refunded: number;
  credited: boolean;
}

async function ledgerOf(q: Queryable, orderId: number): Promise<OrderLedger | null> {
  const { rows } = await q.query(
    `SELECT referrer_id,
       sum(amount) FILTER (WHERE kind = 'ACCRUE')::int AS accrued,
       COALESCE(-sum(amount) FILTER (WHERE kind = 'REVERSE'), 0)::int AS reversed,
       COALESCE(sum(refunded) FILTER (WHERE kind = 'REVERSE'), 0)::int AS refunded,
       bool_or(kind = 'CREDIT') AS credited
     FROM referral_commissions WHERE order_id = $1 GROUP BY referrer_id`,
    [orderId],
  );
  const r = rows[0];
  return r && r.accrued != null ? { referrerId: r.referrer_id, accrued: r.accrued, reversed: r.reversed, refunded: r.refunded, credited: !!r.credited } : null;
}

/**
 * Claws back commission of a cancelled (all of it) or refunded order (in proportion to the money refunded so far of the
 * money paid, cumulative, so rounding never drifts). Commission already credited comes off the referrer's store
 * credit in full, even below zero.
 */
export async function reverse(q: Queryable, orderId: number, what: { refunded: number | null; full: boolean }): Promise<number> {
  const first = await ledgerOf(q, orderId);
  if (!first) return 0;
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [first.referrerId]);
  const l = (await ledgerOf(q, orderId))!;
  const order = (await q.query('SELECT total, store_credit FROM orders WHERE id = $1', [orderId])).rows[0];
  const paid = order.total + order.store_credit;
  const refundedSoFar = l.refunded + (what.refunded ?? 0);
  const target = what.full || paid <= 0 ? l.accrued : Math.min(l.accrued, Math.round((l.accrued * refundedSoFar) / paid));
  const delta = Math.max(0, target - l.reversed);
  const reason = what.refunded == null ? 'ORDER_CANCELLED' : 'ORDER_REFUNDED';
  const ins = await q.query(
    `INSERT INTO referral_commissions (referrer_id, order_id, kind, amount, refunded, after_credit, reason)
     VALUES ($1, $2, 'REVERSE', $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
    [l.referrerId, orderId, -delta, what.refunded, l.credited, reason],
  );
  if (ins.rows.length && l.credited && delta > 0) {
    await addCreditEntry(q, { userId: l.referrerId, amount: -delta, reason: 'REFERRAL_REVERSED', orderId });
  }
  return ins.rows.length ? delta : 0;
}

/**
 * Credits every pending commission (of one referrer, or all) whose order can no longer be cancelled and whose hold
 * has passed: what is left after reversals goes to store credit. One CREDIT row per order (unique), so a rerun or a
 * concurrent run credits nothing twice.
 */
export async function creditDue(db: Db, referrerId?: number): Promise<number> {
  const { rows } = await db.query(
    `SELECT a.order_id, a.referrer_id FROM referral_commissions a
     JOIN orders o ON o.id = a.order_id
     JOIN users u ON u.id = a.referrer_id
     LEFT JOIN referral_groups g ON g.id = COALESCE(u.referral_group_id, (SELECT id FROM referral_groups WHERE is_default))
     WHERE a.kind = 'ACCRUE' AND ($1::int IS NULL OR a.referrer_id = $1)
       AND NOT EXISTS (SELECT 1 FROM referral_commissions c WHERE c.order_id = a.order_id AND c.kind = 'CREDIT')
       AND o.status NOT IN ('CANCELLED', 'REFUND_PENDING', 'REFUNDED')
       AND COALESCE(o.settled_at, o.created_at) + make_interval(days => COALESCE(a.hold_days, g.hold_days, 0)) <= clock_timestamp()`,
    [referrerId ?? null],
  );
  let credited = 0;
  for (const r of rows) {
    const done = await db.tx(async (q) => {
      await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [r.referrer_id]);
      const o = (await q.query('SELECT status, payment_status FROM orders WHERE id = $1 FOR UPDATE', [r.order_id])).rows[0];
      if (['CANCELLED', 'REFUND_PENDING', 'REFUNDED'].includes(o.status) || isCancellable(o)) return false;
      const l = (await ledgerOf(q, r.order_id))!;
      const net = l.accrued - l.reversed;
      const ins = await q.query(
        `INSERT INTO referral_commissions (referrer_id, order_id, kind, amount, reason) VALUES ($1, $2, 'CREDIT', $3, 'HOLD_PASSED')
         ON CONFLICT DO NOTHING RETURNING id`,
        [r.referrer_id, r.order_id, net],
      );
      if (ins.rows.length && net > 0) {
        await addCreditEntry(q, { userId: r.referrer_id, amount: net, reason: 'REFERRAL_COMMISSION', orderId: r.order_id });
      }
      return ins.rows.length > 0;
    });
    if (done) credited++;
  }
  return credited;
}

/** "Ada Lovelace" → "A*** L***": introduced shoppers are shown, never named. */
export function maskName(first: string, last: string): string {
  return [first, last].map((p) => p.trim()).filter(Boolean).map((p) => `${[...p][0]}***`).join(' ') || '***';
}

export async function generalInfo(db: Db, userId: number, myID: string): Promise<ReferralGeneralInfo> {
  await creditDue(db, userId);
  const users = await db.query('SELECT count(*)::int AS n FROM users WHERE referred_by = $1 AND referral_confirmed_at IS NOT NULL', [userId]);
  const { rows } = await db.query(
    `SELECT
       count(*) FILTER (WHERE kind = 'ACCRUE')::int AS orders,
       COALESCE(sum(amount) FILTER (WHERE kind = 'ACCRUE' AND NOT credited), 0)::int
         + COALESCE(sum(amount) FILTER (WHERE kind = 'REVERSE' AND NOT after_credit AND NOT credited), 0)::int AS pending,
       COALESCE(sum(amount) FILTER (WHERE kind = 'CREDIT'), 0)::int
         + COALESCE(sum(amount) FILTER (WHERE kind = 'REVERSE' AND after_credit), 0)::int AS earned,
       COALESCE(-sum(amount) FILTER (WHERE kind = 'REVERSE'), 0)::int AS reversed
     FROM (SELECT c.*, EXISTS (SELECT 1 FROM referral_commissions x WHERE x.order_id = c.order_id AND x.kind = 'CREDIT') AS credited
           FROM referral_commissions c WHERE c.referrer_id = $1) t`,
    [userId],
  );
  const group = await groupOf(db, userId);
  if (!group) throw notFound('The store has no referral programme');
  const r = rows[0];
  return {
    myID, usersIntroduced: users.rows[0].n, ordersIntroduced: r.orders, commissionPending: r.pending, commissionEarned: r.earned,
    commissionReversed: r.reversed, group, currency: await storeCurrency(db),
  };
}

const pageOf = (page = 1) => ({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
const pageFields = (page: number, total: number) => ({ startingPosition: (page - 1) * PAGE_SIZE, numberToLoad: PAGE_SIZE, hasMore: page * PAGE_SIZE < total, total });

export async function introducedUsers(q: Queryable, userId: number, page = 1): Promise<IntroducedUsers> {
  const { limit, offset } = pageOf(page);
  const total = (await q.query('SELECT count(*)::int AS n FROM users WHERE referred_by = $1 AND referral_confirmed_at IS NOT NULL', [userId])).rows[0].n;
  const { rows } = await q.query(
    `SELECT u.first_name, u.last_name, u.referred_at,
       (SELECT count(*)::int FROM referral_commissions c JOIN orders o ON o.id = c.order_id
         WHERE c.kind = 'ACCRUE' AND c.referrer_id = $1 AND o.user_id = u.id) AS orders
     FROM users u WHERE u.referred_by = $1 AND u.referral_confirmed_at IS NOT NULL ORDER BY u.referred_at DESC, u.id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return {
    users: rows.map((r: any) => ({ maskedName: maskName(r.first_name, r.last_name), registeredAt: new Date(r.referred_at).toISOString(), orders: r.orders })),
    ...pageFields(page, total),
  };
}

function stateOf(accrued: number, reversed: number, credited: boolean): CommissionState {
  if (reversed > 0 && reversed >= accrued) return 'REVERSED';
  if (reversed > 0) return 'PARTLY_REVERSED';
  return credited ? 'CREDITED' : 'PENDING';
}

export async function introducedOrders(db: Db, userId: number, page = 1): Promise<IntroducedOrders> {
  await creditDue(db, userId);
  const { limit, offset } = pageOf(page);
  const total = (await db.query(`SELECT count(*)::int AS n FROM referral_commissions WHERE referrer_id = $1 AND kind = 'ACCRUE'`, [userId])).rows[0].n;
  const { rows } = await db.query(
    `SELECT o.id, o.status, COALESCE(o.settled_at, o.created_at) AS placed_at, u.first_name, u.last_name, a.base, a.amount AS accrued,
       COALESCE((SELECT -sum(amount) FROM referral_commissions r WHERE r.order_id = o.id AND r.kind = 'REVERSE'), 0)::int AS reversed,
       EXISTS (SELECT 1 FROM referral_commissions c WHERE c.order_id = o.id AND c.kind = 'CREDIT') AS credited
     FROM referral_commissions a JOIN orders o ON o.id = a.order_id JOIN users u ON u.id = o.user_id
     WHERE a.referrer_id = $1 AND a.kind = 'ACCRUE' ORDER BY placed_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return {
    orders: rows.map((r: any) => ({
      orderID: String(r.id), maskedName: maskName(r.first_name, r.last_name), placedAt: new Date(r.placed_at).toISOString(), status: r.status,
      goodsTotal: r.base ?? 0, commission: r.accrued, reversed: r.reversed, commissionState: stateOf(r.accrued, r.reversed, r.credited),
    })),
    ...pageFields(page, total),
    currency: await storeCurrency(db),
  };
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
function checkDay(s: string, what: string): Date {
  const m = DAY_RE.exec(s);
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
  if (!d || d.toISOString().slice(0, 10) !== s) throw badRequest(`${what} must be a calendar date YYYY-MM-DD`);
  return d;
}
const MAX_BUCKETS: Record<ChartPeriod, number> = { day: 366, week: 260, month: 120 };
const DEFAULT_BUCKETS: Record<ChartPeriod, number> = { day: 14, week: 12, month: 12 };

/**
 * Introduced users (by registration) or orders (by settlement, cancelled ones left out) per day, week (from Monday)
 * or month of the store's time zone, from `from` to `to` (both included); buckets without any are zero.
 */
export async function chart(
  q: Queryable, userId: number, what: 'user' | 'order', period: ChartPeriod, range: { from?: string; to?: string; count?: number },
): Promise<ChartSummary> {
  const { timeZone } = await getSetting<CheckoutRules>(q, 'checkout');
  if ((range.from === undefined) !== (range.to === undefined)) throw badRequest('Send both from and to, or neither');
  let { from, to } = range;
  if (from === undefined || to === undefined) {
    const count = range.count ?? DEFAULT_BUCKETS[period];
    if (count > MAX_BUCKETS[period]) throw badRequest(`At most ${MAX_BUCKETS[period]} ${period}s per chart`);
    const { rows } = await q.query(
      `SELECT to_char(t, 'YYYY-MM-DD') AS to, to_char(date_trunc($2, t) - ($3::int - 1) * ('1 ' || $2)::interval, 'YYYY-MM-DD') AS from
       FROM (SELECT (clock_timestamp() AT TIME ZONE $1)::date::timestamp AS t) x`,
      [timeZone, period, count],
    );
    ({ from, to } = rows[0] as { from: string; to: string });
  }
  const a = checkDay(from, 'from');
  const b = checkDay(to, 'to');
  if (a > b) throw badRequest('from must not be after to');
  const days = (b.getTime() - a.getTime()) / 86_400_000 + 1;
  const approx = period === 'day' ? days : period === 'week' ? days / 7 : days / 28;
  if (approx > MAX_BUCKETS[period]) throw badRequest(`At most ${MAX_BUCKETS[period]} ${period}s per chart`);
  const source = what === 'user'
    ? `SELECT u.referred_at AS at, 0 AS amount FROM users u WHERE u.referred_by = $1 AND u.referral_confirmed_at IS NOT NULL`
    : `SELECT COALESCE(o.settled_at, o.created_at) AS at, c.base AS amount FROM referral_commissions c JOIN orders o ON o.id = c.order_id
       WHERE c.referrer_id = $1 AND c.kind = 'ACCRUE' AND o.status NOT IN ('CANCELLED', 'REFUND_PENDING', 'REFUNDED')`;
  const { rows } = await q.query(
    `WITH b AS (SELECT generate_series(date_trunc($2, $3::date::timestamp), $4::date::timestamp, ('1 ' || $2)::interval) AS start),
          x AS (SELECT date_trunc($2, s.at AT TIME ZONE $5) AS k, s.amount FROM (${source}) s
                WHERE s.at >= ($3::date::timestamp AT TIME ZONE $5) AND s.at < (($4::date + 1)::timestamp AT TIME ZONE $5))
     SELECT to_char(b.start, 'YYYY-MM-DD') AS start, count(x.k)::int AS count, COALESCE(sum(x.amount), 0)::int AS amount
     FROM b LEFT JOIN x ON x.k = b.start GROUP BY b.start ORDER BY b.start`,
    [userId, period, from, to, timeZone],
  );
  return { period, timeZone, from, to, buckets: rows.map((r: any) => ({ start: r.start, count: r.count, amount: r.amount })), currency: await storeCurrency(q) };
}
