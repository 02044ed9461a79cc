/**
 * PayPal disputes and money taken back, on the whole server (issue 40 item 3; go-live review M6): PayPal's verified
 * webhooks CUSTOMER.DISPUTE.CREATED / UPDATED / RESOLVED, PAYMENT.CAPTURE.REVERSED and PAYMENT.CAPTURE.REFUNDED (made
 * in PayPal's dashboard), raised by the PayPal double (tests/doubles/paypal.ts, written from PayPal's webhook,
 * Disputes API and Payments v2 documentation), move the order through the lifecycle: DISPUTED (no fulfilment move)
 * and back, CHARGED_BACK with the money recorded, a dashboard refund recorded as a refund of the order; every event
 * delivered twice changes nothing the second time, and a forged one changes nothing at all. One server for the file.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPayPalDouble, type PayPalDouble } from './doubles/paypal.ts';
import { deliverableProducts, deskOf, freshDb, ok, reservePickup, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';

let paypal: PayPalDouble;
let db: TestDb;
let srv: Running;
const saved = { ...process.env };
let products: string[] = [];
let nextProduct = 0;

before(async () => {
  paypal = await startPayPalDouble();
  Object.assign(process.env, {
    PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_WEBHOOK_ID: paypal.webhookId, PAYPAL_BASE_URL: paypal.baseUrl,
  });
  // Real credentials beside the sandbox: a sandbox start on purpose (as tests/paypal.test.ts).
  process.env.ISTORE_SANDBOX = '1';
  db = await freshDb();
  srv = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, refundPollMs: 30, refundRetryBaseMs: 30 } });
  paypal.webhookUrl = `${srv.base}/api/istore/notify/paypal`;
  products = await deliverableProducts(srv.app);
});

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

const q = async (sql: string, params: unknown[] = []) => (await srv.app.db.query(sql, params)).rows;
const orderRow = async (orderID: string) =>
  (await q('SELECT status, payment_status, refunded, total, disputed_from FROM orders WHERE id = $1', [Number(orderID)]))[0];
const refundsOf = (orderID: string) =>
  q('SELECT amount, online, credit, status, source FROM refunds WHERE order_id = $1 ORDER BY created_at, id', [Number(orderID)]);
const eventsOf = (orderID: string) => q('SELECT from_status, to_status, actor FROM order_events WHERE order_id = $1 ORDER BY id', [Number(orderID)]);
/** What the shopper sees: the order's page (its status passes the contract's response schema on the way out). */
const shopperSees = async (s: Shopper, orderID: string) => ok(await s.get(`/common3/orders/${orderID}`)).status;

/** A pickup order paid with PayPal: the shopper, the order and its PayPal order id. */
async function paidWithPayPal() {
  const s = new Shopper(srv.base);
  const { orderID, total } = await reservePickup(s, [[products[nextProduct++ % products.length], 1]]);
  const { redirectUrl } = ok(await s.get(`/shoppingManagement4/paymentoption/PayPal?orderID=${orderID}`));
  const back = await fetch(redirectUrl.replace('/checkoutnow?', '/checkoutnow/approve?'), { redirect: 'manual' });
  assert.equal(back.status, 302);
  const checked = ok(await s.post('/shoppingManagement4/checkPayPalPaymentStatus', { orderID, returnUrlInfo: '' }));
  assert.equal(checked.paymentStatus, 'PAID_ONLINE');
  const [attempt] = await q(`SELECT id, provider_ref FROM payment_attempts WHERE order_id = $1 AND status = 'PAID'`, [Number(orderID)]);
  return { s, orderID, total: total as number, attemptId: attempt.id as string, paypalOrderId: attempt.provider_ref as string };
}

/** PayPal delivers the newest event of `type` for the order, twice (a redelivery): both acknowledged with a 200. */
async function deliverTwice(type: string, paypalOrderId: string) {
  const replies = await paypal.deliver(paypal.lastEvent(type, paypalOrderId), { times: 2 });
  assert.deepEqual(replies.map((r) => r.status), [200, 200], `${type} acknowledged`);
}

const move = (orderID: string, to: string) => deskOf(srv, 'orders')('move', orderID, to, '--by', 'mia');

test('a dispute holds the order: DISPUTED for the shopper, no fulfilment move; won by the seller, the order is back where it was', async () => {
  const { s, orderID, paypalOrderId } = await paidWithPayPal();
  assert.equal((await move(orderID, 'ready')).code, 0);
  assert.equal(await shopperSees(s, orderID), 'READY_FOR_PICKUP');

  const dispute = paypal.openDispute(paypalOrderId);
  await deliverTwice('CUSTOMER.DISPUTE.CREATED', paypalOrderId);
  assert.deepEqual(await orderRow(orderID), { status: 'DISPUTED', payment_status: 'PAID_ONLINE', refunded: 0, total: (await orderRow(orderID)).total, disputed_from: 'READY_FOR_PICKUP' });
  assert.equal(await shopperSees(s, orderID), 'DISPUTED');
  const [row] = await q('SELECT status, reason, outcome, resolved_at FROM payment_disputes WHERE dispute_id = $1', [dispute.dispute_id]);
  assert.deepEqual(row, { status: 'OPEN', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', outcome: null, resolved_at: null });

  // No fulfilment move (nor the store's cancel) while the dispute is open: refused, nothing changes.
  const refused = await move(orderID, 'completed');
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr + refused.stdout, /DISPUTED at its payment provider/);
  const cancel = await deskOf(srv, 'orders')('cancel', orderID, '--by', 'mia');
  assert.notEqual(cancel.code, 0);
  assert.equal((await orderRow(orderID)).status, 'DISPUTED');

  // PayPal updates it (waiting for the seller), twice: still disputed, the dispute row follows PayPal's status.
  paypal.updateDispute(dispute.dispute_id, 'WAITING_FOR_SELLER_RESPONSE');
  await deliverTwice('CUSTOMER.DISPUTE.UPDATED', paypalOrderId);
  assert.equal((await orderRow(orderID)).status, 'DISPUTED');
  assert.equal((await q('SELECT status FROM payment_disputes WHERE dispute_id = $1', [dispute.dispute_id]))[0].status, 'WAITING_FOR_SELLER_RESPONSE');

  // Resolved in the seller's favour, delivered twice: back to READY_FOR_PICKUP once, and the store can move it on.
  paypal.resolveDispute(dispute.dispute_id, 'RESOLVED_SELLER_FAVOUR');
  await deliverTwice('CUSTOMER.DISPUTE.RESOLVED', paypalOrderId);
  assert.deepEqual(await orderRow(orderID), { status: 'READY_FOR_PICKUP', payment_status: 'PAID_ONLINE', refunded: 0, total: (await orderRow(orderID)).total, disputed_from: null });
  assert.equal((await q('SELECT outcome FROM payment_disputes WHERE dispute_id = $1', [dispute.dispute_id]))[0].outcome, 'SELLER');
  assert.deepEqual((await eventsOf(orderID)).map((e) => [e.from_status, e.to_status, e.actor]), [
    ['NEW', 'READY_FOR_PICKUP', 'mia'],
    ['READY_FOR_PICKUP', 'DISPUTED', 'paypal'],
    ['DISPUTED', 'READY_FOR_PICKUP', 'paypal'],
  ]);
  // A late UPDATED of a resolved dispute changes nothing.
  await paypal.deliver(paypal.lastEvent('CUSTOMER.DISPUTE.UPDATED', paypalOrderId));
  assert.equal((await orderRow(orderID)).status, 'READY_FOR_PICKUP');
  assert.equal((await move(orderID, 'completed')).code, 0);
  assert.equal(await shopperSees(s, orderID), 'COMPLETED');
});

test('a chargeback: the dispute lost and PayPal\'s reversal make the order CHARGED_BACK, its money recorded once', async () => {
  const { s, orderID, total, paypalOrderId } = await paidWithPayPal();
  const dispute = paypal.openDispute(paypalOrderId, { channel: 'EXTERNAL', reason: 'UNAUTHORISED' });
  await deliverTwice('CUSTOMER.DISPUTE.CREATED', paypalOrderId);
  assert.equal((await orderRow(orderID)).status, 'DISPUTED');

  paypal.resolveDispute(dispute.dispute_id, 'RESOLVED_BUYER_FAVOUR');
  await deliverTwice('CUSTOMER.DISPUTE.RESOLVED', paypalOrderId);
  assert.equal((await orderRow(orderID)).status, 'CHARGED_BACK');
  assert.deepEqual(await refundsOf(orderID), [], 'the resolution itself moves no money');

  paypal.reverse(paypalOrderId);
  await deliverTwice('PAYMENT.CAPTURE.REVERSED', paypalOrderId);
  assert.deepEqual(await orderRow(orderID), { status: 'CHARGED_BACK', payment_status: 'PAID_ONLINE', refunded: total, total, disputed_from: null });
  assert.deepEqual(await refundsOf(orderID), [{ amount: total, online: total, credit: 0, status: 'DONE', source: 'CHARGEBACK' }]);
  assert.equal(await shopperSees(s, orderID), 'CHARGED_BACK');
  // Nothing was sent back through PayPal by the store (the money had left already).
  assert.equal(paypal.requests.filter((r) => r.path.endsWith('/refund')).length, 0);
  // And no fulfilment move for money the store no longer has.
  assert.notEqual((await move(orderID, 'ready')).code, 0);
});

test('a reversal without a dispute (a chargeback PayPal applies at once) charges back a settled order', async () => {
  const { orderID, total, paypalOrderId } = await paidWithPayPal();
  paypal.reverse(paypalOrderId);
  await deliverTwice('PAYMENT.CAPTURE.REVERSED', paypalOrderId);
  assert.deepEqual(await orderRow(orderID), { status: 'CHARGED_BACK', payment_status: 'PAID_ONLINE', refunded: total, total, disputed_from: null });
  assert.equal((await refundsOf(orderID)).length, 1);
});

test('refunds made in PayPal\'s dashboard are refunds of the order (once each); the store\'s own refund is not counted twice', async () => {
  const { s, orderID, total, paypalOrderId } = await paidWithPayPal();
  assert.ok(total > 300, `the order's total ${total} leaves room for three refunds`);
  // 1. The seller refunds 1.00 in PayPal's dashboard; PayPal's webhook arrives twice.
  paypal.refundInDashboard(paypalOrderId, 100);
  await deliverTwice('PAYMENT.CAPTURE.REFUNDED', paypalOrderId);
  assert.deepEqual(await refundsOf(orderID), [{ amount: 100, online: 100, credit: 0, status: 'DONE', source: 'PROVIDER' }]);
  assert.deepEqual(await orderRow(orderID), { status: 'NEW', payment_status: 'PAID_ONLINE', refunded: 100, total, disputed_from: null });

  // 2. The store refunds 2.00 itself (npm run orders -- refund): its worker sends it, and PayPal's webhook for it
  //    (twice) records nothing more.
  assert.equal((await deskOf(srv, 'orders')('refund', orderID, '--amount', '2.00', '--reason', 'damaged')).code, 0);
  await waitFor('the store\'s refund sent', async () => (await q(`SELECT 1 FROM refunds WHERE order_id = $1 AND source = 'STORE' AND status = 'DONE'`, [Number(orderID)]))[0]);
  await deliverTwice('PAYMENT.CAPTURE.REFUNDED', paypalOrderId);
  assert.deepEqual((await refundsOf(orderID)).map((r) => [r.amount, r.source]), [[100, 'PROVIDER'], [200, 'STORE']]);

  // 3. The rest is refunded in the dashboard: recorded, and the order is REFUNDED for the shopper.
  paypal.refundInDashboard(paypalOrderId);
  await deliverTwice('PAYMENT.CAPTURE.REFUNDED', paypalOrderId);
  assert.deepEqual((await refundsOf(orderID)).map((r) => [r.amount, r.source, r.status]), [[100, 'PROVIDER', 'DONE'], [200, 'STORE', 'DONE'], [total - 300, 'PROVIDER', 'DONE']]);
  assert.deepEqual(await orderRow(orderID), { status: 'REFUNDED', payment_status: 'PAID_ONLINE', refunded: total, total, disputed_from: null });
  assert.equal(await shopperSees(s, orderID), 'REFUNDED');
  // Only the store's own refund went through PayPal's API.
  assert.equal(paypal.requests.filter((r) => r.path.endsWith('/refund') && r.status < 300).length, 1);
});

test('a forged dispute webhook (signed for another webhook, or tampered) is refused and changes nothing', async () => {
  const { orderID, paypalOrderId } = await paidWithPayPal();
  paypal.openDispute(paypalOrderId);
  const event = paypal.lastEvent('CUSTOMER.DISPUTE.CREATED', paypalOrderId);
  const [forged] = await paypal.deliver(event, { badSignature: true });
  assert.equal(forged.status, 400);
  const [tampered] = await paypal.deliver(event, { tamper: (body) => body.replace('MERCHANDISE_OR_SERVICE_NOT_RECEIVED', 'CREDIT_NOT_PROCESSED') });
  assert.equal(tampered.status, 400);
  assert.equal((await orderRow(orderID)).status, 'NEW');
  assert.deepEqual(await q('SELECT 1 FROM payment_disputes WHERE order_id = $1', [Number(orderID)]), []);
});
