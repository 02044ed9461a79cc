/**
 * Provider payments (spec §7 "Provider payments") on the configured provider (PAYMENT_PROVIDER, default sandbox),
 * the Alipay flows the spec leaves unnamed, and the sandbox's hosted page.
 * Request and status-check bodies: { orderID, returnUrlInfo?, ... }; status checks answer
 * { orderID, status, paymentStatus, qrCodeScan } (see payments/attempts.ts for the states).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { NoBody } from '../../../contract/common.ts';
import {
  AlipayOrderBody, AlipayStatusBody, AlipayTrade, Deposit, DepositBody, DepositPayment, DepositStatusBody, HostedPayment, HostedPaymentQuery, NativePayQuery, NativePayment, OrderStatus,
  PaymentPayload, SandboxActionParams, SandboxPage, SandboxPageParams, SandboxRedirect, SandboxUnknownPage, SnapPayParams, WeChatMiniProgramPaymentBody,
  WeChatPayment,
} from '../../../contract/payments.ts';
import { badRequest, notFound, unauthorized } from '../lib/errors.ts';
import { getSession, visitorLocale } from '../lib/session.ts';
import { alipayIdOf } from '../identity/store.ts';
import { giveBack, takeAttempts, type LimitRule } from '../identity/rateLimit.ts';
import {
  findAttempt,
  latestAttempt,
  openAttempt,
  orderPaymentState,
  pendingAttempts,
  recordProviderRef,
} from '../payments/attempts.ts';
import { verifiedIdentity } from '../identity/index.ts';
import type { StoredAttempt } from '../payments/storedAttempt.ts';
import { applyStatus } from '../payments/events.ts';
import type { PaymentRouter } from '../payments/index.ts';
import type { PaymentAttempt, StartContext } from '../payments/provider.ts';
import { sandboxPageHtml, sandboxRefusal, sandboxUnknownPageHtml } from '../payments/sandboxPage.ts';
import { HOSTED_CHANNELS, isHostedChannel, returnPath, STATUS_CHECKS, type HostedChannel } from '../../../shared/hostedChannels.ts';
import type { H5PaymentChannel } from '../../../contract/constants.ts';
import { depositView, openDeposit, ownDeposit } from '../payments/deposits.ts';
import { orderLog } from '../orders/orderLog.ts';

/** The hosted channels' rows (shared/hostedChannels.ts), and the routes their requests are served by. */
const HOSTED = Object.entries(HOSTED_CHANNELS) as [H5PaymentChannel, HostedChannel][];
/** Requests with a route of their own below (WeChat Pay's serves the WeChat browser's JSAPI payment too). */
const OWN_REQUEST_ROUTES = new Set(['requestNativePayH5Payment']);
/** Status checks with a route of their own below (Alipay's takes the mini-program's resultCode too). */
const OWN_STATUS_ROUTES = new Set(['checkAlipayPaymentStatus']);
/** The path parameters of a request route shared by several channels (the contract's schema). */
const ROUTE_PARAMS: Record<string, typeof SnapPayParams> = { 'requestSnapPayPrePayment/:kind/:method': SnapPayParams };
/** my.tradePay resultCode: 9000 paid; 8000/6004 still processing; anything else (6001 cancel, 4000 fail...) failed. */
const ALIPAY_PROCESSING = new Set(['8000', '6004']);

interface PaymentBody {
  orderID?: unknown;
  returnUrlInfo?: unknown;
  weChatOpenId?: unknown;
  errorMessage?: unknown;
  resultCode?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/**
 * Status checks ask the provider about an order at most twice a second, whoever asks and on whichever process (the
 * client polls every 2 s; the second allows the check on the shopper's return right after one made while they were
 * paying; probe N5): more checks answer the stored state.
 */
export const STATUS_QUERY_RULE: LimitRule = { max: 2, windowMs: 1000 };

function orderIdOf(body: PaymentBody | undefined): string {
  const id = text(body?.orderID);
  if (!id) throw badRequest('orderID is required');
  return id;
}

/**
 * returnUrlInfo is the storefront's origin when it is not served by this server (H5 dev server); it must be
 * this host or one listed in PAYMENT_RETURN_ORIGINS so a payment can never send the shopper to a foreign site.
 */
function returnBase(req: FastifyRequest, returnUrlInfo: unknown): string {
  const value = text(returnUrlInfo);
  if (!value) return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest('returnUrlInfo must be the store address, e.g. https://shop.example.com');
  }
  const allowed = (process.env.PAYMENT_RETURN_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const sameHost = url.hostname === req.hostname.replace(/:\d+$/, '');
  if (!/^https?:$/.test(url.protocol) || (!sameHost && !allowed.includes(url.origin))) {
    throw badRequest('returnUrlInfo is not an address of this store');
  }
  return url.origin;
}

const startContext = (req: FastifyRequest): StartContext => ({
  origin: `${req.protocol}://${req.host}`,
  userAgent: String(req.headers['user-agent'] ?? ''),
  clientIp: req.ip,
});

export default async function paymentRoutes(server: FastifyInstance, opts: { provider?: PaymentRouter }) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const provider = opts.provider ?? app.paymentProvider;
  /** An order's attempt is payable until its stock hold ends (PaymentAttempt.payBy). */
  const hold = app.config.reservationTtlMinutes;

  /** The payment's first log line: its id (the provider's reference is made from it) beside the order's. */
  const paymentOpened = (req: FastifyRequest, attempt: PaymentAttempt) =>
    orderLog(req.log, { orderId: attempt.orderID, paymentId: attempt.id })
      .info({ channel: attempt.channel, amount: attempt.amount, currency: attempt.currency }, 'payment started');

  /** Asks the provider about one attempt and applies its answer (with the in-app sheet's report, for the sandbox). */
  /** Whether the provider answered (false: it could not be asked now). */
  async function ask(req: FastifyRequest, attempt: StoredAttempt, clientReport?: 'PAID' | 'FAILED', errorMessage?: string): Promise<boolean> {
    try {
      await applyStatus(app.db, attempt, await provider.query(attempt, clientReport), req.log, errorMessage);
      return true;
    } catch (e: any) {
      // The provider could not be asked now: the state stays as stored, the client asks again, the sync worker too.
      if (e?.statusCode && e.statusCode < 500) throw e;
      orderLog(req.log, { orderId: attempt.orderID, paymentId: attempt.id }).warn({ err: String(e?.message ?? e) }, 'payment status query failed');
      return false;
    }
  }

  /**
   * Asks the provider about the order's newest pending attempt, at most STATUS_QUERY_RULE.max times per order per interval
   * (across processes: auth_attempts), settles what it reports, answers the state. A shopper's client pays the newest
   * attempt; older ones are the sync worker's (payments/sync.ts). Polling faster, or opening many attempts, no longer
   * multiplies signed queries to the provider (security probe 2026-12-01 N5: 10 checks made 200).
   */
  async function checkStatus(req: FastifyRequest, opts: { asked?: boolean } = {}) {
    const body = req.body as PaymentBody | undefined;
    const id = orderIdOf(body);
    const session = await getSession(req);
    await orderPaymentState(app.db, session, id);
    const [newest] = await pendingAttempts(app.db, id);
    const key = `status-query:${newest?.orderID}`;
    if (newest && !opts.asked && (await takeAttempts(app.db, [[key, STATUS_QUERY_RULE]])) === 0) {
      // A query the provider did not answer (down, or its capture failed) does not hold the next check back.
      if (!(await ask(req, newest))) await giveBack(app.db, [key]);
    }
    return orderPaymentState(app.db, session, id);
  }

  async function startHosted(req: FastifyRequest, channel: H5PaymentChannel, body: PaymentBody) {
    const id = orderIdOf(body);
    provider.forNewPayment(channel);
    const base = returnBase(req, body.returnUrlInfo);
    const attempt = await openAttempt(app.db, await getSession(req), id, channel, (orderID) => `${base}${returnPath(channel, orderID)}`, hold);
    paymentOpened(req, attempt);
    const startedAt = new Date();
    const { redirectUrl, qrCode, providerRef } = await provider.startHosted(attempt, startContext(req));
    await recordProviderRef(app.db, attempt, providerRef, undefined, provider.payableUntilOf(attempt, startedAt));
    return { orderID: attempt.orderID, redirectUrl, ...(qrCode ? { qrCode } : {}) };
  }

  /** A WeChat JSAPI / mini-program payment's signed sheet parameters; the prepay id is the attempt's provider reference. */
  async function startWeChat(attempt: PaymentAttempt, openId: string) {
    const startedAt = new Date();
    const started = await provider.startWeChatInApp(attempt, openId);
    await recordProviderRef(app.db, attempt, started.prepayId, openId, provider.payableUntilOf(attempt, startedAt));
    return started;
  }

  // Each hosted channel's request, from its row: a POST with the payload as its body, a GET with it as its query (a
  // top-level navigation's GET changes state: lib/session.ts XSRF_GET_ROUTES holds these to the XSRF header too).
  for (const [channel, { provider: name, request }] of HOSTED) {
    if (request.route || OWN_REQUEST_ROUTES.has(request.path)) continue;
    const summary = `${name}: start a hosted payment`;
    if (request.method === 'POST') {
      app.post(`/shoppingManagement4/${request.path}`, { schema: { summary, body: PaymentPayload, response: { 200: HostedPayment } } },
        async (req) => startHosted(req, channel, (req.body ?? {}) as PaymentBody));
    } else {
      app.get(`/shoppingManagement4/${request.path}`, { schema: { summary, querystring: HostedPaymentQuery, response: { 200: HostedPayment } } },
        async (req) => startHosted(req, channel, req.query));
    }
  }
  // A route several channels share (SnapPay's method in the path): the channel is the row whose path it was asked by.
  for (const route of new Set(HOSTED.map(([, r]) => r.request.route).filter((r): r is string => !!r))) {
    const served = HOSTED.filter(([, r]) => r.request.route === route);
    const name = served[0][1].provider;
    app.get(
      `/shoppingManagement4/${route}`,
      { schema: { summary: `${name}: start a hosted payment`, params: ROUTE_PARAMS[route], querystring: HostedPaymentQuery, response: { 200: HostedPayment } } },
      async (req) => {
        const params = req.params as Record<string, string>;
        const asked = route.replace(/:(\w+)/g, (_, key: string) => params[key]);
        const channel = served.find(([, r]) => r.request.path === asked)?.[0];
        if (!channel) throw notFound(`Unknown ${name} method`);
        return startHosted(req, channel, req.query);
      },
    );
  }

  /** The shopper's open id for WeChat Pay from a wx.login (mini-program) or OAuth (WeChat browser) code: identity's exchange. */
  const openIdOf = async (channel: 'WECHAT_MINI_PROGRAM' | 'WECHAT_OFFICIAL_ACCOUNT', code: string) =>
    (await verifiedIdentity(app.identityProvider, channel, code)).openId;

  /** Native WeChat: with a wechatCode (WeChat browser) the JSAPI parameters, otherwise the hosted H5 payment. */
  app.post('/shoppingManagement4/requestNativePayH5Payment', {
    schema: { querystring: NativePayQuery, body: PaymentPayload, response: { 200: NativePayment } },
  }, async (req) => {
    const code = text(req.query.wechatCode);
    const body = req.body ?? {};
    if (!code) return startHosted(req, 'NATIVE_WECHAT_H5', body);
    const id = orderIdOf(body);
    provider.forNewPayment('NATIVE_WECHAT_JSAPI');
    const base = returnBase(req, body.returnUrlInfo);
    const toConfirmation = (orderID: string) => `${base}/confirmation?from_source=weixin_js&status=ok&oid=${orderID}`;
    if (provider.inAppByPage('NATIVE_WECHAT_JSAPI')) {
      // The provider answers its own page in the WeChat browser (IOTPay's payForSubmit), which finds the payer itself.
      const attempt = await openAttempt(app.db, await getSession(req), id, 'NATIVE_WECHAT_JSAPI', toConfirmation, hold);
      paymentOpened(req, attempt);
      const startedAt = new Date();
      const { redirectUrl, providerRef } = await provider.startHosted(attempt, startContext(req));
      await recordProviderRef(app.db, attempt, providerRef, undefined, provider.payableUntilOf(attempt, startedAt));
      return { orderID: attempt.orderID, redirectUrl };
    }
    const openId = await openIdOf('WECHAT_OFFICIAL_ACCOUNT', code);
    const attempt = await openAttempt(app.db, await getSession(req), id, 'NATIVE_WECHAT_JSAPI', toConfirmation, hold);
    paymentOpened(req, attempt);
    const { prepayId, weChatPayInfo } = await startWeChat(attempt, openId);
    return { orderID: attempt.orderID, prepay_id: prepayId, weChatPayInfo };
  });

  app.post('/shoppingManagement4/requestWeChatMiniProgramPayment', {
    schema: { body: WeChatMiniProgramPaymentBody, response: { 200: WeChatPayment } },
  }, async (req) => {
    const body = (req.body ?? {}) as PaymentBody & { wechatCode?: unknown };
    const id = orderIdOf(body);
    provider.forNewPayment('WECHAT_MINI_PROGRAM');
    const code = text(body.wechatCode);
    const openId = text(body.weChatOpenId) || (code ? await openIdOf('WECHAT_MINI_PROGRAM', code) : '');
    if (!openId) throw badRequest('no WechatOpenID');
    const attempt = await openAttempt(app.db, await getSession(req), id, 'WECHAT_MINI_PROGRAM', () => '', hold);
    paymentOpened(req, attempt);
    const { prepayId, weChatPayInfo } = await startWeChat(attempt, openId);
    return { orderID: attempt.orderID, prepay_id: prepayId, weChatPayInfo, weChatOpenId: openId };
  });

  /** The mini-program's sheet result: success / error (with errorMessage), checked with the provider. */
  const processMiniProgram = (report: 'PAID' | 'FAILED') => async (req: FastifyRequest) => {
    const body = (req.body ?? {}) as PaymentBody;
    const id = orderIdOf(body);
    const session = await getSession(req);
    const attempt = await latestAttempt(app.db, session, id, ['WECHAT_MINI_PROGRAM']);
    if (!attempt) throw notFound('No payment was started for this order');
    await ask(req, attempt, report, text(body.errorMessage) || undefined);
    return orderPaymentState(app.db, session, id);
  };
  const statusSchema = { schema: { body: PaymentPayload, response: { 200: OrderStatus } } };
  app.post('/shoppingManagement4/processWeChatMiniProgramPayment/success', statusSchema, processMiniProgram('PAID'));
  app.post('/shoppingManagement4/processWeChatMiniProgramPayment/error', statusSchema, processMiniProgram('FAILED'));

  /**
   * The Alipay buyer a mini-program trade is created for: the user of the my.getAuthCode code sent along (identity's
   * exchange, without signing in), else the one the session's Alipay sign-in gave.
   */
  async function alipayBuyer(session: Awaited<ReturnType<typeof getSession>>, authCode?: string): Promise<{ buyerId?: string; buyerOpenId?: string }> {
    const id = authCode
      ? (await verifiedIdentity(app.identityProvider, 'ALIPAY_MINI_PROGRAM', authCode)).openId
      : session ? await alipayIdOf(app.db, session) : null;
    if (!id) return {};
    return /^2088\d{12}$/.test(id) ? { buyerId: id } : { buyerOpenId: id };
  }

  app.post('/shoppingManagement4/requestAlipayMiniProgramPayment', {
    schema: { body: AlipayOrderBody, response: { 200: AlipayTrade } },
  }, async (req) => {
    const id = orderIdOf(req.body as PaymentBody);
    provider.forNewPayment('ALIPAY_MINI_PROGRAM');
    const session = await getSession(req);
    const buyer = await alipayBuyer(session, text((req.body as AlipayOrderBody).authCode) || undefined);
    const attempt = await openAttempt(app.db, session, id, 'ALIPAY_MINI_PROGRAM', () => '', hold);
    paymentOpened(req, attempt);
    const startedAt = new Date();
    const { tradeNO } = await provider.startAlipayTrade(attempt, buyer);
    await recordProviderRef(app.db, attempt, tradeNO, undefined, provider.payableUntilOf(attempt, startedAt));
    return { orderID: attempt.orderID, tradeNO };
  });

  /** Alipay status: after my.tradePay (with its resultCode) and for /confirmationa/alipay_h5/{order_id}. */
  app.post('/shoppingManagement4/checkAlipayPaymentStatus', {
    schema: { body: AlipayStatusBody, response: { 200: OrderStatus } },
  }, async (req) => {
    const body = req.body ?? {};
    const resultCode = text(body.resultCode);
    if (resultCode && !ALIPAY_PROCESSING.has(resultCode)) {
      const id = orderIdOf(body);
      const attempt = await latestAttempt(app.db, await getSession(req), id, ['ALIPAY_MINI_PROGRAM']);
      if (!attempt) throw notFound('No payment was started for this order');
      await ask(req, attempt, resultCode === '9000' ? 'PAID' : 'FAILED', resultCode === '9000' ? undefined : `Alipay ${resultCode}`);
      return checkStatus(req, { asked: true });
    }
    return checkStatus(req);
  });

  // The confirmation pages' status checks, from the channels' rows (shared/hostedChannels.ts STATUS_CHECKS).
  for (const path of new Set(Object.values(STATUS_CHECKS))) {
    if (OWN_STATUS_ROUTES.has(path)) continue;
    const name = HOSTED.find(([, r]) => r.statusCheck === path)![1].provider;
    app.post(`/shoppingManagement4/${path}`, { schema: { ...statusSchema.schema, summary: `${name}: payment state of an order` } }, (req) => checkStatus(req));
  }

  /** A signed-in shopper's account for the store-credit calls; a guest gets 401 with a message. */
  async function depositor(req: FastifyRequest): Promise<number> {
    const s = await getSession(req);
    if (!s?.userId) throw unauthorized('Sign in to top up your store credit');
    return s.userId;
  }

  /** Spec §7 applyStoreCreditDeposit: opens a top-up and starts its payment on the chosen channel. */
  app.post('/shoppingManagement4/applyStoreCreditDeposit', {
    schema: { body: DepositBody, response: { 200: DepositPayment } },
  }, async (req) => {
    const userId = await depositor(req);
    const body = req.body;
    const { channel } = body;
    provider.forNewPayment(channel);
    if (channel === 'WECHAT_MINI_PROGRAM') {
      const code = text(body.wechatCode);
      if (!code) throw badRequest('wechatCode is required to pay in the WeChat mini-program');
      const openId = await openIdOf('WECHAT_MINI_PROGRAM', code);
      const attempt = await openDeposit(app.db, userId, body.amount, channel, () => '');
      const { weChatPayInfo } = await startWeChat(attempt, openId);
      return { ...(await depositView(app.db, attempt)), weChatPayInfo };
    }
    if (channel === 'ALIPAY_MINI_PROGRAM') {
      const attempt = await openDeposit(app.db, userId, body.amount, channel, () => '');
      const startedAt = new Date();
      const { tradeNO } = await provider.startAlipayTrade(attempt, await alipayBuyer(await getSession(req)));
      await recordProviderRef(app.db, attempt, tradeNO, undefined, provider.payableUntilOf(attempt, startedAt));
      return { ...(await depositView(app.db, attempt)), tradeNO };
    }
    if (!isHostedChannel(channel)) throw badRequest(`The payment channel ${channel} is not offered for top-ups`);
    const base = returnBase(req, body.returnUrlInfo);
    const attempt = await openDeposit(app.db, userId, body.amount, channel, (id) => `${base}/user/list?deposit=${id}`);
    const startedAt = new Date();
    const { redirectUrl, providerRef } = await provider.startHosted(attempt, startContext(req));
    await recordProviderRef(app.db, attempt, providerRef, undefined, provider.payableUntilOf(attempt, startedAt));
    return { ...(await depositView(app.db, attempt)), redirectUrl };
  });

  /** The top-up's state: the provider is asked about a pending one (in-app channels with the sheet's report). */
  app.post('/shoppingManagement4/storeCreditDepositStatus', {
    schema: { body: DepositStatusBody, response: { 200: Deposit } },
  }, async (req) => {
    const userId = await depositor(req);
    const body = req.body;
    let attempt = await ownDeposit(app.db, userId, body.depositID);
    if (attempt.status === 'PENDING') {
      const inApp = attempt.channel === 'WECHAT_MINI_PROGRAM' || attempt.channel === 'ALIPAY_MINI_PROGRAM';
      await ask(req, attempt, inApp ? body.clientReport : undefined, text(body.errorMessage) || undefined);
      attempt = await ownDeposit(app.db, userId, attempt.id);
    }
    return depositView(app.db, attempt);
  });

  /**
   * An attempt the sandbox serves, or null: one of a channel a real provider serves is not the sandbox's to settle.
   */
  async function sandboxAttempt(attemptId: string) {
    const attempt = await findAttempt(app.db, attemptId);
    return attempt && provider.sandboxChannels.includes(attempt.channel) ? attempt : null;
  }

  // The sandbox's hosted page (the "provider's site") and its notification: only while the sandbox serves a channel (a
  // production store on real providers has no such routes, nor do they appear in its OpenAPI document). Both speak the
  // shopper's language, refusals too (the page is what the shopper sees).
  if (provider.sandboxChannels.length) {
    app.get('/sandbox/pay/:attemptId', {
      schema: { params: SandboxPageParams, response: { 200: SandboxPage, 404: SandboxUnknownPage } },
    }, async (req, reply) => {
      const attempt = await sandboxAttempt(req.params.attemptId);
      const locale = await visitorLocale(req);
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      if (!attempt) return reply.status(404).send(sandboxUnknownPageHtml(locale));
      return reply.send(sandboxPageHtml(attempt, `${req.url.split('?')[0]}`, locale));
    });
    app.post('/sandbox/pay/:attemptId/:action', {
      schema: { params: SandboxActionParams, body: NoBody, response: { 200: SandboxRedirect } },
    }, async (req) => {
      const attempt = await sandboxAttempt(req.params.attemptId);
      if (!attempt) throw notFound(sandboxRefusal(await visitorLocale(req), 'unknown'));
      const { action } = req.params;
      // As a provider's report is applied (payments/events.ts), with the change logged under the order's ids.
      if (action === 'pay') await applyStatus(app.db, attempt, { outcome: 'PAID' }, req.log);
      else if (action === 'fail') await applyStatus(app.db, attempt, { outcome: 'FAILED' }, req.log, 'Declined in the payment sandbox');
      else if (action !== 'abandon') throw notFound(sandboxRefusal(await visitorLocale(req), 'unknownAction'));
      return { redirectUrl: attempt.returnUrl };
    });
  }
}
