/**
 * Shipping information to WeChat (issue 40 item 1; payments/wechatShipping.ts) against the WeChat double's
 * order-shipping service (tests/doubles/wechat.ts, written from WeChat's documentation): a pickup order paid in the
 * mini-program is uploaded once, as self-pickup, when the store makes it ready; a failed upload is retried, with a
 * server restart in between; an answer lost after WeChat took the upload is not a second upload; a delivery goes as
 * same-city delivery when it goes out; an order paid otherwise uploads nothing; a mini-program outside the service
 * uploads nothing; memberships and store-credit top-ups go as virtual goods when they are settled (once, and only when
 * paid in the mini-program); the messages' jump path is set once per store. One server (restarted once) for the file; the worker is run by hand (ShippingWorker.tick).
 *
 * The payments here are WeChat mini-program attempts recorded as routes/payments.ts records them (provider reference
 * and the payer's openid) and settled through settleAttempt, the code every provider's report goes through.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import { settleAttempt } from '../src/payments/attempts.ts';
import { jumpPathOf, ORDER_PAGE, ShippingWorker, type ShippingSettings } from '../src/payments/wechatShipping.ts';
import { ROUTES } from '../../shared/routes.ts';
import { WECHAT_CONFIRM_PAGE, WeChatDouble } from './doubles/wechat.ts';
import { registered, planId } from './memberHelpers.ts';
import { CONTACT, deliverableProducts, deskOf, freshDb, reservedDelivery, reservePickup, Shopper, startServer, type Running, type TestDb } from './helpers.ts';

const app = { appId: 'wx0123456789abcdef', secret: crypto.randomBytes(16).toString('hex'), unionBound: false };
const weChat = new WeChatDouble([app]);
const MCHID = '1900000109';
let db: TestDb;
let srv: Running;
let products: string[] = [];
let nextProduct = 0;
let settings: ShippingSettings;
const quiet = { info() {}, warn() {}, error() {} };

before(async () => {
  await weChat.start();
  settings = { app: { appId: app.appId, secret: app.secret, baseUrl: weChat.baseUrl }, mchId: MCHID };
  db = await freshDb();
  srv = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000 } });
  products = await deliverableProducts(srv.app);
});
after(async () => {
  await srv?.close();
  await db?.cleanup();
  await weChat.stop();
});

/** A worker on the running server's database, ticked by hand (no timer: start() is not called). */
const worker = () => new ShippingWorker(srv.app.db, settings, { pollMs: 3_600_000, retryBaseMs: 1, log: quiet });
const q = async (sql: string, params: unknown[] = []) => (await srv.app.db.query(sql, params)).rows;
const uploadOf = async (orderID: string) => (await q('SELECT status, tries, logistics_type, last_error FROM wechat_shipping_uploads WHERE order_id = $1', [Number(orderID)]))[0];

/** A pickup (or delivery) order paid by WeChat Pay in the mini-program by `openid` (or on `channel`): its id and the attempt id. */
async function paidInMiniProgram(openid: string, channel = 'WECHAT_MINI_PROGRAM', delivery = false, buyer?: Shopper & { contact?: typeof CONTACT }, productId?: string) {
  const s = buyer ?? new Shopper(srv.base);
  const product = productId ?? products[nextProduct++ % products.length];
  const orderID = delivery ? await reservedDelivery(s, product, 1) : (await reservePickup(s, [[product, 1]], buyer?.contact)).orderID;
  const [{ total }] = await q('SELECT total FROM orders WHERE id = $1', [Number(orderID)]);
  const attemptId = `wx${crypto.randomBytes(8).toString('hex')}`;
  await q(`INSERT INTO payment_attempts (id, order_id, channel, status, amount, currency, return_url, provider_ref, payer_openid)
           SELECT $1, id, $2, 'PENDING', $3, currency, '', $4, $5 FROM orders WHERE id = $6`,
  [attemptId, channel, total, `wx_prepay_${attemptId}`, openid, Number(orderID)]);
  assert.equal(await settleAttempt(srv.app.db, attemptId, 'PAID'), 'PAID');
  return { orderID: orderID as string, attemptId };
}

const move = (orderID: string, to: string) => deskOf(srv, 'orders')('move', orderID, to, '--by', 'mia');

test('a pickup order is uploaded once, as self-pickup, when it is ready: a failure is retried across a restart', async () => {
  const openid = weChat.openIdOf(app.appId, 'ada');
  const { orderID, attemptId } = await paidInMiniProgram(openid);
  assert.equal(await uploadOf(orderID), undefined, 'nothing is queued before the goods are handed over');
  assert.equal((await move(orderID, 'ready')).code, 0);
  assert.deepEqual(await uploadOf(orderID), { status: 'PENDING', tries: 0, logistics_type: 4, last_error: null });

  // WeChat is down for the first try: the upload stays queued with the error.
  weChat.failNext(100);
  const first = worker();
  await first.tick();
  await first.stop();
  weChat.failNext(0);
  const failed = await uploadOf(orderID);
  assert.equal(failed.status, 'PENDING');
  assert.equal(failed.tries, 1);
  assert.match(failed.last_error, /WeChat/);
  assert.equal(weChat.shipments.size, 0);

  // The server restarts on the same database; the next worker sends it, once.
  await srv.close();
  srv = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000 } });
  await new Promise((resolve) => setTimeout(resolve, 5));
  const second = worker();
  await second.tick();
  await second.tick();
  await second.stop();
  assert.deepEqual(await uploadOf(orderID), { status: 'DONE', tries: 2, logistics_type: 4, last_error: null });
  const sent = weChat.shipments.get(`${MCHID}:${attemptId}`);
  assert.equal(sent?.length, 1, 'uploaded once');
  assert.deepEqual(sent[0].order_key, { order_number_type: 1, mchid: MCHID, out_trade_no: attemptId });
  assert.equal(sent[0].logistics_type, 4);
  assert.equal(sent[0].delivery_mode, 1);
  assert.deepEqual(sent[0].payer, { openid });
  assert.match(sent[0].shipping_list[0].item_desc, /\*1$/);
  assert.match(sent[0].upload_time, /\+08:00$/);
  assert.equal(weChat.count('/wxa/sec/order/is_trade_managed'), 1, 'asked once, then kept');

  // Completing the order later uploads nothing more.
  assert.equal((await move(orderID, 'completed')).code, 0);
  const third = worker();
  await third.tick();
  await third.stop();
  assert.equal(weChat.shipments.get(`${MCHID}:${attemptId}`)?.length, 1);
});

test('an answer lost after WeChat took the upload: the retry asks WeChat first and uploads nothing twice', async () => {
  const { orderID, attemptId } = await paidInMiniProgram(weChat.openIdOf(app.appId, 'bo'));
  assert.equal((await move(orderID, 'completed')).code, 0, 'handed over at the counter');
  weChat.loseNextUploadAnswer();
  const w = worker();
  await w.tick();
  assert.equal((await uploadOf(orderID)).status, 'PENDING', 'the store did not hear WeChat take it');
  await new Promise((resolve) => setTimeout(resolve, 5));
  await w.tick();
  await w.stop();
  assert.equal((await uploadOf(orderID)).status, 'DONE');
  assert.equal(weChat.shipments.get(`${MCHID}:${attemptId}`)?.length, 1, 'one upload at WeChat');
  assert.ok(weChat.requests.some((r) => r.path === '/wxa/sec/order/get_order' && r.body?.merchant_trade_no === attemptId));
});

test('an order paid otherwise queues nothing; a mini-program outside WeChat\'s service uploads nothing', async () => {
  const { orderID } = await paidInMiniProgram('', 'PAYPAL');
  assert.equal((await move(orderID, 'ready')).code, 0);
  assert.equal(await uploadOf(orderID), undefined);

  // Another store's answer: not in the service (the kept answer is asked again for this test).
  await q('DELETE FROM wechat_trade_managed');
  weChat.tradeManaged = false;
  try {
    const { orderID: other, attemptId } = await paidInMiniProgram(weChat.openIdOf(app.appId, 'cy'));
    assert.equal((await move(other, 'ready')).code, 0);
    const w = worker();
    await w.tick();
    await w.stop();
    assert.equal((await uploadOf(other)).status, 'SKIPPED');
    assert.equal(weChat.shipments.has(`${MCHID}:${attemptId}`), false);
  } finally {
    weChat.tradeManaged = true;
    await q('DELETE FROM wechat_trade_managed');
  }
});

test('a delivery is uploaded as same-city delivery when it goes out', async () => {
  const { orderID, attemptId } = await paidInMiniProgram(weChat.openIdOf(app.appId, 'di'), 'WECHAT_MINI_PROGRAM', true);
  assert.equal((await move(orderID, 'out-for-delivery')).code, 0);
  const w = worker();
  await w.tick();
  await w.stop();
  assert.equal((await uploadOf(orderID)).status, 'DONE');
  assert.equal(weChat.shipments.get(`${MCHID}:${attemptId}`)?.[0].logistics_type, 2);
});

test('virtual goods when settled: a membership order and a store-credit top-up paid in the mini-program', async () => {
  const s = await registered(srv.base, 'Vi');
  const openid = weChat.openIdOf(app.appId, 'vi');
  const membership = await paidInMiniProgram(openid, 'WECHAT_MINI_PROGRAM', false, s, await planId(s, 'MONTH'));
  assert.equal((await uploadOf(membership.orderID))?.logistics_type, 3, 'queued at settlement: nothing to hand over');

  const depositId = `wx${crypto.randomBytes(8).toString('hex')}`;
  await q(`INSERT INTO payment_attempts (id, order_id, user_id, channel, status, amount, currency, return_url, provider_ref, payer_openid)
           SELECT $1, NULL, $2, 'WECHAT_MINI_PROGRAM', 'PENDING', 5000, currency, '', $3, $4 FROM orders WHERE id = $5`,
  [depositId, s.userID, `wx_prepay_${depositId}`, openid, Number(membership.orderID)]);
  assert.equal(await settleAttempt(srv.app.db, depositId, 'PAID'), 'PAID');
  assert.equal(await settleAttempt(srv.app.db, depositId, 'PAID'), 'PAID', 'a repeated notification');
  // A top-up paid another way has nothing frozen at WeChat.
  const otherId = `pp${crypto.randomBytes(8).toString('hex')}`;
  await q(`INSERT INTO payment_attempts (id, order_id, user_id, channel, status, amount, currency, return_url)
           SELECT $1, NULL, $2, 'PAYPAL', 'PENDING', 5000, currency, '' FROM orders WHERE id = $3`,
  [otherId, s.userID, Number(membership.orderID)]);
  assert.equal(await settleAttempt(srv.app.db, otherId, 'PAID'), 'PAID');
  assert.deepEqual(await q('SELECT attempt_id FROM wechat_shipping_uploads WHERE attempt_id = ANY($1)', [[depositId, otherId]]), [{ attempt_id: depositId }]);
  const w = worker();
  await w.tick();
  await w.stop();
  assert.equal((await uploadOf(membership.orderID)).status, 'DONE');
  const [deposit] = await q('SELECT status, logistics_type FROM wechat_shipping_uploads WHERE attempt_id = $1', [depositId]);
  assert.deepEqual(deposit, { status: 'DONE', logistics_type: 3 });
  assert.equal(weChat.shipments.get(`${MCHID}:${membership.attemptId}`)?.[0].logistics_type, 3);
  assert.match(weChat.shipments.get(`${MCHID}:${depositId}`)?.[0].shipping_list[0].item_desc, /Store credit top-up/);
  assert.equal(weChat.shipments.get(`${MCHID}:${depositId}`)?.length, 1, 'uploaded once');
});

test('the messages open the order page: the jump path is set once per store, and again only when it changes', async () => {
  weChat.pages = new Set(ROUTES.map((r) => r.page)); // the mini-program's app.json
  const SET = '/wxa/sec/order/set_msg_jump_path';
  const withPath = (jumpPath: string) => new ShippingWorker(srv.app.db, { ...settings, jumpPath }, { pollMs: 3_600_000, retryBaseMs: 1, log: quiet });
  assert.equal(ORDER_PAGE, 'packages/user/pages/order/index');

  // WeChat is down at the first round: the next round sets it.
  const first = withPath(ORDER_PAGE);
  weChat.failNext(100);
  await first.tick();
  weChat.failNext(0);
  assert.equal(weChat.jumpPaths.has(app.appId), false);
  await first.tick();
  assert.equal(weChat.jumpPaths.get(app.appId), ORDER_PAGE);
  const sent = weChat.count(SET);
  await first.tick();
  await first.stop();
  // Another start (or instance) with the same path sends nothing: WeChat has it.
  const second = withPath(ORDER_PAGE);
  await second.tick();
  assert.equal(weChat.count(SET), sent, 'set once');

  // The shopper's message for a payment shipped then opens the order page with WeChat's parameters.
  const { orderID, attemptId } = await paidInMiniProgram(weChat.openIdOf(app.appId, 'jo'));
  assert.equal((await move(orderID, 'ready')).code, 0);
  await second.tick();
  await second.stop();
  assert.equal((await uploadOf(orderID)).status, 'DONE');
  const opens = new URL(weChat.messageOpens(app.appId, `${MCHID}:${attemptId}`), 'wxapp://');
  assert.equal(opens.pathname.replace(/^\//, ''), ORDER_PAGE);
  assert.equal(opens.searchParams.get('merchant_trade_no'), attemptId);
  assert.equal(opens.searchParams.get('merchant_id'), MCHID);

  // The store changes its path: set again, once.
  const third = withPath(`${ORDER_PAGE}?from=wechat`);
  await third.tick();
  await third.tick();
  await third.stop();
  assert.equal(weChat.count(SET), sent + 1);
  assert.equal(weChat.jumpPaths.get(app.appId), `${ORDER_PAGE}?from=wechat`);
  assert.deepEqual(await q('SELECT path FROM wechat_msg_jump_paths'), [{ path: `${ORDER_PAGE}?from=wechat` }]);

  // A path WeChat would not open (not a page of the app, or using WeChat's own parameter names) is refused at start.
  assert.equal(jumpPathOf('  '), undefined);
  assert.equal(jumpPathOf(` ${ORDER_PAGE} `), ORDER_PAGE);
  assert.throws(() => jumpPathOf('pages/order/detail'), /not a page of the mini-program/);
  assert.throws(() => jumpPathOf(`${ORDER_PAGE}?merchant_trade_no=1`), /appends merchant_trade_no/);
  weChat.jumpPaths.set(app.appId, 'pages/order/detail');
  assert.equal(weChat.messageOpens(app.appId, `${MCHID}:${attemptId}`), WECHAT_CONFIRM_PAGE, 'WeChat\'s own page for a path the app lacks');
});
