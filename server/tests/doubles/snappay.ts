/**
 * A SnapPay OpenAPI double, written from SnapPay's documentation (developer.snappay.ca/openapi.html: one gateway,
 * JSON requests with app_id / method / merchant_no / format / charset / version / sign_type / sign, answers
 * `{ code, msg, total, data: [ … ], sign }`, MD5 signatures on requests, answers and notifications) and from what its
 * official Java SDK sends and checks (SnapPayInc/open-api-java-sdk: the methods pay.h5pay, pay.webpay, pay.orderquery,
 * pay.orderrefund, pay.ordercancel, their fields and limits, trans_status USERPAYING / SUCCESS / CLOSE, the
 * signature: sorted non-empty `k=v&…` plus the key, MD5 hex). Its signing code is its own: it reads the raw text of the
 * (flat) request for the numbers a signature covers instead of reusing the adapter's JSON reader.
 *
 *
 * WeChat Mini Program Payment (developer.snappay.ca/scenarios-mini.en-US.html: the merchant backend calls the Mini
 * Program Payment API and SnapPay "returns WeChat Mini Program payment parameters (request_payment)"; then Query Order
 * and the asynchronous notification): the SDK's MiniPayRequest, pay.minipay, WECHATPAY only, pay_user_account_id (the
 * payer's openid, required, 128 at most), notify_url (256 at most), no return_url; its MiniPayResponseData answers
 * request_payment (the wx.requestPayment parameters, as JSON text: the SDK types it a String) and trade_no. The app
 * those parameters are for is the mini-program SnapPay bound to the merchant (`boundMiniProgramAppId`, the scenario
 * page's "Application procedure"). Every pay method's effective_minutes, when sent, is 5 to 60 (AbstractPayRequest).
 *
 * Where neither says, the double states its choice: an error is any code other than "0" (the SDK's only test); a
 * repeated out_refund_no for the same order and amount is the same refund, for anything else an error; an order
 * already paid cannot be cancelled.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { LoopbackDouble } from './loopback.ts';

interface Order {
  transNo: string;
  outOrderNo: string;
  method: 'pay.h5pay' | 'pay.webpay' | 'pay.minipay';
  /** effective_minutes as sent (the order's deadline at SnapPay). */
  effectiveMinutes?: number;
  /** pay.minipay: the payer's openid. */
  payUserAccountId?: string;
  paymentMethod: string;
  browserType?: string;
  currency: string;
  amountText: string;
  cents: number;
  notifyUrl: string;
  returnUrl: string;
  status: 'USERPAYING' | 'SUCCESS' | 'CLOSE';
  refunded: number;
}

const md5 = (s: string) => crypto.createHash('md5').update(s, 'utf8').digest('hex');
const cents = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
};

export class SnapPayDouble extends LoopbackDouble {
  readonly appId = crypto.randomBytes(8).toString('hex');
  readonly merchantNo = String(901800000000 + crypto.randomInt(100000));
  readonly signKey = crypto.randomBytes(16).toString('hex');
  /** The merchant's mini-program, bound at SnapPay (scenarios-mini.en-US.html, "Application procedure"). */
  boundMiniProgramAppId = 'wx0a1b2c3d4e5f6a7b';
  readonly orders = new Map<string, Order>();
  readonly refunds = new Map<string, { outOrderNo: string; cents: number }>();
  readonly calls: string[] = [];
  private failures: Array<{ method: string; status: number }> = [];
  /** The next call of `method` gets `status` and nothing is done. */
  failNext(method: string, status = 503) {
    this.failures.push({ method, status });
  }

  /** The shopper pays in the wallet. */
  pay(outOrderNo: string) {
    this.order(outOrderNo).status = 'SUCCESS';
  }

  order(outOrderNo: string): Order {
    const o = this.orders.get(outOrderNo);
    if (!o) throw new Error(`SnapPay has no order ${outOrderNo}`);
    return o;
  }

  /** The notification SnapPay posts for an order, signed (a `tamper` edits the text after signing). */
  notificationBody(outOrderNo: string, tamper?: (text: string) => string): string {
    const o = this.order(outOrderNo);
    const fields: Array<[string, string, boolean]> = [
      ['trans_no', o.transNo, false], ['out_order_no', o.outOrderNo, false], ['merchant_no', this.merchantNo, false],
      ['trans_status', o.status, false], ['payment_method', o.paymentMethod, false], ['trans_currency', o.currency, false],
      ['trans_amount', o.amountText, true], ['trans_end_time', '2026-11-26 21:50:00', false],
    ];
    const text = this.signedObject(fields);
    return tamper ? tamper(text) : text;
  }

  /** A flat JSON object of [name, text, isNumber] fields with its sign (sign_type MD5 left out of the signature). */
  private signedObject(fields: Array<[string, string, boolean]>): string {
    const signText = [...fields].filter(([, v]) => v !== '').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}=${v}`).join('&');
    const all: Array<[string, string, boolean]> = [...fields, ['sign_type', 'MD5', false], ['sign', md5(signText + this.signKey), false]];
    return `{${all.map(([k, v, isNumber]) => `${JSON.stringify(k)}:${isNumber ? v : JSON.stringify(v)}`).join(',')}}`;
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const method = String(body.method ?? '');
    this.calls.push(method);
    const fail = this.failures.findIndex((f) => f.method === method);
    if (fail >= 0) {
      const [{ status }] = this.failures.splice(fail, 1);
      res.writeHead(status).end('Service Unavailable');
      return;
    }
    const answer = this.route(method, body, raw);
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  }

  /** `{ code, msg, total, data, psn }` signed, data written as compact JSON (numbers as their text). */
  private answer(code: string, msg: string, data: Array<Array<[string, string, boolean]>> = []): string {
    const dataText = `[${data.map((item) => `{${item.map(([k, v, n]) => `${JSON.stringify(k)}:${n ? v : JSON.stringify(v)}`).join(',')}}`).join(',')}]`;
    const psn = crypto.randomBytes(8).toString('hex');
    const parts: Array<[string, string]> = [['code', code], ['msg', msg], ['psn', psn], ...(data.length ? [['total', String(data.length)], ['data', dataText]] as Array<[string, string]> : [])];
    const signText = [...parts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
    const sign = md5(signText + this.signKey);
    return `{"code":${JSON.stringify(code)},"msg":${JSON.stringify(msg)},"psn":"${psn}"${data.length ? `,"total":${data.length},"data":${dataText}` : ''},"sign":"${sign}"}`;
  }

  /** The merchant's signature over its flat request: numbers as the text they were sent in. */
  private requestSignedBy(body: Record<string, unknown>, raw: string): boolean {
    const pairs: string[] = [];
    for (const k of Object.keys(body).sort()) {
      if (k === 'sign' || k === 'sign_type') continue;
      const v = body[k];
      if (v === null || v === undefined || v === '') continue;
      if (typeof v === 'object') return false;
      const text = typeof v === 'number' ? new RegExp(`"${k}":(-?[0-9.eE+-]+)`).exec(raw)?.[1] : String(v);
      pairs.push(`${k}=${text}`);
    }
    return body.sign === md5(pairs.join('&') + this.signKey);
  }

  private orderItem(o: Order): Array<[string, string, boolean]> {
    return [
      ['trans_no', o.transNo, false], ['out_order_no', o.outOrderNo, false], ['merchant_no', this.merchantNo, false],
      ['trans_status', o.status, false], ['payment_method', o.paymentMethod, false], ['trans_currency', o.currency, false],
      ['trans_amount', o.amountText, true],
    ];
  }

  private route(method: string, b: Record<string, unknown>, raw: string): string {
    if (b.app_id !== this.appId) return this.answer('E0401', 'app_id is invalid');
    if (b.merchant_no !== this.merchantNo) return this.answer('E0402', 'merchant_no is invalid');
    if (b.format !== 'JSON' || b.charset !== 'UTF-8' || b.version !== '1.0' || b.sign_type !== 'MD5') return this.answer('E0400', 'format, charset, version or sign_type is invalid');
    if (!this.requestSignedBy(b, raw)) return this.answer('E0403', 'sign is invalid');
    if (b.effective_minutes !== undefined && (!Number.isInteger(b.effective_minutes) || (b.effective_minutes as number) < 5 || (b.effective_minutes as number) > 60)) {
      return this.answer('E0410', 'effective_minutes is invalid');
    }
    if (method === 'pay.minipay') return this.miniPay(b, raw);
    if (method === 'pay.h5pay' || method === 'pay.webpay') {
      const amount = new RegExp('"trans_amount":([0-9]+(?:\\.[0-9]+)?)[,}]').exec(raw)?.[1];
      if (!amount || Number(amount) <= 0 || Number(amount) > 100_000_000) return this.answer('E0410', 'trans_amount is invalid');
      if (typeof b.out_order_no !== 'string' || !b.out_order_no || b.out_order_no.length > 64) return this.answer('E0410', 'out_order_no is invalid');
      if (typeof b.description !== 'string' || !b.description || b.description.length > 128) return this.answer('E0410', 'description is invalid');
      if (b.trans_currency !== 'CAD' && b.trans_currency !== 'USD') return this.answer('E0410', 'trans_currency is invalid');
      for (const f of ['notify_url', 'return_url']) if (typeof b[f] !== 'string' || (b[f] as string).length > 256) return this.answer('E0410', `${f} is invalid`);
      if (method === 'pay.h5pay' && b.payment_method !== 'WECHATPAY' && b.payment_method !== 'ALIPAY') return this.answer('E0410', 'payment_method is invalid');
      if (method === 'pay.webpay') {
        if (b.payment_method !== 'ALIPAY' && b.payment_method !== 'UNIONPAY') return this.answer('E0410', 'WeChatPay does not support website payment');
        if (b.browser_type !== 'PC' && b.browser_type !== 'WAP') return this.answer('E0410', 'browser_type is invalid');
        if (b.payment_method === 'UNIONPAY' && b.browser_type === 'WAP') return this.answer('E0410', 'UnionPay does not support WAP browser');
      }
      if (this.orders.has(b.out_order_no)) return this.answer('E0420', 'out_order_no exists');
      const o: Order = {
        transNo: `T${Date.now()}${crypto.randomInt(1000)}`, outOrderNo: b.out_order_no, method, paymentMethod: String(b.payment_method),
        browserType: b.browser_type as string | undefined, currency: b.trans_currency, amountText: amount, cents: cents(amount),
        notifyUrl: String(b.notify_url), returnUrl: String(b.return_url), status: 'USERPAYING', refunded: 0,
        effectiveMinutes: b.effective_minutes as number | undefined,
      };
      this.orders.set(o.outOrderNo, o);
      const url: [string, string, boolean] = method === 'pay.h5pay'
        ? ['h5pay_url', `${this.baseUrl}/h5pay/${o.transNo}`, false]
        : ['webpay_url', `${this.baseUrl}/webpay/${o.transNo}`, false];
      return this.answer('0', 'success', [[...this.orderItem(o), url]]);
    }
    const o = typeof b.out_order_no === 'string' ? this.orders.get(b.out_order_no) : undefined;
    if (!o) return this.answer('E0430', 'order does not exist');
    if (method === 'pay.orderquery') return this.answer('0', 'success', [this.orderItem(o)]);
    if (method === 'pay.ordercancel') {
      if (o.status === 'SUCCESS') return this.answer('E0440', 'order is paid');
      o.status = 'CLOSE';
      return this.answer('0', 'success', [[['trans_no', o.transNo, false], ['out_order_no', o.outOrderNo, false]]]);
    }
    if (method === 'pay.orderrefund') {
      const amount = new RegExp('"refund_amount":([0-9]+(?:\\.[0-9]+)?)[,}]').exec(raw)?.[1];
      if (typeof b.out_refund_no !== 'string' || !b.out_refund_no || b.out_refund_no.length > 64 || !amount) return this.answer('E0410', 'out_refund_no or refund_amount is invalid');
      const asked = cents(amount);
      const seen = this.refunds.get(b.out_refund_no);
      const done = (): string => this.answer('0', 'success', [[['trans_no', o.transNo, false], ['out_order_no', o.outOrderNo, false],
        ['out_refund_no', String(b.out_refund_no), false], ['trans_status', 'SUCCESS', false], ['refund_trans_no', `R${o.transNo}`, false]]]);
      if (seen) return seen.outOrderNo === o.outOrderNo && seen.cents === asked ? done() : this.answer('E0450', 'out_refund_no was used for another refund');
      if (o.status !== 'SUCCESS') return this.answer('E0451', 'order is not paid');
      if (asked <= 0 || asked > o.cents - o.refunded) return this.answer('E0452', 'refund_amount exceeds what is left');
      o.refunded += asked;
      this.refunds.set(b.out_refund_no, { outOrderNo: o.outOrderNo, cents: asked });
      return done();
    }
    return this.answer('E0404', `unknown method ${method}`);
  }

  /** pay.minipay (the SDK's MiniPayRequest / MiniPayResponseData). */
  private miniPay(b: Record<string, unknown>, raw: string): string {
    const amount = new RegExp('"trans_amount":([0-9]+(?:\\.[0-9]+)?)[,}]').exec(raw)?.[1];
    if (!amount || Number(amount) <= 0 || Number(amount) > 100_000_000) return this.answer('E0410', 'trans_amount is invalid');
    if (b.payment_method !== 'WECHATPAY') return this.answer('E0410', 'payment_method is invalid');
    if (typeof b.out_order_no !== 'string' || !b.out_order_no || b.out_order_no.length > 64) return this.answer('E0410', 'out_order_no is invalid');
    if (typeof b.description !== 'string' || !b.description || b.description.length > 128) return this.answer('E0410', 'description is invalid');
    if (b.trans_currency !== 'CAD' && b.trans_currency !== 'USD') return this.answer('E0410', 'trans_currency is invalid');
    if (typeof b.pay_user_account_id !== 'string' || !b.pay_user_account_id || b.pay_user_account_id.length > 128) return this.answer('E0410', 'pay_user_account_id is invalid');
    if (typeof b.notify_url !== 'string' || b.notify_url.length > 256) return this.answer('E0410', 'notify_url is invalid');
    if (this.orders.has(b.out_order_no)) return this.answer('E0420', 'out_order_no exists');
    const o: Order = {
      transNo: `T${Date.now()}${crypto.randomInt(1000)}`, outOrderNo: b.out_order_no, method: 'pay.minipay', paymentMethod: 'WECHATPAY',
      currency: b.trans_currency, amountText: amount, cents: cents(amount), notifyUrl: b.notify_url, returnUrl: '', status: 'USERPAYING', refunded: 0,
      effectiveMinutes: b.effective_minutes as number | undefined, payUserAccountId: b.pay_user_account_id,
    };
    this.orders.set(o.outOrderNo, o);
    const requestPayment = JSON.stringify({
      appId: this.boundMiniProgramAppId, timeStamp: String(Math.floor(Date.now() / 1000)), nonceStr: crypto.randomBytes(16).toString('hex'),
      package: `prepay_id=wx${o.transNo}`, signType: 'MD5', paySign: md5(o.transNo + this.signKey).toUpperCase(),
    });
    return this.answer('0', 'success', [[...this.orderItem(o), ['request_payment', requestPayment, false], ['trade_no', o.transNo, false]]]);
  }
}

export async function startSnapPayDouble(): Promise<SnapPayDouble> {
  return new SnapPayDouble().start();
}
