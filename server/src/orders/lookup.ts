/**
 * Order lookup for guests (issue 18 item 4.11; issue 38 item 2, security probe 2026-12-01 N2): a guest's order, and
 * only a guest's (an account's orders are under My orders), is opened read-only by
 *   - its receipt's secret reference (`ref` in the receipt mail's link: 32 random hex digits, not the sequential
 *     number), or
 *   - its number with the e-mail AND the phone given at checkout.
 * Guarded against guessing and against learning anything from the answer:
 *   - one answer for every miss (unknown number or reference, wrong e-mail or phone, unsettled or hidden order, an
 *     account's order): a 404 with LOOKUP_MISS, so nothing says which part was wrong or that an order exists;
 *   - the same work for a hit and a miss (the order is always read, every contact compared as digests in constant
 *     time, against a stand-in when there is no order);
 *   - limits counted before the check (auth_attempts, identity/rateLimit.ts): per client address (an IPv6 address by
 *     its /64), per order number, and per e-mail and per phone given; a lookup that matches gives its counts back.
 * The answer is the order view without the account (userID null) and without actions (cancellable false).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { giveBack, takeAttempts, tooMany, type LimitRule } from '../identity/rateLimit.ts';
import { orderView } from './service.ts';

export const LOOKUP_MISS = 'No order matches those details';
/** Lookups from one address (matching or not, given back when they match). */
export const LOOKUP_ADDRESS_RULE: LimitRule = { max: 20, windowMs: 15 * 60_000 };
/** Lookups of one order number from anywhere: 5 tries at its e-mail and phone. */
export const LOOKUP_ORDER_RULE: LimitRule = { max: 5, windowMs: 15 * 60_000 };
/** Lookups naming one e-mail, or one phone, from anywhere: a scan of order numbers for one person stops here. */
export const LOOKUP_CONTACT_RULE: LimitRule = { max: 10, windowMs: 60 * 60_000 };

/** A receipt reference: 32 hex digits (migration 488); anything else is a 400 that says nothing about orders. */
const REF = /^[0-9a-f]{32}$/;

/** '#1042', ' 1042 ' → 1042; anything else is a 400 (the format says nothing about which orders exist). */
export function parseLookupNumber(raw: string): number {
  const t = raw.replace(/[\s#]/g, '');
  if (!/^\d{1,9}$/.test(t)) throw badRequest('Enter the order number from your confirmation or receipt');
  return Number(t);
}

/** What a contact is compared by: an e-mail in lower case, a phone by its last 10 digits (at least 7). */
export function contactKey(raw: string): string | null {
  const t = raw.trim();
  if (t.includes('@')) return /^[^\s@]+@[^\s@]+$/.test(t) ? `e:${t.toLowerCase()}` : null;
  const digits = t.replace(/\D/g, '');
  return digits.length >= 7 && /^[\d\s()+.\-]+$/.test(t) ? `p:${digits.slice(-10)}` : null;
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** The client address as a limit counts it: an IPv6 address by its /64 (one subscriber's whole range), IPv4 as is. */
export function lookupAddressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface LookupBody {
  ref?: string;
  orderID?: string;
  email?: string;
  phone?: string;
}

const SETTLED = `status <> 'INTERIM' AND NOT hidden`;

export async function lookupOrder(q: Queryable, ip: string, body: LookupBody) {
  const address = `order-lookup-ip:${lookupAddressKey(ip)}`;
  let o: any;
  if (body.ref !== undefined) {
    const ref = body.ref.trim().toLowerCase();
    if (!REF.test(ref)) throw badRequest('That order link is not complete: open it from your receipt mail again, or enter the order number, e-mail and phone');
    const wait = await takeAttempts(q, [[address, LOOKUP_ADDRESS_RULE]]);
    if (wait > 0) throw tooMany(wait, 'order lookups');
    const found = (await q.query(`SELECT * FROM orders WHERE lookup_ref = $1 AND ${SETTLED}`, [ref])).rows[0];
    // An account's order answers as a missing one does.
    if (!found || found.user_id != null) throw new ApiError(404, LOOKUP_MISS);
    await giveBack(q, [address]);
    o = found;
  } else {
    const id = parseLookupNumber(body.orderID ?? '');
    const email = contactKey(body.email ?? '');
    const phone = contactKey(body.phone ?? '');
    const problems = [
      ...(email?.startsWith('e:') ? [] : ['Enter the e-mail address you gave at checkout']),
      ...(phone?.startsWith('p:') ? [] : ['Enter the phone number you gave at checkout']),
    ];
    if (problems.length) throw badRequest(problems);
    const keys = [address, `order-lookup:${id}`, `order-lookup-contact:${email}`, `order-lookup-contact:${phone}`];
    const wait = await takeAttempts(q, [
      [keys[0], LOOKUP_ADDRESS_RULE], [keys[1], LOOKUP_ORDER_RULE], [keys[2], LOOKUP_CONTACT_RULE], [keys[3], LOOKUP_CONTACT_RULE],
    ]);
    if (wait > 0) throw tooMany(wait, 'order lookups');
    const found = (await q.query(`SELECT * FROM orders WHERE id = $1 AND ${SETTLED}`, [id])).rows[0];
    const orderEmail = contactKey(String(found?.contact?.email ?? '')) ?? 'e:\u0000none';
    const orderPhone = contactKey(String(found?.contact?.phone ?? '')) ?? 'p:\u0000none';
    // Both compared every time, and an account's order read and compared like a guest's: a hit costs what a miss does.
    const matches = [same(email!, orderEmail), same(phone!, orderPhone)];
    if (!found || found.user_id != null || matches.includes(false)) throw new ApiError(404, LOOKUP_MISS);
    await giveBack(q, keys);
    o = found;
  }
  return { ...(await orderView(q, o)), userID: null, cancellable: false };
}
