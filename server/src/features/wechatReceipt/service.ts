/**
 * The shopper's side of WeChat's order-shipping service (issue 40): the order a shipping or confirm-receipt message
 * opens, and the "confirm receipt" of a WeChat mini-program payment.
 *
 * - The message's page. WeChat opens the jump path the store set (set_msg_jump_path, payments/wechatShipping.ts) with
 *   the payment's transaction_id, merchant_id and merchant_trade_no appended ("平台会在路径后面增加支付单的
 *   transaction_id、merchant_id、merchant_trade_no 作为query参数",
 *   https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_setmsgjumppath). merchant_trade_no is
 *   the out_trade_no the store sent, its payment attempt's id (payments/orderNumbers.ts); orderOfPayment maps it to the
 *   order, for that order's owner only: anyone else, and a number the store never issued, get the same 404.
 * - Confirm receipt. The mini-program opens WeChat's component (wx.openBusinessView, businessType 'weappOrderConfirm',
 *   extraData merchant_id + merchant_trade_no; 小程序确认收货组件接入说明,
 *   https://developers.weixin.qq.com/miniprogram/dev/platform-capabilities/business-capabilities/order-shipping/order-shipping-half.html),
 *   which comes back with a status in referrerInfo. WeChat's page says to check the payment with get_order after a
 *   success ("开发者需要通过...查询订单发货状态...再次确认是否已完成确认收货, 以免出现安全风险"), so the store records a
 *   receipt only from WeChat's own answers: get_order's order_state 3 (确认收货) or 4 (交易完成) (checkReceipt), and the
 *   message push trade_manage_order_settlement (相关消息推送, "订单将要结算或已经结算", pushed when the shipping is
 *   complete and when the order settles, with confirm_receive_time and settlement_time at settlement;
 *   https://developers.weixin.qq.com/miniprogram/dev/platform-capabilities/business-capabilities/order-shipping/order-shipping.html)
 *   (recordSettlementPush). The receipt changes no order state: the store's fulfilment moves stay the operator's.
 */
import type { Db, Queryable } from '../../db/index.ts';
import { weChatCall, withWeChatAccessToken } from '../../identity/wechat.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import type { Session } from '../../lib/session.ts';
import { isTradeManaged, type ShippingSettings } from '../../payments/wechatShipping.ts';

/** WeChat Pay's out_trade_no rule (6 to 32 digits, letters, _ - | *; payments/orderNumbers.ts), which every number the store sends keeps. */
const MERCHANT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;

/** get_order's order_state values that mean the shopper's receipt is confirmed (3 确认收货, 4 交易完成). */
const RECEIVED_STATES = new Set([3, 4]);

/** The order a payment number (merchant_trade_no) belongs to, when the signed-in shopper owns it; else 404. */
export async function orderOfPayment(q: Queryable, s: Session, merchantTradeNo: string): Promise<any> {
  if (!MERCHANT_TRADE_NO.test(merchantTradeNo ?? '')) throw badRequest(`Invalid payment number '${String(merchantTradeNo).slice(0, 40)}'`);
  const { rows: [order] } = await q.query(
    `SELECT o.* FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = $1 AND o.user_id IS NOT NULL AND o.user_id = $2`,
    [merchantTradeNo, s.userId]);
  if (!order) throw notFound(`No order of yours was paid with ${merchantTradeNo}`);
  return order;
}

/** The order's WeChat mini-program payment that WeChat's order-shipping service knows (paid in the mini-program), or null. */
async function miniProgramPayment(q: Queryable, orderId: number) {
  const { rows: [row] } = await q.query(
    `SELECT a.id, a.order_id, u.status AS upload_status, r.confirmed_at
       FROM payment_attempts a
       LEFT JOIN wechat_shipping_uploads u ON u.attempt_id = a.id
       LEFT JOIN wechat_receipts r ON r.attempt_id = a.id
      WHERE a.order_id = $1 AND a.status = 'PAID' AND a.channel = 'WECHAT_MINI_PROGRAM'
      ORDER BY a.created_at DESC LIMIT 1`, [orderId]);
  return row ?? null;
}

const view = (settings: ShippingSettings, row: any) => ({
  merchantId: settings.mchId,
  merchantTradeNo: row.id as string,
  shipped: row.upload_status === 'DONE',
  confirmedAt: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
});

const outsideTheService = () => notFound('This order was not paid through WeChat\'s order-shipping service');

/**
 * Where the receipt of the order (already checked to be the shopper's) stands, with what WeChat's component needs:
 * 404 when the store is not in WeChat's order-shipping service or the order was not paid in the WeChat mini-program.
 */
export async function receiptOf(db: Db, settings: ShippingSettings | null, orderId: number) {
  if (!settings) throw outsideTheService();
  const row = await miniProgramPayment(db, orderId);
  if (!row || !(await isTradeManaged(db, settings.app))) throw outsideTheService();
  return view(settings, row);
}

/**
 * After WeChat's component said the receipt was confirmed: asks WeChat (get_order by merchant_id + merchant_trade_no)
 * and records it when WeChat says so; answers where the receipt stands. Asked again, a confirmed receipt is kept as is.
 */
export async function checkReceipt(db: Db, settings: ShippingSettings | null, orderId: number) {
  const before = await receiptOf(db, settings, orderId);
  if (before.confirmedAt || !settings) return before;
  const { app, mchId } = settings;
  let answer: Record<string, any>;
  try {
    answer = await withWeChatAccessToken(db, app.baseUrl, app, (token) =>
      weChatCall(app.baseUrl, '/wxa/sec/order/get_order', { query: { access_token: token }, body: { merchant_id: mchId, merchant_trade_no: before.merchantTradeNo } }));
  } catch (err) {
    const failure = new ApiError(502, 'WeChat did not say whether the receipt is confirmed; try again in a moment');
    failure.cause = err;
    throw failure;
  }
  const state = Number(answer.order?.order_state);
  const received = RECEIVED_STATES.has(state);
  await db.query(
    `INSERT INTO wechat_receipts (attempt_id, order_id, order_state, confirmed_at, confirmed_by)
     VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END, CASE WHEN $4 THEN 'get_order' END)
     ON CONFLICT (attempt_id) DO UPDATE SET order_state = EXCLUDED.order_state, updated_at = now(),
       confirmed_at = COALESCE(wechat_receipts.confirmed_at, EXCLUDED.confirmed_at),
       confirmed_by = COALESCE(wechat_receipts.confirmed_by, EXCLUDED.confirmed_by)`,
    [before.merchantTradeNo, orderId, Number.isFinite(state) ? state : null, received]);
  return receiptOf(db, settings, orderId);
}

/** A push's time (seconds since the epoch, WeChat's push format) as a Date, or null when absent or 0. */
const pushTime = (value: unknown): Date | null => {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
};

/**
 * WeChat's trade_manage_order_settlement push (verified by the push route): records the receipt (confirm_receive_time;
 * confirm_receive_method 1 自动确认收货, 2 手动确认收货 as WeChat's page gives them) and the settlement
 * (estimated_settlement_time, settlement_time) of a payment the store made in the mini-program, by merchant_trade_no
 * (and merchant_id when the store knows its own). Answers whether it named such a payment; a repeated push changes
 * nothing it already holds.
 */
export async function recordSettlementPush(q: Queryable, push: Record<string, any>, mchId: string | undefined): Promise<boolean> {
  const tradeNo = typeof push.merchant_trade_no === 'string' ? push.merchant_trade_no : '';
  if (!MERCHANT_TRADE_NO.test(tradeNo)) return false;
  if (mchId && push.merchant_id !== undefined && String(push.merchant_id) !== mchId) return false;
  const { rows: [attempt] } = await q.query(`SELECT id, order_id FROM payment_attempts WHERE id = $1 AND channel = 'WECHAT_MINI_PROGRAM'`, [tradeNo]);
  if (!attempt) return false;
  const confirmedAt = pushTime(push.confirm_receive_time);
  const method = Number(push.confirm_receive_method);
  const by = confirmedAt ? (method === 2 ? 'push_manual' : 'push_auto') : null;
  await q.query(
    `INSERT INTO wechat_receipts (attempt_id, order_id, confirmed_at, confirmed_by, estimated_settlement_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (attempt_id) DO UPDATE SET updated_at = now(),
       confirmed_at = COALESCE(wechat_receipts.confirmed_at, EXCLUDED.confirmed_at),
       confirmed_by = COALESCE(wechat_receipts.confirmed_by, EXCLUDED.confirmed_by),
       estimated_settlement_at = COALESCE(EXCLUDED.estimated_settlement_at, wechat_receipts.estimated_settlement_at),
       settled_at = COALESCE(wechat_receipts.settled_at, EXCLUDED.settled_at)`,
    [attempt.id, attempt.order_id, confirmedAt, by, pushTime(push.estimated_settlement_time), pushTime(push.settlement_time)]);
  return true;
}
