/**
 * SnapPay (channels SNAPPAY_WECHATPAY, SNAPPAY_ALIPAY, SNAPPAY_UNIONPAY), from SnapPay's OpenAPI documentation
 * (developer.snappay.ca/openapi.html) and its official Java SDK (github.com/SnapPayInc/open-api-java-sdk), which is
 * the reference for the wire details the page leaves to it. Every call is a JSON POST to <gateway>/api/gateway with
 * app_id, method, merchant_no, format JSON, charset UTF-8, version 1.0, sign_type MD5 and sign; answers are
 * `{ code: "0", msg, total, data: [ … ], sign }`, signed the same way, as are the asynchronous notifications.
 *
 * Signature (the SDK's SignHandler): drop sign, sign_type and empty values (in nested objects too), sort the keys,
 * `k=v&…` with objects and arrays written as compact JSON, append the MD5 sign key, MD5, lower-case hex. Amounts are
 * decimal numbers of the currency (the SDK sends Java doubles: 26 dollars is `26.0`); this module keeps numbers as the
 * text they were sent in, so a signature covers exactly the bytes on the wire.
 *
 * - start: pay.h5pay (WeChat Pay in a phone browser) or pay.webpay (Alipay: WAP on a phone, PC on a desktop; UnionPay:
 *   PC), out_order_no = the attempt id; the shopper goes to h5pay_url / webpay_url and comes back to return_url.
 * - query: pay.orderquery: SUCCESS paid (SnapPay's amount and currency), CLOSE failed, USERPAYING pending.
 * - notification: POST /api/istore/notify/snappay, answered `{"code":"0","msg":"SUCCESS"}` once applied.
 * - refund: pay.orderrefund with out_refund_no = the store's refund id.  close: pay.ordercancel.
 * - WECHAT_MINI_PROGRAM, when CHANNEL_PROVIDERS gives it to SnapPay (payments/index.ts): "WeChat Mini Program Payment"
 *   (developer.snappay.ca/scenarios-mini.en-US.html: the merchant backend calls the Mini Program Payment API, SnapPay
 *   "returns WeChat Mini Program payment parameters (request_payment)", the mini-program invokes WeChat Pay with them,
 *   then Query Order and the asynchronous notification as for every order); the SDK's MiniPayRequest is pay.minipay
 *   with pay_user_account_id = the shopper's openid for the shop's mini-program (the sign-in's jscode2session), its
 *   MiniPayResponseData request_payment (the wx.requestPayment parameters, as JSON text) and trade_no.
 *   SnapPay's pages here document no WeChat JSAPI (in-browser) payment ("At present, we can only use the method of
 *   mini program payment API to invoke WeChat payment"), so NATIVE_WECHAT_JSAPI is not SnapPay's to serve.
 * - Deadline: effective_minutes (5 to 60, the SDK's AbstractPayRequest) from the store's hold (deadlines.ts).
 * - Order numbers: out_order_no TEXT(64) (orderNumbers.ts).
 */
import crypto from 'node:crypto';
import { ApiError } from '../lib/errors.ts';
import { keyFromFile, notifyBaseOf, providerOrigin, requiredSet } from './providerConfig.ts';
import { JsonNumber, readNotificationJson, type Json } from './notificationJson.ts';
import { NotificationRefused, type NotificationEvent, type PaymentAttempt, type PaymentChannel, type PaymentProvider, type ProviderStatus, type WeChatPayInfo, miniProgramPayParams } from './provider.ts';
import { orderNumber } from './orderNumbers.ts';
import { snappayEffectiveMinutes } from './deadlines.ts';

/** The currencies SnapPay's merchants abroad are paid in. */
const SNAPPAY_CURRENCIES = ['CAD', 'USD'];

export const SNAPPAY_LIVE = 'https://open.snappay.ca';

/** A JSON number kept as the text it was written in. */
export { JsonNumber };

/**
 * SnapPay's JSON (notifications and answers): the shared notification reader (notificationJson.ts) with numbers kept
 * as their text, since a signature covers that text, not a float. Own members only, no `__proto__` (probe N3), a
 * depth limit (N10).
 */
export function parseJson(text: string): Json {
  return readNotificationJson(text, { numbers: 'text' });
}

/** Compact JSON as the SDK's Gson writes it: numbers as their text, null members left out, no HTML escaping. */
export function jsonText(v: Json): string {
  if (v instanceof JsonNumber) return v.text;
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(',')}}`;
  }
  return JSON.stringify(v).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The SDK's paraFilter: no sign / sign_type, no empty values; an array keeps its non-empty items whole. */
function withoutEmpty(v: Json): Json | undefined {
  if (v === null) return undefined;
  if (Array.isArray(v)) return v.filter((x) => withoutEmpty(x) !== undefined);
  if (v instanceof JsonNumber || typeof v !== 'object') return String(v instanceof JsonNumber ? v.text : v) === '' ? undefined : v;
  const kept = Object.entries(v)
    .filter(([k]) => k !== 'sign' && k !== 'sign_type')
    .map(([k, x]) => [k, withoutEmpty(x)] as const)
    .filter(([, x]) => x !== undefined) as Array<[string, Json]>;
  return kept.length ? Object.fromEntries(kept) : undefined;
}

export function snappaySign(params: { [k: string]: Json }, key: string): string {
  const kept = (withoutEmpty(params) ?? {}) as { [k: string]: Json };
  const text = Object.keys(kept).sort().map((k) => {
    const v = kept[k];
    return `${k}=${v instanceof JsonNumber ? v.text : typeof v === 'object' ? jsonText(v) : String(v)}`;
  }).join('&');
  return crypto.createHash('md5').update(text + key, 'utf8').digest('hex');
}

const signedBy = (params: { [k: string]: Json }, key: string) => {
  const sign = typeof params.sign === 'string' ? params.sign : '';
  const expected = snappaySign(params, key);
  return sign.length === expected.length && crypto.timingSafeEqual(Buffer.from(sign), Buffer.from(expected));
};

/** Cents as the SDK sends a Java double (2599 → 25.99, 2600 → 26.0). */
export function amountText(cents: number): JsonNumber {
  if (!Number.isInteger(cents) || cents <= 0 || cents >= 1_000_000_000) throw new ApiError(409, `Cannot ask SnapPay for ${cents} cents`);
  const text = String(cents / 100);
  return new JsonNumber(text.includes('.') ? text : `${text}.0`);
}

/** Cents of an amount SnapPay sent (exactly, from its decimal text); null when it is not an amount. */
export function centsOf(v: Json | undefined): number | null {
  const text = v instanceof JsonNumber ? v.text : typeof v === 'string' ? v : '';
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || 0) : null;
}

export interface SnapPayConfig {
  appId: string;
  merchantNo: string;
  signKey: string;
  gatewayUrl: string;
  timeoutMs?: number;
  /** PUBLIC_URL: where the gateway posts its notifications; else the address the shopper reached the store at. */
  notifyBase?: string;
  /** WECHAT_MINI_PROGRAM_APPID: the shop's own mini-program (the app request_payment must be for). */
  miniProgramAppId?: string;
}

/** SNAPPAY_APP_ID, SNAPPAY_MERCHANT_NO, SNAPPAY_SIGN_KEY_FILE (and SNAPPAY_GATEWAY_URL); null when none is set. */
export function snappayConfigFromEnv(env: NodeJS.ProcessEnv): SnapPayConfig | null {
  const set = requiredSet(env, 'SnapPay', ['SNAPPAY_APP_ID', 'SNAPPAY_MERCHANT_NO', 'SNAPPAY_SIGN_KEY_FILE']);
  if (!set) return null;
  if (!/^[0-9a-zA-Z]{1,32}$/.test(set.SNAPPAY_APP_ID)) throw new Error('SNAPPAY_APP_ID is not a SnapPay app id');
  if (!/^\d{1,32}$/.test(set.SNAPPAY_MERCHANT_NO)) throw new Error('SNAPPAY_MERCHANT_NO is not a SnapPay merchant number (digits)');
  return {
    appId: set.SNAPPAY_APP_ID,
    merchantNo: set.SNAPPAY_MERCHANT_NO,
    signKey: keyFromFile('SNAPPAY_SIGN_KEY_FILE', set.SNAPPAY_SIGN_KEY_FILE, /^[0-9a-zA-Z]{16,64}$/, 'a SnapPay MD5 sign key'),
    gatewayUrl: providerOrigin(env, 'SNAPPAY_GATEWAY_URL', SNAPPAY_LIVE),
    ...notifyBaseOf(env),
    ...((env.WECHAT_MINI_PROGRAM_APPID ?? '').trim() ? { miniProgramAppId: (env.WECHAT_MINI_PROGRAM_APPID as string).trim() } : {}),
  };
}

export class SnapPayFailure extends ApiError {
  constructor(operation: string, detail: string) {
    super(502, `SnapPay could not ${operation}: ${detail}`);
  }
}

const PHONE = /Mobile|Android|iPhone|iPad|MicroMessenger/i;
const METHOD: Partial<Record<PaymentChannel, string>> = { SNAPPAY_WECHATPAY: 'WECHATPAY', SNAPPAY_ALIPAY: 'ALIPAY', SNAPPAY_UNIONPAY: 'UNIONPAY' };

export function snappayProvider(config: SnapPayConfig): PaymentProvider {
  /** One signed call; answers the first (only) data item of a signed `code: "0"` answer. */
  async function call(operation: string, method: string, params: { [k: string]: Json }): Promise<{ [k: string]: Json }> {
    const body: { [k: string]: Json } = {
      ...params, app_id: config.appId, method, merchant_no: config.merchantNo, format: 'JSON', charset: 'UTF-8', version: '1.0',
      sign_type: 'MD5', timestamp: new Date().toISOString().replace('T', ' ').slice(0, 19),
    };
    body.sign = snappaySign(body, config.signKey);
    let res: Response;
    try {
      res = await fetch(`${config.gatewayUrl}/api/gateway`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
        body: jsonText(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (e) {
      throw new SnapPayFailure(operation, String((e as Error)?.message ?? e));
    }
    const text = await res.text();
    if (res.status !== 200) throw new SnapPayFailure(operation, `HTTP ${res.status}`);
    let answer: { [k: string]: Json };
    try {
      answer = parseJson(text) as { [k: string]: Json };
    } catch {
      throw new SnapPayFailure(operation, 'the answer is not JSON');
    }
    if (!signedBy(answer, config.signKey)) throw new SnapPayFailure(operation, 'the answer is not signed by SnapPay');
    if (answer.code !== '0') throw new SnapPayFailure(operation, `code ${String(answer.code)} ${String(answer.msg ?? '')}`.trim());
    const item = Array.isArray(answer.data) ? answer.data[0] : undefined;
    if (!item || typeof item !== 'object' || Array.isArray(item) || item instanceof JsonNumber) throw new SnapPayFailure(operation, 'no data in the answer');
    return item as { [k: string]: Json };
  }

  const statusOf = (item: { [k: string]: Json }): ProviderStatus => {
    if (item.trans_status === 'SUCCESS') {
      const amount = centsOf(item.trans_amount);
      if (amount === null) throw new SnapPayFailure('read the order', `unreadable amount ${jsonText(item.trans_amount ?? null)}`);
      return { outcome: 'PAID', amount, currency: String(item.trans_currency) };
    }
    return { outcome: item.trans_status === 'CLOSE' ? 'FAILED' : null };
  };

  /** The wx.requestPayment parameters of pay.minipay's request_payment (JSON text, or an object). */
  function requestPaymentOf(item: { [k: string]: Json }): WeChatPayInfo {
    let p: Json | undefined = item.request_payment;
    if (typeof p === 'string') {
      try {
        p = parseJson(p);
      } catch {
        p = null;
      }
    }
    const params = miniProgramPayParams(p instanceof JsonNumber ? null : p, config.miniProgramAppId);
    if ('problem' in params) {
      throw new SnapPayFailure('start the mini-program payment', params.problem === 'missing' ? 'no request_payment parameters in the answer' : `request_payment is ${params.problem}`);
    }
    return params;
  }

  return {
    name: 'snappay',
    channels: ['SNAPPAY_WECHATPAY', 'SNAPPAY_ALIPAY', 'SNAPPAY_UNIONPAY'],
    canServe: ['SNAPPAY_WECHATPAY', 'SNAPPAY_ALIPAY', 'SNAPPAY_UNIONPAY', 'WECHAT_MINI_PROGRAM'],

    channelRefusal: (channel: PaymentChannel) => (channel !== 'WECHAT_MINI_PROGRAM' ? null
      : !config.miniProgramAppId
        ? 'WECHAT_MINI_PROGRAM_APPID is not set: SnapPay\'s mini-program payment is for the shopper\'s openid in the shop\'s own ' +
          'mini-program (its sign-in: WECHAT_MINI_PROGRAM_APPID and _SECRET), the app SnapPay binds to the merchant'
        : !config.notifyBase ? 'PUBLIC_URL is not set: a mini-program payment has no store address to give SnapPay for its notifications' : null),

    payableUntil: (attempt, startedAt) => snappayEffectiveMinutes(attempt.payBy, startedAt).until,

    currencyRefusal: (storeCurrency) => (SNAPPAY_CURRENCIES.includes(storeCurrency) ? null
      : `SnapPay (SNAPPAY_*) takes ${SNAPPAY_CURRENCIES.join(' or ')} only, and the store sells in ${storeCurrency} (the 'payment' setting's defaultCurrency)`),

    async startHosted(attempt, ctx) {
      const paymentMethod = METHOD[attempt.channel];
      if (!paymentMethod) throw new ApiError(400, `SnapPay does not serve ${attempt.channel}`);
      if (!SNAPPAY_CURRENCIES.includes(attempt.currency)) throw new ApiError(409, `SnapPay does not take payments in ${attempt.currency}`);
      const description = attempt.purpose === 'ORDER' ? `Order ${attempt.orderID}` : 'Store credit top-up';
      const common = {
        payment_method: paymentMethod,
        out_order_no: orderNumber('snappay', attempt.id),
        effective_minutes: new JsonNumber(String(snappayEffectiveMinutes(attempt.payBy, new Date()).effectiveMinutes)),
        trans_currency: attempt.currency,
        trans_amount: amountText(attempt.amount),
        description,
        notify_url: `${config.notifyBase ?? ctx.origin}/api/istore/notify/snappay`,
        return_url: new URL(attempt.returnUrl, ctx.origin).toString(),
      };
      if (paymentMethod === 'WECHATPAY') {
        const item = await call('start the payment', 'pay.h5pay', common);
        if (typeof item.h5pay_url !== 'string') throw new SnapPayFailure('start the payment', 'no h5pay_url');
        return { redirectUrl: item.h5pay_url, providerRef: typeof item.trans_no === 'string' ? item.trans_no : undefined };
      }
      const browser = paymentMethod === 'ALIPAY' && PHONE.test(ctx.userAgent) ? 'WAP' : 'PC';
      const item = await call('start the payment', 'pay.webpay', { ...common, browser_type: browser });
      if (typeof item.webpay_url !== 'string') throw new SnapPayFailure('start the payment', 'no webpay_url');
      return { redirectUrl: item.webpay_url, providerRef: typeof item.trans_no === 'string' ? item.trans_no : undefined };
    },

    async startWeChatInApp(attempt, openId) {
      if (attempt.channel !== 'WECHAT_MINI_PROGRAM' || !config.miniProgramAppId || !config.notifyBase) {
        throw new ApiError(400, `SnapPay does not serve ${attempt.channel} in the app here`);
      }
      if (!SNAPPAY_CURRENCIES.includes(attempt.currency)) throw new ApiError(409, `SnapPay does not take payments in ${attempt.currency}`);
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(openId)) throw new ApiError(400, 'The WeChat openid is not one');
      const item = await call('start the mini-program payment', 'pay.minipay', {
        payment_method: 'WECHATPAY',
        out_order_no: orderNumber('snappay', attempt.id),
        trans_currency: attempt.currency,
        trans_amount: amountText(attempt.amount),
        description: attempt.purpose === 'ORDER' ? `Order ${attempt.orderID}` : 'Store credit top-up',
        notify_url: `${config.notifyBase}/api/istore/notify/snappay`,
        pay_user_account_id: openId,
        effective_minutes: new JsonNumber(String(snappayEffectiveMinutes(attempt.payBy, new Date()).effectiveMinutes)),
      });
      const weChatPayInfo = requestPaymentOf(item);
      const ref = typeof item.trans_no === 'string' ? item.trans_no : typeof item.trade_no === 'string' ? item.trade_no : '';
      if (!ref) throw new SnapPayFailure('start the mini-program payment', 'no trans_no in the answer');
      return { prepayId: ref, weChatPayInfo };
    },
    async startAlipayTrade() {
      throw new ApiError(400, 'SnapPay is offered here as a hosted payment only');
    },

    async query(attempt) {
      return statusOf(await call('query the order', 'pay.orderquery', { out_order_no: attempt.id }));
    },

    async refund(attempt: PaymentAttempt, { refundId, amount }) {
      const item = await call('refund', 'pay.orderrefund', {
        out_order_no: attempt.id,
        out_refund_no: refundId,
        refund_amount: amountText(amount),
        refund_desc: attempt.purpose === 'ORDER' ? `Order ${attempt.orderID}` : 'Store credit',
      });
      if (item.trans_status === 'CLOSE') throw new SnapPayFailure('refund', `refund ${refundId} was closed`);
    },

    async close(attempt) {
      await call('close the order', 'pay.ordercancel', { out_order_no: attempt.id });
    },

    async notification({ rawBody }) {
      let params: { [k: string]: Json };
      try {
        params = parseJson(rawBody) as { [k: string]: Json };
      } catch {
        throw new NotificationRefused('SnapPay notification: the body is not JSON', refusal);
      }
      if (!params || typeof params !== 'object' || Array.isArray(params) || !signedBy(params, config.signKey)) {
        throw new NotificationRefused('SnapPay notification: bad signature', refusal);
      }
      if (params.merchant_no !== undefined && params.merchant_no !== config.merchantNo) throw new NotificationRefused('SnapPay notification: another merchant', refusal);
      const status = statusOf(params);
      const events: NotificationEvent[] = status.outcome === 'PAID' && typeof params.out_order_no === 'string'
        ? [{ attemptId: params.out_order_no, outcome: 'PAID', amount: status.amount as number, currency: status.currency as string }]
        : [];
      return { events, reply: { status: 200, contentType: 'application/json', body: '{"code":"0","msg":"SUCCESS"}' } };
    },
  };
}

const refusal = { status: 400, contentType: 'application/json', body: '{"code":"1","msg":"illegal sign"}' };

export function snappayFromEnv(env: NodeJS.ProcessEnv): PaymentProvider | null {
  const config = snappayConfigFromEnv(env);
  return config ? snappayProvider(config) : null;
}
