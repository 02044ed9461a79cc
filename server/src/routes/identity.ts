/**
 * WeChat and Alipay sign-in (client: src/api/wechat.ts, src/api/alipay.ts). A one-time code from the platform
 * (wx.login, WeChat's OAuth page, my.getAuthCode) is verified by the identity provider (src/identity/); a known
 * identity signs its account in, an unknown one waits in the session until it is registered as a new account
 * or linked to an e-mail account (password checked, rate-limited like signon), or bound to the signed-in account.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest, conflict, unauthorized } from '../lib/errors.ts';
import { mailConfirmation, mailContextOf, unconfirmedEmail } from '../services/emailVerification.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CodeBody, Credentials as LinkBody, IdentityJoined, IdentitySignIn, OAuthBody, PlatformAppId, Redirect, Registration,
  SandboxAuthorizeQuery, WeChatBinding, WeChatEnabled, WeChatEnabledQuery,
} from '../../../contract/identity.ts';
import { cookieSecurity } from '../config.ts';
import { cookieOptions, ensureSession, getSession, requireUser } from '../lib/session.ts';
import { verifiedIdentity, type IdentityChannel, type IdentityKind, type IdentityRouter, type VerifiedIdentity } from '../identity/index.ts';
import { accountOf, join, pendingOf, rememberPending, weChatOpenIdOf } from '../identity/store.ts';
import { checkCredentials, createAccount, signIn } from '../services/auth.ts';

const OAUTH_STATE_COOKIE = 'ISTORE_OAUTH_STATE';
const OAUTH_STATE_SECONDS = 10 * 60;


const NAMES: Record<IdentityKind, string> = { wechat: 'WeChat', alipay: 'Alipay' };

export interface IdentityRoutesOptions {
  /** Tests may pass their own; otherwise the app's identity router (identity/index.ts). */
  provider?: IdentityRouter;
}

/** A return address on this site only: a path, or an absolute URL whose host is the request's host. */
function sameSiteUrl(raw: string | undefined, req: FastifyRequest): string | null {
  if (!raw) return null;
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw;
  try {
    const url = new URL(raw);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === req.headers.host ? url.toString() : null;
  } catch {
    return null;
  }
}

export default async function identityRoutes(server: FastifyInstance, opts: IdentityRoutesOptions) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const provider = opts.provider ?? app.identityProvider;
  const verify = (channel: IdentityChannel, code: string) => verifiedIdentity(provider, channel, code);

  /** WeChat answers carry the channel's open id (WeChat Pay needs it); Alipay's user id stays on the server. */
  const openIdOf = (identity: VerifiedIdentity) => (identity.provider === 'wechat' ? { weChatOpenId: identity.openId } : {});

  async function login(req: FastifyRequest, reply: FastifyReply, channel: IdentityChannel, code: string) {
    const identity = await verify(channel, code);
    const userId = await accountOf(db, identity);
    // A signed-in shopper linking their WeChat/Alipay (my account) is never switched to another store account.
    const current = await getSession(req);
    if (userId !== null && current?.userId && current.userId !== userId) {
      throw conflict(`This ${NAMES[identity.provider]} account is already linked to another store account`);
    }
    if (userId !== null) return { identity: 'RETURNING' as const, ...openIdOf(identity), ...(await signIn(req, reply, userId)) };
    const s = await ensureSession(req, reply);
    await rememberPending(db, s.id, identity);
    return { identity: 'NEW' as const, ...openIdOf(identity) };
  }

  async function waiting(req: FastifyRequest, kind: IdentityKind): Promise<{ sessionId: number; identity: VerifiedIdentity }> {
    const s = await getSession(req);
    const identity = s ? await pendingOf(db, s.id, kind) : null;
    if (!s || !identity) throw badRequest(`No ${NAMES[kind]} sign-in is waiting in this session; sign in with ${NAMES[kind]} again`);
    return { sessionId: s.id, identity };
  }

  /** 403 until the account's e-mail is confirmed: a WeChat/Alipay joined before would outlast the owner's recovery. */
  async function requireVerifiedEmail(req: FastifyRequest, userId: number, kind: IdentityKind) {
    const email = await unconfirmedEmail(db, userId, await mailContextOf(req));
    if (email === null) return;
    void app.mailWorker.tick();
    throw new ApiError(403, `Confirm your e-mail address before linking ${NAMES[kind]}: open the link we sent to ${email}, then try again`);
  }

  async function joinOrExplain(sessionId: number, userId: number, identity: VerifiedIdentity) {
    const result = await join(db, sessionId, userId, identity);
    const name = NAMES[identity.provider];
    if (result === 'identityTaken') throw conflict(`This ${name} account is already linked to another store account`);
    if (result === 'accountHasOther') throw conflict(`This store account is already linked to another ${name} account`);
  }

  async function register(req: FastifyRequest, reply: FastifyReply, kind: IdentityKind) {
    const { sessionId, identity } = await waiting(req, kind);
    if ((await accountOf(db, identity)) !== null) throw conflict(`This ${NAMES[kind]} account is already linked to a store account; sign in with ${NAMES[kind]}`);
    const userId = await createAccount(db, req.body as Registration);
    // A new account's e-mail is not confirmed: the identity is not joined yet (security probe finding 8). The account
    // is signed in and mailed a confirmation link; the shopper then links the identity with wechat/link or alipay/link.
    await mailConfirmation(app, req, userId);
    return { ...openIdOf(identity), ...(await signIn(req, reply, userId)), identityLinked: false };
  }

  async function link(req: FastifyRequest, reply: FastifyReply, kind: IdentityKind) {
    const { emailID, password } = req.body as { emailID: string; password: string };
    const { sessionId, identity } = await waiting(req, kind);
    const userId = await checkCredentials(db, emailID, password);
    if (userId === null) throw unauthorized('Incorrect e-mail or password');
    await requireVerifiedEmail(req, userId, kind);
    await joinOrExplain(sessionId, userId, identity);
    return { ...openIdOf(identity), ...(await signIn(req, reply, userId)), identityLinked: true };
  }

  const SignInAnswer = { 200: IdentitySignIn };
  const JoinedAnswer = { 200: IdentityJoined };

  app.post('/wechat/login', { schema: { body: CodeBody, response: SignInAnswer } }, (req, reply) =>
    login(req, reply, 'WECHAT_MINI_PROGRAM', req.body.code));
  app.post('/alipay/login', { schema: { body: CodeBody, response: SignInAnswer } }, (req, reply) =>
    login(req, reply, 'ALIPAY_MINI_PROGRAM', req.body.code));

  // WeChat browser: enabled hands out WeChat's OAuth address with a state also kept in a cookie; weChatlogin checks it.
  app.get('/wechat/enabled', {
    schema: {
      querystring: WeChatEnabledQuery,
      response: { 200: WeChatEnabled },
    },
  }, async (req, reply) => {
    // WeChat-browser sign-in is offered only where the official account is configured (or the sandbox plays it).
    if (!provider.offers('WECHAT_OFFICIAL_ACCOUNT')) return { enabled: false };
    const redirectUri = sameSiteUrl(req.query.redirectUri, req);
    if (!redirectUri) return { enabled: true };
    const state = crypto.randomBytes(12).toString('base64url');
    reply.setCookie(OAUTH_STATE_COOKIE, state, cookieOptions(cookieSecurity(app.config), true, OAUTH_STATE_SECONDS));
    return { enabled: true, authorizeUrl: provider.authorizeUrl(redirectUri, state) };
  });
  app.post('/wechat/weChatlogin', { schema: { body: OAuthBody, response: SignInAnswer } }, async (req, reply) => {
    const { code, state } = req.body;
    const expected = req.cookies[OAUTH_STATE_COOKIE];
    if (!expected || state !== expected) throw badRequest('The WeChat sign-in link has expired; please try again');
    reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/' });
    return login(req, reply, 'WECHAT_OFFICIAL_ACCOUNT', code);
  });

  if (provider.sandboxChannels.includes('WECHAT_OFFICIAL_ACCOUNT')) {
    // Plays WeChat's OAuth page: straight back to the store with a sandbox code (`as` picks the person).
    app.get('/wechat/sandbox/authorize', {
      schema: {
        querystring: SandboxAuthorizeQuery,
        response: { 302: Redirect },
      },
    }, async (req, reply) => {
      const q = req.query;
      const target = sameSiteUrl(q.redirect_uri, req);
      if (!target) throw badRequest('redirect_uri must be an address on this site');
      const url = new URL(target, `http://${req.headers.host}`);
      url.searchParams.set('code', `sandbox-wx-${q.as ?? 'wechat-browser-shopper'}`);
      url.searchParams.set('state', q.state);
      return reply.redirect(target.startsWith('/') ? `${url.pathname}${url.search}` : url.toString());
    });
  }

  app.post('/wechat/register', { schema: { body: Registration, response: JoinedAnswer } }, (req, reply) => register(req, reply, 'wechat'));
  app.post('/alipay/register', { schema: { body: Registration, response: JoinedAnswer } }, (req, reply) => register(req, reply, 'alipay'));
  app.post('/wechat/link', { schema: { body: LinkBody, response: JoinedAnswer } }, (req, reply) => link(req, reply, 'wechat'));
  app.post('/alipay/link', { schema: { body: LinkBody, response: JoinedAnswer } }, (req, reply) => link(req, reply, 'alipay'));

  // Signed in: joins the WeChat identity waiting in this session to the account; else says whether one is joined.
  app.get('/wechat/bind', { schema: { response: { 200: WeChatBinding } } }, async (req) => {
    const s = await requireUser(req);
    const pending = await pendingOf(db, s.id, 'wechat');
    if (pending) {
      await requireVerifiedEmail(req, s.userId, 'wechat');
      await joinOrExplain(s.id, s.userId, pending);
      return { bound: true, weChatOpenId: pending.openId };
    }
    const openId = await weChatOpenIdOf(db, s.userId);
    return openId ? { bound: true, weChatOpenId: openId } : { bound: false };
  });

  app.get('/common3/wcoaId', { schema: { response: { 200: PlatformAppId } } }, async () => ({ appId: provider.weChatOfficialAccountAppId }));
  app.get('/common3/apaId', { schema: { response: { 200: PlatformAppId } } }, async () => ({ appId: provider.alipayAppId }));
}
