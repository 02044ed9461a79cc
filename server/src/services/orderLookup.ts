/**
 * Order lookup for guests (issue 18 item 4.11): the order number and the e-mail or phone given at checkout, both
 * matching, open a read-only view of that one order. Guarded against guessing:
 *   - one answer for every miss (unknown number, wrong e-mail or phone, unsettled or hidden order): a 404 with
 *     LOOKUP_MISS, so the answers do not tell which half was wrong;
 *   - the same work for a hit and a miss (the order is always read, both halves always compared as digests in
 *     constant time, against a stand-in when there is no order);
 *   - per-address and per-order-number limits counted before the check (auth_attempts, identity/rateLimit.ts); a
 *     lookup that matches gives its counts back.
 * The answer is the order view without the account (userID null) and without actions (cancellable false).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { giveBack, takeAttempts, tooMany, type LimitRule } from '../identity/rateLimit.ts';
import { orderView } from './orders.ts';

export const LOOKUP_MISS = 'No order matches that number and e-mail';
/** Lookups from one address (matching or not, given back when they match). */
export const LOOKUP_ADDRESS_RULE: LimitRule = { max: 20, windowMs: 15 * 60_000 };
/** Lookups of one order number from anywhere: 5 tries at its e-mail or phone. */
export const LOOKUP_ORDER_RULE: LimitRule = { max: 5, windowMs: 15 * 60_000 };

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

export async function lookupOrder(q: Queryable, ip: string, body: { orderID: string; contact: string }) {
  const id = parseLookupNumber(body.orderID);
  const given = contactKey(body.contact);
  if (!given) throw badRequest('Enter the e-mail address or phone number you gave at checkout');
  const keys = [`order-lookup-ip:${ip}`, `order-lookup:${id}`];
  const wait = await takeAttempts(q, [[keys[0], LOOKUP_ADDRESS_RULE], [keys[1], LOOKUP_ORDER_RULE]]);
  if (wait > 0) throw tooMany(wait, 'order lookups');
  const o = (await q.query(`SELECT * FROM orders WHERE id = $1 AND status <> 'INTERIM' AND NOT hidden`, [id])).rows[0];
  const email = contactKey(String(o?.contact?.email ?? '')) ?? 'e:\u0000none';
  const phone = contactKey(String(o?.contact?.phone ?? '')) ?? 'p:\u0000none';
  // Both compared every time, so a hit on either costs what a miss on both does.
  const matches = [same(given, email), same(given, phone)];
  if (!o || !matches.includes(true)) throw new ApiError(404, LOOKUP_MISS);
  await giveBack(q, keys);
  return { ...(await orderView(q, o)), userID: null, cancellable: false };
}
