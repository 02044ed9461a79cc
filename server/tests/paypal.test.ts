/**
 * PayPal on the whole server (PAYPAL_* set, PAYPAL_BASE_URL = the PayPal double, tests/doubles/paypal.ts): the channel
 * is served by payments/paypal.ts through PayPal's SDK. Pay (create, approve, capture at the status check), webhook,
 * repeated webhook, forged and mismatching webhooks (refused or ignored, nothing changed), a lost webhook healed by the
 * sync worker, PayPal down at start and at the status check, a refund that fails at PayPal then succeeds, a store-credit
 * top-up, two instances on one PostgreSQL capturing once, and a voided attempt never captured. Runs on PGlite and, through scripts/with-postgres.sh, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expireReservations } from '../src/orders/lifecycle.ts';
import { startPayPalDouble, type PayPalDouble } from './doubles/paypal.ts';
import { deliverableProducts, freshDb, isError, ok, reservePickup, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';

let paypal: PayPalDouble;
let db: TestDb;
let srv: Running;
const saved = { ...process.env };

before(async () => {
  paypal = await startPayPalDouble();
  Object.assign(process.env, {
    PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_WEBHOOK_ID: paypal.webhookId, PAYPAL_BASE_URL: paypal.baseUrl,
  });
  // Real credentials beside the sandbox, here and for the test template this process may build: a sandbox start on
  // purpose (ISTORE_SANDBOX=1; security probe 2026-12-01 N1).
  process.env.ISTORE_SANDBOX = '1';
  db = await freshDb();
  // The sync worker runs only when a test ticks it (reconcileAfterSeconds 0: every payment in flight is due then).
  srv = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, reconcileAfterSeconds: 0, refundPollMs: 30, refundRetryBaseMs: 30 } });
  paypal.webhookUrl = `${srv.base}/api/istore/notify/paypal`;
  products = await deliverableProducts(srv.app);
});

/** A product with stock for each order of this file (each holds its stock). */
let products: string[] = [];
let nextProduct = 0;
const reserved = (s: Shopper) => reservePickup(s, [[products[nextProduct++ % products.length], 1]]);
after(async () => {
  delete process.env.ISTORE_SANDBOX;
  await srv?.close();
  await db?.cleanup();
  await paypal?.stop();
  for (const k of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_BASE_URL']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const startPayPal = async (s: Shopper, orderID: string) =>
  ok(await s.get(`/shoppingManagement4/paymentoption/PayPal?orderID=${orderID}`)) as { orderID: string; redirectUrl: string };
const status = async (s: Shopper, orderID: string) => ok(await s.post('/shoppingManagement4/checkPayPalPaymentStatus', { orderID, returnUrlInfo: '' }));
const attemptOf = async (orderID: string) =>
  (await srv.app.db.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)])).rows[0];
const orderRow = async (orderID: string) => (await srv.app.db.query(`SELECT status, payment_status FROM orders WHERE id = $1`, [Number(orderID)])).rows[0];
const capturesOf = (paypalOrderId: string) => [...paypal.captures.values()].filter((c) => c.orderId === paypalOrderId);

/** A pickup order reserved and sent to PayPal: the PayPal order id the attempt keeps. */
async function atPayPal(s: Shopper) {
  const { orderID, total } = await reserved(s);
  const { redirectUrl } = await startPayPal(s, orderID);
  const attempt = await attemptOf(orderID);
  return { orderID, total, redirectUrl, attempt, paypalOrderId: attempt.provider_ref as string };
}

/** The buyer approves on PayPal's page (the payer-action link) and PayPal sends the browser back to the store. */
async function approveOnPayPal(redirectUrl: string) {
  const page = await fetch(redirectUrl);
  assert.match(await page.text(), /paypal-approve/);
  const back = await fetch(redirectUrl.replace('/checkoutnow?', '/checkoutnow/approve?'), { redirect: 'manual' });
  assert.equal(back.status, 302);
  return new URL(back.headers.get('location') as string);
}

test('PayPal is served by the PayPal provider and offered; the others stay on the sandbox', async () => {
  const config = ok(await new Shopper(srv.base).get('/shoppingManagement4/paymentConfig'));
  assert.ok(config.onlineProviders.h5Channels.includes('PAYPAL'));
  assert.match(config.onlineProviders.provider, /paypal/);
  assert.equal(srv.app.paymentProvider.providerName('PAYPAL'), 'paypal');
  assert.equal(srv.app.paymentProvider.providerName('OTT'), 'sandbox');
});

test('pay: the PayPal order is the order\'s total in its currency; back from PayPal, the status check captures it once', async () => {
  const s = new Shopper(srv.base);
  const { orderID, total, redirectUrl, attempt, paypalOrderId } = await atPayPal(s);
  assert.equal(redirectUrl, `${paypal.baseUrl}/checkoutnow?token=${paypalOrderId}`);
  const order = paypal.order(paypalOrderId);
  assert.deepEqual(order.amount, { currency_code: 'CAD', value: (total / 100).toFixed(2) });
  assert.equal(order.custom_id, attempt.id);
  assert.equal(order.returnUrl, `${srv.base}/confirmation?from_source=paypal_h5X${orderID}`);
  assert.deepEqual(await status(s, orderID), { orderID, status: 'INTERIM', paymentStatus: 'NOT_PAID', qrCodeScan: false });
  assert.equal(capturesOf(paypalOrderId).length, 0, 'nothing is captured before the buyer approves');

  const back = await approveOnPayPal(redirectUrl);
  assert.equal(back.searchParams.get('from_source'), `paypal_h5X${orderID}`);
  assert.equal(back.searchParams.get('token'), paypalOrderId);
  assert.deepEqual(await status(s, orderID), { orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
  assert.deepEqual(await status(s, orderID), { orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
  assert.equal(capturesOf(paypalOrderId).length, 1);
  assert.deepEqual(paypal.requests.filter((r) => r.path.endsWith(`${paypalOrderId}/capture`)).map((r) => r.requestId), [`${attempt.id}-capture`]);
  assert.equal((await attemptOf(orderID)).status, 'PAID');
  // The capture's webhook arrives afterwards, twice: nothing changes.
  const replies = await paypal.deliver(paypal.lastEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrderId), { times: 2 });
  assert.deepEqual(replies.map((r) => r.status), [200, 200]);
  assert.equal((await attemptOf(orderID)).status, 'PAID');
  assert.equal(isError(await s.get(`/shoppingManagement4/paymentoption/PayPal?orderID=${orderID}`), 409).message, 'This order is already paid');
});

test('webhook: a capture PayPal held for review is paid by its PAYMENT.CAPTURE.COMPLETED, delivered twice, applied once', async () => {
  const s = new Shopper(srv.base);
  const { orderID, redirectUrl, paypalOrderId } = await atPayPal(s);
  paypal.order(paypalOrderId).captureOutcome = 'PENDING';
  await approveOnPayPal(redirectUrl);
  assert.equal((await status(s, orderID)).paymentStatus, 'NOT_PAID', 'captured, pending review');
  assert.equal(capturesOf(paypalOrderId)[0].status, 'PENDING');
  paypal.settlePendingCapture(paypalOrderId);
  const replies = await paypal.deliver(paypal.lastEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrderId), { times: 2 });
  assert.deepEqual(replies.map((r) => r.status), [200, 200]);
  // Paid by the webhook alone (no status check in between).
  assert.deepEqual(await orderRow(orderID), { status: 'NEW', payment_status: 'PAID_ONLINE' });
  assert.equal((await srv.app.db.query(`SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = $1 AND status = 'PAID'`, [Number(orderID)])).rows[0].n, 1);
});

test('forged webhooks are refused and change nothing; a verified one with another amount is not applied', async () => {
  const s = new Shopper(srv.base);
  const { orderID, redirectUrl, paypalOrderId, attempt } = await atPayPal(s);
  paypal.order(paypalOrderId).captureOutcome = 'PENDING';
  await approveOnPayPal(redirectUrl);
  await status(s, orderID);
  paypal.settlePendingCapture(paypalOrderId);
  const event = paypal.lastEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrderId);
  const value = (event.resource as any).amount.value as string;
  const tampered = await paypal.deliver(event, { tamper: (body) => body.replace(`"value":"${value}"`, '"value":"0.01"') });
  const wrongWebhook = await paypal.deliver(event, { badSignature: true });
  const unsigned = await fetch(paypal.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
  assert.deepEqual([tampered[0].status, wrongWebhook[0].status, unsigned.status], [400, 400, 400]);
  assert.deepEqual(await orderRow(orderID), { status: 'INTERIM', payment_status: 'NOT_PAID' });
  assert.equal((await attemptOf(orderID)).status, 'PENDING');
  // Signed by PayPal but for another amount (PayPal's word, not this attempt's price): acknowledged, not applied.
  const other = structuredClone(event);
  (other.resource as any).amount.value = '0.01';
  assert.equal((await paypal.deliver(other))[0].status, 200);
  assert.equal((await attemptOf(orderID)).status, 'PENDING');
  // For an attempt the store does not know: acknowledged, nothing changes.
  const stranger = structuredClone(event);
  (stranger.resource as any).custom_id = 'no-such-attempt';
  assert.equal((await paypal.deliver(stranger))[0].status, 200);
  // The genuine one pays the order.
  assert.equal((await paypal.deliver(event))[0].status, 200);
  assert.deepEqual(await orderRow(orderID), { status: 'NEW', payment_status: 'PAID_ONLINE' });
  assert.equal((await attemptOf(orderID)).id, attempt.id);
});

test('a lost webhook and a shopper who never came back: the sync worker captures the approved order', async () => {
  const s = new Shopper(srv.base);
  const { orderID, redirectUrl, paypalOrderId } = await atPayPal(s);
  await approveOnPayPal(redirectUrl);
  // No status check, no webhook delivered.
  await srv.app.paymentSync.tick();
  assert.equal(capturesOf(paypalOrderId).length, 1);
  assert.deepEqual(await orderRow(orderID), { status: 'NEW', payment_status: 'PAID_ONLINE' });
});

test('PayPal down: starting answers 502 with a message; the status check answers the stored state; a declined card fails the attempt', async () => {
  const s = new Shopper(srv.base);
  const { orderID } = await reserved(s);
  paypal.failNext(/^\/v2\/checkout\/orders$/, { status: 503 });
  const refused = isError(await s.get(`/shoppingManagement4/paymentoption/PayPal?orderID=${orderID}`), 502);
  assert.match(refused.message, /PayPal could not create the order/);
  const { redirectUrl } = await startPayPal(s, orderID);
  await approveOnPayPal(redirectUrl);
  paypal.failNext(/\/capture$/, { status: 500 });
  assert.deepEqual(await status(s, orderID), { orderID, status: 'INTERIM', paymentStatus: 'NOT_PAID', qrCodeScan: false });
  assert.equal((await status(s, orderID)).paymentStatus, 'PAID_ONLINE');

  const t = new Shopper(srv.base);
  const declined = await atPayPal(t);
  paypal.order(declined.paypalOrderId).captureOutcome = 'INSTRUMENT_DECLINED';
  await approveOnPayPal(declined.redirectUrl);
  assert.deepEqual(await status(t, declined.orderID), { orderID: declined.orderID, status: 'FAILED', paymentStatus: 'FAILED', qrCodeScan: false });
  // The order stays payable: a new attempt, a new PayPal order.
  const again = await startPayPal(t, declined.orderID);
  assert.notEqual(new URL(again.redirectUrl).searchParams.get('token'), declined.paypalOrderId);
});

test('refund: PayPal fails first, the worker retries with the same PayPal-Request-Id, one refund of the capture', async () => {
  const s = new Shopper(srv.base);
  const { orderID, total, redirectUrl, paypalOrderId } = await atPayPal(s);
  await approveOnPayPal(redirectUrl);
  assert.equal((await status(s, orderID)).paymentStatus, 'PAID_ONLINE');
  const captureId = capturesOf(paypalOrderId)[0].id;
  paypal.failNext(/\/refund$/, { status: 503 });
  paypal.failNext(/\/refund$/, { status: 500, phase: 'after' });
  const { requestRefund } = await import('../src/orders/lifecycle.ts');
  const refund = await srv.app.db.tx((q) => requestRefund(q, { orderID, reason: 'test', key: `paypal-test:${orderID}` }));
  assert.equal(refund.amount, total);
  await waitFor('the PayPal refund to be accepted', async () => {
    const { rows } = await srv.app.db.query(`SELECT status FROM refunds WHERE order_id = $1`, [Number(orderID)]);
    return rows[0]?.status === 'DONE' ? true : undefined;
  });
  const refunds = [...paypal.refunds.values()].filter((r) => r.captureId === captureId);
  assert.deepEqual(refunds.map((r) => r.amount), [{ currency_code: 'CAD', value: (total / 100).toFixed(2) }]);
  const calls = paypal.requests.filter((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
  assert.deepEqual(calls.map((r) => r.status), [503, 500, 200]);
  assert.equal(new Set(calls.map((r) => r.requestId)).size, 1, 'one PayPal-Request-Id: the refund id');
  assert.equal(paypal.captures.get(captureId)?.status, 'REFUNDED');
});

test('store-credit top-up through PayPal: captured at the status call, credited once; a refused capture credits nothing', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/clientRegistration', { emailID: 'paypal-topup@example.com', password: 'longenough1', firstName: 'Top', lastName: 'Up' }));
  const started = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 2500, channel: 'PAYPAL', returnUrlInfo: srv.base }));
  const paypalOrderId = new URL(started.redirectUrl).searchParams.get('token') as string;
  assert.deepEqual(paypal.order(paypalOrderId).amount, { currency_code: 'CAD', value: '25.00' });
  assert.equal(paypal.order(paypalOrderId).description, 'Store credit top-up');
  assert.equal(paypal.order(paypalOrderId).returnUrl, `${srv.base}/user/list?deposit=${started.depositID}`);
  const check = async () => ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: started.depositID }));
  assert.equal((await check()).status, 'PENDING');
  await approveOnPayPal(started.redirectUrl);
  const [a, b] = await Promise.all([check(), check()]);
  assert.deepEqual([a.status, b.status], ['PAID', 'PAID']);
  assert.equal((await check()).balance, 2500);
  assert.equal(capturesOf(paypalOrderId).length, 1);
  await paypal.deliver(paypal.lastEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrderId), { times: 2 });
  const history = ok(await s.get('/admin/storeCreditManagement/storeCreditHistory'));
  assert.deepEqual(history.entries.filter((e: any) => e.reason === 'DEPOSIT').map((e: any) => e.amount), [2500]);

  const declined = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 1000, channel: 'PAYPAL' }));
  paypal.order(new URL(declined.redirectUrl).searchParams.get('token') as string).captureOutcome = 'INSTRUMENT_DECLINED';
  await approveOnPayPal(declined.redirectUrl);
  const failed = ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: declined.depositID }));
  assert.deepEqual([failed.status, failed.balance], ['FAILED', 2500]);
});

test('two instances on one PostgreSQL: status checks and sync rounds on both at once capture once, pay once', { skip: !process.env.DATABASE_URL && 'PostgreSQL only' }, async () => {
  const second = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, reconcileAfterSeconds: 0 } });
  try {
    const s = new Shopper(srv.base);
    const { orderID, redirectUrl, paypalOrderId } = await atPayPal(s);
    await approveOnPayPal(redirectUrl);
    const onSecond = new Shopper(second.base);
    onSecond.cookies = s.cookies;
    const answers = await Promise.all([status(s, orderID), status(onSecond, orderID), srv.app.paymentSync.tick(), second.app.paymentSync.tick(), status(onSecond, orderID)]);
    assert.ok(answers.filter((x) => x && typeof x === 'object').every((x: any) => x.status === 'NEW' || x.status === 'INTERIM'));
    await waitFor('the order to be paid', async () => ((await status(s, orderID)).paymentStatus === 'PAID_ONLINE' ? true : undefined));
    assert.equal(capturesOf(paypalOrderId).length, 1);
    const { rows } = await srv.app.db.query(`SELECT status FROM payment_attempts WHERE order_id = $1`, [Number(orderID)]);
    assert.deepEqual(rows, [{ status: 'PAID' }]);
  } finally {
    await second.close();
  }
});

test('void: an attempt voided with its order is never captured, even if the buyer approves afterwards', async () => {
  const s = new Shopper(srv.base);
  const { orderID, redirectUrl, paypalOrderId } = await atPayPal(s);
  await expireReservations(srv.app.db, 0);
  assert.equal((await attemptOf(orderID)).status, 'VOID');
  await approveOnPayPal(redirectUrl);
  await srv.app.paymentSync.tick();
  await status(s, orderID).catch(() => undefined);
  assert.equal(capturesOf(paypalOrderId).length, 0);
  assert.equal(paypal.order(paypalOrderId).status, 'APPROVED');
  assert.equal((await attemptOf(orderID)).close_due_at, null, 'closed: nothing to call at PayPal');
});
