/**
 * The back office's API, /api/istore/admin/... (contract/admin.ts), and its web app at /admin (page.ts). Safe by
 * default: every route names the permission it needs (or is one of the few open ones: the session, sign-in, the
 * OpenAPI document); a route that names neither fails the start. Each call is checked here, in this order:
 *   421 on any origin but ADMIN_ORIGIN when it is set;
 *   403 on every method but GET without the X-XSRF-ADMIN header equal to the XSRF-ADMIN cookie, or from another Origin;
 *   401 without a staff session (cookie istore_admin_session: never the shopper's session), 403 when the role lacks the permission.
 * Both cookies are scoped to /api/istore/admin, SameSite=Strict; answers carry `Cache-Control: no-store` and the API's
 * CSP (no document, no framing).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecurity } from '../../config.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { newToken } from '../../lib/session.ts';
import { shopOrigin } from '../../lib/shopOrigin.ts';
import { openApiDocument } from '../../openapi.ts';
import {
  ADMIN_PREFIX, ADMIN_SESSION_COOKIE, ADMIN_XSRF_COOKIE, ADMIN_XSRF_HEADER, AdminActivity, AdminActivityQuery, AdminDayOrders, AdminDayQuery,
  AdminMoveBody, AdminOrder, AdminOrderId, AdminPickList, AdminPickQuery, AdminRefundBody, AdminRefundDone, AdminSession, AdminSignIn,
  AdminStaffList, AdminInvite, AdminAccept, AdminAccepted, type AdminPermission,
} from '../../../../contract/admin.ts';
import { NoBody, OpenApiDocument } from '../../../../contract/common.ts';
import { can, permissionsOf } from './roles.ts';
import {
  acceptInvitation, activity, checkStaffCredentials, inviteStaff, deskDay, deskPickList, endStaffSession, listStaff, openStaffSession, orderPage, staffMove, staffOfToken,
  staffRefund, STAFF_SESSION_HOURS, type StaffMember,
} from './service.ts';
import { registerAdminPage, wrongOrigin } from './page.ts';
import { totpRoutes } from './totp.ts';
import { reviewRoutes } from './reviews.ts';
import { couponRoutes } from './coupons.ts';
import { settingsRoutes } from './settings.ts';
import { productRoutes } from './products.ts';
import { blogRoutes } from './blog.ts';
import { campaignRoutes } from './campaigns.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffMember | null;
  }
  interface FastifySchema {
    /** The operation's summary in the OpenAPI document (openapi.ts reads it before OPERATION_SUMMARIES). */
    summary?: string;
  }
  interface FastifyContextConfig {
    /** What the admin route needs (features/admin/roles.ts); `open` routes need no staff session. */
    permission?: AdminPermission;
    open?: true;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The API's answers are never documents (lib/hardening.ts API_CSP). */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
const XSRF_RE = /^[A-Za-z0-9_-]{20,64}$/;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function cookieOpts(app: FastifyInstance, httpOnly: boolean, maxAgeSeconds?: number) {
  return { path: ADMIN_PREFIX, sameSite: 'strict' as const, httpOnly, secure: cookieSecurity(app.config), ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}) };
}

/** The request's XSRF token: the cookie's when it is well formed, else a new one set on the answer. */
function xsrfToken(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): string {
  const have = req.cookies[ADMIN_XSRF_COOKIE];
  if (have && XSRF_RE.test(have)) return have;
  const token = newToken(24);
  reply.setCookie(ADMIN_XSRF_COOKIE, token, cookieOpts(app, false));
  return token;
}

/** The origin a browser's Origin header must name on a write: ADMIN_ORIGIN, else this request's own. */
const ownOrigin = (app: FastifyInstance, req: FastifyRequest) => app.config.adminOrigin ?? `${req.protocol}://${req.host}`;

async function adminApi(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { permission?: string; open?: boolean };
    if (!config.permission && !config.open) throw new Error(`admin route ${route.method} ${route.url} names no permission (features/admin/roles.ts)`);
  });
  app.addHook('onRequest', async (req) => {
    if (wrongOrigin(app, req)) throw wrongOrigin(app, req);
    if (UNSAFE.has(req.method)) {
      const cookie = req.cookies[ADMIN_XSRF_COOKIE];
      const header = req.headers[ADMIN_XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(header, cookie)) throw forbidden('Invalid or missing XSRF token (X-XSRF-ADMIN)');
      const origin = req.headers.origin;
      if (typeof origin === 'string' && origin !== ownOrigin(app, req)) throw forbidden(`Writes from ${origin.slice(0, 100)} are not accepted`);
    }
    const config = req.routeOptions.config as { permission?: AdminPermission; open?: true };
    req.staff = await staffOfToken(app.db, req.cookies[ADMIN_SESSION_COOKIE]);
    if (config.open) return;
    if (!req.staff) throw unauthorized('Please sign in to the back office');
    if (!config.permission || !can(req.staff.role, config.permission)) {
      throw forbidden(`A ${req.staff.role} may not do this (${config.permission ?? 'unknown'}): ask the shop's owner`);
    }
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Security-Policy', API_CSP);
    return payload;
  });

  const sessionOf = (req: FastifyRequest, reply: FastifyReply, staff: StaffMember | null) => ({
    staff: staff ? { email: staff.email, name: staff.name, role: staff.role } : null,
    permissions: staff ? permissionsOf(staff.role) : [],
    xsrfToken: xsrfToken(app, req, reply),
    totp: !!staff?.totp,
  });

  app.get('/session', { config: { open: true }, schema: { summary: 'Who is signed in to the back office, what they may do, and the XSRF token to echo', response: { 200: AdminSession } } },
    async (req, reply) => sessionOf(req, reply, req.staff ?? null));

  const startSession = async (req: FastifyRequest, reply: FastifyReply, staff: StaffMember) => {
    const token = await openStaffSession(app.db, staff, req.ip);
    reply.setCookie(ADMIN_SESSION_COOKIE, token, cookieOpts(app, true, STAFF_SESSION_HOURS * 3600));
    // A new XSRF token with the new session: one planted before sign-in is worth nothing after it.
    const xsrf = newToken(24);
    reply.setCookie(ADMIN_XSRF_COOKIE, xsrf, cookieOpts(app, false));
    return { ...sessionOf(req, reply, staff), xsrfToken: xsrf };
  };
  const afterPassword = totpRoutes(app, { sessionOf, startSession });
  reviewRoutes(app);
  couponRoutes(app);

  app.post<{ Body: AdminSignIn }>('/signin', { config: { open: true }, schema: { summary: 'Sign a staff member in (rate-limited; locked after repeated wrong passwords; a second step when the authenticator step is on)', body: AdminSignIn, response: { 200: AdminSession } } },
    async (req, reply) => afterPassword(req, reply, await checkStaffCredentials(app.db, req.body.email, req.body.password, req.ip)));

  app.post('/signout', { config: { open: true }, schema: { summary: 'Sign the staff member out', body: NoBody, response: { 200: AdminSession } } },
    async (req, reply) => {
      const token = req.cookies[ADMIN_SESSION_COOKIE];
      if (token && req.staff) await endStaffSession(app.db, token, req.staff);
      reply.clearCookie(ADMIN_SESSION_COOKIE, { path: ADMIN_PREFIX });
      return sessionOf(req, reply, null);
    });

  app.get<{ Querystring: AdminDayQuery }>('/orders/today', { config: { permission: 'orders.read' }, schema: { summary: "The day's orders by store and method, with their counts", querystring: AdminDayQuery, response: { 200: AdminDayOrders } } },
    async (req) => deskDay(app.db, req.query));

  app.get<{ Querystring: AdminPickQuery }>('/orders/picklist', { config: { permission: 'orders.read' }, schema: { summary: 'What to prepare for the day, per store and product', querystring: AdminPickQuery, response: { 200: AdminPickList } } },
    async (req) => deskPickList(app.db, req.query));

  app.get<{ Params: AdminOrderId }>('/orders/:id', { config: { permission: 'orders.read' }, schema: { summary: "An order's page: lines, shopper, payment, refunds, history and allowed moves", params: AdminOrderId, response: { 200: AdminOrder } } },
    async (req) => orderPage(app.db, Number(req.params.id)));

  app.post<{ Params: AdminOrderId; Body: AdminMoveBody }>('/orders/:id/move',
    { config: { permission: 'orders.move' }, schema: { summary: 'Move an order on (ready, out for delivery, completed) or cancel it', params: AdminOrderId, body: AdminMoveBody, response: { 200: AdminOrder } } },
    async (req) => staffMove(app.db, req.staff!, Number(req.params.id), req.body.move, req.body.note?.trim() ?? ''));

  app.post<{ Params: AdminOrderId; Body: AdminRefundBody }>('/orders/:id/refund',
    { config: { permission: 'orders.refund' }, schema: { summary: 'Refund an order in part or whole, once per key', params: AdminOrderId, body: AdminRefundBody, response: { 200: AdminRefundDone } } },
    async (req) => staffRefund(app.db, req.staff!, Number(req.params.id), { ...req.body, reason: req.body.reason.trim() || 'Refunded by the store' }));

  app.get<{ Querystring: AdminActivityQuery }>('/activity', { config: { permission: 'activity.read' }, schema: { summary: 'Every change made in the back office or by the staff CLI: who, what and when (owner)', querystring: AdminActivityQuery, response: { 200: AdminActivity } } },
    async (req) => activity(app.db, req.query.limit ?? 50, req.query.before));

  app.get('/staff', { config: { permission: 'staff.manage' }, schema: { summary: 'The staff accounts (owner)', response: { 200: AdminStaffList } } },
    async () => listStaff(app.db));

  app.post<{ Body: AdminInvite }>('/staff', { config: { permission: 'staff.manage' }, schema: { summary: 'Invite a staff member: their account, and a mail with a link to choose a password (owner)', body: AdminInvite, response: { 200: AdminStaffList } } },
    async (req) => {
      await inviteStaff(app.db, req.staff!, req.body, app.config.adminOrigin ?? shopOrigin(req));
      return listStaff(app.db);
    });

  app.post<{ Body: AdminAccept }>('/invitation/accept', { config: { open: true }, schema: { summary: 'Choose a password with an invitation link (once, within 72 hours)', body: AdminAccept, response: { 200: AdminAccepted } } },
    async (req) => acceptInvitation(app.db, req.body.token, req.body.password));

  settingsRoutes(app);
  productRoutes(app);
  blogRoutes(app);
  campaignRoutes(app);

  const version = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;
  let doc: object | undefined;
  app.get('/openapi.json', { config: { open: true }, schema: { summary: "The back office API's OpenAPI document", response: { 200: OpenApiDocument } } },
    async () => (doc ??= adminOpenApi(app.declaredRoutes, version)));
}

/** The back office's own OpenAPI document (contract/openapi-admin.json): its routes, its cookies, its XSRF header. */
export function adminOpenApi(routes: FastifyInstance['declaredRoutes'], version: string): object {
  const doc = openApiDocument(routes, ADMIN_PREFIX, version) as any;
  doc.info = {
    title: 'iStore back office API',
    version,
    description: 'The /api/istore/admin contract between the back office (/admin) and the server, for the shop\'s staff. Behaviour: server/CONTRACT.md "Back office".',
  };
  doc.components.securitySchemes = {
    session: { type: 'apiKey', in: 'cookie', name: ADMIN_SESSION_COOKIE, description: 'A staff member\'s session (set at sign-in; path /api/istore/admin)' },
    xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-ADMIN', description: `The value of the ${ADMIN_XSRF_COOKIE} cookie (also answered by GET /session), sent back on every method but GET` },
  };
  return doc;
}

/** One line in app.ts: the back office's API and its web app. */
export default async function adminRoutes(app: FastifyInstance) {
  await app.register(adminApi, { prefix: ADMIN_PREFIX });
  registerAdminPage(app);
}
