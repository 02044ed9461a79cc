/**
 * Alipay open platform (RSA2, public-key mode), through Alipay's official SDK (alipay-sdk).
 *
 * Channels: ALIPAY_MINI_PROGRAM (alipay.trade.create, product JSAPI_PAY, for the buyer of my.getAuthCode: the trade_no
 * is what my.tradePay opens) and ALIPAY_H5 (alipay.trade.wap.pay on a phone, alipay.trade.page.pay on a desktop: the
 * shopper's browser is sent to the signed gateway URL and comes back to the return URL). Query alipay.trade.query,
 * refund alipay.trade.refund (out_request_no = the refund's deterministic id), close alipay.trade.close, all by
 * out_trade_no = the attempt id (letters, digits and underscore, 64 at most: orderNumbers.ts). Each trade is sent the
 * store's deadline as timeout_express (deadlines.ts), so it cannot be paid after the order's stock hold.
 *
 * Two APIs (ALIPAY_API): `global`, the open platform's cross-border acquiring for a merchant abroad: the same methods
 * with trans_currency = the order's own currency (total_amount in it; Alipay shows the buyer the CNY amount) and
 * refund_currency on refunds; `domestic`, a merchant in mainland China: CNY only. server/README.md names them.
 *
 * Every request is signed with the app's private key (the SDK); every answer acted on is verified with the Alipay
 * public key (exec's validateSign), and so is every asynchronous notification (checkNotifySignV2): an answer or
 * notification that does not verify changes nothing.
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { AlipaySdk } from 'alipay-sdk';
import { currencyDecimals } from '../lib/money.ts';
import { orderNumber } from './orderNumbers.ts';
import { alipayTimeout } from './deadlines.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import {
  NotificationRefused,
  type NotificationEvent,
  type PaymentAttempt,
  type PaymentProvider,
  type ProviderStatus,
  type StartContext,
} from './provider.ts';

export const ALIPAY_NOTIFY_PATH = '/api/istore/notify/alipay';
const GATEWAY_URL = 'https://openapi.alipay.com/gateway.do';
const REQUEST_TIMEOUT_MS = 10_000;
/** What Alipay's notification must be answered with, and nothing else (else it is sent again, up to 8 times in 25 hours). */
const ACKNOWLEDGED = { status: 200, contentType: 'text/plain', body: 'success' };
const REFUSED = { status: 400, contentType: 'text/plain', body: 'fail' };

export type AlipayApi = 'global' | 'domestic';

export interface AlipaySettings {
  appId: string;
  /** The app's private key (PKCS#8 PEM), whose public half is uploaded in the console as the app public key. */
  privateKeyPem: string;
  /** Alipay's public key (the console's 支付宝公钥), SPKI PEM. */
  alipayPublicKeyPem: string;
  gatewayUrl: string;
  api: AlipayApi;
  /** Where Alipay sends notifications: PUBLIC_URL + /api/istore/notify/alipay. */
  notifyUrl: string;
  /** The trade's title on the buyer's bill (`subject`). */
  subject: string;
}

const VARS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

/** A key file as the console and Alipay's key tool give it: PEM, or the bare base64 body of one (PKCS#8/PKCS#1, SPKI). */
function keyFile(env: NodeJS.ProcessEnv, name: string, kind: 'private' | 'public'): KeyObject {
  const file = env[name] as string;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (e: any) {
    throw new Error(`${name}: cannot read ${file} (${e.code ?? e.message})`);
  }
  const attempts = text.includes('-----BEGIN')
    ? [{ key: text }]
    : kind === 'private'
      ? [{ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' }, { key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs1' }]
      : [{ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' }];
  for (const a of attempts) {
    try {
      const key = kind === 'private' ? crypto.createPrivateKey(a as any) : crypto.createPublicKey(a as any);
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // the next form
    }
  }
  throw new Error(`${name}: ${file} is not an RSA ${kind} key (PEM or the console's base64)`);
}

/** Alipay's settings from the environment; null when none of its variables is set. Throws naming what is wrong. */
export function alipaySettings(env: NodeJS.ProcessEnv): AlipaySettings | null {
  if (!VARS.some((v) => env[v])) return null;
  const missing = VARS.filter((v) => !env[v]);
  if (missing.length) throw new Error(`Alipay is partly configured: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`);
  const appId = env.ALIPAY_APP_ID as string;
  if (!/^\d{16}$/.test(appId)) throw new Error('ALIPAY_APP_ID must be the app\'s 16-digit APPID from the open platform console');
  const privateKey = keyFile(env, 'ALIPAY_PRIVATE_KEY_FILE', 'private');
  const publicKey = keyFile(env, 'ALIPAY_PUBLIC_KEY_FILE', 'public');
  const api = (env.ALIPAY_API || 'global') as AlipayApi;
  if (api !== 'global' && api !== 'domestic') throw new Error(`ALIPAY_API must be global or domestic, got '${env.ALIPAY_API}'`);
  let gatewayUrl: string;
  try {
    gatewayUrl = new URL(env.ALIPAY_GATEWAY_URL || GATEWAY_URL).toString();
  } catch {
    throw new Error(`ALIPAY_GATEWAY_URL is not a URL: '${env.ALIPAY_GATEWAY_URL}'`);
  }
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '');
  if (!publicUrl || !/^https:\/\//.test(publicUrl)) throw new Error('Alipay needs PUBLIC_URL, the store\'s https address (its notify_url is PUBLIC_URL/api/istore/notify/alipay)');
  return {
    appId,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    alipayPublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    gatewayUrl,
    api,
    notifyUrl: `${publicUrl}${ALIPAY_NOTIFY_PATH}`,
    subject: (env.ALIPAY_SUBJECT || 'iStore order').slice(0, 256),
  };
}

export const alipayFromEnv = (env: NodeJS.ProcessEnv): PaymentProvider | null => {
  const settings = alipaySettings(env);
  return settings && alipayProvider(settings);
};

/** Minor units → Alipay's amount text ("12.34"; no decimals for JPY/KRW). */
export function amountText(minor: number, currency: string): string {
  const d = currencyDecimals(currency);
  return d ? `${Math.trunc(minor / 10 ** d)}.${String(minor % 10 ** d).padStart(d, '0')}` : String(minor);
}

/** Alipay's amount text → minor units; NaN for anything that is not a plain amount with at most the currency's decimals. */
export function minorOf(text: unknown, currency: string): number {
  const d = currencyDecimals(currency);
  const m = /^(\d{1,12})(?:\.(\d{1,3}))?$/.exec(String(text ?? ''));
  if (!m || (m[2] ?? '').length > d) return NaN;
  return Number(m[1]) * 10 ** d + Number((m[2] ?? '').padEnd(d, '0') || 0);
}

/** The gateway's timestamp: "yyyy-MM-dd HH:mm:ss" in Beijing time (GMT+8), whatever this server's time zone is. */
export const beijingTimestamp = (at = Date.now()) => new Date(at + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** An Alipay answer that is not a success (code other than 10000), or the transport's / signature's failure. */
export class AlipayError extends Error {
  constructor(readonly code: string, readonly subCode: string, message: string) {
    super(`Alipay ${code}${subCode ? ` ${subCode}` : ''}: ${message}`);
  }
}

/** Phones get the wap cashier (which opens the Alipay app); anything else the desktop cashier (QR or login). */
const isPhone = (userAgent: string) => /Mobile|Android|iPhone|iPod|HarmonyOS/i.test(userAgent);

/** trade_status → the store's outcome: paid (also once finished), failed for good (closed unpaid), or still open. */
function outcomeOf(tradeStatus: string): ProviderStatus['outcome'] {
  if (tradeStatus === 'TRADE_SUCCESS' || tradeStatus === 'TRADE_FINISHED') return 'PAID';
  if (tradeStatus === 'TRADE_CLOSED') return 'FAILED';
  return null;
}

/**
 * The official SDK client for the store's Alipay app (it signs requests and checks Alipay's answers: payments and
 * sign-in), made at its first use: loading the SDK costs over half a second of CPU, which every process of a shop
 * without Alipay (and every test process but Alipay's) would otherwise pay at start.
 */
export function alipaySdk(s: AlipaySettings): () => Promise<AlipaySdk> {
  let client: Promise<AlipaySdk> | undefined;
  return () => (client ??= import('alipay-sdk').then(({ AlipaySdk }) => new AlipaySdk({
    appId: s.appId,
    privateKey: s.privateKeyPem,
    keyType: 'PKCS8',
    alipayPublicKey: s.alipayPublicKeyPem,
    gateway: s.gatewayUrl,
    timeout: REQUEST_TIMEOUT_MS,
    camelcase: false,
  })));
}

export function alipayProvider(s: AlipaySettings): PaymentProvider {
  const sdk = alipaySdk(s);
  const global = s.api === 'global';

  /** The amount fields of a trade: total_amount in the order's currency (trans_currency abroad; CNY only at home). */
  function amountOf(attempt: PaymentAttempt) {
    if (!global && attempt.currency !== 'CNY') {
      throw badRequest(`Alipay's domestic API takes CNY only, and this payment is in ${attempt.currency} (set ALIPAY_API=global)`);
    }
    return {
      total_amount: amountText(attempt.amount, attempt.currency),
      ...(global && attempt.currency !== 'CNY' ? { trans_currency: attempt.currency } : {}),
    };
  }

  /** One signed call; the answer is acted on only once its signature verified. Resolves with a code-10000 answer. */
  async function call(method: string, bizContent: object, extra: Record<string, string> = {}): Promise<any> {
    let answer: any;
    try {
      answer = await (await sdk()).exec(method, { bizContent, timestamp: beijingTimestamp(), ...extra }, { validateSign: true });
    } catch (e: any) {
      throw new AlipayError('REQUEST_FAILED', '', String(e?.message ?? e).slice(0, 300));
    }
    if (answer?.code !== '10000') throw new AlipayError(String(answer?.code ?? ''), String(answer?.sub_code ?? ''), String(answer?.sub_msg ?? answer?.msg ?? ''));
    return answer;
  }

  const notExist = (e: unknown) => e instanceof AlipayError && e.subCode === 'ACQ.TRADE_NOT_EXIST';

  async function query(attempt: PaymentAttempt): Promise<{ status: ProviderStatus; tradeStatus: string }> {
    let trade: any;
    try {
      trade = await call('alipay.trade.query', { out_trade_no: attempt.id });
    } catch (e) {
      if (notExist(e)) return { status: { outcome: null }, tradeStatus: '' }; // the shopper never reached the cashier
      throw e;
    }
    const tradeStatus = String(trade.trade_status ?? '');
    const currency = String(trade.trans_currency || 'CNY');
    return { status: { outcome: outcomeOf(tradeStatus), amount: minorOf(trade.total_amount, currency), currency }, tradeStatus };
  }

  async function close(attempt: PaymentAttempt): Promise<void> {
    try {
      await call('alipay.trade.close', { out_trade_no: attempt.id });
    } catch (e) {
      // Never created at Alipay (the shopper did not open the cashier): nothing to close. A payment made later still
      // arrives for a void attempt and is refunded.
      if (notExist(e)) return;
      throw e;
    }
  }

  return {
    name: 'alipay',
    channels: ['ALIPAY_MINI_PROGRAM', 'ALIPAY_H5'],

    payableUntil: (attempt, startedAt) => alipayTimeout(attempt.payBy, startedAt).until,

    currencyRefusal: (storeCurrency) => (global || storeCurrency === 'CNY' ? null
      : `ALIPAY_API=domestic is Alipay's API for merchants in mainland China, which takes CNY only, and the store sells in ${storeCurrency} ` +
        '(the \'payment\' setting\'s defaultCurrency): set ALIPAY_API=global, the cross-border acquiring, which takes the order\'s own currency (trans_currency)'),

    async startAlipayTrade(attempt, buyer) {
      if (attempt.channel !== 'ALIPAY_MINI_PROGRAM') throw badRequest(`Alipay trades are for ALIPAY_MINI_PROGRAM, not ${attempt.channel}`);
      const buyerRef = buyer.buyerId ? { buyer_id: buyer.buyerId } : buyer.buyerOpenId ? { buyer_open_id: buyer.buyerOpenId } : null;
      if (!buyerRef) throw badRequest('Sign in with Alipay first: an Alipay mini-program payment is made for the signed-in Alipay buyer');
      let trade: any;
      try {
        trade = await call('alipay.trade.create', {
          out_trade_no: orderNumber('alipay', attempt.id),
          timeout_express: alipayTimeout(attempt.payBy, new Date()).timeoutExpress,
          subject: s.subject,
          product_code: 'JSAPI_PAY',
          ...amountOf(attempt),
          ...buyerRef,
        }, { notify_url: s.notifyUrl });
      } catch (e: any) {
        if (e instanceof ApiError) throw e;
        throw new ApiError(502, `Alipay did not take the payment (${e.message}); please try again`);
      }
      if (typeof trade.trade_no !== 'string' || !trade.trade_no || trade.out_trade_no !== attempt.id) {
        throw new ApiError(502, 'Alipay answered without the trade number; please try again');
      }
      return { tradeNO: trade.trade_no };
    },

    async startHosted(attempt, ctx: StartContext) {
      if (attempt.channel !== 'ALIPAY_H5') throw badRequest(`Alipay does not serve ${attempt.channel}`);
      const phone = isPhone(ctx.userAgent);
      const method = phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay';
      const returnUrl = new URL(attempt.returnUrl, ctx.origin).toString();
      const redirectUrl = (await sdk()).pageExecute(method, 'GET', {
        bizContent: {
          out_trade_no: orderNumber('alipay', attempt.id),
          timeout_express: alipayTimeout(attempt.payBy, new Date()).timeoutExpress,
          subject: s.subject,
          // page.pay's only product is FAST_INSTANT_TRADE_PAY, abroad too (NEW_OVERSEAS_SELLER is the old MAPI create_forex_trade's).
          product_code: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          ...amountOf(attempt),
          ...(phone ? { quit_url: returnUrl } : {}),
        },
        returnUrl,
        notifyUrl: s.notifyUrl,
        timestamp: beijingTimestamp(),
      });
      return { redirectUrl };
    },

    async startWeChatInApp() {
      throw badRequest('Alipay does not take WeChat payments');
    },

    async query(attempt, clientReport) {
      const { status, tradeStatus } = await query(attempt);
      if (status.outcome === null && clientReport === 'FAILED' && tradeStatus === 'WAIT_BUYER_PAY') {
        // The shopper left my.tradePay unpaid: closed at Alipay first, so no payment can follow the failure.
        await close(attempt);
        return { outcome: 'FAILED' };
      }
      return status;
    },

    async refund(attempt, { refundId, amount }) {
      // The same out_request_no again is the same refund: Alipay answers 10000 without moving money twice.
      await call('alipay.trade.refund', {
        out_trade_no: attempt.id,
        out_request_no: refundId,
        refund_amount: amountText(amount, attempt.currency),
        ...(global && attempt.currency !== 'CNY' ? { refund_currency: attempt.currency } : {}),
      });
    },

    close,

    async notification({ rawBody }) {
      const params = Object.fromEntries(new URLSearchParams(rawBody));
      if (!params.sign || !(await sdk()).checkNotifySignV2(params)) throw new NotificationRefused('bad or missing sign', REFUSED);
      if (params.app_id !== s.appId) throw new NotificationRefused('notification for another app', REFUSED);
      const outcome = outcomeOf(String(params.trade_status ?? ''));
      if (!outcome || !params.out_trade_no) return { events: [], reply: ACKNOWLEDGED };
      const currency = params.trans_currency || (global ? '' : 'CNY');
      const events: NotificationEvent[] = [];
      if (currency) {
        events.push({ attemptId: params.out_trade_no, outcome, amount: minorOf(params.total_amount, currency), currency });
      } else {
        // A cross-border notification without its currency: the trade's own answer says it.
        const { status } = await query({ id: params.out_trade_no } as PaymentAttempt);
        if (status.outcome) events.push({ attemptId: params.out_trade_no, outcome: status.outcome, amount: status.amount as number, currency: status.currency as string });
      }
      // Applying is idempotent (an attempt settles once), so Alipay's own retries of one notification are acknowledged alike.
      return { events, reply: ACKNOWLEDGED };
    },
  };
}
