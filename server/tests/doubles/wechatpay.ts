/**
 * A WeChat Pay API v3 protocol double (direct merchant; domestic and cross-border paths), written from WeChat Pay's
 * documentation: a local HTTP server that
 *   - refuses a request whose Authorization (WECHATPAY2-SHA256-RSA2048) does not verify with the merchant's public key,
 *     names another merchant or serial, or is older than five minutes (401 SIGN_ERROR);
 *   - checks each order's fields (appid, mchid, out_trade_no, notify_url, amount, payer / scene_info, the domestic API's
 *     CNY and no cross-border fields, the cross-border API's trade_type and merchant_category_code) and answers prepay_id / h5_url / code_url;
 *   - answers queries by out_trade_no, closes unpaid orders (a paid one: 400 ORDERPAID), takes refunds once per
 *     out_refund_no up to the order's total;
 *   - signs every answer and notification with its own platform key (Wechatpay-Serial = its public key id) and encrypts
 *     notification resources with the APIv3 key (AEAD_AES_256_GCM);
 *   - can be told to answer late, with a bad signature or with a 5xx, and lets the test send notifications when, how
 *     often and in whatever order it likes (also forged, stale or replayed ones);
 *   - serves the day's trade bill built from what it took (payments by their payment time, refunds by their acceptance,
 *     in Beijing time; a fee of FEE_RATE on each, returned in part with a refund): the domestic API's 申请交易账单
 *     GET /v3/bill/tradebill (bill_date, bill_type ALL, tar_type GZIP → hash_type SHA1, hash_value of the unzipped
 *     file, download_url) and its signed download (gzip, unsigned answer),
 *     https://pay.weixin.qq.com/doc/v3/merchant/4012556654 ; the cross-border API's GET /v3/global/statements
 *     (date YYYYMMDD, mchid → the file itself, Wechatpay-Statement-Sha1 and a signature over timestamp, nonce and that
 *     SHA1), https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_3_6.shtml ; the file as
 *     https://pay.weixin.qq.com/docs/merchant/products/bill-download/format-trade.html describes it (column header,
 *     detail lines with a backtick before every field, summary header and line; amounts in major units). The domestic
 *     ALL bill's columns are those pages'; the cross-border bill's columns are its page's, and its summary's names are
 *     the domestic bill's (the page does not list them; the store's reader does not depend on them).
 * Keys are generated per run.
 *
 * Partner mode (new WeChatPayDouble(api, { mode: 'partner' })): the mainland service provider's API
 * ("JSAPI下单" for 普通服务商, https://pay.weixin.qq.com/doc/v3/partner/4012523579: POST /v3/pay/partner/transactions/jsapi
 * with sp_appid, sp_mchid, sub_mchid required, sub_appid required with payer.sub_openid; the query
 * https://pay.weixin.qq.com/wiki/doc/apiv3_partner/apis/chapter4_2_2.shtml takes sp_mchid and sub_mchid in the query)
 * or the cross-border institution's ("JSAPI下单", https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter3_3_1.shtml:
 * mchid and appid "仅适用于直连模式", sub_mchid, sp_mchid, sp_appid "仅适用于机构模式"): it refuses an order without
 * sub_mchid, one that carries a direct-mode field (appid, mchid, payer.openid) and, in direct mode, one with sp_ or sub_
 * fields; its notifications carry sp_mchid / sub_mchid. The partner H5 and Native orders (/v3/pay/partner/transactions/
 * h5|native, "H5下单" for 服务商 https://pay.weixin.qq.com/wiki/doc/apiv3_partner/apis/chapter4_3_1.shtml; the cross-border
 * /v3/global/transactions/mweb|native, chapter4_1_30 and https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_2_1.shtml)
 * take the same sp_appid, sp_mchid and sub_mchid, sub_appid optional (an app bound to the sub-merchant when sent), and
 * H5's scene_info (payer_client_ip, h5_info.type). placed() answers WeChat's order-shipping service which merchant number
 * placed a payment (the partner's, sp_mchid).
 *
 * Verification (new WeChatPayDouble(api, { verify })): `publicKey` signs with the WeChat Pay public key (its id in
 * Wechatpay-Serial); `certificates` signs with a platform certificate and serves them at GET /v3/certificates and
 * /v3/global/certificates ("下载平台证书", https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter3_3_8.shtml:
 * serial_no, effective_time, expire_time, encrypt_certificate AEAD_AES_256_GCM with the APIv3 key, associated_data
 * "certificate"); rotate() lists a new certificate, moves the old one's expire_time to 24 hours ahead and signs with the
 * new one from then on, as "平台证书更新指引" describes (https://pay.weixin.qq.com/wiki/doc/apiv3/open/pay/wechatpay5_0.shtml);
 * retire() drops the old one. `both` is the move from certificates to the public key ("如何从平台证书切换成微信支付公钥",
 * https://pay.weixin.qq.com/doc/v3/merchant/4012154180): an answer is signed with the public key when the request's
 * Wechatpay-Serial names it, otherwise with the certificate; notifications come signed either way. A request whose
 * Wechatpay-Serial names neither the public key nor a listed certificate is refused (400 PARAM_ERROR).
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { currencyDecimals } from '../../../contract/constants.ts';
import { LoopbackDouble } from './loopback.ts';
import os from 'node:os';
import path from 'node:path';

export interface Keys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  privatePem: string;
  publicPem: string;
}

export function rsaKeys(): Keys {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
  };
}

export interface WeChatOrder {
  outTradeNo: string;
  kind: 'jsapi' | 'h5' | 'native';
  appid: string;
  openid?: string;
  total: number;
  currency: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  /** What was paid (a test may make it differ from the order). */
  paid?: { total: number; currency: string };
  /** When it was paid, and WeChat Pay's transaction id (the trade bill's 微信订单号). */
  paidAt?: Date;
  transactionId?: string;
  body: any;
  prepayId: string;
}

export interface WeChatRefund {
  outRefundNo: string;
  outTradeNo: string;
  refund: number;
  total: number;
  currency: string;
  body: any;
  /** When WeChat Pay accepted it (the trade bill dates it so), its own id, and its state as WeChat Pay holds it. */
  acceptedAt: Date;
  refundId: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
}

/** The fee WeChat Pay keeps in this double: 0.60% of each payment (费率 "0.60%"), returned in proportion with a refund. */
export const FEE_RATE = 0.006;

type Fault = { status: number } | { badSignature: true } | { delayMs: number };

export interface PlatformCertificate {
  serialNo: string;
  keys: Keys;
  pem: string;
  effectiveTime: Date;
  expireTime: Date;
}

export interface DoubleOptions {
  mode?: 'direct' | 'partner';
  verify?: 'publicKey' | 'certificates' | 'both';
  /** WECHATPAY_CERT_REFRESH_MS for the store (env()). */
  certRefreshMs?: number;
}

/** DER pieces of an X.509 certificate (RFC 5280), enough for a self-signed RSA certificate WeChat Pay would send. */
const der = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
};
const derTime = (d: Date) => der(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z', 'ascii'));
const derName = (cn: string) => der(0x30, der(0x31, der(0x30, Buffer.from('0603550403', 'hex'), der(0x0c, Buffer.from(cn, 'utf8')))));
const SHA256_WITH_RSA = Buffer.from('300d06092a864886f70d01010b0500', 'hex');

/** A self-signed certificate of `keys` with this serial (hex), valid from notBefore to notAfter, as PEM. */
export function certificatePem(keys: Keys, serialHex: string, notBefore: Date, notAfter: Date): string {
  let serial = Buffer.from(serialHex.length % 2 ? `0${serialHex}` : serialHex, 'hex');
  if (serial[0] & 0x80) serial = Buffer.concat([Buffer.from([0]), serial]);
  const tbs = der(0x30,
    Buffer.from('a003020102', 'hex'), // version 3
    der(0x02, serial),
    SHA256_WITH_RSA,
    derName('Tenpay.com Root CA'),
    der(0x30, derTime(notBefore), derTime(notAfter)),
    derName('Tenpay.com'),
    keys.publicKey.export({ type: 'spki', format: 'der' }) as Buffer);
  const signature = crypto.sign('sha256', tbs, keys.privateKey);
  const cert = der(0x30, tbs, SHA256_WITH_RSA, der(0x03, Buffer.from([0]), signature));
  return `-----BEGIN CERTIFICATE-----\n${cert.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class WeChatPayDouble extends LoopbackDouble {
  readonly merchant = rsaKeys();
  readonly platform = rsaKeys();
  readonly mchId = '1900000109';
  readonly serialNo = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  readonly publicKeyId = 'PUB_KEY_ID_0119000001092024112600000000000001';
  readonly apiV3Key = crypto.randomBytes(16).toString('hex'); // 32 characters
  /** Partner mode: the partner's app id (sp_appid) and the shop's sub-merchant number; mchId is then the sp_mchid. */
  readonly spAppId = 'wx5a5a5a5a5a5a5a5a';
  readonly subMchId = '1900000201';
  readonly mode: 'direct' | 'partner';
  readonly verify: 'publicKey' | 'certificates' | 'both';
  /** The platform certificates listed by the download API, oldest first; the last one signs. */
  readonly certificates: PlatformCertificate[] = [];
  /** Certificate downloads answered. */
  certificateDownloads = 0;
  /** While true the certificate download API answers 500 (WeChat Pay unreachable for it). */
  certificateOutage = false;
  /** Answers signed, by the serial that signed them. */
  readonly signedBy = new Map<string, number>();
  readonly miniProgramAppId = 'wx0123456789abcdef';
  readonly officialAccountAppId = 'wxfedcba9876543210';
  /** The apps' AppSecrets, for the identity provider's WeChat double (tests/doubles/wechat.ts) beside this one. */
  readonly miniProgramSecret = crypto.randomBytes(16).toString('hex');
  readonly officialAccountSecret = crypto.randomBytes(16).toString('hex');
  readonly orders = new Map<string, WeChatOrder>();
  readonly refunds = new Map<string, WeChatRefund>();
  /** Every request that passed the signature check: method and path. */
  readonly calls: string[] = [];
  /** Requests refused for their signature. */
  refusedRequests = 0;
  /** Where notifications go: this origin + the notify_url's path (the store's PUBLIC_URL is not this test's address). */
  deliverTo = '';
  private faults: Array<{ match: RegExp; fault: Fault }> = [];
  private keyDir = '';

  constructor(readonly api: 'domestic' | 'global' = 'global', readonly options: DoubleOptions = {}) {
    super();
    this.mode = options.mode ?? 'direct';
    this.verify = options.verify ?? 'publicKey';
    if (this.verify !== 'publicKey') this.addCertificate();
  }

  private addCertificate(): PlatformCertificate {
    const keys = rsaKeys();
    const serialNo = crypto.randomBytes(20).toString('hex').toUpperCase().replace(/^0+/, '').replace(/^[89A-F]/, '5');
    const effectiveTime = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const expireTime = new Date(effectiveTime.getTime() + 5 * 365 * DAY_MS);
    const cert = { serialNo, keys, pem: certificatePem(keys, serialNo, effectiveTime, expireTime), effectiveTime, expireTime };
    this.certificates.push(cert);
    return cert;
  }

  /** The certificate WeChat Pay signs with now. */
  get signing(): PlatformCertificate {
    return this.certificates[this.certificates.length - 1];
  }

  /**
   * A certificate change: the new one is listed, the old one's expire_time moves to 24 hours ahead ("更换平台证书前，会提前
   * 24小时修改老证书的弃用时间，接口返回新老两个平台证书"), and answers and notifications are signed with the new one.
   */
  rotate(): PlatformCertificate {
    const old = this.signing;
    const fresh = this.addCertificate();
    old.expireTime = new Date(Date.now() + DAY_MS);
    return fresh;
  }

  /** The change is done: the old certificates are no longer listed ("更换完成后，接口会返回最新的平台证书"). */
  retire() {
    this.certificates.splice(0, this.certificates.length - 1);
  }

  async start(): Promise<this> {
    await super.start();
    this.keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-keys-'));
    fs.writeFileSync(path.join(this.keyDir, 'apiclient_key.pem'), this.merchant.privatePem);
    fs.writeFileSync(path.join(this.keyDir, 'pub_key.pem'), this.platform.publicPem);
    return this;
  }

  async stop() {
    await super.stop();
    fs.rmSync(this.keyDir, { recursive: true, force: true });
  }

  /**
   * The store's environment for this double (the variables server/README.md names); `weChatApiBaseUrl` is the WeChat
   * identity double's address (the apps' sign-in and code exchange).
   */
  env(weChatApiBaseUrl: string, publicUrl = 'https://shop.test'): Record<string, string> {
    return {
      WECHAT_API_BASE_URL: weChatApiBaseUrl,
      WECHAT_MINI_PROGRAM_SECRET: this.miniProgramSecret,
      WECHAT_OFFICIAL_ACCOUNT_SECRET: this.officialAccountSecret,
      ...(this.mode === 'partner'
        ? { WECHATPAY_MODE: 'partner', WECHATPAY_SP_MCHID: this.mchId, WECHATPAY_SP_APPID: this.spAppId, WECHATPAY_SUB_MCHID: this.subMchId }
        : { WECHATPAY_MCHID: this.mchId }),
      WECHATPAY_SERIAL_NO: this.serialNo,
      WECHATPAY_PRIVATE_KEY_FILE: path.join(this.keyDir, 'apiclient_key.pem'),
      WECHATPAY_APIV3_KEY: this.apiV3Key,
      ...(this.verify === 'certificates' ? {} : {
        WECHATPAY_PUBLIC_KEY_ID: this.publicKeyId,
        WECHATPAY_PUBLIC_KEY_FILE: path.join(this.keyDir, 'pub_key.pem'),
      }),
      ...(this.verify === 'publicKey' ? {} : { WECHATPAY_VERIFY: this.verify }),
      ...(this.options.certRefreshMs ? { WECHATPAY_CERT_REFRESH_MS: String(this.options.certRefreshMs) } : {}),
      WECHAT_MINI_PROGRAM_APPID: this.miniProgramAppId,
      WECHAT_OFFICIAL_ACCOUNT_APPID: this.officialAccountAppId,
      WECHATPAY_BASE_URL: this.baseUrl,
      WECHATPAY_API: this.api,
      ...(this.api === 'global' ? { WECHATPAY_MERCHANT_CATEGORY_CODE: '5812' } : {}),
      PUBLIC_URL: publicUrl,
    };
  }

  /**
   * Whether `merchantId` placed a paid order numbered `outTradeNo` here, as WeChat's order-shipping service looks a
   * payment up (upload_shipping_info's order_key.mchid, get_order's merchant_id: "支付下单商户的商户号",
   * https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_getorder): the merchant whose number
   * signs the order, mchid (direct) or the partner's sp_mchid (partner; the sub-merchant is get_order's sub_merchant_id).
   */
  placed(merchantId: string, outTradeNo: string): boolean {
    const order = this.orders.get(outTradeNo);
    return merchantId === this.mchId && !!order?.paid;
  }

  /** The next request whose "METHOD path" matches gets this fault instead of (or before) its answer. */
  failNext(match: RegExp, fault: Fault) {
    this.faults.push({ match, fault });
  }

  // ---- the test's side: payments happening at WeChat, notifications sent ----

  /** The shopper pays the order at WeChat Pay (optionally another amount than asked, to test the store's check). */
  pay(outTradeNo: string, paid?: { total: number; currency: string }) {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`double: no order ${outTradeNo}`);
    if (order.state !== 'NOTPAY') throw new Error(`double: order ${outTradeNo} is ${order.state}`);
    order.state = 'SUCCESS';
    order.paid = paid ?? { total: order.total, currency: order.currency };
    order.paidAt = new Date();
    order.transactionId = `42000${Date.now()}${crypto.randomInt(1e6)}`;
  }

  /** The payment notification of an order (TRANSACTION.SUCCESS), signed and encrypted as documented. */
  paymentNotification(outTradeNo: string, opts: SignOptions = {}): SignedNotification {
    const order = this.orders.get(outTradeNo);
    if (!order?.paid) throw new Error(`double: order ${outTradeNo} is not paid`);
    return this.notification('TRANSACTION.SUCCESS', 'transaction', {
      ...this.whoOf(order.appid),
      out_trade_no: order.outTradeNo,
      transaction_id: order.transactionId,
      trade_type: order.kind === 'jsapi' ? 'JSAPI' : order.kind === 'h5' ? 'MWEB' : 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: 'OK',
      success_time: new Date().toISOString(),
      payer: order.openid ? (this.mode === 'partner' ? { sub_openid: order.openid } : { openid: order.openid }) : {},
      amount: { total: order.paid.total, currency: order.paid.currency, payer_total: order.paid.total, payer_currency: order.paid.currency },
      ...opts.resource,
    }, opts);
  }

  refundNotification(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS', opts: SignOptions = {}): SignedNotification {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`double: no refund ${outRefundNo}`);
    refund.status = status;
    return this.notification(`REFUND.${status}`, 'refund', {
      ...(this.mode === 'partner' ? { sp_mchid: this.mchId, sub_mchid: this.subMchId } : { mchid: this.mchId }),
      out_trade_no: refund.outTradeNo,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: status,
      amount: { total: refund.total, refund: refund.refund, payer_total: refund.total, payer_refund: refund.refund },
    }, opts);
  }

  /** Who a transaction resource names: the merchant and its app, or the partner, the sub-merchant and their apps. */
  private whoOf(appid: string): object {
    return this.mode === 'partner'
      ? { sp_mchid: this.mchId, sub_mchid: this.subMchId, sp_appid: this.spAppId, sub_appid: appid }
      : { mchid: this.mchId, appid };
  }

  /** POSTs a notification to the store, as WeChat Pay does: to the notify_url's path at deliverTo. */
  async send(note: SignedNotification, notifyUrl = 'https://shop.test/api/istore/notify/wechatpay'): Promise<{ status: number; body: string }> {
    const res = await fetch(`${this.deliverTo}${new URL(notifyUrl).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...note.headers },
      body: note.body,
    });
    return { status: res.status, body: await res.text() };
  }

  private notification(eventType: string, originalType: string, resource: object, opts: SignOptions): SignedNotification {
    const nonce = crypto.randomBytes(6).toString('hex'); // 12 bytes: GCM's nonce
    const associatedData = originalType;
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(this.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款状态变更' : '支付成功',
      resource: { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce },
    });
    return { body, headers: this.signatureHeaders(body, opts) };
  }

  /**
   * Wechatpay-* headers over a body, signed with the public key (verify publicKey, or `by: 'publicKey'`) or the signing
   * certificate (or, to forge, another key / serial / time; `certificate` picks an older listed one).
   */
  signatureHeaders(body: string, opts: SignOptions = {}): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000) + (opts.ageSeconds ? -opts.ageSeconds : 0));
    const nonce = crypto.randomBytes(16).toString('hex');
    const byPublicKey = this.verify === 'publicKey' || (this.verify === 'both' && opts.by === 'publicKey');
    const cert = opts.certificate ?? this.signing;
    const key = opts.signWith ?? (byPublicKey ? this.platform.privateKey : cert.keys.privateKey);
    const serial = opts.serial ?? (byPublicKey ? this.publicKeyId : cert.serialNo);
    this.signedBy.set(serial, (this.signedBy.get(serial) ?? 0) + 1);
    const signature = crypto.sign('RSA-SHA256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'), key).toString('base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': serial,
    };
  }

  // ---- the API ----

  private paths() {
    if (this.api === 'global') {
      return { order: /^\/v3\/global\/transactions\/(jsapi|mweb|native)$/, trade: /^\/v3\/global\/transactions\/out-trade-no\/([^/?]+)(\/close)?(\?.*)?$/, refunds: '/v3/global/refunds', certificates: '/v3/global/certificates' };
    }
    // The mainland service provider's paths are its own (/v3/pay/partner/...); its refunds and certificates are shared.
    return this.mode === 'partner'
      ? { order: /^\/v3\/pay\/partner\/transactions\/(jsapi|h5|native)$/, trade: /^\/v3\/pay\/partner\/transactions\/out-trade-no\/([^/?]+)(\/close)?(\?.*)?$/, refunds: '/v3/refund/domestic/refunds', certificates: '/v3/certificates' }
      : { order: /^\/v3\/pay\/transactions\/(jsapi|h5|native)$/, trade: /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?(\?.*)?$/, refunds: '/v3/refund/domestic/refunds', certificates: '/v3/certificates' };
  }

  /** The merchant fields of a close body or a query string: { mchid } direct; { sp_mchid, sub_mchid } partner. */
  private merchantProblem(get: (name: string) => unknown): string | null {
    if (this.mode === 'partner') {
      if (get('mchid') !== undefined && get('mchid') !== null) return 'mchid (a direct-mode field in partner mode)';
      if (get('sp_mchid') !== this.mchId) return 'sp_mchid';
      if (!get('sub_mchid')) return 'sub_mchid (required in partner mode)';
      return get('sub_mchid') === this.subMchId ? null : 'sub_mchid (not bound to this partner)';
    }
    if (get('sub_mchid') !== undefined && get('sub_mchid') !== null) return 'sub_mchid (a partner-mode field)';
    return get('mchid') === this.mchId ? null : 'mchid';
  }

  /** The download API's answer: every listed certificate encrypted with the APIv3 key (associated_data "certificate"). */
  private certificateList() {
    return {
      data: this.certificates.map((c) => {
        const nonce = crypto.randomBytes(6).toString('hex');
        const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(this.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
        cipher.setAAD(Buffer.from('certificate', 'utf8'));
        const ciphertext = Buffer.concat([cipher.update(c.pem, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
        return {
          serial_no: c.serialNo,
          effective_time: c.effectiveTime.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
          expire_time: c.expireTime.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
          encrypt_certificate: { algorithm: 'AEAD_AES_256_GCM', nonce, associated_data: 'certificate', ciphertext },
        };
      }),
    };
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = req.url ?? '';
    const method = req.method ?? '';
    // Moving to the public key: a request naming it in Wechatpay-Serial gets its answer signed with it.
    const requestSerial = req.headers['wechatpay-serial'] as string | undefined;
    const answerBy: SignOptions['by'] = this.verify === 'both' && requestSerial === this.publicKeyId ? 'publicKey' : 'certificate';
    const answer = (status: number, payload?: object, badSignature = false) => {
      const text = payload ? JSON.stringify(payload) : '';
      const headers = this.signatureHeaders(text, badSignature ? { signWith: this.merchant.privateKey, by: answerBy } : { by: answerBy });
      res.writeHead(status, { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) });
      res.end(text);
    };
    const signProblem = this.authorizationProblem(req.headers.authorization ?? '', method, url, body);
    if (signProblem) {
      this.refusedRequests++;
      return answer(401, { code: 'SIGN_ERROR', message: signProblem });
    }
    const knownSerials = [...(this.verify === 'certificates' ? [] : [this.publicKeyId]), ...(this.verify === 'publicKey' ? [] : this.certificates.map((c) => c.serialNo))];
    if (requestSerial !== undefined && !knownSerials.includes(requestSerial)) {
      return answer(400, { code: 'PARAM_ERROR', message: `Wechatpay-Serial ${requestSerial} names no WeChat Pay public key or platform certificate of this merchant` });
    }
    this.calls.push(`${method} ${url}`);
    let badSignature = false;
    const i = this.faults.findIndex((f) => f.match.test(`${method} ${url}`));
    if (i >= 0) {
      const [{ fault }] = this.faults.splice(i, 1);
      if ('status' in fault) return answer(fault.status, { code: 'SYSTEM_ERROR', message: 'system error, please retry' });
      if ('delayMs' in fault) await new Promise((r) => setTimeout(r, fault.delayMs));
      if ('badSignature' in fault) badSignature = true;
    }
    const reply = (status: number, payload?: object) => answer(status, payload, badSignature);
    const p = this.paths();
    let json: any = null;
    try {
      json = body ? JSON.parse(body) : null;
    } catch {
      return reply(400, { code: 'PARAM_ERROR', message: 'body is not JSON' });
    }
    if (method === 'GET' && url === p.certificates) {
      if (this.verify === 'publicKey') return reply(404, { code: 'NOT_FOUND', message: 'this merchant uses the WeChat Pay public key' });
      if (this.certificateOutage) return reply(500, { code: 'SYSTEM_ERROR', message: 'system error, please retry' });
      this.certificateDownloads++;
      return reply(200, this.certificateList());
    }
    const order = method === 'POST' ? url.match(p.order) : null;
    if (order) return this.createOrder(order[1] === 'mweb' ? 'h5' : (order[1] as WeChatOrder['kind']), json, reply);
    const trade = url.match(p.trade);
    if (trade) {
      const found = this.orders.get(decodeURIComponent(trade[1]));
      if (trade[2] && method === 'POST') {
        const problem = this.merchantProblem((name) => json?.[name]);
        if (problem) return reply(400, { code: 'PARAM_ERROR', message: problem });
        if (!found) return reply(404, { code: 'ORDER_NOT_EXIST', message: 'order does not exist' });
        if (found.state === 'SUCCESS' || found.state === 'REFUND') return reply(400, { code: 'ORDERPAID', message: 'order paid' });
        found.state = 'CLOSED';
        return reply(204);
      }
      if (method === 'GET') {
        const query = new URL(url, this.baseUrl).searchParams;
        const problem = this.merchantProblem((name) => query.get(name) ?? undefined);
        if (problem) return reply(400, { code: 'PARAM_ERROR', message: problem });
        if (!found) return reply(404, { code: 'ORDER_NOT_EXIST', message: 'order does not exist' });
        const amount = found.paid ?? { total: found.total, currency: found.currency };
        return reply(200, {
          ...this.whoOf(found.appid), out_trade_no: found.outTradeNo, trade_state: found.state,
          amount: { total: amount.total, currency: amount.currency, payer_total: found.paid ? amount.total : 0, payer_currency: amount.currency },
        });
      }
    }
    if (method === 'POST' && url === p.refunds) return this.createRefund(json, reply);
    if (method === 'GET') {
      const u = new URL(url, this.baseUrl);
      if (this.api === 'domestic' && u.pathname === '/v3/bill/tradebill') return this.tradeBill(u.searchParams, reply);
      if (this.api === 'domestic' && u.pathname === '/v3/billdownload/file') return this.billFile(u.searchParams, res);
      if (this.api === 'global' && u.pathname === '/v3/global/statements') return this.globalStatement(u.searchParams, res, reply, badSignature);
    }
    return reply(404, { code: 'NOT_FOUND', message: `no ${method} ${url}` });
  }

  private createOrder(kind: WeChatOrder['kind'], b: any, reply: (status: number, payload?: object) => void) {
    const bad = (field: string) => reply(400, { code: 'PARAM_ERROR', message: `invalid ${field}` });
    const partner = this.mode === 'partner';
    const merchantProblem = this.merchantProblem((name) => b?.[name]);
    if (merchantProblem) return bad(merchantProblem);
    if (partner && 'appid' in b) return bad('appid (a direct-mode field in partner mode)');
    if (!partner && ('sp_appid' in b || 'sub_appid' in b || 'sp_mchid' in b)) return bad('sp_appid/sub_appid/sp_mchid (partner-mode fields)');
    if (partner && b.sp_appid !== this.spAppId) return bad('sp_appid');
    // Partner: the app the shopper pays in is the sub-merchant's own (sub_appid), bound to sub_mchid.
    const appid = partner ? b.sub_appid : b.appid;
    const appids = kind === 'jsapi' ? [this.miniProgramAppId, this.officialAccountAppId] : [this.officialAccountAppId];
    // Partner H5 and Native: sub_appid is optional ("sub_appid 选填 【子商户/二级商户APPID】", H5下单 on /v3/pay/partner/
    // transactions/h5, https://pay.weixin.qq.com/docs/partner/apis/ecommerce-payment/h5-prepay.html; "Sub-merchant APPID … No" on the
    // cross-border Native page, https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_2_1.shtml); when sent it
    // must be an app bound to sub_mchid.
    const noSubApp = partner && kind !== 'jsapi' && b.sub_appid === undefined;
    if (!noSubApp && !appids.includes(appid)) return bad(partner ? 'sub_appid' : 'appid');
    if (typeof b.out_trade_no !== 'string' || !/^[A-Za-z0-9_*-]{6,32}$/.test(b.out_trade_no)) return bad('out_trade_no');
    // time_expire (JSAPI/小程序下单, /v3/pay/transactions/jsapi, and the partner pages): "订单失效时间，遵循rfc3339标准格式，
    // 格式为yyyy-MM-DDTHH:mm:ss+TIMEZONE" (example 2018-06-08T10:34:56+08:00), a time still to come; the cross-border
    // order pages have no such field.
    if ('time_expire' in b) {
      if (this.api === 'global') return bad('time_expire (not a field of the cross-border order)');
      const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?[+-]\d{2}:\d{2}$/;
      if (typeof b.time_expire !== 'string' || !rfc3339.test(b.time_expire) || !(Date.parse(b.time_expire) > Date.now())) return bad('time_expire');
    }
    if (typeof b.description !== 'string' || !b.description || b.description.length > 127) return bad('description');
    if (typeof b.notify_url !== 'string' || !/^https:\/\/[^?#]+$/.test(b.notify_url)) return bad('notify_url');
    if (!Number.isInteger(b.amount?.total) || b.amount.total <= 0) return bad('amount.total');
    if (this.api === 'domestic' ? b.amount.currency !== 'CNY' : !/^[A-Z]{3}$/.test(b.amount.currency ?? '')) return bad('amount.currency');
    if (this.api === 'global') {
      const tradeType = { jsapi: 'JSAPI', h5: 'MWEB', native: 'NATIVE' }[kind];
      if (b.trade_type !== tradeType) return bad('trade_type');
      if (!/^\d{4}$/.test(b.merchant_category_code ?? '')) return bad('merchant_category_code');
    } else if ('trade_type' in b || 'merchant_category_code' in b) {
      // The domestic order (JSAPI/H5/Native下单) has neither: its kind is the path, and a mainland merchant has no MCC field.
      return bad('trade_type/merchant_category_code (cross-border fields)');
    }
    // Partner: payer.sp_openid or payer.sub_openid ("若sub_openid有传的情况下，sub_appid必填"); direct: payer.openid.
    const openid = partner ? b.payer?.sub_openid : b.payer?.openid;
    if (partner && b.payer && 'openid' in b.payer) return bad('payer.openid (a direct-mode field in partner mode)');
    if (kind === 'jsapi' && (typeof openid !== 'string' || !openid)) return bad(partner ? 'payer.sub_openid' : 'payer.openid');
    if (kind === 'h5' && (!b.scene_info?.payer_client_ip || b.scene_info?.h5_info?.type !== 'Wap')) return bad('scene_info');
    const seen = this.orders.get(b.out_trade_no);
    if (seen && seen.state !== 'NOTPAY') return reply(400, { code: 'ORDERPAID', message: 'order paid or closed' });
    const prepayId = seen?.prepayId ?? `wx${Date.now()}${crypto.randomBytes(8).toString('hex')}`;
    this.orders.set(b.out_trade_no, {
      outTradeNo: b.out_trade_no, kind, appid: appid ?? '', openid, total: b.amount.total, currency: b.amount.currency,
      notifyUrl: b.notify_url, state: 'NOTPAY', body: b, prepayId,
    });
    if (kind === 'jsapi') return reply(200, { prepay_id: prepayId });
    if (kind === 'h5') return reply(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=1037687096` });
    return reply(200, { code_url: `weixin://wxpay/bizpayurl/up?pr=${prepayId.slice(-12)}&groupid=00` });
  }

  private createRefund(b: any, reply: (status: number, payload?: object) => void) {
    const bad = (field: string) => reply(400, { code: 'PARAM_ERROR', message: `invalid ${field}` });
    // Cross-border refunds name the merchant (mchid + appid, or sp_mchid + sub_mchid + sp_appid); domestic ones the
    // sub-merchant in partner mode only ("退款申请" for 普通服务商, https://pay.weixin.qq.com/doc/v3/partner/4012886219: sub_mchid 必填).
    if (this.api === 'global') {
      const problem = this.merchantProblem((name) => b?.[name]);
      if (problem) return bad(problem);
      if (this.mode === 'partner' ? b.sp_appid !== this.spAppId || 'appid' in b : !b.appid) return bad(this.mode === 'partner' ? 'sp_appid' : 'appid');
    } else if (this.mode === 'partner' ? b?.sub_mchid !== this.subMchId : b?.sub_mchid !== undefined) {
      return bad('sub_mchid');
    }
    const order = this.orders.get(b?.out_trade_no);
    if (!order) return reply(404, { code: 'RESOURCE_NOT_EXISTS', message: 'order does not exist' });
    if (typeof b.out_refund_no !== 'string' || !/^[A-Za-z0-9_|*@-]{1,64}$/.test(b.out_refund_no)) return bad('out_refund_no');
    const paid = order.paid;
    if (!paid) return reply(403, { code: 'NOT_ENOUGH', message: 'order not paid' });
    if (b.amount?.total !== order.total || b.amount?.currency !== (this.api === 'domestic' ? 'CNY' : order.currency)) return bad('amount.total/currency');
    const same = this.refunds.get(b.out_refund_no);
    if (same) {
      if (same.outTradeNo !== order.outTradeNo || same.refund !== b.amount.refund) return reply(400, { code: 'INVALID_REQUEST', message: 'out_refund_no reused with other parameters' });
      return reply(200, { refund_id: same.refundId, out_refund_no: same.outRefundNo, status: 'PROCESSING', amount: b.amount });
    }
    const refunded = [...this.refunds.values()].filter((r) => r.outTradeNo === order.outTradeNo).reduce((n, r) => n + r.refund, 0);
    if (!Number.isInteger(b.amount.refund) || b.amount.refund <= 0 || refunded + b.amount.refund > paid.total) return bad('amount.refund');
    this.refunds.set(b.out_refund_no, {
      outRefundNo: b.out_refund_no, outTradeNo: order.outTradeNo, refund: b.amount.refund, total: order.total, currency: order.currency, body: b,
      acceptedAt: new Date(), refundId: `50300${Date.now()}${crypto.randomInt(1e6)}`, status: 'PROCESSING',
    });
    order.state = 'REFUND';
    return reply(200, { refund_id: this.refunds.get(b.out_refund_no)!.refundId, out_refund_no: b.out_refund_no, status: 'PROCESSING', amount: b.amount });
  }

  // ---- the trade bill ----

  /** The bill file of a day (YYYY-MM-DD, Beijing time), from the payments and refunds this double took. */
  tradeBillText(day: string): string {
    const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString();
    const inDay = (d?: Date) => !!d && beijing(d).slice(0, 10) === day;
    const at = (d: Date) => beijing(d).slice(0, 19).replace('T', ' ');
    const major = (minor: number, currency: string) => (minor / 10 ** currencyDecimals(currency)).toFixed(currencyDecimals(currency));
    const fee = (minor: number) => Math.round(minor * FEE_RATE);
    const tradeType = (o: WeChatOrder) => (o.kind === 'jsapi' ? 'JSAPI' : o.kind === 'h5' ? 'MWEB' : 'NATIVE');
    const domestic = this.api === 'domestic';
    const header = domestic
      ? ['交易时间', '公众账号ID', '商户号', '特约商户号', '设备号', '微信订单号', '商户订单号', '用户标识', '交易类型', '交易状态', '付款银行', '货币种类',
        '应结订单金额', '代金券金额', '微信退款单号', '商户退款单号', '退款金额', '充值券退款金额', '退款类型', '退款状态', '商品名称', '商户数据包', '手续费', '费率',
        '订单金额', '申请退款金额', '费率备注']
      : ['交易时间', '公众账号ID', '商户号', '子商户号', '设备号', '微信订单号', '商户订单号', '用户标识', '交易类型', '交易状态', '付款银行', '充值券币种',
        '充值券金额', '优惠券币种', '优惠券金额', '微信退款单号', '商户退款单号', '退款类型', '退款状态', '商品名称', '商户数据包', '手续费', '费率', '标价币种',
        '订单金额(标价币种)', '用户支付币种', '用户支付金额', '结算币种', '应结订单金额', '支付汇率', '退款汇率', '申请退款金额', '用户退款币种', '用户退款金额',
        '退款结算币种', '退款应结订单金额', '充值券退款金额', '优惠券退款金额'];
    type Line = { time: Date; fields: Record<string, string> };
    const lines: Line[] = [];
    let settled = 0; let refunded = 0; let fees = 0; let ordered = 0;
    for (const o of this.orders.values()) {
      if (!o.paid || !inDay(o.paidAt)) continue;
      const c = o.paid.currency;
      const f = fee(o.paid.total);
      settled += o.paid.total; fees += f; ordered += o.paid.total;
      lines.push({ time: o.paidAt!, fields: {
        交易时间: at(o.paidAt!), 公众账号ID: o.appid, 商户号: this.mchId, 微信订单号: o.transactionId!, 商户订单号: o.outTradeNo, 用户标识: o.openid ?? '',
        交易类型: tradeType(o), 交易状态: 'SUCCESS', 付款银行: 'OTHERS', 货币种类: c, 应结订单金额: major(o.paid.total, c), 代金券金额: '0.00',
        微信退款单号: '0', 商户退款单号: '0', 退款金额: '0.00', 充值券退款金额: '0.00', 商品名称: String(o.body?.description ?? ''), 商户数据包: '',
        手续费: major(f, c), 费率: '0.60%', 订单金额: major(o.paid.total, c), 申请退款金额: '0.00', 标价币种: c, '订单金额(标价币种)': major(o.paid.total, c),
        用户支付币种: c, 用户支付金额: major(o.paid.total, c), 结算币种: c, 支付汇率: '100000000', 优惠券金额: '0.00', 充值券币种: c, 优惠券币种: c,
      } });
    }
    for (const r of this.refunds.values()) {
      if (!inDay(r.acceptedAt)) continue;
      const o = this.orders.get(r.outTradeNo)!;
      const c = r.currency;
      const f = -fee(r.refund);
      refunded += r.refund; fees += f;
      lines.push({ time: r.acceptedAt, fields: {
        交易时间: at(r.acceptedAt), 公众账号ID: o.appid, 商户号: this.mchId, 微信订单号: o.transactionId ?? '', 商户订单号: r.outTradeNo, 用户标识: o.openid ?? '',
        交易类型: tradeType(o), 交易状态: 'REFUND', 付款银行: 'OTHERS', 货币种类: c, 应结订单金额: '0.00', 代金券金额: '0.00',
        微信退款单号: r.refundId, 商户退款单号: r.outRefundNo, 退款金额: major(r.refund, c), 充值券退款金额: '0.00', 退款类型: 'ORIGINAL', 退款状态: r.status,
        商品名称: String(o.body?.description ?? ''), 商户数据包: '', 手续费: major(f, c), 费率: '0.60%', 订单金额: major(r.total, c), 申请退款金额: major(r.refund, c),
        标价币种: c, '订单金额(标价币种)': major(r.total, c), 结算币种: c, 用户退款币种: c, 用户退款金额: major(r.refund, c), 退款结算币种: c,
        退款应结订单金额: major(r.refund, c), 退款汇率: '100000000', 优惠券退款金额: '0.00', 充值券币种: c, 优惠券币种: c,
      } });
    }
    lines.sort((a, b) => a.time.getTime() - b.time.getTime());
    const c = domestic ? 'CNY' : [...this.orders.values()][0]?.currency ?? 'CNY';
    return [
      header.join(','),
      ...lines.map((l) => header.map((h) => `\`${l.fields[h] ?? ''}`).join(',')),
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      [String(lines.length), major(settled, c), major(refunded, c), '0.00', major(fees, c), major(ordered, c), major(refunded, c)].map((v) => `\`${v}`).join(','),
      '',
    ].join('\r\n');
  }

  /** Bill downloads handed out: token → the day's file, valid five minutes. */
  private bills = new Map<string, { file: Buffer; until: number }>();
  /** Statement requests served (domestic: tradebill answers; global: statements), for the tests. */
  billRequests = 0;

  private tradeBill(q: URLSearchParams, reply: (status: number, payload?: object) => void) {
    const day = q.get('bill_date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return reply(400, { code: 'PARAM_ERROR', message: 'bill_date' });
    if (q.has('bill_type') && q.get('bill_type') !== 'ALL') return reply(400, { code: 'PARAM_ERROR', message: 'this double serves bill_type ALL' });
    this.billRequests++;
    const text = Buffer.from(this.tradeBillText(day), 'utf8');
    const token = crypto.randomBytes(16).toString('hex');
    const gzip = q.get('tar_type') === 'GZIP';
    this.bills.set(token, { file: gzip ? zlib.gzipSync(text) : text, until: Date.now() + 300_000 });
    return reply(200, { hash_type: 'SHA1', hash_value: crypto.createHash('sha1').update(text).digest('hex'), download_url: `${this.baseUrl}/v3/billdownload/file?token=${token}` });
  }

  private billFile(q: URLSearchParams, res: http.ServerResponse) {
    const bill = this.bills.get(q.get('token') ?? '');
    if (!bill || bill.until < Date.now()) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'PARAM_ERROR', message: 'token expired or unknown' }));
      return;
    }
    // The download's answer carries no signature (the page says so); the file's SHA1 is the tradebill answer's.
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(bill.file);
  }

  private globalStatement(q: URLSearchParams, res: http.ServerResponse, reply: (status: number, payload?: object) => void, badSignature: boolean) {
    const date = q.get('date') ?? '';
    if (!/^\d{8}$/.test(date)) return reply(400, { code: 'PARAM_ERROR', message: 'date' });
    if (q.get('mchid') !== this.mchId) return reply(400, { code: 'PARAM_ERROR', message: 'mchid' });
    this.billRequests++;
    const body = Buffer.from(this.tradeBillText(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`), 'utf8');
    const digest = crypto.createHash('sha1').update(body).digest('hex');
    res.writeHead(200, { ...this.signatureHeaders(digest, badSignature ? { signWith: this.merchant.privateKey } : {}), 'wechatpay-statement-sha1': digest, 'content-type': 'text/plain; charset=utf-8' });
    res.end(body);
  }

  /** Why the merchant's Authorization does not hold, or null (WeChat Pay's signature rules). */
  private authorizationProblem(header: string, method: string, url: string, body: string): string | null {
    const m = header.match(/^WECHATPAY2-SHA256-RSA2048 (.+)$/);
    if (!m) return 'Authorization is not WECHATPAY2-SHA256-RSA2048';
    const fields = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((f) => [f[1], f[2]]));
    if (fields.mchid !== this.mchId) return 'mchid';
    if (fields.serial_no !== this.serialNo) return 'serial_no';
    if (!/^\d+$/.test(fields.timestamp ?? '') || Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp';
    if (!fields.nonce_str) return 'nonce_str';
    const message = `${method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = crypto.verify('RSA-SHA256', Buffer.from(message, 'utf8'), this.merchant.publicKey, Buffer.from(fields.signature ?? '', 'base64'));
    return ok ? null : 'signature';
  }
}

export interface SignOptions {
  /** Sign with this key instead of the platform's (a forgery). */
  signWith?: KeyObject;
  /** Name this serial instead of the platform key's id. */
  serial?: string;
  /** Date the notification this many seconds back. */
  ageSeconds?: number;
  /** verify 'both': sign with the public key or the certificate (default). */
  by?: 'publicKey' | 'certificate';
  /** Sign with this listed certificate instead of the newest. */
  certificate?: PlatformCertificate;
  /** Fields of the encrypted resource to replace (e.g. another sub_mchid). */
  resource?: Record<string, unknown>;
}

export interface SignedNotification {
  body: string;
  headers: Record<string, string>;
}
