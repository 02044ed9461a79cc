/**
 * The back office (issue 43): staff accounts, their sign-in and sessions, the activity record, and the orders desk.
 * Orders change only through the one order lifecycle (orders/lifecycle.ts moveOrder, requestRefund), as the operator's
 * `npm run orders` does; what a staff member did is recorded twice: on the order (order_events, actor = their e-mail,
 * staff_id) and in the activity list (staff_activity).
 */
import type { Db, Queryable } from '../../db/index.ts';
import { ApiError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/session.ts';
import { optionLabels } from '../../lib/options.ts';
import { giveBack, takeAttempts, tooMany, type LimitRule } from '../../identity/rateLimit.ts';
import { moveOrder, requestRefund } from '../../orders/lifecycle.ts';
import { allowedMoves } from '../../orders/stateTable.ts';
import { dayOrders, pickList } from '../../services/dayOrders.ts';
import { refundsOf } from '../../services/refunds.ts';
import { EMAIL_RE } from '../../services/validate.ts';
import { queueStaffInvitation } from '../../mail/mails.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../contract/constants.ts';
import type {
  AdminActivity, AdminDayOrders, AdminDayQuery, AdminOrder, AdminPickList, AdminPickQuery, AdminRefundBody, AdminStaffList,
  AdminInvite, AdminMove, StaffRole,
} from '../../../../contract/admin.ts';
import { isStaffRole, LOCK_AFTER_FAILURES, LOCK_MINUTES } from './roles.ts';

/** A signed-in staff member, as the routes see them. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** Signs in with an authenticator code too (features/admin/totp.ts). */
  totp?: boolean;
}

/** Who made a change: a staff member (the back office), or the operator's command line (`actor` says who ran it). */
export type Actor = StaffMember | { id: null; email: string };

export const STAFF_SESSION_HOURS = 12;
/** Sign-in tries per e-mail and address, and per address over any e-mails, before a 429 (15 minutes). */
export const ADMIN_PAIR_RULE: LimitRule = { max: 10, windowMs: 15 * 60_000 };
export const ADMIN_ADDRESS_RULE: LimitRule = { max: 30, windowMs: 15 * 60_000 };

const normalEmail = (email: string) => email.trim().toLowerCase();
const actorName = (a: Actor) => a.email;

/** Records one change in the activity list, in the caller's transaction. */
export async function recordActivity(q: Queryable, by: Actor, action: string, subject: string, detail: Record<string, unknown> = {}): Promise<void> {
  await q.query('INSERT INTO staff_activity (staff_id, actor, action, subject, detail) VALUES ($1, $2, $3, $4, $5)',
    [by.id, actorName(by).slice(0, 300), action, subject.slice(0, 100), JSON.stringify(detail)]);
}

/** Creates a staff account (the staff CLI; later, the owner's invitation): 400 for a bad e-mail or password, 409 when taken. */
export async function addStaff(db: Db, input: { email: string; role: string; password: string; name?: string }, by: Actor): Promise<StaffMember> {
  const email = normalEmail(input.email);
  const errors: string[] = [];
  if (!EMAIL_RE.test(email) || email.length > 254) errors.push('E-mail address is not valid');
  if (!isStaffRole(input.role)) errors.push('Role must be owner or staff');
  if (input.password.length < PASSWORD_MIN_LENGTH) errors.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (input.password.length > 200) errors.push('Password must be at most 200 characters');
  const name = (input.name ?? '').trim();
  if (name.length > 100) errors.push('Name must be at most 100 characters');
  if (errors.length) throw badRequest(errors);
  const hash = await hashPassword(input.password);
  return db.tx(async (q) => {
    const { rows } = await q.query(
      `INSERT INTO staff (email, password_hash, role, name) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id, email, name, role`,
      [email, hash, input.role, name]);
    if (!rows[0]) throw conflict(`A staff account with the e-mail ${email} already exists`);
    await recordActivity(q, by, 'staff.add', email, { role: input.role });
    return rows[0] as StaffMember;
  });
}

/** Sets a staff member's password and ends their sessions (the staff CLI). */
export async function setStaffPassword(db: Db, email: string, password: string, by: Actor): Promise<void> {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  const hash = await hashPassword(password);
  await db.tx(async (q) => {
    const { rows } = await q.query('UPDATE staff SET password_hash = $2, failed_count = 0, locked_until = NULL WHERE email = $1 RETURNING id', [normalEmail(email), hash]);
    if (!rows[0]) throw notFound(`No staff account with the e-mail ${normalEmail(email)}`);
    await q.query('DELETE FROM staff_sessions WHERE staff_id = $1', [rows[0].id]);
    await recordActivity(q, by, 'staff.password', normalEmail(email));
  });
}

/** Lifts a lock after repeated wrong passwords (the staff CLI). */
export async function unlockStaff(db: Db, email: string, by: Actor): Promise<void> {
  await db.tx(async (q) => {
    const { rows } = await q.query('UPDATE staff SET failed_count = 0, locked_until = NULL WHERE email = $1 RETURNING id', [normalEmail(email)]);
    if (!rows[0]) throw notFound(`No staff account with the e-mail ${normalEmail(email)}`);
    await recordActivity(q, by, 'staff.unlock', normalEmail(email));
  });
}

/** Disables (or enables again) a staff account; a disabled one cannot sign in and its sessions end. */
export async function setStaffDisabled(db: Db, email: string, disabled: boolean, by: Actor): Promise<void> {
  await db.tx(async (q) => {
    const { rows } = await q.query(
      `UPDATE staff SET disabled_at = CASE WHEN $2 THEN COALESCE(disabled_at, clock_timestamp()) ELSE NULL END WHERE email = $1 RETURNING id, role`,
      [normalEmail(email), disabled]);
    if (!rows[0]) throw notFound(`No staff account with the e-mail ${normalEmail(email)}`);
    if (disabled && rows[0].role === 'owner') {
      const { rows: [{ n }] } = await q.query(`SELECT count(*)::int AS n FROM staff WHERE role = 'owner' AND disabled_at IS NULL`);
      if (n === 0) throw conflict('The shop must keep one owner who can sign in');
    }
    if (disabled) await q.query('DELETE FROM staff_sessions WHERE staff_id = $1', [rows[0].id]);
    await recordActivity(q, by, disabled ? 'staff.disable' : 'staff.enable', normalEmail(email));
  });
}

export async function listStaff(q: Queryable): Promise<AdminStaffList> {
  const { rows } = await q.query('SELECT * FROM staff ORDER BY role, email');
  return {
    staff: rows.map((r: any) => ({
      email: r.email, name: r.name, role: r.role,
      locked: r.locked_until != null && new Date(r.locked_until).getTime() > Date.now(),
      disabled: r.disabled_at != null,
      lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    })),
  };
}

const wrongCredentials = () => unauthorized('E-mail or password is wrong');
const minutesUntil = (t: Date) => Math.max(1, Math.ceil((t.getTime() - Date.now()) / 60_000));

/**
 * Checks a staff member's credentials. Every try is counted before the password is checked (10 per e-mail and address,
 * 30 per address in 15 minutes: 429 past them; the right password gives its try back). LOCK_AFTER_FAILURES wrong
 * passwords in a row lock the account for LOCK_MINUTES (423, even with the right password; the CLI's `unlock` lifts
 * it). An unknown e-mail costs the same hash as a wrong password and gets the same 401.
 */
export async function checkStaffCredentials(db: Db, emailInput: string, password: string, ip: string): Promise<StaffMember> {
  const email = normalEmail(emailInput);
  const pair = `admin-pair:${email}|${ip}`;
  const address = `admin-ip:${ip}`;
  const wait = await takeAttempts(db, [[pair, ADMIN_PAIR_RULE], [address, ADMIN_ADDRESS_RULE]]);
  if (wait > 0) throw tooMany(wait);
  const row = (await db.query('SELECT * FROM staff WHERE email = $1', [email])).rows[0];
  if (row?.locked_until && new Date(row.locked_until).getTime() > Date.now()) {
    throw new ApiError(423, `This account is locked after ${LOCK_AFTER_FAILURES} wrong passwords. Try again in ${minutesUntil(new Date(row.locked_until))} minutes, or ask the owner to unlock it.`);
  }
  const ok = row ? await verifyPassword(password, row.password_hash) : (await verifyPassword(password, await dummyHash()), false);
  if (!ok || row.disabled_at) {
    if (row && !ok) {
      await db.tx(async (q) => {
        const { rows: [after] } = await q.query(
          `UPDATE staff SET failed_count = CASE WHEN failed_count + 1 >= $2 THEN 0 ELSE failed_count + 1 END,
                  locked_until = CASE WHEN failed_count + 1 >= $2 THEN clock_timestamp() + make_interval(mins => $3) ELSE locked_until END
            WHERE id = $1 RETURNING locked_until, failed_count`,
          [row.id, LOCK_AFTER_FAILURES, LOCK_MINUTES]);
        if (after.failed_count === 0 && after.locked_until) await recordActivity(q, { id: row.id, email: row.email }, 'staff.locked', row.email, { from: ip });
      });
    }
    throw wrongCredentials();
  }
  await giveBack(db, [pair, address]);
  const hash = needsRehash(row.password_hash) ? await hashPassword(password) : row.password_hash;
  await db.query('UPDATE staff SET failed_count = 0, locked_until = NULL, last_login_at = clock_timestamp(), password_hash = $2 WHERE id = $1', [row.id, hash]);
  return { id: row.id, email: row.email, name: row.name, role: row.role, totp: row.totp_enabled_at != null };
}

/** Opens a session for the staff member; answers its token (the cookie's value; only its hash is stored). */
export async function openStaffSession(db: Db, staff: StaffMember, ip: string): Promise<string> {
  const token = newToken();
  await db.tx(async (q) => {
    await q.query(`INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, clock_timestamp() + make_interval(hours => $3))`,
      [hashToken(token), staff.id, STAFF_SESSION_HOURS]);
    await q.query('DELETE FROM staff_sessions WHERE staff_id = $1 AND expires_at < clock_timestamp()', [staff.id]);
    await recordActivity(q, staff, 'staff.signin', staff.email, { from: ip });
  });
  return token;
}

/** The staff member of a session token, or null (unknown, expired, disabled). */
export async function staffOfToken(q: Queryable, token: string | undefined): Promise<StaffMember | null> {
  if (!token || token.length > 100) return null;
  const { rows } = await q.query(
    `SELECT st.id, st.email, st.name, st.role, st.totp_enabled_at IS NOT NULL AS totp FROM staff_sessions s JOIN staff st ON st.id = s.staff_id
      WHERE s.token_hash = $1 AND s.expires_at > clock_timestamp() AND st.disabled_at IS NULL`, [hashToken(token)]);
  return (rows[0] as StaffMember | undefined) ?? null;
}

export async function endStaffSession(db: Db, token: string, staff: StaffMember): Promise<void> {
  await db.tx(async (q) => {
    await q.query('DELETE FROM staff_sessions WHERE token_hash = $1', [hashToken(token)]);
    await recordActivity(q, staff, 'staff.signout', staff.email);
  });
}

/** The day's orders with each store and method's count (the desk polls it: its live count). */
export async function deskDay(q: Queryable, query: AdminDayQuery): Promise<AdminDayOrders> {
  const { day, orders } = await dayOrders(q, { date: query.date, store: query.store, method: query.method });
  const counts = new Map<string, { store: string | null; method: string; total: number; open: number }>();
  for (const o of orders) {
    const key = `${o.store ?? ''}|${o.method}`;
    const c = counts.get(key) ?? { store: o.store, method: o.method, total: 0, open: 0 };
    c.total++;
    if (['NEW', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'].includes(o.status)) c.open++;
    counts.set(key, c);
  }
  return { day, counts: [...counts.values()], orders } as AdminDayOrders;
}

export async function deskPickList(q: Queryable, query: AdminPickQuery): Promise<AdminPickList> {
  return pickList(q, { date: query.date, store: query.store });
}

const iso = (t: unknown) => new Date(t as string).toISOString();

function addressLine(d: any): string | null {
  if (!d || typeof d !== 'object') return null;
  return [d.streetNumberAndNameDetails, d.unit, d.city, d.province, d.postCode, d.country].filter((x) => typeof x === 'string' && x.trim()).join(', ') || null;
}

/** An order's page: lines, shopper, payment, refunds, history and the moves allowed now. */
export async function orderPage(q: Queryable, orderId: number): Promise<AdminOrder> {
  const o = (await q.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
  if (!o || o.status === 'INTERIM' && o.hidden) throw notFound(`Order ${orderId} not found`);
  const [lines, attempts, events, refunds] = await Promise.all([
    q.query(`SELECT l.*, p.options::text AS options FROM order_lines l LEFT JOIN products p ON p.id = l.product_id WHERE l.order_id = $1 ORDER BY l.line_no`, [orderId]),
    q.query('SELECT id, channel, status, amount, created_at FROM payment_attempts WHERE order_id = $1 ORDER BY created_at', [orderId]),
    q.query('SELECT created_at, actor, from_status, to_status, note FROM order_events WHERE order_id = $1 ORDER BY id', [orderId]),
    q.query('SELECT id, amount, status, reason, created_at FROM refunds WHERE order_id = $1 ORDER BY created_at, id', [orderId]),
  ]);
  const paid = ['PAID_ONLINE', 'PAID_BY_DISCOUNT'].includes(o.payment_status) && o.status !== 'INTERIM';
  const moves = allowedMoves(o);
  const c = o.contact;
  return {
    orderID: String(o.id),
    status: o.status,
    paymentStatus: o.payment_status,
    method: o.method,
    store: o.local_store_id ?? null,
    storeName: o.local_store_name ?? null,
    due: o.pickup_date_time ?? o.delivery_date_time ?? null,
    createdAt: iso(o.created_at),
    contact: c ? { name: `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim(), email: c.email ?? '', phone: c.phone ?? '' } : null,
    deliveryAddress: o.method === 'DELIVERY' ? addressLine(o.delivery) : null,
    comment: o.customer_comment ?? '',
    lines: lines.rows.map((l: any) => ({
      productId: String(l.product_id),
      name: { en: l.name_en, zh: l.name_zh },
      options: optionLabels(l.option_pair, l.options ? JSON.parse(l.options) : []).map((x) => x.en).join(', '),
      quantity: l.quantity, unitPrice: l.unit_price, lineTotal: l.line_total,
    })),
    subtotal: o.subtotal, discount: o.discount, tip: o.tip, tax: o.tax, shipping: o.shipping, storeCredit: o.store_credit,
    total: o.total, refunded: o.refunded,
    refundable: paid && !['REFUND_PENDING', 'REFUNDED', 'CHARGED_BACK'].includes(o.status) ? Math.max(0, o.total + o.store_credit - o.refunded) : 0,
    currency: o.currency,
    payments: attempts.rows.map((a: any) => ({ id: a.id, channel: a.channel, status: a.status, amount: a.amount, createdAt: iso(a.created_at) })),
    refunds: refunds.rows.map((r: any) => ({ id: r.id, amount: r.amount, status: r.status, reason: r.reason, createdAt: iso(r.created_at) })),
    history: events.rows.map((e: any) => ({ at: iso(e.created_at), actor: e.actor, from: e.from_status, to: e.to_status, note: e.note })),
    moves,
  };
}

/** A staff member moves an order on through the lifecycle (moveOrder); recorded on the order and in the activity. */
export async function staffMove(db: Db, staff: StaffMember, orderId: number, move: AdminMove, note: string): Promise<AdminOrder> {
  return db.tx(async (q) => {
    const { order, from } = await moveOrder(q, orderId, move, staff.email, note);
    await q.query('UPDATE order_events SET staff_id = $1 WHERE id = (SELECT max(id) FROM order_events WHERE order_id = $2)', [staff.id, orderId]);
    await recordActivity(q, staff, `order.${move}`, String(orderId), { from, to: order.status, ...(note ? { note } : {}) });
    return orderPage(q, orderId);
  });
}

/**
 * A staff member refunds an order, in part or whole, through the lifecycle's requestRefund (the path `npm run orders
 * -- refund` takes), once per key: a repeated key refunds nothing and says so.
 */
export async function staffRefund(db: Db, staff: StaffMember, orderId: number, body: AdminRefundBody) {
  return db.tx(async (q) => {
    const r = await requestRefund(q, { orderID: String(orderId), amount: body.amount, reason: body.reason, key: `admin-refund:${orderId}:${body.key}` });
    if (!r.repeated) await recordActivity(q, staff, 'order.refund', String(orderId), { refund: r.id, amount: r.amount, reason: body.reason });
    const refund = (await refundsOf(q, orderId)).find((x) => x.id === r.id)!;
    const row = (await q.query('SELECT reason FROM refunds WHERE id = $1', [r.id])).rows[0];
    return {
      refund: { id: refund.id, amount: refund.amount, status: refund.status, reason: row.reason, createdAt: refund.createdAt },
      repeated: r.repeated,
      order: await orderPage(q, orderId),
    };
  });
}

const detailText = (d: Record<string, unknown>) =>
  Object.entries(d ?? {}).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ');

/** The activity list, newest first (`before`: an id, for the next page). */
export async function activity(q: Queryable, limit = 50, before?: number): Promise<AdminActivity> {
  const { rows } = await q.query(
    'SELECT * FROM staff_activity WHERE ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $1', [limit, before ?? null]);
  return { items: rows.map((r: any) => ({ id: Number(r.id), at: iso(r.created_at), actor: r.actor, action: r.action, subject: r.subject, detail: detailText(r.detail) })) };
}

/** An invitation link works this long, once. */
export const INVITATION_HOURS = 72;
/** What an invited account's password_hash holds until the link is used: no password matches it (lib/password.ts). */
const INVITED = 'invited';

/**
 * The owner invites someone (POST staff): the account is made now without a password, and a mail (in the language the
 * owner chose) carries a link to choose one within INVITATION_HOURS. 400 for a bad e-mail, 409 when the e-mail has an
 * account already. Recorded in the activity.
 */
export async function inviteStaff(db: Db, owner: StaffMember, input: AdminInvite, origin: string): Promise<void> {
  const email = normalEmail(input.email);
  if (!EMAIL_RE.test(email) || email.length > 254) throw badRequest('E-mail address is not valid');
  const name = (input.name ?? '').trim();
  await db.tx(async (q) => {
    const { rows } = await q.query(
      `INSERT INTO staff (email, password_hash, role, name) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [email, INVITED, input.role, name]);
    if (!rows[0]) throw conflict(`A staff account with the e-mail ${email} already exists`);
    const token = newToken(24);
    await q.query(`INSERT INTO staff_invitations (token_hash, staff_id, invited_by, expires_at) VALUES ($1, $2, $3, clock_timestamp() + make_interval(hours => $4))`,
      [hashToken(token), rows[0].id, owner.id, INVITATION_HOURS]);
    await queueStaffInvitation(q, { email, role: input.role, invitedBy: owner.name || owner.email, token, origin, locale: input.locale });
    await recordActivity(q, owner, 'staff.invite', email, { role: input.role });
  });
}

/** The invited person chooses their password with the mail's link (once, within its time): 400 otherwise. */
export async function acceptInvitation(db: Db, token: string, password: string): Promise<{ email: string }> {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  // The token first: a made-up token must not cost a password hash.
  const valid = await db.query('SELECT 1 FROM staff_invitations WHERE token_hash = $1 AND used_at IS NULL AND expires_at > clock_timestamp()', [hashToken(token)]);
  if (!valid.rows[0]) throw badRequest('This invitation link is not valid or has expired: ask the owner for a new one');
  const hash = await hashPassword(password);
  return db.tx(async (q) => {
    const { rows } = await q.query(
      `UPDATE staff_invitations SET used_at = clock_timestamp() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > clock_timestamp() RETURNING staff_id`,
      [hashToken(token)]);
    if (!rows[0]) throw badRequest('This invitation link is not valid or has expired: ask the owner for a new one');
    const { rows: [st] } = await q.query('UPDATE staff SET password_hash = $2 WHERE id = $1 RETURNING id, email', [rows[0].staff_id, hash]);
    await recordActivity(q, { id: st.id, email: st.email }, 'staff.accept', st.email);
    return { email: st.email };
  });
}
