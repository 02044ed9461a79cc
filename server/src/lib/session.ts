/**
 * Sessions (HttpOnly ISTORE_SESSION cookie, row in `sessions`, token stored hashed) and the XSRF
 * double-submit rule (XSRF-TOKEN cookie must equal the X-XSRF-TOKEN header on unsafe methods).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/index.ts';
import { forbidden, unauthorized } from './errors.ts';
import { localeFromAcceptLanguage } from './acceptLanguage.ts';
import { cookieSecurity } from '../config.ts';
import { HOSTED_CHANNELS, type HostedChannel } from '../../../shared/hostedChannels.ts';

export const SESSION_COOKIE = 'ISTORE_SESSION';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SESSION_DAYS = 30;

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  profileImage: string;
  myId: string;
  lastLoginAt: Date | null;
  emailVerified: boolean;
}

export interface Session {
  id: number;
  userId: number | null;
  locale: 'en' | 'zh';
  /** Whether the visitor chose the locale (changeLocale); until then `locale` is the first request's Accept-Language and app info follows each request's. */
  localeChosen: boolean;
  locationId: string | null;
  user: SessionUser | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionCache?: Session | null;
  }
}

export const hashToken = (t: string) => crypto.createHash('sha256').update(t).digest('base64url');
export const newToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

const UNSAFE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** `Secure` always with COOKIE_SECURE=true, else whenever the request came over TLS (a trusted proxy's word counts). */
/** `secure` is the store's cookieSecurity(config): true, false, or 'auto' (Secure when the request came over TLS). */
export function cookieOptions(secure: boolean | 'auto', httpOnly: boolean, maxAgeSeconds?: number) {
  return { path: '/', sameSite: 'lax' as const, httpOnly, secure, ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}) };
}

function rowToSession(r: any): Session {
  return {
    id: r.id,
    userId: r.user_id ?? null,
    locale: r.locale === 'zh' ? 'zh' : 'en',
    localeChosen: !!r.locale_chosen,
    locationId: r.location_id ?? null,
    user: r.user_id
      ? {
          id: r.user_id,
          email: r.email,
          firstName: r.first_name,
          lastName: r.last_name,
          phone: r.phone,
          profileImage: r.profile_image,
          myId: r.my_id,
          lastLoginAt: r.last_login_at ?? null,
          emailVerified: r.email_verified_at != null,
        }
      : null,
  };
}

const SESSION_SQL = `SELECT s.id, s.user_id, s.locale, s.locale_chosen, s.location_id, u.email, u.first_name, u.last_name, u.phone,
  u.profile_image, u.my_id, u.last_login_at, u.email_verified_at
  FROM sessions s LEFT JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > now()`;

/** The visitor's session, or null for a visitor the server has stored nothing for yet. Cached per request. */
export async function getSession(req: FastifyRequest, q?: Queryable): Promise<Session | null> {
  if (req.sessionCache !== undefined && !q) return req.sessionCache;
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return (req.sessionCache = null);
  const db = q ?? (req.server as any).db as Db;
  // Prepared: nearly every request runs it (db/index.ts).
  const { rows } = await db.query(SESSION_SQL, [hashToken(token)], { prepare: true });
  req.sessionCache = rows[0] ? rowToSession(rows[0]) : null;
  return req.sessionCache;
}

/**
 * The language to answer the visitor in: their choice wins; before one, the language their browser or device asks for
 * (Accept-Language), else the session's first one.
 */
export async function visitorLocale(req: FastifyRequest): Promise<'en' | 'zh'> {
  const s = await getSession(req);
  return s?.localeChosen ? s.locale : (localeFromAcceptLanguage(req.headers['accept-language']) ?? s?.locale ?? 'en');
}

export async function requireUser(req: FastifyRequest, q?: Queryable): Promise<Session & { user: SessionUser; userId: number }> {
  const s = await getSession(req, q);
  if (!s || !s.user) throw unauthorized();
  return s as any;
}

/** Returns the session, creating one (and its Set-Cookie) when the visitor has none. */
export async function ensureSession(req: FastifyRequest, reply: FastifyReply, q?: Queryable): Promise<Session> {
  const existing = await getSession(req, q);
  if (existing) return existing;
  const token = newToken();
  const db = q ?? ((req.server as any).db as Db);
  // The language the visitor's browser or device asks for, until they choose one (mail to them speaks it).
  const locale = localeFromAcceptLanguage(req.headers['accept-language']) ?? 'en';
  const { rows } = await db.query(
    `INSERT INTO sessions (token_hash, expires_at, locale) VALUES ($1, now() + interval '${SESSION_DAYS} days', $2) RETURNING id`,
    [hashToken(token), locale],
  );
  setSessionCookie(req, reply, token);
  req.sessionCache = { id: rows[0].id, userId: null, locale, localeChosen: false, locationId: null, user: null };
  return req.sessionCache;
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(cookieSecurity(req.server.config), true, SESSION_DAYS * 86400));
}

/**
 * After sign-in and sign-out the visitor continues in a **new** session row (new token, same user, locale and store)
 * and the old row is deleted, taking with it whatever waited in it (a WeChat/Alipay identity to bind, a guest cart
 * that sign-in did not move): nothing pending passes to the next person on a shared browser. A token seen before is
 * worthless after. Returns the new session's id.
 */
export async function rotateSession(req: FastifyRequest, reply: FastifyReply, q: Queryable, sessionId: number): Promise<number> {
  const token = newToken();
  const { rows } = await q.query(
    `INSERT INTO sessions (token_hash, expires_at, user_id, locale, locale_chosen, location_id)
     SELECT $1, now() + interval '${SESSION_DAYS} days', user_id, locale, locale_chosen, location_id FROM sessions WHERE id = $2 RETURNING id`,
    [hashToken(token), sessionId],
  );
  await q.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
  setSessionCookie(req, reply, token);
  req.sessionCache = undefined;
  return rows[0].id;
}

/**
 * GET routes of the spec that change state (sign-out, binding an identity, applying a coupon, the locale, a reset mail,
 * a payment attempt, referral and like): top-level navigation carries SameSite=Lax cookies, so they need the XSRF header
 * like any POST. The storefront sends it on every request. Paths are route patterns under the API prefix.
 */
/** The hosted channels' requests made by GET (shared/hostedChannels.ts), as the routes that serve them. */
function hostedGetRoutes(): string[] {
  const get = Object.values(HOSTED_CHANNELS as Record<string, HostedChannel>).filter((c) => c.request.method === 'GET');
  return [...new Set(get.map((c) => `/shoppingManagement4/${c.request.route ?? c.request.path}`))];
}

export const XSRF_GET_ROUTES = [
  '/common3/logout',
  '/wechat/bind',
  '/shoppingManagement4/couponVerification/:code',
  '/common3/changeLocale/:locale',
  '/common3/forgotPassword',
  ...hostedGetRoutes(),
  '/admin/userManagement/joinAffiliatedReferralGoup/:id',
  '/admin/userManagement/user/like/:id/true',
];

/** Compared as bytes: a header with non-ASCII text has another byte length than its JS length (timingSafeEqual throws). */
function sameToken(header: string, cookie: string): boolean {
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * onRequest hooks: XSRF cookie on every response that lacks it, XSRF check, /admin/ guard. Both checks go by the route
 * Fastify matched (its pattern, decoded and normalised), never by the raw URL: `/api/istore/%63lient/...` reaches the
 * same handler as `/api/istore/client/...` and must meet the same checks.
 */
export function registerSessionHooks(app: FastifyInstance, prefix: string) {
  const xsrfGets = new Set(XSRF_GET_ROUTES.map((r) => prefix + r));
  app.addHook('onRequest', async (req, reply) => {
    const secure = cookieSecurity(app.config);
    const cookieToken = req.cookies[XSRF_COOKIE];
    if (!cookieToken) reply.setCookie(XSRF_COOKIE, newToken(24), cookieOptions(secure, false));
    const route = req.routeOptions.url ?? '';
    if (!route.startsWith(prefix + '/')) return;
    if (UNSAFE.has(req.method) || ((req.method === 'GET' || req.method === 'HEAD') && xsrfGets.has(route))) {
      const header = req.headers[XSRF_HEADER];
      if (!cookieToken || typeof header !== 'string' || !sameToken(header, cookieToken)) {
        throw forbidden('Invalid or missing XSRF token');
      }
    }
    if (route.startsWith(prefix + '/admin/')) {
      const s = await getSession(req);
      if (!s?.user) throw unauthorized();
    }
  });
  // An answer a shared cache may keep (hashed app files, store images: `public`) carries no XSRF cookie: a cache
  // would hand one visitor's token to everyone (security probe finding 10). The next API answer sets it.
  // (@fastify/cookie has already written Set-Cookie by now: its onSend hook was added first.)
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!/\bpublic\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    const cookies = reply.getHeader('set-cookie');
    if (cookies === undefined) return payload;
    const kept = ([] as string[]).concat(cookies as string | string[]).filter((c) => !c.startsWith(`${XSRF_COOKIE}=`));
    if (kept.length) reply.header('set-cookie', kept);
    else reply.removeHeader('set-cookie');
    return payload;
  });
}
