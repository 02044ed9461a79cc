/**
 * The payment deadline each provider is told, in its documented form, from the store's own (PaymentAttempt.payBy:
 * the end of the order's stock hold), and until when the provider itself then takes a payment (so a voided attempt
 * is queried until that has passed: payments/sync.ts). Pure code: table tests in channel-providers.test.ts.
 */

const MINUTE = 60_000;

/** The store's deadline, or `fallbackMinutes` from now for an attempt stored without one. */
const deadlineOf = (payBy: Date | null | undefined, now: Date, fallbackMinutes: number) => payBy ?? new Date(now.getTime() + fallbackMinutes * MINUTE);

/**
 * Alipay timeout_express (opendocs.alipay.com alipay.trade.create / page.pay / wap.pay): "该笔订单允许的最晚付款时间，
 * 逾期将关闭交易。取值范围：1m～15d … 该参数数值不接受小数点": whole minutes, at least 1; unset, Alipay's default is 15d.
 */
export function alipayTimeout(payBy: Date | null | undefined, now: Date): { timeoutExpress: string; until: Date } {
  const minutes = Math.min(15 * 24 * 60, Math.max(1, Math.ceil((deadlineOf(payBy, now, 30).getTime() - now.getTime()) / MINUTE)));
  return { timeoutExpress: `${minutes}m`, until: new Date(now.getTime() + minutes * MINUTE) };
}

/** RFC 3339 in Beijing time, as WeChat Pay's example writes it (2015-05-20T13:29:35+08:00). */
function beijingRfc3339(t: Date): string {
  const b = new Date(Math.floor(t.getTime() / 1000) * 1000 + 8 * 3600_000);
  return `${b.toISOString().slice(0, 19)}+08:00`;
}

/**
 * WeChat Pay time_expire (pay.weixin.qq.com JSAPI/小程序下单, /v3/pay/transactions/jsapi): rfc3339; "不能早于下单时间后1分钟"
 * (WeChat moves an earlier one to a minute after the order); unset, an order is payable for 7 days.
 */
export function wechatTimeExpire(payBy: Date | null | undefined, now: Date): { timeExpire: string; until: Date } {
  const until = new Date(Math.max(deadlineOf(payBy, now, 30).getTime(), now.getTime() + MINUTE));
  return { timeExpire: beijingRfc3339(until), until };
}

/** WeChat Pay's own limit on an order sent without time_expire (the same page: "超过 7 天未支付的订单，无法再支付"). */
export const WECHAT_DEFAULT_PAYABLE_MS = 7 * 24 * 3600_000;

/**
 * SnapPay effective_minutes (SnapPay's SDK AbstractPayRequest, the reference for the OpenAPI page's wire details:
 * "validateRange(effectiveMinutes, 5, 60)"): whole minutes from 5 to 60.
 */
export function snappayEffectiveMinutes(payBy: Date | null | undefined, now: Date): { effectiveMinutes: number; until: Date } {
  const minutes = Math.min(60, Math.max(5, Math.ceil((deadlineOf(payBy, now, 30).getTime() - now.getTime()) / MINUTE)));
  return { effectiveMinutes: minutes, until: new Date(now.getTime() + minutes * MINUTE) };
}

/**
 * IOTPay documents no deadline parameter and no expiry of its orders (develop.iotpay.ca create_order, payForSubmit):
 * a voided IOTPay attempt is queried for this long after its start, the sync worker's whole reconciliation window.
 */
export const IOTPAY_ASSUMED_PAYABLE_MS = 24 * 3600_000;
