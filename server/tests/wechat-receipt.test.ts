// test-run: own process (sets WECHAT_MESSAGE_TOKEN for the message push route)
/**
 * The shopper's side of WeChat's order-shipping service (issue 40; features/wechatReceipt/), against the WeChat double
 * (tests/doubles/wechat.ts, written from WeChat's documentation):
 * - the order a shipping message opens, by the merchant_trade_no WeChat appends to the jump path: the shopper's own
 *   order; another shopper's, a number the store never issued and a top-up's are the same 404; a malformed number a 400;
 * - confirm receipt: recorded only when WeChat's get_order says so (order_state 3), once; outside WeChat's service a
 *   404; WeChat not answering a 502, nothing recorded;
 * - WeChat's trade_manage_order_settlement push records the receipt and the settlement once; a forged push nothing.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import { settleAttempt } from '../src/payments/attempts.ts';
import { ShippingWorker, type ShippingSettings } from '../src/payments/wechatShipping.ts';
import { checkReceipt, receiptOf } from '../src/features/wechatReceipt/service.ts';
import { weChatPushSignature, WeChatDouble } from './doubles/wechat.ts';
import { registered } from './memberHelpers.ts';
import { deliverableProducts, deskOf, freshDb, reservePickup, Shopper, startServer, type Running, type TestDb } from './helpers.ts';

const app = { appId: 'wx0123456789abcdef', secret: crypto.randomBytes(16).toString('hex'), unionBound: false };
const weChat = new WeChatDouble([app]);
const MCHID = '1900000109';
const TOKEN = 'istore-receipt-push-token';
const PUSH_PATH = '/api/istore/notify/wechat-media-check';
let db: TestDb;
let srv: Running;
let products: string[] = [];
let nextProduct = 0;
let settings: ShippingSettings;
const quiet = { info() {}, warn() {}, error() {} };

before(async () => {
  await weChat.start();
  process.env.WECHAT_MESSAGE_TOKEN = TOKEN;
  settings = { app: { appId: app.appId, secret: app.secret, baseUrl: weChat.baseUrl }, mchId: MCHID };
  db = await freshDb();
  srv = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000 } });
  products = await deliverableProducts(srv.app);
});
after(async () => {
  delete process.env.WECHAT_MESSAGE_TOKEN;
  await srv?.close();
  await db?.cleanup();
  await weChat.stop();
});

const q = async (sql: string, params: unknown[] = []) => (await srv.app.db.query(sql, params)).rows;
const OF_PAYMENT = (no: string) => `/admin/orderManagement/orderOfPayment/${encodeURIComponent(no)}`;

/** A pickup order of `s` paid by WeChat Pay in the mini-program (recorded as routes/payments.ts records it): its id and the attempt id. */
async function paidInMiniProgram(s: Shopper & { contact?: any; emailID?: string }) {
  const { orderID } = await reservePickup(s, [[products[nextProduct++ % products.length], 1]], s.contact);
  const attemptId = `wx${crypto.randomBytes(8).toString('hex')}`;
  await q(`INSERT INTO payment_attempts (id, order_id, channel, status, amount, currency, return_url, provider_ref, payer_openid)
           SELECT $1, id, 'WECHAT_MINI_PROGRAM', 'PENDING', total, currency, '', $2, $3 FROM orders WHERE id = $4`,
  [attemptId, `wx_prepay_${attemptId}`, weChat.openIdOf(app.appId, s.emailID ?? 'guest'), Number(orderID)]);
  assert.equal(await settleAttempt(srv.app.db, attemptId, 'PAID'), 'PAID');
  return { orderID: orderID as string, attemptId };
}

test('a shipping message\'s payment number opens its shopper\'s order; another\'s, an unknown one and a top-up\'s are 404, a malformed one 400', async () => {
  const ada = await registered(srv.base, 'Ada');
  const bo = await registered(srv.base, 'Bo');
  const { orderID, attemptId } = await paidInMiniProgram(ada);

  const own = await ada.get(OF_PAYMENT(attemptId));
  assert.equal(own.status, 200, JSON.stringify(own.body));
  assert.equal(own.body.orderID, orderID);
  assert.equal(own.body.status, 'NEW');
  assert.equal(own.body.paymentStatus, 'PAID_ONLINE');
  assert.ok(own.body.lines.length >= 1);

  // Another shopper gets what an unknown number gets: nothing says the payment exists.
  const another = await bo.get(OF_PAYMENT(attemptId));
  const unknown = await ada.get(OF_PAYMENT('wx0000000000000000'));
  assert.equal(another.status, 404);
  assert.equal(unknown.status, 404);
  assert.doesNotMatch(JSON.stringify(another.body), new RegExp(orderID));
  // A guest is asked to sign in, as for every account order.
  assert.equal((await new Shopper(srv.base).get(OF_PAYMENT(attemptId))).status, 401);

  // A store-credit top-up (a payment without an order) opens no order.
  const depositId = `wx${crypto.randomBytes(8).toString('hex')}`;
  await q(`INSERT INTO payment_attempts (id, order_id, user_id, channel, status, amount, currency, return_url)
           VALUES ($1, NULL, $2, 'WECHAT_MINI_PROGRAM', 'PENDING', 2000, 'CAD', '')`, [depositId, ada.userID]);
  assert.equal((await ada.get(OF_PAYMENT(depositId))).status, 404);

  // Malformed numbers (outside WeChat Pay's out_trade_no rule, or longer than any) are refused as such.
  for (const bad of ['x', 'abc de', "wx1'; DROP", 'a'.repeat(33), 'a'.repeat(65), '%00%00%00%00']) {
    const res = await ada.get(OF_PAYMENT(bad));
    assert.equal(res.status, 400, `${bad}: ${res.status} ${JSON.stringify(res.body)}`);
    assert.ok(Array.isArray(res.body.errors) && res.body.errors.length > 0, bad);
  }
});

test('confirm receipt: recorded once WeChat\'s get_order says the shopper confirmed it; outside the service 404; WeChat down 502', async () => {
  const cy = await registered(srv.base, 'Cy');
  const { orderID, attemptId } = await paidInMiniProgram(cy);
  const id = Number(orderID);
  const receiptPath = `/admin/orderManagement/order/${orderID}/weChatReceipt`;

  // This server has no WeChat Pay merchant: its orders are outside WeChat's order-shipping service.
  assert.equal((await cy.get(receiptPath)).status, 404);
  await assert.rejects(receiptOf(srv.app.db, null, id), { statusCode: 404 });
  // Another shopper's order is not found before anything else is said of it.
  assert.equal((await (await registered(srv.base, 'Di')).get(receiptPath)).status, 404);

  // Paid in the mini-program, not handed over yet.
  assert.deepEqual(await receiptOf(srv.app.db, settings, id), { merchantId: MCHID, merchantTradeNo: attemptId, shipped: false, confirmedAt: null });

  // Ready for pickup: the shipping upload goes to WeChat.
  assert.equal((await deskOf(srv, 'orders')('move', orderID, 'ready', '--by', 'mia')).code, 0);
  const worker = new ShippingWorker(srv.app.db, settings, { pollMs: 3_600_000, retryBaseMs: 1, log: quiet });
  await worker.tick();
  await worker.stop();
  assert.equal((await receiptOf(srv.app.db, settings, id)).shipped, true);

  // The component came back without a confirmation WeChat knows of: nothing is recorded as received.
  const early = await checkReceipt(srv.app.db, settings, id);
  assert.equal(early.confirmedAt, null);
  assert.deepEqual(await q('SELECT order_state, confirmed_at FROM wechat_receipts WHERE attempt_id = $1', [attemptId]), [{ order_state: 2, confirmed_at: null }]);

  // WeChat does not answer: a 502 for the shopper to try again, nothing recorded.
  assert.equal(weChat.confirmReceipt(`${MCHID}:${attemptId}`), 'success');
  weChat.failNext(100);
  await assert.rejects(checkReceipt(srv.app.db, settings, id), { statusCode: 502 });
  weChat.failNext(0);
  assert.equal((await q('SELECT confirmed_at FROM wechat_receipts WHERE attempt_id = $1', [attemptId]))[0].confirmed_at, null);

  // The shopper confirmed in WeChat's component: get_order says 3 (确认收货), recorded once.
  const asked = weChat.count('/wxa/sec/order/get_order');
  const confirmed = await checkReceipt(srv.app.db, settings, id);
  assert.ok(confirmed.confirmedAt, 'confirmed');
  assert.equal(weChat.count('/wxa/sec/order/get_order'), asked + 1);
  const [row] = await q('SELECT order_state, confirmed_by FROM wechat_receipts WHERE attempt_id = $1', [attemptId]);
  assert.deepEqual(row, { order_state: 3, confirmed_by: 'get_order' });
  const again = await checkReceipt(srv.app.db, settings, id);
  assert.equal(again.confirmedAt, confirmed.confirmedAt, 'kept as it was');
  assert.equal(weChat.count('/wxa/sec/order/get_order'), asked + 1, 'a confirmed receipt asks WeChat nothing more');
  // The receipt is WeChat's record only: the order's own state is the operator's.
  assert.equal((await q('SELECT status FROM orders WHERE id = $1', [id]))[0].status, 'READY_FOR_PICKUP');
});

test('WeChat\'s settlement push records the receipt and the settlement once; a forged push changes nothing', async () => {
  const ed = await registered(srv.base, 'Ed');
  const { attemptId } = await paidInMiniProgram(ed);
  const push = async (body: Record<string, unknown>, token = TOKEN) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = crypto.randomBytes(6).toString('hex');
    return fetch(`${srv.base}${PUSH_PATH}?signature=${weChatPushSignature(token, timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
  };
  const event = (fields: Record<string, unknown>) => ({
    ToUserName: 'gh_0123456789ab', FromUserName: 'o_wechat_system', CreateTime: Math.floor(Date.now() / 1000), MsgType: 'event',
    Event: 'trade_manage_order_settlement', transaction_id: '4200001234202612020000000001', merchant_id: MCHID, merchant_trade_no: attemptId,
    pay_time: 1764633600, shipped_time: 1764637200, ...fields,
  });
  const rowOf = async () => (await q('SELECT confirmed_at, confirmed_by, estimated_settlement_at, settled_at FROM wechat_receipts WHERE attempt_id = $1', [attemptId]))[0];

  // A forged push is refused and changes nothing.
  const forged = await push(event({ confirm_receive_time: 1764640800, confirm_receive_method: 2 }), 'not-the-token');
  assert.equal(forged.status, 401);
  assert.equal(await rowOf(), undefined);

  // Shipping complete: the estimated settlement only.
  const shipped = await push(event({ estimated_settlement_time: 1764810000 }));
  assert.equal(shipped.status, 200);
  assert.equal(await shipped.text(), 'success');
  assert.deepEqual(await rowOf(), { confirmed_at: null, confirmed_by: null, estimated_settlement_at: new Date(1764810000 * 1000), settled_at: null });

  // Settled after the shopper confirmed by hand (confirm_receive_method 2, 手动确认收货): recorded, then kept on a repeat.
  const settled = event({ estimated_settlement_time: 1764810000, confirm_receive_method: 2, confirm_receive_time: 1764640800, settlement_time: 1764813600 });
  assert.equal((await push(settled)).status, 200);
  const first = await rowOf();
  assert.deepEqual(first, { confirmed_at: new Date(1764640800 * 1000), confirmed_by: 'push_manual', estimated_settlement_at: new Date(1764810000 * 1000), settled_at: new Date(1764813600 * 1000) });
  assert.equal((await push({ ...settled, confirm_receive_time: 1764700000, settlement_time: 1764900000 })).status, 200);
  assert.deepEqual(await rowOf(), first, 'a repeated push changes nothing recorded');

  // A payment the store never made, or made elsewhere, is acknowledged and recorded nowhere.
  assert.equal((await push(event({ merchant_trade_no: 'wx_never_issued_01', confirm_receive_time: 1764640800 }))).status, 200);
  assert.deepEqual(await q(`SELECT attempt_id FROM wechat_receipts WHERE attempt_id = 'wx_never_issued_01'`), []);
});
