/**
 * Brake on password guessing (security probe finding 3). Every attempt is counted in the database *before* the
 * password is checked (one atomic upsert per key), so a burst of concurrent guesses cannot slip past the limit, and
 * several server processes count together; an attempt that succeeds is given back. Limits:
 *   - account + address: 5 tries per 15 minutes. The one that stops a guesser, and the only one that can stop the
 *     owner: nobody else can lock a shopper out from their own address.
 *   - address: 30 tries per 15 minutes over any accounts (password spraying).
 *   - account from addresses it never signed in from: 50 per hour, a slower global brake for guessers spread over
 *     many addresses; addresses the account signed in from before are exempt, so it cannot lock the owner out either.
 *   - change password: 5 tries of the current password per 15 minutes per account.
 * Addresses are `req.ip`, which honours X-Forwarded-For only from configured proxies (TRUST_PROXY).
 *   - registration (security probe findings 4 and 18): REGISTRATIONS_PER_HOUR sign-ups per address, every try counted
 *     (a 409 "already exists" answers whether an e-mail has an account, and each sign-up costs a password hash).
 * Covers signon, wechat/link, alipay/link (they check a password) and admin/userManagement/resetPassword; the same
 * counters also limit unknown coupon codes per address (common3/coupons/{code}, couponVerification/{code}). The contact
 * form keeps its own limits with its messages (services/contact.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../lib/errors.ts';
import { getSession } from '../lib/session.ts';

export interface LimitRule {
  max: number;
  windowMs: number;
}

export const PAIR_RULE: LimitRule = { max: 5, windowMs: 15 * 60_000 };
export const ADDRESS_RULE: LimitRule = { max: 30, windowMs: 15 * 60_000 };
export const ACCOUNT_RULE: LimitRule = { max: 50, windowMs: 60 * 60_000 };
export const CHANGE_PASSWORD_RULE: LimitRule = { max: 5, windowMs: 15 * 60_000 };
/** Coupon codes that do not exist (or are not yours) from one address: guessing non-public codes (finding 9). */
export const COUPON_RULE: LimitRule = { max: 20, windowMs: 15 * 60_000 };
/** Confirmation mails an account may ask for again (admin/userManagement/emailVerification). */
export const VERIFY_MAIL_RULE: LimitRule = { max: 3, windowMs: 60 * 60_000 };
/**
 * Password-reset mail (security probe 2026-11-26 M4): at most 3 mails per recipient per hour, counted whether or not
 * the address has an account and after the answer, so the answer never differs; and 10 requests per client address per
 * 15 minutes, counted before anything is looked up (a 429 says nothing about any account).
 */
export const RESET_MAIL_RULE: LimitRule = { max: 3, windowMs: 60 * 60_000 };
export const RESET_CLIENT_RULE: LimitRule = { max: 10, windowMs: 15 * 60_000 };
const KNOWN_ADDRESS_DAYS = 90;

/**
 * Counts one attempt on each key in one statement (the sign-in path stays short on PGlite's single connection);
 * milliseconds until the most restrictive exceeded key frees up, or 0 when all are within their limits.
 */
export async function takeAttempts(q: Queryable, keys: [string, LimitRule][]): Promise<number> {
  const { rows } = await q.query(
    `INSERT INTO auth_attempts (key, count, window_start, window_secs)
     SELECT k, 1, now(), secs FROM unnest($1::text[], $2::int[]) AS t(k, secs)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN auth_attempts.window_start <= now() - make_interval(secs => EXCLUDED.window_secs) THEN 1 ELSE auth_attempts.count + 1 END,
       window_start = CASE WHEN auth_attempts.window_start <= now() - make_interval(secs => EXCLUDED.window_secs) THEN now() ELSE auth_attempts.window_start END,
       window_secs = EXCLUDED.window_secs
     RETURNING key, count, (extract(epoch FROM window_start - now()) * 1000)::float8 AS age_ms`,
    [keys.map(([k]) => k), keys.map(([, rule]) => rule.windowMs / 1000)],
  );
  let wait = 0;
  for (const r of rows) {
    const rule = keys.find(([k]) => k === r.key)![1];
    if (r.count > rule.max) wait = Math.max(wait, rule.windowMs + Number(r.age_ms));
  }
  return wait;
}

/** Gives back one counted attempt on each key (it succeeded). */
export async function giveBack(q: Queryable, keys: string[]): Promise<void> {
  await q.query(`UPDATE auth_attempts SET count = count - 1 WHERE key = ANY($1) AND count > 0`, [keys]);
}

export function tooMany(waitMs: number, what = 'failed sign-in attempts'): ApiError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new ApiError(429, `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

const emailOf = (req: FastifyRequest) => {
  const body = req.body as { emailID?: unknown } | undefined;
  return typeof body?.emailID === 'string' ? body.emailID.trim().toLowerCase() : '';
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives the counted attempt back; run when the answer is a success. */
    limitSucceeded?: (q: Queryable) => Promise<void>;
  }
}

/**
 * Hooks the limits onto the password-checking routes: counted (and refused with 429 once over) in preHandler, after
 * validation and before the handler checks the password; given back when the answer is 200.
 */
export function registerLoginRateLimit(app: FastifyInstance, prefix: string) {
  const credentialRoutes = new Set(['/common3/signon', '/wechat/link', '/alipay/link'].map((r) => prefix + r));
  const changePassword = `${prefix}/admin/userManagement/resetPassword`;
  const registrations = new Set(['/common3/clientRegistration', '/wechat/register', '/alipay/register'].map((r) => prefix + r));
  const registrationRule: LimitRule = { max: app.config.registrationsPerHour, windowMs: 60 * 60_000 };
  const couponLookups = new Set(['/common3/coupons/:code', '/shoppingManagement4/couponVerification/:code'].map((r) => prefix + r));
  app.addHook('preHandler', async (req) => {
    const route = req.routeOptions.url ?? '';
    const db = app.db;
    if (credentialRoutes.has(route)) {
      const email = emailOf(req);
      const pair = `pair:${email}|${req.ip}`;
      const address = `ip:${req.ip}`;
      const known = `known:${email}|${req.ip}`;
      const account = `account:${email}`;
      const isKnown = (await db.query(
        `SELECT 1 FROM auth_attempts WHERE key = $1 AND window_start > now() - make_interval(days => $2)`, [known, KNOWN_ADDRESS_DAYS],
      )).rows.length > 0;
      const keys: [string, LimitRule][] = [[pair, PAIR_RULE], [address, ADDRESS_RULE], ...(isKnown ? [] : [[account, ACCOUNT_RULE] as [string, LimitRule]])];
      const wait = await takeAttempts(db, keys);
      if (wait > 0) throw tooMany(wait);
      // The right password: this attempt is given back, the address's own count for the account cleared, and the
      // address remembered as the owner's.
      req.limitSucceeded = async (q) => {
        await q.query(
          `WITH back AS (UPDATE auth_attempts SET count = count - 1 WHERE key = ANY($1) AND count > 0),
                cleared AS (DELETE FROM auth_attempts WHERE key = $2)
           INSERT INTO auth_attempts (key, count, window_start, window_secs) VALUES ($3, 0, now(), 0)
           ON CONFLICT (key) DO UPDATE SET window_start = now()`,
          [[address, account], pair, known],
        );
      };
    } else if (route === changePassword) {
      const s = await getSession(req);
      if (!s?.userId) return;
      const key = `change-password:${s.userId}`;
      const wait = await takeAttempts(db, [[key, CHANGE_PASSWORD_RULE]]);
      if (wait > 0) throw tooMany(wait, 'wrong current passwords');
      req.limitSucceeded = (q) => giveBack(q, [key]);
    } else if (registrations.has(route)) {
      const wait = await takeAttempts(db, [[`register:${req.ip}`, registrationRule]]);
      if (wait > 0) throw tooMany(wait, 'sign-ups from this address');
    } else if (couponLookups.has(route)) {
      const key = `coupon:${req.ip}`;
      const wait = await takeAttempts(db, [[key, COUPON_RULE]]);
      if (wait > 0) throw tooMany(wait, 'unknown coupon codes');
      req.limitSucceeded = (q) => giveBack(q, [key]);
    }
  });
  // onSend, not onResponse: the count is settled before the client sees the answer and sends its next try.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.limitSucceeded && reply.statusCode === 200) await req.limitSucceeded(app.db);
    return payload;
  });
}
