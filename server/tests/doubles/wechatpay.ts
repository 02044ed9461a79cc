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
 *     often and in whatever order it likes (also forged, stale or replayed ones).
 * Keys are generated per run.
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
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
}

type Fault = { status: number } | { badSignature: true } | { delayMs: number };

export class WeChatPayDouble extends LoopbackDouble {
  readonly merchant = rsaKeys();
  readonly platform = rsaKeys();
  readonly mchId = '1900000109';
  readonly serialNo = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  readonly publicKeyId = 'PUB_KEY_ID_0119000001092024112600000000000001';
  readonly apiV3Key = crypto.randomBytes(16).toString('hex'); // 32 characters
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

  constructor(readonly api: 'domestic' | 'global' = 'global') {
    super();
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
      WECHATPAY_MCHID: this.mchId,
      WECHATPAY_SERIAL_NO: this.serialNo,
      WECHATPAY_PRIVATE_KEY_FILE: path.join(this.keyDir, 'apiclient_key.pem'),
      WECHATPAY_APIV3_KEY: this.apiV3Key,
      WECHATPAY_PUBLIC_KEY_ID: this.publicKeyId,
      WECHATPAY_PUBLIC_KEY_FILE: path.join(this.keyDir, 'pub_key.pem'),
      WECHAT_MINI_PROGRAM_APPID: this.miniProgramAppId,
      WECHAT_OFFICIAL_ACCOUNT_APPID: this.officialAccountAppId,
      WECHATPAY_BASE_URL: this.baseUrl,
      WECHATPAY_API: this.api,
      ...(this.api === 'global' ? { WECHATPAY_MERCHANT_CATEGORY_CODE: '5812' } : {}),
      PUBLIC_URL: publicUrl,
    };
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
  }

  /** The payment notification of an order (TRANSACTION.SUCCESS), signed and encrypted as documented. */
  paymentNotification(outTradeNo: string, opts: SignOptions = {}): SignedNotification {
    const order = this.orders.get(outTradeNo);
    if (!order?.paid) throw new Error(`double: order ${outTradeNo} is not paid`);
    return this.notification('TRANSACTION.SUCCESS', 'transaction', {
      mchid: this.mchId,
      appid: order.appid,
      out_trade_no: order.outTradeNo,
      transaction_id: `42000${crypto.randomInt(1e9)}`,
      trade_type: order.kind === 'jsapi' ? 'JSAPI' : order.kind === 'h5' ? 'MWEB' : 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: 'OK',
      success_time: new Date().toISOString(),
      payer: order.openid ? { openid: order.openid } : {},
      amount: { total: order.paid.total, currency: order.paid.currency, payer_total: order.paid.total, payer_currency: order.paid.currency },
    }, opts);
  }

  refundNotification(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS', opts: SignOptions = {}): SignedNotification {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`double: no refund ${outRefundNo}`);
    return this.notification(`REFUND.${status}`, 'refund', {
      mchid: this.mchId,
      out_trade_no: refund.outTradeNo,
      out_refund_no: refund.outRefundNo,
      refund_id: `50000${crypto.randomInt(1e9)}`,
      refund_status: status,
      amount: { total: refund.total, refund: refund.refund, payer_total: refund.total, payer_refund: refund.refund },
    }, opts);
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

  /** Wechatpay-* headers over a body, signed with the platform key (or, to forge, another key / serial / time). */
  signatureHeaders(body: string, opts: SignOptions = {}): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000) + (opts.ageSeconds ? -opts.ageSeconds : 0));
    const nonce = crypto.randomBytes(16).toString('hex');
    const key = opts.signWith ?? this.platform.privateKey;
    const signature = crypto.sign('RSA-SHA256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'), key).toString('base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': opts.serial ?? this.publicKeyId,
    };
  }

  // ---- the API ----

  private paths() {
    return this.api === 'global'
      ? { order: /^\/v3\/global\/transactions\/(jsapi|mweb|native)$/, trade: /^\/v3\/global\/transactions\/out-trade-no\/([^/?]+)(\/close)?(\?.*)?$/, refunds: '/v3/global/refunds' }
      : { order: /^\/v3\/pay\/transactions\/(jsapi|h5|native)$/, trade: /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?(\?.*)?$/, refunds: '/v3/refund/domestic/refunds' };
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = req.url ?? '';
    const method = req.method ?? '';
    const answer = (status: number, payload?: object, badSignature = false) => {
      const text = payload ? JSON.stringify(payload) : '';
      const headers = this.signatureHeaders(text, badSignature ? { signWith: this.merchant.privateKey } : {});
      res.writeHead(status, { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) });
      res.end(text);
    };
    const signProblem = this.authorizationProblem(req.headers.authorization ?? '', method, url, body);
    if (signProblem) {
      this.refusedRequests++;
      return answer(401, { code: 'SIGN_ERROR', message: signProblem });
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
    const order = method === 'POST' ? url.match(p.order) : null;
    if (order) return this.createOrder(order[1] === 'mweb' ? 'h5' : (order[1] as WeChatOrder['kind']), json, reply);
    const trade = url.match(p.trade);
    if (trade) {
      const found = this.orders.get(decodeURIComponent(trade[1]));
      if (trade[2] && method === 'POST') {
        if (json?.mchid !== this.mchId) return reply(400, { code: 'PARAM_ERROR', message: 'mchid' });
        if (!found) return reply(404, { code: 'ORDER_NOT_EXIST', message: 'order does not exist' });
        if (found.state === 'SUCCESS' || found.state === 'REFUND') return reply(400, { code: 'ORDERPAID', message: 'order paid' });
        found.state = 'CLOSED';
        return reply(204);
      }
      if (method === 'GET') {
        if (new URL(url, this.baseUrl).searchParams.get('mchid') !== this.mchId) return reply(400, { code: 'PARAM_ERROR', message: 'mchid' });
        if (!found) return reply(404, { code: 'ORDER_NOT_EXIST', message: 'order does not exist' });
        const amount = found.paid ?? { total: found.total, currency: found.currency };
        return reply(200, {
          mchid: this.mchId, appid: found.appid, out_trade_no: found.outTradeNo, trade_state: found.state,
          amount: { total: amount.total, currency: amount.currency, payer_total: found.paid ? amount.total : 0, payer_currency: amount.currency },
        });
      }
    }
    if (method === 'POST' && url === p.refunds) return this.createRefund(json, reply);
    return reply(404, { code: 'NOT_FOUND', message: `no ${method} ${url}` });
  }

  private createOrder(kind: WeChatOrder['kind'], b: any, reply: (status: number, payload?: object) => void) {
    const bad = (field: string) => reply(400, { code: 'PARAM_ERROR', message: `invalid ${field}` });
    if (b?.mchid !== this.mchId) return bad('mchid');
    const appids = kind === 'jsapi' ? [this.miniProgramAppId, this.officialAccountAppId] : [this.officialAccountAppId];
    if (!appids.includes(b.appid)) return bad('appid');
    if (typeof b.out_trade_no !== 'string' || !/^[A-Za-z0-9_*-]{6,32}$/.test(b.out_trade_no)) return bad('out_trade_no');
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
    if (kind === 'jsapi' && (typeof b.payer?.openid !== 'string' || !b.payer.openid)) return bad('payer.openid');
    if (kind === 'h5' && (!b.scene_info?.payer_client_ip || b.scene_info?.h5_info?.type !== 'Wap')) return bad('scene_info');
    const seen = this.orders.get(b.out_trade_no);
    if (seen && seen.state !== 'NOTPAY') return reply(400, { code: 'ORDERPAID', message: 'order paid or closed' });
    const prepayId = seen?.prepayId ?? `wx${Date.now()}${crypto.randomBytes(8).toString('hex')}`;
    this.orders.set(b.out_trade_no, {
      outTradeNo: b.out_trade_no, kind, appid: b.appid, openid: b.payer?.openid, total: b.amount.total, currency: b.amount.currency,
      notifyUrl: b.notify_url, state: 'NOTPAY', body: b, prepayId,
    });
    if (kind === 'jsapi') return reply(200, { prepay_id: prepayId });
    if (kind === 'h5') return reply(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=1037687096` });
    return reply(200, { code_url: `weixin://wxpay/bizpayurl/up?pr=${prepayId.slice(-12)}&groupid=00` });
  }

  private createRefund(b: any, reply: (status: number, payload?: object) => void) {
    const bad = (field: string) => reply(400, { code: 'PARAM_ERROR', message: `invalid ${field}` });
    if (this.api === 'global' && (b?.mchid !== this.mchId || !b?.appid)) return bad('mchid/appid');
    const order = this.orders.get(b?.out_trade_no);
    if (!order) return reply(404, { code: 'RESOURCE_NOT_EXISTS', message: 'order does not exist' });
    if (typeof b.out_refund_no !== 'string' || !/^[A-Za-z0-9_|*@-]{1,64}$/.test(b.out_refund_no)) return bad('out_refund_no');
    const paid = order.paid;
    if (!paid) return reply(403, { code: 'NOT_ENOUGH', message: 'order not paid' });
    if (b.amount?.total !== order.total || b.amount?.currency !== (this.api === 'domestic' ? 'CNY' : order.currency)) return bad('amount.total/currency');
    const same = this.refunds.get(b.out_refund_no);
    if (same) {
      if (same.outTradeNo !== order.outTradeNo || same.refund !== b.amount.refund) return reply(400, { code: 'INVALID_REQUEST', message: 'out_refund_no reused with other parameters' });
      return reply(200, { refund_id: `50000${same.outRefundNo}`, out_refund_no: same.outRefundNo, status: 'PROCESSING', amount: b.amount });
    }
    const refunded = [...this.refunds.values()].filter((r) => r.outTradeNo === order.outTradeNo).reduce((n, r) => n + r.refund, 0);
    if (!Number.isInteger(b.amount.refund) || b.amount.refund <= 0 || refunded + b.amount.refund > paid.total) return bad('amount.refund');
    this.refunds.set(b.out_refund_no, { outRefundNo: b.out_refund_no, outTradeNo: order.outTradeNo, refund: b.amount.refund, total: order.total, currency: order.currency, body: b });
    order.state = 'REFUND';
    return reply(200, { refund_id: `50000${b.out_refund_no}`, out_refund_no: b.out_refund_no, status: 'PROCESSING', amount: b.amount });
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
}

export interface SignedNotification {
  body: string;
  headers: Record<string, string>;
}
