/**
 * The seed's gateways that have adapters, on the whole server against their doubles: SnapPay (SNAPPAY_WECHATPAY,
 * SNAPPAY_ALIPAY, SNAPPAY_UNIONPAY; tests/doubles/snappay.ts) and IOTPay (IOTPAY; tests/doubles/iotpay.ts). Pay,
 * notification (repeated, forged), the status check, a lost notification healed by the sync worker, a refund after
 * a gateway failure, close on void. OTT, CITCON and OPay stay on the sandbox here (documented only: server/README.md).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { expireReservations } from '../src/orders/lifecycle.ts';
import { startIotPayDouble, type IotPayDouble } from './doubles/iotpay.ts';
import { startSnapPayDouble, type SnapPayDouble } from './doubles/snappay.ts';
import { deliverableProducts, freshDb, ok, reservePickup, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';

let snappay: SnapPayDouble;
let iotpay: IotPayDouble;
let db: TestDb;
let srv: Running;
let keyDir: string;
const VARS = ['SNAPPAY_APP_ID', 'SNAPPAY_MERCHANT_NO', 'SNAPPAY_SIGN_KEY_FILE', 'SNAPPAY_GATEWAY_URL', 'IOTPAY_MERCHANT_ID', 'IOTPAY_LOGIN_NAME', 'IOTPAY_MERCHANT_KEY_FILE', 'IOTPAY_BASE_URL'];
const saved = Object.fromEntries(VARS.map((k) => [k, process.env[k]]));
let products: string[] = [];
let next = 0;

before(async () => {
  [snappay, iotpay] = await Promise.all([startSnapPayDouble(), startIotPayDouble()]);
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-keys-'));
  fs.writeFileSync(path.join(keyDir, 'snappay'), snappay.signKey);
  fs.writeFileSync(path.join(keyDir, 'iotpay'), iotpay.merchantKey);
  Object.assign(process.env, {
    SNAPPAY_APP_ID: snappay.appId, SNAPPAY_MERCHANT_NO: snappay.merchantNo, SNAPPAY_SIGN_KEY_FILE: path.join(keyDir, 'snappay'), SNAPPAY_GATEWAY_URL: snappay.baseUrl,
    IOTPAY_MERCHANT_ID: iotpay.merchantId, IOTPAY_LOGIN_NAME: iotpay.loginName, IOTPAY_MERCHANT_KEY_FILE: path.join(keyDir, 'iotpay'), IOTPAY_BASE_URL: iotpay.baseUrl,
  });
  // Real credentials beside the sandbox, here and for the test template this process may build: a sandbox start on
  // purpose (ISTORE_SANDBOX=1; security probe 2026-12-01 N1).
  process.env.ISTORE_SANDBOX = '1';
  db = await freshDb();
  srv = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, reconcileAfterSeconds: 0, refundPollMs: 30, refundRetryBaseMs: 30 } });
  products = await deliverableProducts(srv.app);
});
after(async () => {
  delete process.env.ISTORE_SANDBOX;
  await srv?.close();
  await db?.cleanup();
  await Promise.all([snappay?.stop(), iotpay?.stop()]);
  fs.rmSync(keyDir, { recursive: true, force: true });
  for (const k of VARS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const reserved = (s: Shopper) => reservePickup(s, [[products[next++ % products.length], 1]]);
const attemptOf = async (orderID: string) =>
  (await srv.app.db.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)])).rows[0];
const orderRow = async (orderID: string) => (await srv.app.db.query(`SELECT status, payment_status FROM orders WHERE id = $1`, [Number(orderID)])).rows[0];
const notify = (provider: string, body: string, type: string) =>
  fetch(`${srv.base}/api/istore/notify/${provider}`, { method: 'POST', headers: { 'content-type': type }, body });

test('the SnapPay and IOTPay channels are served by their adapters; OTT, CITCON and OPay by the sandbox', () => {
  const router = srv.app.paymentProvider;
  assert.deepEqual(['SNAPPAY_WECHATPAY', 'SNAPPAY_ALIPAY', 'SNAPPAY_UNIONPAY', 'IOTPAY', 'OTT', 'CITCON', 'OPAY'].map((c) => router.providerName(c as any)),
    ['snappay', 'snappay', 'snappay', 'iotpay', 'sandbox', 'sandbox', 'sandbox']);
});

test('SnapPay: WeChat Pay H5, a signed notification (twice) pays the order once; a forged one changes nothing', async () => {
  const s = new Shopper(srv.base);
  const { orderID, total } = await reserved(s);
  const { redirectUrl } = ok(await s.get(`/shoppingManagement4/requestSnapPayPrePayment/h5pay/WECHATPAY?orderID=${orderID}`));
  const attempt = await attemptOf(orderID);
  assert.equal(redirectUrl, `${snappay.baseUrl}/h5pay/${attempt.provider_ref}`);
  assert.equal(Math.round(Number(snappay.order(attempt.id).amountText) * 100), total);
  snappay.pay(attempt.id);
  const forged = await notify('snappay', snappay.notificationBody(attempt.id, (t) => t.replace(/"sign":"[0-9a-f]+"/, '"sign":"0"')), 'application/json');
  assert.equal(forged.status, 400);
  assert.deepEqual(await orderRow(orderID), { status: 'INTERIM', payment_status: 'NOT_PAID' });
  for (let i = 0; i < 2; i++) {
    const res = await notify('snappay', snappay.notificationBody(attempt.id), 'application/json');
    assert.deepEqual([res.status, await res.text()], [200, '{"code":"0","msg":"SUCCESS"}']);
  }
  assert.deepEqual(await orderRow(orderID), { status: 'NEW', payment_status: 'PAID_ONLINE' });
  assert.equal((await attemptOf(orderID)).status, 'PAID');
});

test('SnapPay: Alipay web paid with its notification lost is healed by the status check; UnionPay by the sync worker', async () => {
  const s = new Shopper(srv.base);
  const ali = await reserved(s);
  ok(await s.get(`/shoppingManagement4/requestSnapPayPrePayment/webpay/ALIPAY?orderID=${ali.orderID}`));
  snappay.pay((await attemptOf(ali.orderID)).id);
  assert.equal(ok(await s.post('/shoppingManagement4/checkSnapPayPaymentStatus', { orderID: ali.orderID })).paymentStatus, 'PAID_ONLINE');
  const t = new Shopper(srv.base);
  const union = await reserved(t);
  ok(await t.get(`/shoppingManagement4/requestSnapPayPrePayment/webpay/UNIONPAY?orderID=${union.orderID}`));
  snappay.pay((await attemptOf(union.orderID)).id);
  await srv.app.paymentSync.tick();
  assert.deepEqual(await orderRow(union.orderID), { status: 'NEW', payment_status: 'PAID_ONLINE' });
});

test('IOTPay: Alipay page, a signed notify pays the order (answered success); a tampered one changes nothing', async () => {
  const s = new Shopper(srv.base);
  const { orderID, total } = await reserved(s);
  const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestIOTPayH5Payment', { orderID }));
  const attempt = await attemptOf(orderID);
  assert.equal(redirectUrl, `${iotpay.baseUrl}/alipay/pay?payOrderId=${attempt.provider_ref}`);
  assert.equal(iotpay.byMchOrderNo(attempt.id).amount, total);
  iotpay.pay(attempt.id);
  const tampered = await iotpay.notify(attempt.id, { tamper: (p) => { p.amount = '1'; } });
  assert.equal(tampered.status, 400);
  assert.deepEqual(await orderRow(orderID), { status: 'INTERIM', payment_status: 'NOT_PAID' });
  assert.deepEqual(await iotpay.notify(attempt.id), { status: 200, body: 'success' });
  assert.deepEqual(await iotpay.notify(attempt.id), { status: 200, body: 'success' });
  assert.deepEqual(await orderRow(orderID), { status: 'NEW', payment_status: 'PAID_ONLINE' });
  assert.equal(ok(await s.post('/shoppingManagement4/checkIOTPayPaymentStatus', { orderID })).paymentStatus, 'PAID_ONLINE');
});

test('refunds through the gateways: a failure first, then one refund under the store\'s refund id', async () => {
  const { requestRefund } = await import('../src/orders/lifecycle.ts');
  const s = new Shopper(srv.base);
  const iot = await reserved(s);
  ok(await s.post('/shoppingManagement4/requestIOTPayH5Payment', { orderID: iot.orderID }));
  const iotAttempt = await attemptOf(iot.orderID);
  iotpay.pay(iotAttempt.id);
  await iotpay.notify(iotAttempt.id);
  const t = new Shopper(srv.base);
  const snap = await reserved(t);
  ok(await t.get(`/shoppingManagement4/requestSnapPayPrePayment/h5pay/WECHATPAY?orderID=${snap.orderID}`));
  const snapAttempt = await attemptOf(snap.orderID);
  snappay.pay(snapAttempt.id);
  await notify('snappay', snappay.notificationBody(snapAttempt.id), 'application/json');
  iotpay.failNext('/v1/refund_order');
  snappay.failNext('pay.orderrefund');
  for (const o of [iot, snap]) await srv.app.db.tx((q) => requestRefund(q, { orderID: o.orderID, reason: 'test', key: `gateway-test:${o.orderID}` }));
  await waitFor('both refunds to be accepted', async () => {
    const { rows } = await srv.app.db.query(`SELECT status FROM refunds WHERE order_id = ANY($1)`, [[Number(iot.orderID), Number(snap.orderID)]]);
    return rows.length === 2 && rows.every((r: any) => r.status === 'DONE') ? true : undefined;
  });
  assert.equal(iotpay.byMchOrderNo(iotAttempt.id).refunded, iot.total);
  assert.equal(snappay.order(snapAttempt.id).refunded, snap.total);
  assert.equal(iotpay.refunds.size, 1);
  assert.equal(snappay.refunds.size, 1);
});

test('close on void: SnapPay\'s order is cancelled at SnapPay; IOTPay has no close, its order is never settled', async () => {
  const s = new Shopper(srv.base);
  const snap = await reserved(s);
  ok(await s.get(`/shoppingManagement4/requestSnapPayPrePayment/webpay/ALIPAY?orderID=${snap.orderID}`));
  const t = new Shopper(srv.base);
  const iot = await reserved(t);
  ok(await t.post('/shoppingManagement4/requestIOTPayH5Payment', { orderID: iot.orderID }));
  await expireReservations(srv.app.db, 0);
  await srv.app.paymentSync.tick();
  const snapAttempt = await attemptOf(snap.orderID);
  assert.equal(snapAttempt.status, 'VOID');
  assert.equal(snappay.order(snapAttempt.id).status, 'CLOSE');
  assert.equal(snapAttempt.close_due_at, null);
  const iotAttempt = await attemptOf(iot.orderID);
  assert.deepEqual([iotAttempt.status, iotAttempt.close_due_at], ['VOID', null]);
  assert.equal(iotpay.byMchOrderNo(iotAttempt.id).status, 0);
});
