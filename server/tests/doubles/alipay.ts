/**
 * An Alipay open platform gateway double (RSA2, public-key mode), written from Alipay's documentation and not with
 * alipay-sdk (which is the merchant's side, the referee): a local HTTP server at /gateway.do that
 *   - takes the common parameters from the query string and the form body alike, and refuses a request whose `sign`
 *     does not verify with the app's public key over the sorted `key=value` string of every other non-empty parameter
 *     (isv.invalid-signature), names another app_id, or whose timestamp (Beijing time) is ten minutes off
 *     (isv.invalid-timestamp);
 *   - alipay.trade.create (JSAPI_PAY, for buyer_id / buyer_open_id) answers a trade_no; alipay.trade.wap.pay and
 *     alipay.trade.page.pay are the cashier pages the shopper's browser opens (the trade exists from then on);
 *     alipay.trade.query, alipay.trade.close (a paid trade: ACQ.TRADE_STATUS_ERROR) and alipay.trade.refund (once per
 *     out_request_no, up to the total) work on out_trade_no; checks the amount format, the product codes, and the
 *     domestic API's CNY / the cross-border API's trans_currency;
 *   - alipay.system.oauth.token (grant_type=authorization_code, code from authCode(): once only, ten minutes) answers
 *     the person's user_id or open_id (whichever the app receives), a refused code an `error_response` with
 *     isv.code-invalid, as the documentation shows;
 *   - answers `{"<method>_response": {...}, "sign": ...}`, signed over the exact text of the response object with
 *     Alipay's own key, and posts form-encoded notifications signed over the sorted parameters without sign and
 *     sign_type;
 *   - can be told to answer late, with a bad signature or with a 5xx, and lets the test send notifications when and
 *     as often as it likes (also forged or tampered ones);
 *   - alipay.data.dataservice.bill.downloadurl.query (bill_type trade, bill_date YYYY-MM-DD;
 *     https://opendocs.alipay.com/apis/api_15/alipay.data.dataservice.bill.downloadurl.query) answers bill_download_url,
 *     good for 30 seconds, where the day's bill is a zip (names in GBK) of two CSV files in GBK, `<pid>_<yyyymmdd>_业务明细.csv`
 *     and `…_业务明细(汇总).csv` (https://opendocs.alipay.com/open/204/106262): `#` lines around a header and one line per
 *     trade paid (交易) and refund made (退款) that day in Beijing time, each field followed by a tab, amounts in yuan, and
 *     服务费 FEE_RATE of each payment (negative: kept), returned in proportion on a refund (positive). It serves a day as
 *     soon as it is asked (Alipay: from 10:00 the next day).
 * Keys are generated per run.
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { LoopbackDouble } from './loopback.ts';
import os from 'node:os';
import path from 'node:path';

interface Keys { privateKey: KeyObject; publicKey: KeyObject; privatePem: string; publicPem: string }

function rsaKeys(): Keys {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
  };
}

export interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  method: 'alipay.trade.create' | 'alipay.trade.wap.pay' | 'alipay.trade.page.pay';
  biz: any;
  /** The request's common parameters (notify_url, return_url, ...). */
  common: Record<string, string>;
  totalAmount: string;
  /** trans_currency (cross-border), or CNY. */
  currency: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  /** What the buyer paid (a test may make it differ from the trade). */
  paid?: { totalAmount: string; currency: string };
  refunds: Map<string, string>;
  /** When it was paid, and when each refund (by out_request_no) was made: the bill's 完成时间. */
  paidAt?: Date;
  refundedAt?: Map<string, Date>;
}

/** The service fee this double's Alipay keeps: 0.6% of a payment (Alipay's standard rate for online payments). */
export const FEE_RATE = 0.006;

/** GBK bytes of a text (the bill's encoding): each character's code found by decoding GBK's two-byte codes once. */
let gbkCodes: Map<string, Buffer> | undefined;
export function gbk(text: string): Buffer {
  if (!gbkCodes) {
    gbkCodes = new Map();
    const decoder = new TextDecoder('gbk');
    for (let hi = 0x81; hi <= 0xfe; hi++) {
      for (let lo = 0x40; lo <= 0xfe; lo++) {
        if (lo === 0x7f) continue;
        const ch = decoder.decode(Buffer.from([hi, lo]));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkCodes.has(ch)) gbkCodes.set(ch, Buffer.from([hi, lo]));
      }
    }
  }
  return Buffer.concat([...text].map((ch) => {
    if (ch.charCodeAt(0) < 0x80) return Buffer.from(ch, 'latin1');
    const code = gbkCodes!.get(ch);
    if (!code) throw new Error(`double: ${ch} has no GBK code`);
    return code;
  }));
}

/** A zip archive of these files, deflated, names in GBK (no UTF-8 flag), as Alipay's bill download is. */
export function zipOf(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = gbk(f.name);
    const packed = zlib.deflateRawSync(f.data);
    const crc = zlib.crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(0, 6); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14); local.writeUInt32LE(packed.length, 18); local.writeUInt32LE(f.data.length, 22); local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0); entry.writeUInt16LE(20, 4); entry.writeUInt16LE(20, 6); entry.writeUInt16LE(0, 8); entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16); entry.writeUInt32LE(packed.length, 20); entry.writeUInt32LE(f.data.length, 24); entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(files.length, 8); end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

type Fault = { status: number } | { badSignature: true } | { delayMs: number };

/** The documented string to sign: sorted by key, `key=value` joined by `&`, empty values and the excluded keys left out. */
export function signContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params).filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined).sort()
    .map((k) => `${k}=${params[k]}`).join('&');
}
const rsa2 = (key: KeyObject, text: string) => crypto.sign('RSA-SHA256', Buffer.from(text, 'utf8'), key).toString('base64');
const beijingNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const minutesOff = (ts: string) => Math.abs(Date.parse(`${ts.replace(' ', 'T')}+08:00`) - Date.now()) / 60_000;
const AMOUNT = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;
const FAIL = (subCode: string, subMsg: string, code = '40004', msg = 'Business Failed') => ({ code, msg, sub_code: subCode, sub_msg: subMsg });

export class AlipayDouble extends LoopbackDouble {
  /** The app's keys (the merchant's), and Alipay's. */
  readonly app = rsaKeys();
  readonly alipay = rsaKeys();
  readonly appId = '2021004100000001';
  readonly trades = new Map<string, AlipayTrade>();
  /** Every request that passed the signature check: its method. */
  readonly calls: string[] = [];
  refusedRequests = 0;
  /** Requests answered with an injected fault: "method out_trade_no". */
  readonly faulted: string[] = [];
  /** Where notifications go (this test's server, standing for PUBLIC_URL). */
  deliverTo = '';
  /** my.getAuthCode codes handed out: the person's id as this app receives it, and when the code stops working. */
  private authCodes = new Map<string, { id: { user_id: string } | { open_id: string }; expires: number }>();
  private faults: Array<{ method: string; outTradeNo?: string; fault: Fault }> = [];
  private keyDir = '';

  constructor(readonly api: 'global' | 'domestic' = 'global') {
    super();
  }

  async start(): Promise<this> {
    await super.start();
    this.keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-keys-'));
    fs.writeFileSync(path.join(this.keyDir, 'app_private_key.pem'), this.app.privatePem);
    // As the console shows Alipay's public key: the bare base64 body.
    fs.writeFileSync(path.join(this.keyDir, 'alipay_public_key.txt'), (this.alipay.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64'));
    return this;
  }

  async stop() {
    await super.stop();
    fs.rmSync(this.keyDir, { recursive: true, force: true });
  }

  env(publicUrl = 'https://shop.test'): Record<string, string> {
    return {
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY_FILE: path.join(this.keyDir, 'app_private_key.pem'),
      ALIPAY_PUBLIC_KEY_FILE: path.join(this.keyDir, 'alipay_public_key.txt'),
      ALIPAY_GATEWAY_URL: `${this.baseUrl}/gateway.do`,
      ALIPAY_API: this.api,
      PUBLIC_URL: publicUrl,
    };
  }

  /** A code as my.getAuthCode gives it for a person whose id this app receives as `user_id` or `open_id`. */
  authCode(id: { user_id: string } | { open_id: string }): string {
    const code = crypto.randomBytes(16).toString('hex');
    this.authCodes.set(code, { id, expires: Date.now() + 10 * 60_000 });
    return code;
  }

  /** The next request for `method` (of that out_trade_no, when given) gets this fault instead of (or before) its answer. */
  failNext(method: string, fault: Fault, outTradeNo?: string) {
    this.faults.push({ method, outTradeNo, fault });
  }

  // ---- the test's side ----

  /** The buyer pays the trade (optionally another amount than asked, to test the store's check). */
  pay(outTradeNo: string, paid?: { totalAmount: string; currency: string }) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`double: no trade ${outTradeNo}`);
    if (trade.status !== 'WAIT_BUYER_PAY') throw new Error(`double: trade ${outTradeNo} is ${trade.status}`);
    trade.status = 'TRADE_SUCCESS';
    trade.paid = paid ?? { totalAmount: trade.totalAmount, currency: trade.currency };
    trade.paidAt = new Date();
  }

  /** The asynchronous notification of a trade's state (trade_status_sync), signed as documented (or with another key). */
  notification(outTradeNo: string, opts: { signWith?: KeyObject; appId?: string } = {}): string {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`double: no trade ${outTradeNo}`);
    const paid = trade.paid ?? { totalAmount: trade.totalAmount, currency: trade.currency };
    const params: Record<string, string> = {
      notify_time: beijingNow(),
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomBytes(16).toString('hex'),
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: opts.appId ?? this.appId,
      auth_app_id: this.appId,
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: paid.totalAmount,
      ...(paid.currency !== 'CNY' ? { trans_currency: paid.currency } : {}),
      receipt_amount: paid.totalAmount,
      subject: String(trade.biz.subject ?? ''),
      gmt_create: beijingNow(),
      ...(trade.status === 'TRADE_SUCCESS' ? { gmt_payment: beijingNow() } : {}),
      ...(trade.biz.buyer_id ? { buyer_id: trade.biz.buyer_id } : {}),
      ...(trade.biz.buyer_open_id ? { buyer_open_id: trade.biz.buyer_open_id } : {}),
    };
    params.sign = rsa2(opts.signWith ?? this.alipay.privateKey, signContent(params, ['sign', 'sign_type']));
    return new URLSearchParams(params).toString();
  }

  /** POSTs a notification to the store's notify_url path, form-encoded, as Alipay does. */
  async send(body: string): Promise<{ status: number; body: string }> {
    const res = await fetch(`${this.deliverTo}/api/istore/notify/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
    });
    return { status: res.status, body: await res.text() };
  }

  // ---- the gateway ----

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', this.baseUrl);
    const params: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    };
    if (url.pathname === '/downloadBill' && req.method === 'GET') {
      const bill = this.bills.get(url.searchParams.get('token') ?? '');
      if (!bill || bill.until < Date.now()) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>下载超时，请重新下载</html>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bill.zip);
      return;
    }
    const method = params.method ?? '';
    const page = method === 'alipay.trade.wap.pay' || method === 'alipay.trade.page.pay';
    if (url.pathname !== '/gateway.do' || (page ? req.method !== 'GET' : req.method !== 'POST')) {
      res.writeHead(404).end();
      return;
    }
    const outTradeNo = /"out_trade_no":"([^"]*)"/.exec(params.biz_content ?? '')?.[1];
    const i = this.faults.findIndex((f) => f.method === method && (!f.outTradeNo || f.outTradeNo === outTradeNo));
    const fault = i >= 0 ? this.faults.splice(i, 1)[0].fault : undefined;
    if (fault) this.faulted.push(`${method} ${outTradeNo ?? ''}`);
    if (fault && 'delayMs' in fault) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault && 'status' in fault) {
      res.writeHead(fault.status, { 'content-type': 'text/html' }).end('<html>system busy</html>');
      return;
    }
    const refused = this.refusal(params);
    if (refused) {
      this.refusedRequests++;
      if (page) res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(`<html>${refused.sub_msg}</html>`);
      else this.answer(res, method, refused, false);
      return;
    }
    this.calls.push(method);
    if (method === 'alipay.system.oauth.token') {
      const answer = this.oauthToken(params);
      this.answer(res, answer.sub_code ? 'error' : method, answer, !!(fault && 'badSignature' in fault));
      return;
    }
    let biz: any;
    try {
      biz = JSON.parse(params.biz_content ?? '');
    } catch {
      this.answer(res, method, FAIL('isv.invalid-biz-content', 'biz_content is not JSON', '40002', 'Invalid Arguments'), false);
      return;
    }
    const answer = this.apply(method, biz, params);
    if (page) {
      if (answer.code !== '10000') res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(`<html>${answer.sub_msg}</html>`);
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><title>Alipay cashier</title>${answer.out_trade_no} ${answer.total_amount}</html>`);
      return;
    }
    this.answer(res, method, answer, !!(fault && 'badSignature' in fault));
  }

  /** alipay.system.oauth.token: the code's person and a user access token, or the documented refusal. */
  private oauthToken(params: Record<string, string>): any {
    const invalid = (sub: string, msg: string) => FAIL(sub, msg, '40002', 'Invalid Arguments');
    if (params.grant_type !== 'authorization_code') return invalid('isv.grant-type-invalid', 'grant_type must be authorization_code');
    const issued = this.authCodes.get(params.code ?? '');
    this.authCodes.delete(params.code ?? '');
    if (!issued || issued.expires < Date.now()) return invalid('isv.code-invalid', '授权码code无效');
    return { ...issued.id, access_token: `authusrB${crypto.randomBytes(12).toString('hex')}`, expires_in: 1296000, refresh_token: `authusrB${crypto.randomBytes(12).toString('hex')}`, re_expires_in: 2592000, auth_start: beijingNow() };
  }

  /** Why a request is refused before its business is looked at, or null. */
  private refusal(params: Record<string, string>) {
    const invalid = (sub: string, msg: string) => FAIL(sub, msg, '40002', 'Invalid Arguments');
    if (params.app_id !== this.appId) return invalid('isv.invalid-app-id', 'unknown app_id');
    if (params.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', 'sign_type must be RSA2');
    if (params.charset && params.charset.toLowerCase() !== 'utf-8') return invalid('isv.invalid-charset', 'charset');
    if (params.version !== '1.0') return invalid('isv.invalid-version', 'version must be 1.0');
    if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(params.timestamp ?? '') || minutesOff(params.timestamp) > 10) {
      return invalid('isv.invalid-timestamp', 'timestamp missing or more than 10 minutes from the gateway\'s (Beijing) time');
    }
    const ok = !!params.sign && crypto.verify('RSA-SHA256', Buffer.from(signContent(params, ['sign']), 'utf8'), this.app.publicKey, Buffer.from(params.sign, 'base64'));
    return ok ? null : invalid('isv.invalid-signature', 'sign does not verify with the app public key');
  }

  private apply(method: string, biz: any, common: Record<string, string>): any {
    const trade = typeof biz.out_trade_no === 'string' ? this.trades.get(biz.out_trade_no) : undefined;
    const missing = FAIL('ACQ.TRADE_NOT_EXIST', 'trade does not exist');
    const invalid = (msg: string) => FAIL('ACQ.INVALID_PARAMETER', msg, '40002', 'Invalid Arguments');
    switch (method) {
      case 'alipay.trade.create':
      case 'alipay.trade.wap.pay':
      case 'alipay.trade.page.pay': {
        const product = { 'alipay.trade.create': ['JSAPI_PAY'], 'alipay.trade.wap.pay': ['QUICK_WAP_WAY'], 'alipay.trade.page.pay': ['FAST_INSTANT_TRADE_PAY'] }[method];
        // out_trade_no: "64个字符以内，仅支持字母、数字、下划线" (alipay.trade.create / page.pay / wap.pay).
        if (typeof biz.out_trade_no !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(biz.out_trade_no)) return invalid('out_trade_no');
        // timeout_express: "取值范围：1m～15d。m-分钟，h-小时，d-天，1c-当天 … 该参数数值不接受小数点" (the same pages).
        if (biz.timeout_express !== undefined && !/^(?:([1-9]\d*)m|([1-9]\d*)h|([1-9]\d*)d|1c)$/.test(String(biz.timeout_express))) return invalid('timeout_express');
        if (!biz.subject) return invalid('subject');
        if (!product.includes(biz.product_code)) return FAIL('ACQ.PRODUCT_CODE_ERROR', `product_code ${biz.product_code}`);
        if (!AMOUNT.test(String(biz.total_amount ?? '')) || Number(biz.total_amount) <= 0) return invalid('total_amount');
        if (this.api === 'domestic' && biz.trans_currency) return invalid('trans_currency is for cross-border merchants');
        if (method === 'alipay.trade.create' && !biz.buyer_id && !biz.buyer_open_id) return FAIL('ACQ.BUYER_NOT_EXIST', 'buyer_id or buyer_open_id required');
        if (!common.notify_url) return invalid('notify_url');
        if (method !== 'alipay.trade.create' && !common.return_url) return invalid('return_url');
        if (trade) {
          if (trade.status === 'TRADE_SUCCESS') return FAIL('ACQ.TRADE_HAS_SUCCESS', 'trade paid');
          if (trade.status === 'TRADE_CLOSED') return FAIL('ACQ.TRADE_HAS_CLOSE', 'trade closed');
          if (trade.totalAmount !== biz.total_amount) return FAIL('ACQ.CONTEXT_INCONSISTENT', 'same out_trade_no, other amount');
          return { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, total_amount: trade.totalAmount };
        }
        const created: AlipayTrade = {
          outTradeNo: biz.out_trade_no,
          tradeNo: `2026${String(crypto.randomInt(1e9)).padStart(9, '0')}${String(crypto.randomInt(1e9)).padStart(9, '0')}`,
          method, biz, common,
          totalAmount: biz.total_amount,
          currency: biz.trans_currency ?? 'CNY',
          status: 'WAIT_BUYER_PAY',
          refunds: new Map(),
        };
        this.trades.set(created.outTradeNo, created);
        return { code: '10000', msg: 'Success', out_trade_no: created.outTradeNo, trade_no: created.tradeNo, total_amount: created.totalAmount };
      }
      case 'alipay.trade.query': {
        if (!trade) return missing;
        const paid = trade.paid ?? { totalAmount: trade.totalAmount, currency: trade.currency };
        return {
          code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, trade_status: trade.status,
          total_amount: paid.totalAmount, ...(paid.currency !== 'CNY' ? { trans_currency: paid.currency } : {}),
        };
      }
      case 'alipay.trade.close': {
        if (!trade) return missing;
        if (trade.status !== 'WAIT_BUYER_PAY') return FAIL('ACQ.TRADE_STATUS_ERROR', `trade is ${trade.status}`);
        trade.status = 'TRADE_CLOSED';
        return { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo };
      }
      case 'alipay.trade.refund': {
        if (!trade) return missing;
        if (typeof biz.out_request_no !== 'string' || !biz.out_request_no || biz.out_request_no.length > 64) return invalid('out_request_no');
        if (!AMOUNT.test(String(biz.refund_amount ?? ''))) return invalid('refund_amount');
        if (trade.currency !== 'CNY' && biz.refund_currency !== trade.currency) return invalid('refund_currency must be the trade\'s trans_currency');
        if (this.api === 'domestic' && biz.refund_currency) return invalid('refund_currency is for cross-border merchants');
        const refunded = () => [...trade.refunds.values()].reduce((sum, a) => sum + Math.round(Number(a) * 100), 0);
        const done = (fundChange: 'Y' | 'N') => ({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, fund_change: fundChange, refund_fee: (refunded() / 100).toFixed(2) });
        const earlier = trade.refunds.get(biz.out_request_no);
        if (earlier !== undefined) return earlier === biz.refund_amount ? done('N') : FAIL('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'same out_request_no, other amount');
        if (trade.status !== 'TRADE_SUCCESS') return FAIL('ACQ.TRADE_STATUS_ERROR', `trade is ${trade.status}`);
        if (refunded() + Math.round(Number(biz.refund_amount) * 100) > Math.round(Number(trade.paid!.totalAmount) * 100)) return FAIL('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'more than paid');
        trade.refunds.set(biz.out_request_no, biz.refund_amount);
        (trade.refundedAt ??= new Map()).set(biz.out_request_no, new Date());
        return done('Y');
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        if (biz.bill_type !== 'trade') return invalid('this double serves bill_type trade');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(String(biz.bill_date ?? ''))) return invalid('bill_date');
        const token = crypto.randomBytes(16).toString('hex');
        this.bills.set(token, { zip: this.billZip(biz.bill_date), until: Date.now() + 30_000 });
        this.billRequests++;
        return { code: '10000', msg: 'Success', bill_download_url: `${this.baseUrl}/downloadBill?token=${token}` };
      }
      default:
        return FAIL('isv.invalid-method', `unknown method ${method}`, '40002', 'Invalid Arguments');
    }
  }

  /** Bill downloads handed out (token → the zip, good 30 seconds), and the bill URLs asked for. */
  private bills = new Map<string, { zip: Buffer; until: number }>();
  billRequests = 0;
  readonly pid = '2088000000000001';

  /** The day's (Beijing time) trade bill as Alipay's download serves it. */
  billZip(day: string): Buffer {
    const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const inDay = (d?: Date) => !!d && beijing(d).slice(0, 10) === day;
    const cents = (v: string) => Math.round(Number(v) * 100);
    const yuan = (c: number) => (c < 0 ? '-' : '') + (Math.abs(c) / 100).toFixed(2);
    const header = ['支付宝交易号', '商户订单号', '业务类型', '商品名称', '创建时间', '完成时间', '门店编号', '门店名称', '操作员', '终端号', '对方账户',
      '订单金额（元）', '商家实收（元）', '支付宝红包（元）', '集分宝（元）', '支付宝优惠（元）', '商家优惠（元）', '券核销金额（元）', '券名称',
      '商家红包消费金额（元）', '卡消费金额（元）', '退款批次号/请求号', '服务费（元）', '分润（元）', '备注'];
    const rows: { at: Date; fields: Record<string, string> }[] = [];
    let paid = 0; let refunded = 0; let fees = 0; let payments = 0; let refunds = 0;
    for (const t of this.trades.values()) {
      const base = { 支付宝交易号: t.tradeNo, 商户订单号: t.outTradeNo, 商品名称: String(t.biz.subject ?? ''), 创建时间: beijing(t.paidAt ?? new Date()), 对方账户: 'buyer***@example.com' };
      if (t.paid && inDay(t.paidAt)) {
        const c = cents(t.paid.totalAmount);
        const fee = Math.round(c * FEE_RATE);
        paid += c; fees -= fee; payments++;
        rows.push({ at: t.paidAt!, fields: { ...base, 业务类型: '交易', 完成时间: beijing(t.paidAt!), '订单金额（元）': yuan(c), '商家实收（元）': yuan(c), '服务费（元）': yuan(-fee) } });
      }
      for (const [no, amount] of t.refunds) {
        const at = t.refundedAt?.get(no);
        if (!inDay(at)) continue;
        const c = cents(amount);
        const fee = Math.round(c * FEE_RATE);
        refunded += c; fees += fee; refunds++;
        rows.push({ at: at!, fields: { ...base, 业务类型: '退款', 完成时间: beijing(at!), '订单金额（元）': yuan(-c), '商家实收（元）': yuan(-c), '退款批次号/请求号': no, '服务费（元）': yuan(fee) } });
      }
    }
    rows.sort((a, b) => a.at.getTime() - b.at.getTime());
    const zero = new Set(['支付宝红包（元）', '集分宝（元）', '支付宝优惠（元）', '商家优惠（元）', '券核销金额（元）', '商家红包消费金额（元）', '卡消费金额（元）', '分润（元）']);
    const field = (r: Record<string, string>, h: string) => `${r[h] ?? (zero.has(h) ? '0.00' : '')}\t`;
    const compact = day.replace(/-/g, '');
    const period = `#起始日期：[${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8)}日 00:00:00]   终止日期：[${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8)}日 23:59:59]`;
    const detail = [
      '#支付宝业务明细查询', `#账号：[${this.pid}0156]`, period,
      '#-----------------------------------------业务明细列表----------------------------------------',
      header.join(','), ...rows.map((r) => header.map((h) => field(r.fields, h)).join(',')),
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${payments}笔，退款合计：${refunds}笔，结算合计：0笔`, `#导出时间：[${beijing(new Date())}]`, '',
    ].join('\r\n');
    const summary = [
      '#支付宝业务汇总查询', `#账号：[${this.pid}0156]`, period,
      '#-----------------------------------------业务汇总列表----------------------------------------',
      '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,服务费（元）',
      `合计,,${payments},${refunds},${yuan(paid - refunded)},${yuan(paid - refunded)},${yuan(fees)}`,
      '#-----------------------------------------业务汇总列表结束------------------------------------',
      `#导出时间：[${beijing(new Date())}]`, '',
    ].join('\r\n');
    return zipOf([
      { name: `${this.pid}0156_${compact}_业务明细.csv`, data: gbk(detail) },
      { name: `${this.pid}0156_${compact}_业务明细(汇总).csv`, data: gbk(summary) },
    ]);
  }

  /** `{"<method>_response": {...}, "sign": "..."}`, signed over the exact response text (or with the wrong key). */
  private answer(res: http.ServerResponse, method: string, body: object, badSignature: boolean) {
    const inner = JSON.stringify(body);
    const sign = rsa2(badSignature ? this.app.privateKey : this.alipay.privateKey, inner);
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
      .end(`{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${sign}"}`);
  }
}
