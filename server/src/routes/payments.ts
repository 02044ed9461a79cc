/**
 * Provider payments (spec §7 "Provider payments") on the configured provider (PAYMENT_PROVIDER, default sandbox),
 * the Alipay flows the spec leaves unnamed, and the sandbox's hosted page.
 * Request and status-check bodies: { orderID, returnUrlInfo?, ... }; status checks answer
 * { orderID, status, paymentStatus, qrCodeScan } (see payments/attempts.ts for the states).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../lib/errors.ts';
import { getSession } from '../lib/session.ts';
import {
  findAttempt,
  latestAttempt,
  openAttempt,
  orderPaymentState,
  pendingAttempts,
  settleAttempt,
} from '../payments/attempts.ts';
import type { PaymentChannel, PaymentProvider } from '../payments/provider.ts';
import { createPaymentProvider } from '../payments/index.ts';
import { sandboxPageHtml } from '../payments/sandboxPage.ts';

/** Hosted channels the H5 client may offer, and the from_source each one returns with (spec §2). */
const HOSTED_RETURN: Partial<Record<PaymentChannel, (orderID: string) => string>> = {
  OTT: (id) => `/confirmation?from_source=ott_h5X${id}`,
  SNAPPAY_WECHATPAY: (id) => `/confirmation?from_source=snappay_h5X${id}`,
  SNAPPAY_ALIPAY: (id) => `/confirmation?from_source=snappay_h5X${id}`,
  SNAPPAY_UNIONPAY: (id) => `/confirmation?from_source=snappay_h5X${id}`,
  CITCON: (id) => `/confirmation?from_source=citcon_classic_h5X${id}`,
  IOTPAY: (id) => `/confirmation?from_source=iot_h5X${id}`,
  OPAY: (id) => `/confirmation?from_source=opay_h5X${id}`,
  NATIVE_WECHAT_H5: (id) => `/confirmation?from_source=weixin_h5X${id}`,
  ALIPAY_H5: (id) => `/confirmationa/alipay_h5/${id}`,
};
const HOSTED_CHANNELS = Object.keys(HOSTED_RETURN) as PaymentChannel[];
const SNAPPAY: Record<string, PaymentChannel> = {
  'h5pay/WECHATPAY': 'SNAPPAY_WECHATPAY',
  'webpay/ALIPAY': 'SNAPPAY_ALIPAY',
  'webpay/UNIONPAY': 'SNAPPAY_UNIONPAY',
};
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

const serverOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * The online part of GET /shoppingManagement4/paymentConfig (served by routes/checkout.ts as `onlineProviders`):
 * the configured provider and the hosted channels the H5 client may offer (PAYMENT_H5_CHANNELS narrows them).
 */
export function onlineProviders(env: NodeJS.ProcessEnv = process.env) {
  const only = (env.PAYMENT_H5_CHANNELS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return {
    enabled: true,
    provider: env.PAYMENT_PROVIDER || 'sandbox',
    h5Channels: only.length ? HOSTED_CHANNELS.filter((c) => only.includes(c)) : HOSTED_CHANNELS,
    weChatJsApi: true,
    weChatMiniProgram: true,
    alipayMiniProgram: true,
  };
}

export default async function paymentRoutes(app: FastifyInstance, opts: { provider?: PaymentProvider }) {
  const provider = opts.provider ?? createPaymentProvider(app.config.paymentProvider);

  /** Asks the provider about the order's pending attempts, settles what it reports, answers the state. */
  async function checkStatus(req: FastifyRequest) {
    const body = req.body as PaymentBody | undefined;
    const id = orderIdOf(body);
    const session = await getSession(req);
    await orderPaymentState(app.db, session, id);
    for (const attempt of await pendingAttempts(app.db, id)) {
      const outcome = await provider.query(attempt);
      if (outcome) await settleAttempt(app.db, attempt.id, outcome);
    }
    return orderPaymentState(app.db, session, id);
  }

  async function startHosted(req: FastifyRequest, channel: PaymentChannel, body: PaymentBody) {
    const id = orderIdOf(body);
    const base = returnBase(req, body.returnUrlInfo);
    const toReturn = HOSTED_RETURN[channel] as (orderID: string) => string;
    const attempt = await openAttempt(app.db, await getSession(req), id, channel, (orderID) => `${base}${toReturn(orderID)}`);
    const { redirectUrl } = await provider.startHosted(attempt, serverOrigin(req));
    return { orderID: attempt.orderID, redirectUrl };
  }

  const hosted = (channel: PaymentChannel) => async (req: FastifyRequest) => startHosted(req, channel, (req.body ?? {}) as PaymentBody);

  app.post('/shoppingManagement4/requestOTTH5Payment', hosted('OTT'));
  app.post('/shoppingManagement4/requestCitconH5Payment', hosted('CITCON'));
  app.post('/shoppingManagement4/requestIOTPayH5Payment', hosted('IOTPAY'));
  app.post('/shoppingManagement4/requestOPayH5Payment', hosted('OPAY'));
  app.post('/shoppingManagement4/requestAlipayH5Payment', hosted('ALIPAY_H5'));
  app.get<{ Params: { kind: string; method: string }; Querystring: PaymentBody }>(
    '/shoppingManagement4/requestSnapPayPrePayment/:kind/:method',
    async (req) => {
      const channel = SNAPPAY[`${req.params.kind}/${req.params.method}`];
      if (!channel) throw notFound('Unknown SnapPay method');
      return startHosted(req, channel, req.query);
    },
  );

  /** Native WeChat: with a wechatCode (WeChat browser) the JSAPI parameters, otherwise the hosted H5 payment. */
  app.post<{ Querystring: { wechatCode?: string } }>('/shoppingManagement4/requestNativePayH5Payment', async (req) => {
    const code = text(req.query.wechatCode);
    const body = (req.body ?? {}) as PaymentBody;
    if (!code) return startHosted(req, 'NATIVE_WECHAT_H5', body);
    const id = orderIdOf(body);
    const base = returnBase(req, body.returnUrlInfo);
    const openId = await provider.openIdFromCode(code);
    const attempt = await openAttempt(app.db, await getSession(req), id, 'NATIVE_WECHAT_JSAPI',
      (orderID) => `${base}/confirmation?from_source=weixin_js&status=ok&oid=${orderID}`);
    const { prepayId, weChatPayInfo } = await provider.startWeChatInApp(attempt, openId);
    return { orderID: attempt.orderID, prepay_id: prepayId, weChatPayInfo };
  });

  app.post('/shoppingManagement4/requestWeChatMiniProgramPayment', async (req) => {
    const body = (req.body ?? {}) as PaymentBody & { wechatCode?: unknown };
    const id = orderIdOf(body);
    const code = text(body.wechatCode);
    const openId = text(body.weChatOpenId) || (code ? await provider.openIdFromCode(code) : '');
    if (!openId) throw badRequest('no WechatOpenID');
    const attempt = await openAttempt(app.db, await getSession(req), id, 'WECHAT_MINI_PROGRAM', () => '');
    const { prepayId, weChatPayInfo } = await provider.startWeChatInApp(attempt, openId);
    return { orderID: attempt.orderID, prepay_id: prepayId, weChatPayInfo, weChatOpenId: openId };
  });

  /** The mini-program's sheet result: success / error (with errorMessage), checked with the provider. */
  const processMiniProgram = (report: 'PAID' | 'FAILED') => async (req: FastifyRequest) => {
    const body = (req.body ?? {}) as PaymentBody;
    const id = orderIdOf(body);
    const session = await getSession(req);
    const attempt = await latestAttempt(app.db, session, id, ['WECHAT_MINI_PROGRAM']);
    if (!attempt) throw notFound('No payment was started for this order');
    const outcome = await provider.query(attempt, report);
    if (outcome) await settleAttempt(app.db, attempt.id, outcome, text(body.errorMessage) || undefined);
    return orderPaymentState(app.db, session, id);
  };
  app.post('/shoppingManagement4/processWeChatMiniProgramPayment/success', processMiniProgram('PAID'));
  app.post('/shoppingManagement4/processWeChatMiniProgramPayment/error', processMiniProgram('FAILED'));

  app.post('/shoppingManagement4/requestAlipayMiniProgramPayment', async (req) => {
    const id = orderIdOf(req.body as PaymentBody);
    const attempt = await openAttempt(app.db, await getSession(req), id, 'ALIPAY_MINI_PROGRAM', () => '');
    const { tradeNO } = await provider.startAlipayTrade(attempt);
    return { orderID: attempt.orderID, tradeNO };
  });

  /** Alipay status: after my.tradePay (with its resultCode) and for /confirmationa/alipay_h5/{order_id}. */
  app.post('/shoppingManagement4/checkAlipayPaymentStatus', async (req) => {
    const body = (req.body ?? {}) as PaymentBody;
    const resultCode = text(body.resultCode);
    if (resultCode && !ALIPAY_PROCESSING.has(resultCode)) {
      const id = orderIdOf(body);
      const attempt = await latestAttempt(app.db, await getSession(req), id, ['ALIPAY_MINI_PROGRAM']);
      if (!attempt) throw notFound('No payment was started for this order');
      const outcome = await provider.query(attempt, resultCode === '9000' ? 'PAID' : 'FAILED');
      if (outcome) await settleAttempt(app.db, attempt.id, outcome, resultCode === '9000' ? undefined : `Alipay ${resultCode}`);
    }
    return checkStatus(req);
  });

  for (const path of [
    'checkOttPaymentStatus',
    'checkSnapPayPaymentStatus',
    'checkCitconPaymentStatus',
    'checkIOTPayPaymentStatus',
    'checkOPayPaymentStatus',
    'checkNativePayPaymentStatus',
  ]) {
    app.post(`/shoppingManagement4/${path}`, checkStatus);
  }

  // The sandbox's hosted page (the "provider's site") and its notification.
  app.get<{ Params: { attemptId: string } }>('/sandbox/pay/:attemptId', async (req, reply: FastifyReply) => {
    const attempt = await findAttempt(app.db, req.params.attemptId);
    if (!attempt) throw notFound('Unknown payment');
    reply.header('Cache-Control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(sandboxPageHtml(attempt, `${req.url.split('?')[0]}`));
  });
  app.post<{ Params: { attemptId: string; action: string } }>('/sandbox/pay/:attemptId/:action', async (req) => {
    const attempt = await findAttempt(app.db, req.params.attemptId);
    if (!attempt) throw notFound('Unknown payment');
    const { action } = req.params;
    if (action === 'pay') await settleAttempt(app.db, attempt.id, 'PAID');
    else if (action === 'fail') await settleAttempt(app.db, attempt.id, 'FAILED', 'Declined in the payment sandbox');
    else if (action !== 'abandon') throw notFound('Unknown sandbox action');
    return { redirectUrl: attempt.returnUrl };
  });
}
