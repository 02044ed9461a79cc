/**
 * An IOTPay double, written from IOTPay's public documentation (develop.iotpay.ca): "Signing" (non-empty parameters
 * sorted by name, `&key=<merchant key>`, MD5, upper case; requests sent as the form field `params=<JSON>`), "Online
 * Secure Payment" (create_order on ALIPAY_WAP / ALIPAY_PC / UPI_SEQ answering retParams {"alipayUrl": …}),
 * "Order Query" (status 0 created, 1 paying, 2 paid, 3 paid and notified, 4 cancelled by the system, 9 by the user),
 * "Refund interface" (refund_order of a payOrderId, at most what is left) and "Asynchronous Notify" (the paid order's
 * parameters, signed, until the merchant answers `success`). Its own signing code is written here from that page, not
 * imported from the adapter.
 *
 *
 * WeChat (issue 39): "WeChat Mini Program" (develop.iotpay.ca/guide/order_jsapi_mini.html): create_order with channelId
 * WX_JSAPI and the required extra {"openId","type":"minipay","appId"}, for a mini-program the merchant gave IOTPay
 * ("Merchants need to provide IOTPay with APPID for binding with APP or WeChat mini program", guide/introduction.html),
 * answering payParams, the wx.requestPayment parameters (appId, timeStamp, nonceStr, package, signType, paySign, as
 * the page's sample reads them). "Payment in WeChat Web Browser" (guide/order_jsapi.html): payForSubmit with channelId
 * WX_JSAPI and a returnUrl, answering `url`, IOTPay's page ("if success=true, redirect to url"); its notify puts
 * mchOrderNo into param1 ("don't pass value in this field, will return mchOrderNo in notify"). Both are queried,
 * notified and refunded like every IOTPay order; mchOrderNo is String(30) on both pages.
 *
 * Where the documentation is silent the double says what it assumes: answers are signed like requests (the Signing
 * page speaks of validating "the response or notify message"); a notify is a form POST; a repeated mchRefundNo for
 * the same order and amount is the same refund (nothing more is refunded) and for anything else is refused.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { LoopbackDouble } from './loopback.ts';

interface Order {
  payOrderId: string;
  mchOrderNo: string;
  channelId: string;
  currency: string;
  amount: number;
  notifyUrl: string;
  returnUrl: string;
  subject: string;
  body: string;
  clientIp: string;
  status: 0 | 1 | 2 | 3 | 4 | 9;
  refunded: number;
  paySuccTime?: number;
  /** payForSubmit's order: its notify carries mchOrderNo in param1. */
  viaPayForSubmit?: boolean;
  /** A minipay order's extra, as sent. */
  extra?: { openId: string; type: string; appId: string };
  /** A minipay order's package for wx.requestPayment (prepay_id=…). */
  package?: string;
}

const md5Sign = (params: Record<string, unknown>, key: string) => {
  const pairs: string[] = [];
  for (const name of Object.keys(params).sort()) {
    const v = params[name];
    if (name === 'sign' || v === undefined || v === null || v === '') continue;
    pairs.push(`${name}=${v}`);
  }
  return crypto.createHash('md5').update(`${pairs.join('&')}&key=${key}`).digest('hex').toUpperCase();
};

export class IotPayDouble extends LoopbackDouble {
  readonly merchantId = String(10_000_000 + crypto.randomInt(1_000_000));
  readonly loginName = 'shop_owner';
  readonly merchantKey = crypto.randomBytes(16).toString('hex');
  /** The mini-program the merchant gave IOTPay (guide/introduction.html: the APPID bound for WeChat mini-program payment). */
  boundMiniProgramAppId = 'wx5f0c0a1b2c3d4e5f';
  readonly orders = new Map<string, Order>();
  readonly refunds = new Map<string, { payOrderId: string; amount: number }>();
  readonly requests: Array<{ path: string; params: Record<string, unknown> }> = [];
  private failures: Array<{ path: string; status: number }> = [];
  /** The next call to `path` answers `status` without doing anything. */
  failNext(path: string, status = 502) {
    this.failures.push({ path, status });
  }

  /** The shopper pays on Alipay's page: the order is paid (status 2). */
  pay(mchOrderNo: string) {
    const order = this.byMchOrderNo(mchOrderNo);
    order.status = 2;
    order.paySuccTime = Date.now();
  }

  /** The shopper gives up: the order is cancelled by the user (status 9). */
  cancel(mchOrderNo: string) {
    this.byMchOrderNo(mchOrderNo).status = 9;
  }

  /** The signed notify parameters of a paid order, as IOTPay posts them (`tamper` changes them after signing). */
  notifyBody(mchOrderNo: string, tamper?: (p: Record<string, string>) => void): string {
    const o = this.byMchOrderNo(mchOrderNo);
    const params: Record<string, string> = {
      payOrderId: o.payOrderId, mchId: this.merchantId, mchOrderNo: o.mchOrderNo, channelId: o.channelId, currency: o.currency,
      amount: String(o.amount), status: String(o.status), clientIp: o.clientIp, device: 'WEB', subject: o.subject, body: o.body,
      channelOrderNo: `ali${o.payOrderId}`, paySuccTime: String(o.paySuccTime ?? ''), backType: '2',
      ...(o.viaPayForSubmit ? { param1: o.mchOrderNo } : {}),
    };
    params.sign = md5Sign(params, this.merchantKey);
    tamper?.(params);
    return new URLSearchParams(params).toString();
  }

  /** Posts the notify to the order's notifyUrl; once answered `success` IOTPay marks the order 3 (paid and notified). */
  async notify(mchOrderNo: string, opts: { tamper?: (p: Record<string, string>) => void } = {}) {
    const o = this.byMchOrderNo(mchOrderNo);
    const res = await fetch(o.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: this.notifyBody(mchOrderNo, opts.tamper) });
    const text = await res.text();
    if (text === 'success' && !opts.tamper && o.status === 2) o.status = 3;
    return { status: res.status, body: text };
  }

  byMchOrderNo(mchOrderNo: string): Order {
    const order = [...this.orders.values()].find((o) => o.mchOrderNo === mchOrderNo);
    if (!order) throw new Error(`IOTPay has no order ${mchOrderNo}`);
    return order;
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = new URL(req.url ?? '/', 'http://iotpay.double').pathname;
    const fail = this.failures.findIndex((f) => f.path === path);
    if (fail >= 0) {
      const [{ status }] = this.failures.splice(fail, 1);
      res.writeHead(status).end('Bad Gateway');
      return;
    }
    let params: Record<string, unknown> | null = null;
    try {
      const raw = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('params');
      params = raw ? JSON.parse(raw) : null;
    } catch { /* answered below */ }
    const answer = params ? this.route(path, params) : { retCode: 'FAIL', retMsg: 'params is required' };
    if (params) this.requests.push({ path, params });
    const signed = answer.retCode === 'SUCCESS' ? { ...answer, sign: md5Sign(answer, this.merchantKey) } : answer;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(signed));
  }

  private route(path: string, p: Record<string, unknown>): Record<string, unknown> {
    if (p.mchId !== this.merchantId) return { retCode: 'FAIL', retMsg: 'mchId is invalid' };
    if (p.sign !== md5Sign(p, this.merchantKey)) return { retCode: 'FAIL', retMsg: 'sign error' };
    const fail = (errCode: string, errCodeDes: string) => ({ retCode: 'SUCCESS', resCode: 'FAIL', errCode, errCodeDes });
    if (path === '/v1/payForSubmit') {
      // guide/order_jsapi.html: required mchId, mchOrderNo, currency, channelId (WX_JSAPI), amount, clientIp, returnUrl,
      // notifyUrl, subject, body, jobNo, sign; param1 left empty.
      for (const f of ['mchOrderNo', 'currency', 'channelId', 'amount', 'clientIp', 'returnUrl', 'notifyUrl', 'subject', 'body', 'jobNo']) {
        if (p[f] === undefined || p[f] === '') return { retCode: 'FAIL', retMsg: `${f} is required` };
      }
      if (p.param1 !== undefined && p.param1 !== '') return { retCode: 'FAIL', retMsg: 'param1 is IOTPay\'s (mchOrderNo in the notify)' };
      if (p.channelId !== 'WX_JSAPI') return { retCode: 'FAIL', retMsg: 'channelId must be WX_JSAPI' };
      if (String(p.mchOrderNo).length > 30) return { retCode: 'FAIL', retMsg: 'mchOrderNo is longer than 30' };
      if (!['CAD', 'USD', 'CNY'].includes(String(p.currency))) return { retCode: 'FAIL', retMsg: 'currency is not supported' };
      if (!Number.isInteger(p.amount) || (p.amount as number) <= 0) return { retCode: 'FAIL', retMsg: 'amount must be a positive integer of cents' };
      if (p.jobNo !== this.loginName) return { retCode: 'FAIL', retMsg: 'jobNo is not a login of this merchant' };
      if ([...this.orders.values()].some((o) => o.mchOrderNo === p.mchOrderNo)) return { retCode: 'FAIL', retMsg: 'mchOrderNo already used' };
      const order = this.newOrder(p);
      order.viaPayForSubmit = true;
      return { retCode: 'SUCCESS', url: `${this.baseUrl}/wechat/jsapi?payOrderId=${order.payOrderId}` };
    }
    if (path === '/v1/create_order') {
      for (const f of ['mchOrderNo', 'jobNo', 'currency', 'channelId', 'amount', 'notifyUrl', 'subject', 'body', 'clientIp']) {
        if (p[f] === undefined || p[f] === '') return { retCode: 'FAIL', retMsg: `${f} is required` };
      }
      if (String(p.mchOrderNo).length > 30) return { retCode: 'FAIL', retMsg: 'mchOrderNo is longer than 30' };
      if (p.channelId === 'WX_JSAPI') return this.miniPay(p);
      if (!['ALIPAY_WAP', 'ALIPAY_PC', 'UPI_SEQ'].includes(String(p.channelId))) return fail('CHANNEL_ERROR', 'channelId is not an online secure payment channel');
      if (String(p.channelId).startsWith('ALIPAY') && !p.returnUrl) return { retCode: 'FAIL', retMsg: 'returnUrl is required for ALIPAY_PC and ALIPAY_WAP' };
      if (!Number.isInteger(p.amount) || (p.amount as number) <= 0) return { retCode: 'FAIL', retMsg: 'amount must be a positive integer of cents' };
      if (p.jobNo !== this.loginName) return fail('JOBNO_ERROR', 'jobNo is not a login of this merchant');
      if ([...this.orders.values()].some((o) => o.mchOrderNo === p.mchOrderNo)) return fail('ORDER_EXISTS', 'mchOrderNo already used');
      const order: Order = {
        payOrderId: `WN${Date.now()}${crypto.randomInt(1_000_000)}`, mchOrderNo: String(p.mchOrderNo), channelId: String(p.channelId),
        currency: String(p.currency), amount: p.amount as number, notifyUrl: String(p.notifyUrl), returnUrl: String(p.returnUrl ?? ''),
        subject: String(p.subject), body: String(p.body), clientIp: String(p.clientIp), status: 0, refunded: 0,
      };
      this.orders.set(order.payOrderId, order);
      return {
        retCode: 'SUCCESS', resCode: 'SUCCESS', payOrderId: order.payOrderId, mchOrderNo: order.mchOrderNo,
        retParams: JSON.stringify({ alipayUrl: `${this.baseUrl}/alipay/pay?payOrderId=${order.payOrderId}` }),
      };
    }
    if (path === '/v1/query_order') {
      const o = [...this.orders.values()].find((x) => x.payOrderId === p.payOrderId || x.mchOrderNo === p.mchOrderNo);
      if (!o) return fail('ORDER_NOT_EXIST', 'order does not exist');
      return {
        retCode: 'SUCCESS', resCode: 'SUCCESS', mchId: this.merchantId, mchOrderNo: o.mchOrderNo, payOrderId: o.payOrderId, channelId: o.channelId,
        currency: o.currency, amount: o.amount, notifyUrl: o.notifyUrl, subject: o.subject, body: o.body, status: o.status,
        ...(o.paySuccTime ? { paySuccTime: o.paySuccTime, channelOrderNo: `ali${o.payOrderId}` } : {}),
      };
    }
    if (path === '/v1/refund_order') {
      for (const f of ['mchRefundNo', 'refundAmount', 'clientIp', 'loginName', 'payOrderId']) {
        if (p[f] === undefined || p[f] === '') return { retCode: 'FAIL', retMsg: `${f} is required` };
      }
      if (p.loginName !== this.loginName) return fail('LOGIN_ERROR', 'loginName is not a login of this merchant');
      const o = this.orders.get(String(p.payOrderId));
      if (!o) return fail('ORDER_NOT_EXIST', 'order does not exist');
      const seen = this.refunds.get(String(p.mchRefundNo));
      if (seen) {
        return seen.payOrderId === o.payOrderId && seen.amount === p.refundAmount
          ? { retCode: 'SUCCESS', resCode: 'SUCCESS', mchRefundNo: p.mchRefundNo, refundAmount: seen.amount }
          : fail('REFUND_NO_USED', 'mchRefundNo was used for another refund');
      }
      if (o.status !== 2 && o.status !== 3) return fail('ORDER_NOT_PAID', 'order is not paid');
      if (!Number.isInteger(p.refundAmount) || (p.refundAmount as number) <= 0 || (p.refundAmount as number) > o.amount - o.refunded) {
        return fail('REFUND_AMOUNT_ERROR', 'refund amount must be <= pay amount left');
      }
      o.refunded += p.refundAmount as number;
      this.refunds.set(String(p.mchRefundNo), { payOrderId: o.payOrderId, amount: p.refundAmount as number });
      return { retCode: 'SUCCESS', resCode: 'SUCCESS', mchRefundNo: p.mchRefundNo, refundAmount: p.refundAmount };
    }
    return { retCode: 'FAIL', retMsg: `unknown call ${path}` };
  }

  private newOrder(p: Record<string, unknown>): Order {
    const order: Order = {
      payOrderId: `WN${Date.now()}${crypto.randomInt(1_000_000)}`, mchOrderNo: String(p.mchOrderNo), channelId: String(p.channelId),
      currency: String(p.currency), amount: p.amount as number, notifyUrl: String(p.notifyUrl), returnUrl: String(p.returnUrl ?? ''),
      subject: String(p.subject), body: String(p.body), clientIp: String(p.clientIp), status: 0, refunded: 0,
    };
    this.orders.set(order.payOrderId, order);
    return order;
  }

  /** create_order WX_JSAPI for a mini-program (guide/order_jsapi_mini.html): extra is required and names the bound app. */
  private miniPay(p: Record<string, unknown>): Record<string, unknown> {
    const fail = (errCode: string, errCodeDes: string) => ({ retCode: 'SUCCESS', resCode: 'FAIL', errCode, errCodeDes });
    let extra: Record<string, unknown> | null = null;
    try {
      extra = typeof p.extra === 'string' ? JSON.parse(p.extra) : null;
    } catch { /* refused below */ }
    if (!extra || typeof extra.openId !== 'string' || !extra.openId || extra.type !== 'minipay' || typeof extra.appId !== 'string') {
      return { retCode: 'FAIL', retMsg: 'extra must be {"openId","type":"minipay","appId"} for a mini-program payment' };
    }
    if (String(p.extra).length > 512) return { retCode: 'FAIL', retMsg: 'extra is longer than 512' };
    if (extra.appId !== this.boundMiniProgramAppId) return fail('APPID_ERROR', 'appId is not bound to this merchant');
    if (!Number.isInteger(p.amount) || (p.amount as number) <= 0) return { retCode: 'FAIL', retMsg: 'amount must be a positive integer of cents' };
    if (p.jobNo !== this.loginName) return fail('JOBNO_ERROR', 'jobNo is not a login of this merchant');
    if ([...this.orders.values()].some((o) => o.mchOrderNo === p.mchOrderNo)) return fail('ORDER_EXISTS', 'mchOrderNo already used');
    const order = this.newOrder(p);
    order.extra = { openId: extra.openId, type: 'minipay', appId: extra.appId };
    const pkg = `prepay_id=wx${Date.now()}${crypto.randomInt(1_000_000)}`;
    order.package = pkg;
    return {
      retCode: 'SUCCESS', resCode: 'SUCCESS', payOrderId: order.payOrderId, mchOrderNo: order.mchOrderNo,
      // As JSON text, like create_order's retParams: the Signing page signs flat name=value pairs.
      payParams: JSON.stringify({
        appId: extra.appId, timeStamp: String(Math.floor(Date.now() / 1000)), nonceStr: crypto.randomBytes(16).toString('hex'),
        package: pkg, signType: 'MD5', paySign: crypto.randomBytes(16).toString('hex').toUpperCase(),
      }),
    };
  }
}

export async function startIotPayDouble(): Promise<IotPayDouble> {
  return new IotPayDouble().start();
}
