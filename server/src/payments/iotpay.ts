/**
 * IOTPay (channel IOTPAY), from IOTPay's public API documentation (develop.iotpay.ca: "Signing", "Online Secure
 * Payment", "Order Query", "Refund interface", "Asynchronous Notify"). Every call is a form POST of
 * `params=<JSON>` to https://api.iotpaycloud.com/v1/<call>, signed with MD5 over the non-empty parameters sorted by
 * name (`k1=v1&k2=v2&key=<merchant key>`, upper-case hex); amounts are integer cents.
 *
 * - start: create_order on the Online Secure Payment channels (ALIPAY_WAP on a phone, ALIPAY_PC on a desktop; the
 *   shopper pays on Alipay's page and comes back to the return URL), mchOrderNo = the attempt id; the payment URL is
 *   retParams.alipayUrl, the provider reference IOTPay's payOrderId.
 * - query: query_order by mchOrderNo; status 2 or 3 is paid (with IOTPay's amount and currency), 4 and 9 cancelled.
 * - notification: POST /api/istore/notify/iotpay with the signed notify parameters (status 2 = paid); answered `success`.
 * - refund: refund_order of the payOrderId, mchRefundNo = the store's refund id.
 * - close: IOTPay's v1 API documents no close: a voided attempt is never settled by the store, and a payment that still
 *   arrives for it is refunded by the store (NEEDS_REFUND); the sync worker queries a voided attempt for
 *   IOTPAY_ASSUMED_PAYABLE_MS (deadlines.ts), IOTPay documenting neither a deadline parameter nor an order expiry.
 * - WeChat, when CHANNEL_PROVIDERS gives IOTPay the WeChat channels (payments/index.ts):
 *   - WECHAT_MINI_PROGRAM ("WeChat Mini Program", develop.iotpay.ca/guide/order_jsapi_mini.html): create_order with
 *     channelId WX_JSAPI and extra {"openId","type":"minipay","appId"}: the shopper's openid for the shop's own
 *     mini-program (WECHAT_MINI_PROGRAM_APPID, the sign-in's jscode2session), answering payParams, the
 *     wx.requestPayment parameters;
 *   - NATIVE_WECHAT_JSAPI ("Payment in WeChat Web Browser", develop.iotpay.ca/guide/order_jsapi.html): payForSubmit
 *     with channelId WX_JSAPI answering `url`, IOTPay's page in the WeChat browser, which returns to returnUrl (the
 *     shopper goes there: inAppByPage); the notify carries mchOrderNo in param1 as well.
 *   Query, notify and refund are the same calls as for every IOTPay order.
 * - Order numbers: mchOrderNo String(30) (orderNumbers.ts).
 */
import crypto from 'node:crypto';
import { ApiError } from '../lib/errors.ts';
import { keyFromFile, notifyBaseOf, providerOrigin, requiredSet } from './providerConfig.ts';
import { readNotificationJson } from './notificationJson.ts';
import { NotificationRefused, type NotificationEvent, type PaymentAttempt, type PaymentChannel, type PaymentProvider, type ProviderStatus, type WeChatPayInfo, miniProgramPayParams } from './provider.ts';
import { orderNumber } from './orderNumbers.ts';
import { IOTPAY_ASSUMED_PAYABLE_MS } from './deadlines.ts';

/** The currencies IOTPay's v1 API takes. */
const IOTPAY_CURRENCIES = ['CAD', 'USD', 'CNY'];

export const IOTPAY_LIVE = 'https://api.iotpaycloud.com';

export interface IotPayConfig {
  merchantId: string;
  /** The merchant's login name (jobNo / loginName of the calls). */
  loginName: string;
  merchantKey: string;
  baseUrl: string;
  timeoutMs?: number;
  /** PUBLIC_URL: where the gateway posts its notifications; else the address the shopper reached the store at. */
  notifyBase?: string;
  /** WECHAT_MINI_PROGRAM_APPID: the shop's own mini-program, named in a minipay order (extra.appId). */
  miniProgramAppId?: string;
}

/** IOTPay's signature of a parameter set: non-empty values, sorted by name, `&key=<merchant key>`, MD5, upper case. */
export function iotpaySign(params: Record<string, unknown>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null && String(params[k]) !== '')
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
  return crypto.createHash('md5').update(`${text}&key=${key}`, 'utf8').digest('hex').toUpperCase();
}

const signedBy = (params: Record<string, unknown>, key: string) => {
  const sign = typeof params.sign === 'string' ? params.sign : '';
  const expected = iotpaySign(params, key);
  return sign.length === expected.length && crypto.timingSafeEqual(Buffer.from(sign), Buffer.from(expected));
};

/** IOTPAY_MERCHANT_ID, IOTPAY_LOGIN_NAME, IOTPAY_MERCHANT_KEY_FILE (and IOTPAY_BASE_URL); null when none is set. */
export function iotpayConfigFromEnv(env: NodeJS.ProcessEnv): IotPayConfig | null {
  const set = requiredSet(env, 'IOTPay', ['IOTPAY_MERCHANT_ID', 'IOTPAY_LOGIN_NAME', 'IOTPAY_MERCHANT_KEY_FILE']);
  if (!set) return null;
  if (!/^\d{1,30}$/.test(set.IOTPAY_MERCHANT_ID)) throw new Error('IOTPAY_MERCHANT_ID is not an IOTPay merchant id (digits)');
  return {
    merchantId: set.IOTPAY_MERCHANT_ID,
    loginName: set.IOTPAY_LOGIN_NAME,
    merchantKey: keyFromFile('IOTPAY_MERCHANT_KEY_FILE', set.IOTPAY_MERCHANT_KEY_FILE, /^\S{16,128}$/, 'an IOTPay merchant key'),
    baseUrl: providerOrigin(env, 'IOTPAY_BASE_URL', IOTPAY_LIVE),
    ...notifyBaseOf(env),
    ...((env.WECHAT_MINI_PROGRAM_APPID ?? '').trim() ? { miniProgramAppId: (env.WECHAT_MINI_PROGRAM_APPID as string).trim() } : {}),
  };
}

export class IotPayFailure extends ApiError {
  constructor(operation: string, detail: string) {
    super(502, `IOTPay could not ${operation}: ${detail}`);
  }
}

const PHONE = /Mobile|Android|iPhone|iPad|MicroMessenger/i;

export function iotpayProvider(config: IotPayConfig): PaymentProvider {
  /** One signed call; the answer must be signed by IOTPay when it carries a sign, and report SUCCESS twice. */
  async function call(operation: string, path: string, params: Record<string, unknown>): Promise<Record<string, any>> {
    const body = { ...params, mchId: config.merchantId };
    const form = new URLSearchParams({ params: JSON.stringify({ ...body, sign: iotpaySign(body, config.merchantKey) }) });
    let res: Response;
    try {
      res = await fetch(`${config.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (e) {
      throw new IotPayFailure(operation, String((e as Error)?.message ?? e));
    }
    const answer = await res.json().catch(() => null) as Record<string, any> | null;
    if (!res.ok || !answer) throw new IotPayFailure(operation, `HTTP ${res.status}`);
    if (answer.retCode !== 'SUCCESS') throw new IotPayFailure(operation, `${answer.retCode ?? 'no retCode'} ${answer.retMsg ?? ''}`.trim());
    // "When validating the response or notify message, don't sign on parameter 'sign'" (Signing): answers are signed.
    if (!signedBy(answer, config.merchantKey)) throw new IotPayFailure(operation, 'the answer is not signed by IOTPay');
    return answer;
  }

  const paid = (status: unknown) => Number(status) === 2 || Number(status) === 3;

  const subjectOf = (attempt: PaymentAttempt) => (attempt.purpose === 'ORDER' ? `Order ${attempt.orderID}` : 'Store credit top-up');
  const notifyUrlOf = (origin: string) => `${config.notifyBase ?? origin}/api/istore/notify/iotpay`;
  const takes = (attempt: PaymentAttempt) => {
    if (!IOTPAY_CURRENCIES.includes(attempt.currency)) throw new ApiError(409, `IOTPay does not take payments in ${attempt.currency}`);
  };

  /** The wx.requestPayment parameters of a minipay answer (payParams, an object or its JSON text). */
  function payParamsOf(answer: Record<string, any>): WeChatPayInfo {
    let p = answer.payParams;
    if (typeof p === 'string') {
      try {
        p = readNotificationJson(p);
      } catch {
        p = null;
      }
    }
    const params = miniProgramPayParams(p, config.miniProgramAppId);
    if ('problem' in params) {
      throw new IotPayFailure('create the mini-program payment', params.problem === 'missing' ? 'no payParams for wx.requestPayment in the answer' : `payParams are ${params.problem}`);
    }
    return params;
  }

  return {
    name: 'iotpay',
    channels: ['IOTPAY'],
    canServe: ['IOTPAY', 'WECHAT_MINI_PROGRAM', 'NATIVE_WECHAT_JSAPI'],

    channelRefusal: (channel: PaymentChannel) => (channel !== 'WECHAT_MINI_PROGRAM' ? null
      : !config.miniProgramAppId
        ? 'WECHAT_MINI_PROGRAM_APPID is not set: IOTPay\'s mini-program payment names the shop\'s own mini-program (extra.appId), ' +
          'and the shopper\'s openid comes from its sign-in (WECHAT_MINI_PROGRAM_APPID and _SECRET)'
        : !config.notifyBase ? 'PUBLIC_URL is not set: a mini-program payment has no store address to give IOTPay for its notifications' : null),

    inAppByPage: (channel) => channel === 'NATIVE_WECHAT_JSAPI',

    payableUntil: (_attempt, startedAt) => new Date(startedAt.getTime() + IOTPAY_ASSUMED_PAYABLE_MS),

    currencyRefusal: (storeCurrency) => (IOTPAY_CURRENCIES.includes(storeCurrency) ? null
      : `IOTPay (IOTPAY_*) takes ${IOTPAY_CURRENCIES.join(', ')} only, and the store sells in ${storeCurrency} (the 'payment' setting's defaultCurrency)`),

    async startHosted(attempt, ctx) {
      takes(attempt);
      if (attempt.channel === 'NATIVE_WECHAT_JSAPI') {
        // payForSubmit: "param1 … don't pass value in this field, will return mchOrderNo in notify".
        const answer = await call('start the WeChat payment', '/v1/payForSubmit', {
          mchOrderNo: orderNumber('iotpay', attempt.id),
          currency: attempt.currency,
          channelId: 'WX_JSAPI',
          amount: attempt.amount,
          clientIp: ctx.clientIp,
          returnUrl: new URL(attempt.returnUrl, ctx.origin).toString(),
          notifyUrl: notifyUrlOf(ctx.origin),
          subject: subjectOf(attempt),
          body: subjectOf(attempt),
          jobNo: config.loginName,
        });
        if (typeof answer.url !== 'string' || !/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(answer.url)) {
          throw new IotPayFailure('start the WeChat payment', 'no payment page url in the answer');
        }
        return { redirectUrl: answer.url, ...(answer.payOrderId ? { providerRef: String(answer.payOrderId) } : {}) };
      }
      if (attempt.channel !== 'IOTPAY') throw new ApiError(400, `IOTPay does not serve ${attempt.channel} as a hosted payment`);
      const answer = await call('create the order', '/v1/create_order', {
        mchOrderNo: orderNumber('iotpay', attempt.id),
        jobNo: config.loginName,
        currency: attempt.currency,
        channelId: PHONE.test(ctx.userAgent) ? 'ALIPAY_WAP' : 'ALIPAY_PC',
        amount: attempt.amount,
        device: 'WEB',
        notifyUrl: `${config.notifyBase ?? ctx.origin}/api/istore/notify/iotpay`,
        returnUrl: new URL(attempt.returnUrl, ctx.origin).toString(),
        subject: attempt.purpose === 'ORDER' ? `Order ${attempt.orderID}` : 'Store credit top-up',
        body: attempt.purpose === 'ORDER' ? `Order ${attempt.orderID}` : 'Store credit top-up',
        clientIp: ctx.clientIp,
      });
      if (answer.resCode !== 'SUCCESS') throw new IotPayFailure('create the order', `${answer.errCode ?? ''} ${answer.errCodeDes ?? ''}`.trim());
      const retParams = typeof answer.retParams === 'string' ? JSON.parse(answer.retParams) : answer.retParams;
      const url = retParams?.alipayUrl ?? retParams?.payUrl;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new IotPayFailure('create the order', 'no payment URL in the answer');
      return { redirectUrl: url, providerRef: String(answer.payOrderId) };
    },

    async startWeChatInApp(attempt, openId) {
      if (attempt.channel !== 'WECHAT_MINI_PROGRAM' || !config.miniProgramAppId) throw new ApiError(400, `IOTPay does not serve ${attempt.channel} in the app here`);
      takes(attempt);
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(openId)) throw new ApiError(400, 'The WeChat openid is not one');
      const answer = await call('create the mini-program payment', '/v1/create_order', {
        mchOrderNo: orderNumber('iotpay', attempt.id),
        jobNo: config.loginName,
        currency: attempt.currency,
        channelId: 'WX_JSAPI',
        amount: attempt.amount,
        device: 'WEB',
        // The payment has no shopper's address here (the mini-program calls through WeChat); this server's own.
        clientIp: '127.0.0.1',
        notifyUrl: notifyUrlOf(config.notifyBase as string),
        subject: subjectOf(attempt),
        body: subjectOf(attempt),
        extra: JSON.stringify({ openId, type: 'minipay', appId: config.miniProgramAppId }),
      });
      if (answer.resCode !== 'SUCCESS') throw new IotPayFailure('create the mini-program payment', `${answer.errCode ?? ''} ${answer.errCodeDes ?? ''}`.trim());
      const weChatPayInfo = payParamsOf(answer);
      if (typeof answer.payOrderId !== 'string' || !answer.payOrderId) throw new IotPayFailure('create the mini-program payment', 'no payOrderId in the answer');
      // The provider reference is IOTPay's payOrderId (refunds name it), as for every IOTPay order.
      return { prepayId: answer.payOrderId, weChatPayInfo };
    },
    async startAlipayTrade() {
      throw new ApiError(400, 'IOTPay is offered here as a hosted payment only');
    },

    async query(attempt): Promise<ProviderStatus> {
      const answer = await call('query the order', '/v1/query_order', { mchOrderNo: attempt.id });
      if (answer.resCode !== 'SUCCESS') return { outcome: null };
      if (paid(answer.status)) return { outcome: 'PAID', amount: Number(answer.amount), currency: String(answer.currency) };
      if (Number(answer.status) === 4 || Number(answer.status) === 9) return { outcome: 'FAILED' };
      return { outcome: null };
    },

    async refund(attempt: PaymentAttempt, { refundId, amount }) {
      if (!attempt.providerRef) throw new IotPayFailure('refund', `attempt ${attempt.id} has no IOTPay order`);
      const answer = await call('refund', '/v1/refund_order', {
        mchRefundNo: refundId,
        refundAmount: amount,
        // Required by the call; a refund has no shopper, so it is this server's own address.
        clientIp: '127.0.0.1',
        device: 'WEB',
        loginName: config.loginName,
        payOrderId: attempt.providerRef,
      });
      if (answer.resCode !== 'SUCCESS') throw new IotPayFailure('refund', `${answer.errCode ?? ''} ${answer.errCodeDes ?? ''}`.trim());
    },

    async close() {
      // No close in IOTPay's v1 API (see the header).
    },

    async notification({ headers, rawBody }) {
      const type = headers['content-type'] ?? '';
      let params: Record<string, unknown>;
      try {
        params = /json/i.test(type) ? readNotificationJson(rawBody) as Record<string, unknown> : Object.fromEntries(new URLSearchParams(rawBody));
      } catch {
        throw new NotificationRefused('IOTPay notify: unreadable body', refusal);
      }
      if (!params || typeof params !== 'object' || !signedBy(params, config.merchantKey)) throw new NotificationRefused('IOTPay notify: bad signature', refusal);
      if (params.mchId !== undefined && String(params.mchId) !== config.merchantId) throw new NotificationRefused('IOTPay notify: another merchant', refusal);
      // payForSubmit's notify (the WeChat browser) carries the order number in param1 ("will return mchOrderNo in notify").
      const orderNo = typeof params.mchOrderNo === 'string' && params.mchOrderNo ? params.mchOrderNo
        : typeof params.param1 === 'string' && params.param1 ? params.param1 : null;
      const events: NotificationEvent[] = paid(params.status) && orderNo
        ? [{ attemptId: orderNo, outcome: 'PAID', amount: Number(params.amount), currency: String(params.currency) }]
        : [];
      return { events, reply: { status: 200, contentType: 'text/plain', body: 'success' } };
    },
  };
}

/** IOTPay keeps notifying until it reads `success`; anything else is a refusal. */
const refusal = { status: 400, contentType: 'text/plain', body: 'fail' };

export function iotpayFromEnv(env: NodeJS.ProcessEnv): PaymentProvider | null {
  const config = iotpayConfigFromEnv(env);
  return config ? iotpayProvider(config) : null;
}
