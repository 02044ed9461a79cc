/**
 * An IOTPay double, written from IOTPay's public documentation (develop.iotpay.ca): "Signing" (non-empty parameters
 * sorted by name, `&key=<merchant key>`, MD5, upper case; requests sent as the form field `params=<JSON>`), "Online
 * Secure Payment" (create_order on ALIPAY_WAP / ALIPAY_PC / UPI_SEQ answering retParams {"alipayUrl": …}),
 * "Order Query" (status 0 created, 1 paying, 2 paid, 3 paid and notified, 4 cancelled by the system, 9 by the user),
 * "Refund interface" (refund_order of a payOrderId, at most what is left) and "Asynchronous Notify" (the paid order's
 * parameters, signed, until the merchant answers `success`). Its own signing code is written here from that page, not
 * imported from the adapter.
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
    if (path === '/v1/create_order') {
      for (const f of ['mchOrderNo', 'jobNo', 'currency', 'channelId', 'amount', 'notifyUrl', 'subject', 'body', 'clientIp']) {
        if (p[f] === undefined || p[f] === '') return { retCode: 'FAIL', retMsg: `${f} is required` };
      }
      if (String(p.mchOrderNo).length > 30) return { retCode: 'FAIL', retMsg: 'mchOrderNo is longer than 30' };
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
}

export async function startIotPayDouble(): Promise<IotPayDouble> {
  return new IotPayDouble().start();
}
