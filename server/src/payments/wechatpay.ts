/**
 * WeChat Pay, API v3, direct merchant (直连模式), with Node's crypto only.
 *
 * Channels: WECHAT_MINI_PROGRAM (JSAPI order for the mini-program's openid → wx.requestPayment), NATIVE_WECHAT_JSAPI
 * (JSAPI order for the official account's openid → WeixinJSBridge getBrandWCPayRequest), NATIVE_WECHAT_H5 (H5/MWEB on a
 * phone: redirect to h5_url with redirect_url back to the return URL; Native on a desktop: code_url shown as a QR code).
 *
 * Two APIs (WECHATPAY_API): `global`, the cross-border API a merchant abroad uses, which takes the order's own currency
 * (https://apihk.mch.weixin.qq.com/v3/global/...); `domestic`, the API of a merchant in mainland China, which takes CNY
 * only (https://api.mch.weixin.qq.com/v3/pay/..., /v3/refund/domestic/refunds). server/README.md names each call.
 *
 * Two modes (WECHATPAY_MODE): `direct`, the merchant's own number (appid, mchid); `partner`, a sub-merchant served by a
 * service provider (mainland 服务商) or an acquiring institution (cross-border 机构模式): every call names sp_appid,
 * sp_mchid and sub_mchid (and sub_appid, the shop's own app, with payer.sub_openid), on /v3/pay/partner/transactions/...
 * (domestic) or the same /v3/global/transactions/... (cross-border); the key, serial and APIv3 key are the partner's.
 *
 * Every request is signed (Authorization: WECHATPAY2-SHA256-RSA2048, SHA256withRSA with the merchant's API key); every
 * answer acted on and every notification is verified by its Wechatpay-Serial (WECHATPAY_VERIFY): with the WeChat Pay
 * public key (`publicKey`), with the platform certificates downloaded and kept in the database (`certificates`,
 * payments/wechatpayCertificates.ts), or either (`both`, the move to the public key: requests then name the public key
 * in their Wechatpay-Serial). Notifications older than five minutes or with a nonce seen before are refused, and their
 * resource is decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { readNotificationJson } from './notificationJson.ts';
import { orderNumber } from './orderNumbers.ts';
import { WECHAT_DEFAULT_PAYABLE_MS, wechatTimeExpire } from './deadlines.ts';
import { PlatformCertificates } from './wechatpayCertificates.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import {
  NotificationRefused,
  type NotificationEvent,
  type PaymentAttempt,
  type PaymentChannel,
  type PaymentProvider,
  type ProviderStatus,
  type StartContext,
  type WeChatPayInfo,
} from './provider.ts';

export const WECHATPAY_NOTIFY_PATH = '/api/istore/notify/wechatpay';
const DOMESTIC_BASE_URL = 'https://api.mch.weixin.qq.com';
const GLOBAL_BASE_URL = 'https://apihk.mch.weixin.qq.com';
/** A notification's timestamp may be this far from our clock (WeChat Pay's documented five minutes). */
export const NOTIFICATION_MAX_AGE_SECONDS = 300;
const REQUEST_TIMEOUT_MS = 10_000;

export type WeChatPayApi = 'global' | 'domestic';
export type WeChatPayMode = 'direct' | 'partner';
export type WeChatPayVerify = 'publicKey' | 'certificates' | 'both';
/** WECHATPAY_CERT_REFRESH_MS's default: WeChat Pay asks for a download at intervals under 12 hours. */
export const CERT_REFRESH_MS = 12 * 60 * 60 * 1000;

export interface WeChatPaySettings {
  /** The merchant number that signs the calls: the merchant's own (direct) or the partner's, sp_mchid (partner). */
  mchId: string;
  mode: WeChatPayMode;
  /** Partner mode: the partner's app id (sp_appid) and the shop's sub-merchant number (sub_mchid). */
  spAppId?: string;
  subMchId?: string;
  /** How answers and notifications are verified: by the public key, the platform certificates, or either. */
  verify: WeChatPayVerify;
  /** How often the platform certificates are downloaded again. */
  certRefreshMs: number;
  /** Serial number of the merchant's API certificate (the key that signs our requests). */
  serialNo: string;
  privateKey: KeyObject;
  /** The APIv3 key: 32 bytes that decrypt notification resources. */
  apiV3Key: Buffer;
  /** WeChat Pay public key and its id (PUB_KEY_ID_...), which answers and notifications name in Wechatpay-Serial (not with certificates). */
  publicKeyId?: string;
  publicKey?: KeyObject;
  miniProgramAppId?: string;
  officialAccountAppId?: string;
  baseUrl: string;
  api: WeChatPayApi;
  /** The cross-border API's merchant_category_code (MCC) of the store. */
  merchantCategoryCode?: string;
  /** Where WeChat Pay sends notifications: PUBLIC_URL + /api/istore/notify/wechatpay. */
  notifyUrl: string;
  /** What the order is called on the payer's bill (`description`). */
  description: string;
}

const KEY_VARS = ['WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY_FILE', 'WECHATPAY_APIV3_KEY'] as const;
const PUBLIC_KEY_VARS = ['WECHATPAY_PUBLIC_KEY_ID', 'WECHATPAY_PUBLIC_KEY_FILE'] as const;
const PARTNER_VARS = ['WECHATPAY_SP_MCHID', 'WECHATPAY_SP_APPID', 'WECHATPAY_SUB_MCHID'] as const;
/** Any of these set means WeChat Pay is meant to be configured. */
const VARS = ['WECHATPAY_MCHID', ...KEY_VARS, ...PUBLIC_KEY_VARS, ...PARTNER_VARS, 'WECHATPAY_MODE', 'WECHATPAY_VERIFY'] as const;

function keyFile(env: NodeJS.ProcessEnv, name: string, read: (pem: string) => KeyObject): KeyObject {
  const file = env[name] as string;
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (e: any) {
    throw new Error(`${name}: cannot read ${file} (${e.code ?? e.message})`);
  }
  try {
    return read(pem);
  } catch {
    throw new Error(`${name}: ${file} is not a PEM key of the right kind`);
  }
}

/** WeChat Pay's settings from the environment; null when none of its variables is set. Throws naming what is wrong. */
export function wechatPaySettings(env: NodeJS.ProcessEnv): WeChatPaySettings | null {
  const set = VARS.filter((v) => env[v]);
  if (!set.length) return null;
  const mode = (env.WECHATPAY_MODE || 'direct') as WeChatPayMode;
  if (mode !== 'direct' && mode !== 'partner') throw new Error(`WECHATPAY_MODE must be direct or partner, got '${env.WECHATPAY_MODE}'`);
  const hasPublicKey = PUBLIC_KEY_VARS.some((v) => env[v]);
  const verify = (env.WECHATPAY_VERIFY || (hasPublicKey ? 'publicKey' : 'certificates')) as WeChatPayVerify;
  if (!['publicKey', 'certificates', 'both'].includes(verify)) throw new Error(`WECHATPAY_VERIFY must be publicKey, certificates or both, got '${env.WECHATPAY_VERIFY}'`);
  const required = [
    ...(mode === 'partner' ? PARTNER_VARS : ['WECHATPAY_MCHID' as const]),
    ...KEY_VARS,
    ...(verify === 'certificates' ? [] : PUBLIC_KEY_VARS),
  ];
  const missing = required.filter((v) => !env[v]);
  if (missing.length) {
    const why = mode === 'partner' && missing.some((v) => (PARTNER_VARS as readonly string[]).includes(v)) ? ' (WECHATPAY_MODE=partner needs the partner\'s and the sub-merchant\'s ids)' : '';
    throw new Error(`WeChat Pay is partly configured: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing${why}`);
  }
  const number = (name: string) => {
    if (!/^\d{1,32}$/.test(env[name] as string)) throw new Error(`${name} must be a merchant number (digits)`);
    return env[name] as string;
  };
  const mchId = number(mode === 'partner' ? 'WECHATPAY_SP_MCHID' : 'WECHATPAY_MCHID');
  const subMchId = mode === 'partner' ? number('WECHATPAY_SUB_MCHID') : undefined;
  const spAppId = mode === 'partner' ? env.WECHATPAY_SP_APPID as string : undefined;
  if (spAppId !== undefined && !/^wx[0-9a-zA-Z]{1,30}$/.test(spAppId)) throw new Error('WECHATPAY_SP_APPID must be the partner\'s app id (wx...)');
  const apiV3Key = Buffer.from(env.WECHATPAY_APIV3_KEY as string, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key');
  const privateKey = keyFile(env, 'WECHATPAY_PRIVATE_KEY_FILE', (pem) => crypto.createPrivateKey(pem));
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('WECHATPAY_PRIVATE_KEY_FILE must hold an RSA private key (apiclient_key.pem)');
  const publicKey = verify === 'certificates' ? undefined : keyFile(env, 'WECHATPAY_PUBLIC_KEY_FILE', (pem) => crypto.createPublicKey(pem));
  if (publicKey && publicKey.asymmetricKeyType !== 'rsa') throw new Error('WECHATPAY_PUBLIC_KEY_FILE must hold an RSA public key (pub_key.pem)');
  const certRefreshMs = Number(env.WECHATPAY_CERT_REFRESH_MS || CERT_REFRESH_MS);
  if (!Number.isInteger(certRefreshMs) || certRefreshMs < 100 || certRefreshMs > CERT_REFRESH_MS) {
    throw new Error(`WECHATPAY_CERT_REFRESH_MS must be a whole number of milliseconds up to ${CERT_REFRESH_MS} (12 hours), got '${env.WECHATPAY_CERT_REFRESH_MS}'`);
  }
  const miniProgramAppId = env.WECHAT_MINI_PROGRAM_APPID || undefined;
  const officialAccountAppId = env.WECHAT_OFFICIAL_ACCOUNT_APPID || undefined;
  if (!miniProgramAppId && !officialAccountAppId) {
    throw new Error('WeChat Pay needs WECHAT_MINI_PROGRAM_APPID or WECHAT_OFFICIAL_ACCOUNT_APPID (the app the shopper pays in)');
  }
  const api = (env.WECHATPAY_API || 'global') as WeChatPayApi;
  if (api !== 'global' && api !== 'domestic') throw new Error(`WECHATPAY_API must be global or domestic, got '${env.WECHATPAY_API}'`);
  const merchantCategoryCode = env.WECHATPAY_MERCHANT_CATEGORY_CODE || undefined;
  if (api === 'global' && !merchantCategoryCode) throw new Error('WECHATPAY_MERCHANT_CATEGORY_CODE (the store\'s MCC) is required by the cross-border API (WECHATPAY_API=global)');
  let baseUrl: string;
  try {
    baseUrl = new URL(env.WECHATPAY_BASE_URL || (api === 'global' ? GLOBAL_BASE_URL : DOMESTIC_BASE_URL)).origin;
  } catch {
    throw new Error(`WECHATPAY_BASE_URL is not a URL: '${env.WECHATPAY_BASE_URL}'`);
  }
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '');
  if (!publicUrl || !/^https:\/\//.test(publicUrl)) throw new Error('WeChat Pay needs PUBLIC_URL, the store\'s https address (its notify_url is PUBLIC_URL/api/istore/notify/wechatpay)');
  return {
    mchId,
    mode,
    spAppId,
    subMchId,
    verify,
    certRefreshMs,
    serialNo: env.WECHATPAY_SERIAL_NO as string,
    privateKey,
    apiV3Key,
    publicKeyId: publicKey ? env.WECHATPAY_PUBLIC_KEY_ID as string : undefined,
    publicKey,
    miniProgramAppId,
    officialAccountAppId,
    baseUrl,
    api,
    merchantCategoryCode,
    notifyUrl: `${publicUrl}${WECHATPAY_NOTIFY_PATH}`,
    description: (env.WECHATPAY_DESCRIPTION || 'iStore order').slice(0, 127),
  };
}

export const wechatPayFromEnv = (env: NodeJS.ProcessEnv): PaymentProvider | null => {
  const settings = wechatPaySettings(env);
  return settings && wechatPayProvider(settings);
};

const nonceStr = () => crypto.randomBytes(16).toString('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const rsaSign = (key: KeyObject, message: string) => crypto.sign('RSA-SHA256', Buffer.from(message, 'utf8'), key).toString('base64');

/** The Authorization header of one request: SHA256withRSA over method, path with query, timestamp, nonce and body. */
export function authorization(s: Pick<WeChatPaySettings, 'mchId' | 'serialNo' | 'privateKey'>, method: string, pathWithQuery: string, body: string): string {
  const timestamp = String(nowSeconds());
  const nonce = nonceStr();
  const signature = rsaSign(s.privateKey, `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${s.serialNo}"`;
}

type Headers = Record<string, string | undefined>;

/** What a signature check needs before its key: the headers present and the timestamp fresh; the reason not, or null. */
function signatureHeadersProblem(headers: Headers): string | null {
  const timestamp = headers['wechatpay-timestamp'];
  if (!timestamp || !headers['wechatpay-nonce'] || !headers['wechatpay-signature'] || !headers['wechatpay-serial']) {
    return 'Wechatpay-Timestamp, -Nonce, -Signature and -Serial are required';
  }
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds() - Number(timestamp)) > NOTIFICATION_MAX_AGE_SECONDS) return 'stale or malformed Wechatpay-Timestamp';
  return null;
}

/** SHA256withRSA over timestamp, nonce and body with the key the Wechatpay-Serial names (null: a serial not known). */
function signatureByKey(key: KeyObject | null, headers: Headers, body: string): string | null {
  const serial = headers['wechatpay-serial'] as string;
  if (!key) return `Wechatpay-Serial ${serial.slice(0, 64)} is not a WeChat Pay key or certificate this store holds`;
  const message = `${headers['wechatpay-timestamp']}\n${headers['wechatpay-nonce']}\n${body}\n`;
  const ok = crypto.verify('RSA-SHA256', Buffer.from(message, 'utf8'), key, Buffer.from(headers['wechatpay-signature'] as string, 'base64'));
  return ok ? null : 'bad Wechatpay-Signature';
}

/** Checks WeChat Pay's signature headers over a body with the public key alone; the reason it fails, or null. */
export function signatureProblem(s: Pick<WeChatPaySettings, 'publicKeyId' | 'publicKey'>, headers: Headers, body: string): string | null {
  return signatureHeadersProblem(headers)
    ?? signatureByKey(s.publicKey && headers['wechatpay-serial'] === s.publicKeyId ? s.publicKey : null, headers, body);
}

/** A notification's resource: AEAD_AES_256_GCM with the APIv3 key; the ciphertext ends with the 16-byte tag. */
export function decryptResource(apiV3Key: Buffer, resource: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string }): unknown {
  if (resource.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce) throw new Error('not an AEAD_AES_256_GCM resource');
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return readNotificationJson(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8'));
}

/** A WeChat Pay error answer (code and message), or the transport's failure. */
export class WeChatPayError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(`WeChat Pay ${status} ${code}: ${message}`);
  }
}

/** Phones get H5 (MWEB, which opens WeChat); anything else Native (a QR code WeChat scans). */
const isPhone = (userAgent: string) => /Mobile|Android|iPhone|iPod|HarmonyOS/i.test(userAgent);

/** trade_state → the store's outcome: paid (also once refunded), failed for good, or still open. */
function outcomeOf(tradeState: string): ProviderStatus['outcome'] {
  if (tradeState === 'SUCCESS' || tradeState === 'REFUND') return 'PAID';
  if (tradeState === 'CLOSED' || tradeState === 'REVOKED' || tradeState === 'PAYERROR') return 'FAILED';
  return null;
}

export function wechatPayProvider(s: WeChatPaySettings): PaymentProvider {
  const channels: PaymentChannel[] = [
    ...(s.miniProgramAppId ? ['WECHAT_MINI_PROGRAM' as const] : []),
    ...(s.officialAccountAppId ? ['NATIVE_WECHAT_JSAPI' as const, 'NATIVE_WECHAT_H5' as const] : []),
  ];
  const global = s.api === 'global';
  // Partner mode: the mainland service provider's own paths; the cross-border institution uses the same /v3/global
  // paths as a direct merchant, with sp_*/sub_* fields instead of appid/mchid.
  const partner = s.mode === 'partner';
  const paths = global
    ? { jsapi: '/v3/global/transactions/jsapi', h5: '/v3/global/transactions/mweb', native: '/v3/global/transactions/native', byOutTradeNo: '/v3/global/transactions/out-trade-no', refunds: '/v3/global/refunds', certificates: '/v3/global/certificates' }
    : partner
      ? { jsapi: '/v3/pay/partner/transactions/jsapi', h5: '/v3/pay/partner/transactions/h5', native: '/v3/pay/partner/transactions/native', byOutTradeNo: '/v3/pay/partner/transactions/out-trade-no', refunds: '/v3/refund/domestic/refunds', certificates: '/v3/certificates' }
      : { jsapi: '/v3/pay/transactions/jsapi', h5: '/v3/pay/transactions/h5', native: '/v3/pay/transactions/native', byOutTradeNo: '/v3/pay/transactions/out-trade-no', refunds: '/v3/refund/domestic/refunds', certificates: '/v3/certificates' };
  /** Who a call is for: the merchant (direct) or the partner and its sub-merchant (partner), as bodies name them. */
  const merchant: Record<string, string> = partner ? { sp_mchid: s.mchId, sub_mchid: s.subMchId as string } : { mchid: s.mchId };
  const merchantQuery = new URLSearchParams(merchant).toString();

  /** The platform certificates (WECHATPAY_VERIFY=certificates or both), kept in the database once open() is called. */
  const certificates = s.verify === 'publicKey' ? null : new PlatformCertificates({
    mchId: s.mchId,
    apiV3Key: s.apiV3Key,
    refreshMs: s.certRefreshMs,
    download: () => request('GET', paths.certificates),
    verify: (headers, body, keyOf) => {
      const serial = headers['wechatpay-serial'] as string;
      return signatureHeadersProblem(headers) ?? signatureByKey(keyOf(serial) ?? (serial === s.publicKeyId ? s.publicKey ?? null : null), headers, body);
    },
  });
  /** The key a Wechatpay-Serial names: the public key (publicKey, both) or a platform certificate (certificates, both). */
  async function keyFor(serial: string): Promise<KeyObject | null> {
    if (s.publicKey && serial === s.publicKeyId) return s.publicKey;
    return certificates ? certificates.keyOf(serial) : null;
  }
  async function verification(headers: Headers, body: string): Promise<string | null> {
    return signatureHeadersProblem(headers) ?? signatureByKey(await keyFor(headers['wechatpay-serial'] as string), headers, body);
  }

  /** One signed request; the answer as it came. */
  async function request(method: 'GET' | 'POST', pathWithQuery: string, payload?: object): Promise<{ status: number; headers: Headers; text: string }> {
    const body = payload ? JSON.stringify(payload) : '';
    let res: Response;
    try {
      res = await fetch(`${s.baseUrl}${pathWithQuery}`, {
        method,
        headers: {
          Authorization: authorization(s, method, pathWithQuery, body),
          Accept: 'application/json',
          'User-Agent': 'istore-server',
          // Moving to the public key: WeChat Pay signs the answer with it when the request names it.
          ...(s.verify === 'both' ? { 'Wechatpay-Serial': s.publicKeyId as string } : {}),
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
        body: payload ? body : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (e: any) {
      throw new WeChatPayError(0, 'UNREACHABLE', String(e?.message ?? e));
    }
    return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
  }

  /** One signed call; a 2xx answer is acted on only once its signature verifies. */
  async function call(method: 'GET' | 'POST', pathWithQuery: string, payload?: object): Promise<{ status: number; body: any }> {
    const { status, headers, text } = await request(method, pathWithQuery, payload);
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (status >= 200 && status < 300) {
      const problem = await verification(headers, text);
      if (problem) throw new WeChatPayError(status, 'SIGNATURE', `answer refused: ${problem}`);
      return { status, body: parsed };
    }
    throw new WeChatPayError(status, String(parsed?.code ?? 'HTTP_ERROR'), String(parsed?.message ?? text.slice(0, 200)));
  }

  /** A started payment failed at WeChat Pay: the shopper sees a 502 and can try again (the attempt stays unpaid). */
  async function start(path: string, payload: object): Promise<any> {
    try {
      return (await call('POST', path, payload)).body;
    } catch (e: any) {
      throw new ApiError(502, `WeChat Pay did not take the payment (${e.message}); please try again`);
    }
  }

  function amountOf(attempt: PaymentAttempt) {
    if (!global && attempt.currency !== 'CNY') {
      throw badRequest(`WeChat Pay's domestic API takes CNY only, and this payment is in ${attempt.currency} (set WECHATPAY_API=global)`);
    }
    return { total: attempt.amount, currency: attempt.currency };
  }

  function order(attempt: PaymentAttempt, appid: string, tradeType: 'JSAPI' | 'NATIVE' | 'MWEB') {
    return {
      // Partner: the partner's app and number, the sub-merchant's number and the shop's own app (sub_appid).
      ...(partner ? { sp_appid: s.spAppId, sp_mchid: s.mchId, sub_mchid: s.subMchId, sub_appid: appid } : { appid, mchid: s.mchId }),
      description: s.description,
      out_trade_no: orderNumber('wechatpay', attempt.id),
      // The store's hold as the payment's end (deadlines.ts); the domestic pages document time_expire. The cross-border
      // order pages (api_external chapter4_1_26 / chapter4_1_30) list time_start after trade_type, but no copy read here
      // shows a time_expire, so none is sent there: a late payment on a voided attempt is refunded (payments/sync.ts).
      ...(global ? {} : { time_expire: wechatTimeExpire(attempt.payBy, new Date()).timeExpire }),
      notify_url: s.notifyUrl,
      amount: amountOf(attempt),
      ...(global ? { trade_type: tradeType, merchant_category_code: s.merchantCategoryCode } : {}),
    };
  }

  function appIdOf(channel: PaymentChannel): string {
    const appId = channel === 'WECHAT_MINI_PROGRAM' ? s.miniProgramAppId : s.officialAccountAppId;
    if (!appId || !channels.includes(channel)) throw badRequest(`WeChat Pay does not serve ${channel} in this configuration`);
    return appId;
  }

  const tradePath = (attempt: PaymentAttempt) => `${paths.byOutTradeNo}/${encodeURIComponent(attempt.id)}`;

  async function close(attempt: PaymentAttempt): Promise<void> {
    try {
      await call('POST', `${tradePath(attempt)}/close`, merchant);
    } catch (e) {
      // Never created there (the start failed): nothing can be paid, nothing to close.
      if (e instanceof WeChatPayError && e.status === 404) return;
      throw e;
    }
  }

  return {
    name: 'wechatpay',
    channels,

    payableUntil: (attempt, startedAt) => (global ? new Date(startedAt.getTime() + WECHAT_DEFAULT_PAYABLE_MS) : wechatTimeExpire(attempt.payBy, startedAt).until),

    async open({ db, log }) {
      if (!certificates) return () => undefined;
      await certificates.open(db, log);
      return () => certificates.stop();
    },

    currencyRefusal: (storeCurrency) => (global || storeCurrency === 'CNY' ? null
      : `WECHATPAY_API=domestic is WeChat Pay's API for merchants in mainland China, which takes CNY only, and the store sells in ${storeCurrency} ` +
        '(the \'payment\' setting\'s defaultCurrency): set WECHATPAY_API=global, the cross-border API, which takes the order\'s own currency'),

    async startWeChatInApp(attempt, openId) {
      const appId = appIdOf(attempt.channel);
      if (!openId) throw badRequest('no WechatOpenID');
      // Partner: the shopper's openid is the shop's own app's (sub_openid, with sub_appid), as this store signs them in.
      const payer = partner ? { sub_openid: openId } : { openid: openId };
      const { prepay_id: prepayId } = await start(paths.jsapi, { ...order(attempt, appId, 'JSAPI'), payer });
      if (typeof prepayId !== 'string' || !prepayId) throw new ApiError(502, 'WeChat Pay answered without a prepay_id; please try again');
      const timeStamp = String(nowSeconds());
      const nonce = nonceStr();
      const pkg = `prepay_id=${prepayId}`;
      const weChatPayInfo: WeChatPayInfo = {
        appId, timeStamp, nonceStr: nonce, package: pkg, signType: 'RSA',
        paySign: rsaSign(s.privateKey, `${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`),
      };
      return { prepayId, weChatPayInfo };
    },

    async startHosted(attempt, ctx: StartContext) {
      const appId = appIdOf(attempt.channel);
      const returnUrl = new URL(attempt.returnUrl, ctx.origin).toString();
      if (isPhone(ctx.userAgent)) {
        const { h5_url: h5Url } = await start(paths.h5, {
          ...order(attempt, appId, 'MWEB'),
          scene_info: { payer_client_ip: ctx.clientIp, h5_info: { type: 'Wap' } },
        });
        if (typeof h5Url !== 'string' || !/^https:\/\//.test(h5Url)) throw new ApiError(502, 'WeChat Pay answered without an h5_url; please try again');
        return { redirectUrl: `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}` };
      }
      const { code_url: codeUrl } = await start(paths.native, { ...order(attempt, appId, 'NATIVE'), scene_info: { payer_client_ip: ctx.clientIp } });
      if (typeof codeUrl !== 'string' || !codeUrl.startsWith('weixin://')) throw new ApiError(502, 'WeChat Pay answered without a code_url; please try again');
      return { redirectUrl: returnUrl, qrCode: codeUrl, providerRef: codeUrl };
    },

    async startAlipayTrade() {
      throw badRequest('WeChat Pay does not take Alipay payments');
    },

    async query(attempt, clientReport) {
      let trade: any;
      try {
        trade = (await call('GET', `${tradePath(attempt)}?${merchantQuery}`)).body;
      } catch (e) {
        if (e instanceof WeChatPayError && e.status === 404) return { outcome: null }; // not created there (yet)
        throw e;
      }
      const outcome = outcomeOf(String(trade?.trade_state ?? ''));
      if (outcome === null && clientReport === 'FAILED' && trade?.trade_state === 'NOTPAY') {
        // The shopper closed the sheet unpaid: closed at WeChat Pay first, so no payment can follow the failure.
        await close(attempt);
        return { outcome: 'FAILED' };
      }
      return { outcome, amount: Number(trade?.amount?.total), currency: String(trade?.amount?.currency ?? '') };
    },

    async refund(attempt, { refundId, amount }) {
      const { body } = await call('POST', paths.refunds, {
        // Cross-border: who and which app; domestic: the sub-merchant only (a direct merchant is the signer).
        ...(global ? (partner ? { ...merchant, sp_appid: s.spAppId, sub_appid: appIdOf(attempt.channel) } : { mchid: s.mchId, appid: appIdOf(attempt.channel) })
          : partner ? { sub_mchid: s.subMchId } : {}),
        out_trade_no: attempt.id,
        out_refund_no: refundId,
        notify_url: s.notifyUrl,
        amount: { refund: amount, total: attempt.amount, currency: attempt.currency },
      });
      // SUCCESS or PROCESSING: accepted (the same out_refund_no again is the same refund). CLOSED / ABNORMAL: not done.
      if (body?.status !== 'SUCCESS' && body?.status !== 'PROCESSING') throw new WeChatPayError(200, String(body?.status), `refund ${refundId} not accepted`);
    },

    close,

    async notification({ headers, rawBody, firstSeen }) {
      const problem = await verification(headers, rawBody);
      if (problem) throw new NotificationRefused(problem);
      if (!(await firstSeen(headers['wechatpay-nonce'] as string))) throw new NotificationRefused('replayed notification (nonce seen before)');
      let note: any;
      let resource: any;
      try {
        note = readNotificationJson(rawBody);
        resource = decryptResource(s.apiV3Key, note.resource ?? {});
      } catch (e: any) {
        throw new NotificationRefused(`unreadable notification: ${e.message}`);
      }
      const done = { status: 204, contentType: 'text/plain', body: '' };
      const eventType = String(note.event_type ?? '');
      const otherMerchant = partner
        ? resource?.sp_mchid !== s.mchId || resource?.sub_mchid !== s.subMchId || resource?.mchid !== undefined
        : (resource?.mchid !== undefined && resource.mchid !== s.mchId) || resource?.sub_mchid !== undefined;
      if (otherMerchant) throw new NotificationRefused('notification for another merchant');
      if (eventType.startsWith('REFUND.')) {
        // A refund's result: the refund worker's call was accepted already; an abnormal or closed one needs the operator.
        const warnings = eventType === 'REFUND.SUCCESS' ? [] : [`WeChat Pay refund ${resource?.out_refund_no} of payment ${resource?.out_trade_no} ended ${resource?.refund_status}: return the money by hand`];
        const refundOutcomes = typeof resource?.out_refund_no === 'string' ? [{ refundId: resource.out_refund_no, status: eventType.slice('REFUND.'.length) }] : [];
        return { events: [], refundOutcomes, reply: done, warnings };
      }
      const outcome = eventType === 'TRANSACTION.SUCCESS' ? outcomeOf(String(resource?.trade_state ?? '')) : null;
      const events: NotificationEvent[] = outcome && typeof resource?.out_trade_no === 'string'
        ? [{ attemptId: resource.out_trade_no, outcome, amount: Number(resource.amount?.total), currency: String(resource.amount?.currency ?? '') }]
        : [];
      return { events, reply: done };
    },
  };
}
