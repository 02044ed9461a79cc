/**
 * Daily reconciliation with PayPal's transaction search (statements/paypal.ts, `npm run reconcile -- --provider paypal`)
 * against the PayPal double (doubles/paypal.ts), whose transactions are the captures and refunds it made: a UTC day with
 * a capture whose answer never reached the store (found and applied once), a refund PayPal accepted and then failed
 * (recorded and listed), money the store recorded that PayPal does not have, a capture of another amount, PayPal's fees;
 * exit 2; a second run changes nothing; transaction search refusing the call exits 1. Also the parser's table.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { requestRefund } from '../src/orders/lifecycle.ts';
import { settleAttempt } from '../src/payments/attempts.ts';
import { parseTransactions } from '../src/payments/statements/paypal.ts';
import { PayPalDouble, startPayPalDouble } from './doubles/paypal.ts';
import { deliverableProducts, deskOf, freshDb, reservePickup, Shopper, startServer, type Running, type TestDb } from './helpers.ts';

let paypal: PayPalDouble;
let db: TestDb;
let srv: Running;
let products: string[] = [];
let nextProduct = 0;
const saved = { ...process.env };
const VARS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_BASE_URL', 'ISTORE_SANDBOX'];

before(async () => {
  paypal = await startPayPalDouble();
  Object.assign(process.env, {
    PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_WEBHOOK_ID: paypal.webhookId, PAYPAL_BASE_URL: paypal.baseUrl,
    ISTORE_SANDBOX: '1',
  });
  db = await freshDb();
  srv = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, reconcileAfterSeconds: 0, refundPollMs: 3_600_000, refundRetryBaseMs: 30 } });
  paypal.webhookUrl = `${srv.base}/api/istore/notify/paypal`;
  products = await deliverableProducts(srv.app);
});
after(async () => {
  await srv?.close();
  await db?.cleanup();
  await paypal?.stop();
  for (const k of VARS) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
});

const q = (sql: string, params: unknown[] = []) => srv.app.db.query(sql, params).then((r) => r.rows);
const attemptOf = async (orderID: string) => (await q(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)]))[0];
const utcToday = () => new Date().toISOString().slice(0, 10);
const CAPTURE = /^\/v2\/checkout\/orders\/[A-Z0-9]+\/capture$/;

/** A pickup order sent to PayPal (the attempt and its PayPal order), approved by the buyer when `approve`. */
async function atPayPal(approve: boolean) {
  const s = new Shopper(srv.base);
  const { orderID } = await reservePickup(s, [[products[nextProduct++ % products.length], 1]]);
  const { redirectUrl } = (await s.get(`/shoppingManagement4/paymentoption/PayPal?orderID=${orderID}`)).body;
  if (approve) assert.equal((await fetch(redirectUrl.replace('/checkoutnow?', '/checkoutnow/approve?'), { redirect: 'manual' })).status, 302);
  const check = () => s.post('/shoppingManagement4/checkPayPalPaymentStatus', { orderID, returnUrlInfo: '' });
  return { s, orderID, attempt: await attemptOf(orderID), check };
}
const captureOf = (attemptId: string) => [...paypal.captures.values()].find((c) => c.custom_id === attemptId)!;

/** What a second run must not change. */
const moneyState = async () => JSON.stringify({
  orders: await q(`SELECT id, status, payment_status, refunded FROM orders ORDER BY id`),
  attempts: await q(`SELECT id, status, updated_at FROM payment_attempts ORDER BY id`),
  refunds: await q(`SELECT id, status, provider_outcome, provider_outcome_at FROM refunds ORDER BY id`),
  items: await q(`SELECT provider, day, kind, ref, action, first_run FROM reconcile_items ORDER BY kind, ref`),
});

describe('a UTC day of PayPal with one of each discrepancy', () => {
  const day = utcToday();
  const reconcile = () => deskOf(srv, 'reconcile')('--provider', 'paypal', '--date', day, '--by', 'test');
  const o: Record<string, Awaited<ReturnType<typeof atPayPal>>> = {};
  let refundId = '';

  before(async () => {
    // Captured at PayPal, the answer lost on the way back: the store's attempt stays pending.
    o.lost = await atPayPal(true);
    paypal.failNext(CAPTURE, { status: 500, phase: 'after' });
    await o.lost.check();
    assert.equal((await attemptOf(o.lost.orderID)).status, 'PENDING');
    assert.equal(captureOf(o.lost.attempt.id).status, 'COMPLETED');
    // Paid and refunded through the API; PayPal then fails the refund.
    o.refunded = await atPayPal(true);
    await o.refunded.check();
    assert.equal((await attemptOf(o.refunded.orderID)).status, 'PAID');
    const record = await srv.app.db.tx((tx) => requestRefund(tx, { orderID: o.refunded.orderID, amount: 100, reason: 'test', key: `pp-recon-${o.refunded.orderID}` }));
    refundId = record.id;
    await srv.app.refundWorker.tick();
    const atPayPalRefund = [...paypal.refunds.values()].find((r) => r.invoice_id === refundId)!;
    assert.equal(atPayPalRefund.custom_id, o.refunded.attempt.id, 'the refund names the attempt and the store\'s refund');
    paypal.failRefund(atPayPalRefund.id);
    // The store recorded money PayPal never took.
    o.phantom = await atPayPal(false);
    assert.equal(await settleAttempt(srv.app.db, o.phantom.attempt.id, 'PAID'), 'PAID');
    // Captured for another amount than the order's (its answer lost too).
    o.short = await atPayPal(true);
    paypal.failNext(CAPTURE, { status: 500, phase: 'after' });
    await o.short.check();
    const short = captureOf(o.short.attempt.id);
    short.amount = { ...short.amount, value: (Number(short.amount.value) - 1).toFixed(2) };
  });

  test('the report, exit 2; the lost capture applied once; the failed refund recorded', async () => {
    const run = await reconcile();
    assert.equal(run.code, 2, run.stderr);
    console.log(`---- PayPal ----\n${run.stdout}`);
    const text = run.stdout;
    assert.match(text, new RegExp(`^reconciliation of paypal for ${day} \\(UTC\\): DISCREPANCIES\n  statement lines: 4, matched: 1\n`));
    assert.match(text, new RegExp(`  missing at the store: 1\n    APPLIED  ${captureOf(o.lost.attempt.id).id}  order ${o.lost.orderID}  paid at the provider, not recorded by the store`));
    assert.match(text, new RegExp(`  missing at the provider: 1\n    FLAGGED  ${o.phantom.attempt.id}  order ${o.phantom.orderID}  `));
    assert.match(text, new RegExp(`  amount or currency differs: 1\n    FLAGGED  ${captureOf(o.short.attempt.id).id}  order ${o.short.orderID}  provider holds `));
    assert.match(text, new RegExp(`  refunds stuck: 1\n    RECORDED [A-Z0-9]+  order ${o.refunded.orderID}  the provider shows refund ${refundId} DENIED: `));
    const fees = [o.lost, o.refunded, o.short].map((x) => PayPalDouble.feeOf(Math.round(Number(captureOf(x.attempt.id).amount.value) * 100))).reduce((a, b) => a + b);
    assert.match(text, new RegExp(`  fees: 3 \\(${(fees / 100).toFixed(2)} CAD\\)\n`));
    assert.deepEqual((await q(`SELECT status, payment_status FROM orders WHERE id = $1`, [Number(o.lost.orderID)]))[0], { status: 'NEW', payment_status: 'PAID_ONLINE' });
    assert.equal((await q(`SELECT provider_outcome FROM refunds WHERE id = $1`, [refundId]))[0].provider_outcome, 'DENIED');
    const listed = await deskOf(srv, 'attention')();
    assert.match(listed.stdout, new RegExp(`refund    ${refundId}  order ${o.refunded.orderID}  .*accepted by the provider, then ended DENIED`));
  });

  test('a second run changes nothing (the applied capture now matched), exit 2', async () => {
    const before = await moneyState();
    const run = await reconcile();
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /statement lines: 4, matched: 2\n  missing at the store: 0\n/);
    assert.equal(await moneyState(), before);
  });

  test('transaction search refused: exit 1, nothing changed', async () => {
    const before = await moneyState();
    paypal.failNext(/^\/v1\/reporting\/transactions$/, { status: 503 });
    const run = await reconcile();
    assert.equal(run.code, 1);
    assert.match(run.stdout, /: FAILED\n  the statement could not be had: PayPal transaction search 503/);
    assert.equal(await moneyState(), before);
  });
});

describe('transaction_info read as the store\'s lines', () => {
  const info = (t: Record<string, unknown>) => ({ transaction_info: { transaction_id: 'T1', transaction_status: 'S', transaction_initiation_date: '2026-12-01T10:00:00Z', ...t } });
  const cases: [string, ReturnType<typeof info>[], unknown[] | RegExp][] = [
    ['a checkout payment with its fee', [info({ transaction_event_code: 'T0006', transaction_amount: { currency_code: 'CAD', value: '35.01' }, fee_amount: { currency_code: 'CAD', value: '-1.32' }, invoice_id: 'att1', custom_field: 'att1' })],
      [{ kind: 'PAYMENT', attemptId: 'att1', refundId: null, amount: 3501, currency: 'CAD', fee: 132, failed: false }]],
    ['a refund, denied', [info({ transaction_event_code: 'T1107', transaction_amount: { currency_code: 'JPY', value: '-500' }, invoice_id: 'rf_1', custom_field: 'att1', transaction_status: 'D' })],
      [{ kind: 'REFUND', attemptId: 'att1', refundId: 'rf_1', amount: 500, currency: 'JPY', fee: 0, failed: true }]],
    ['pending, reversals, holds and denied payments are not lines', [
      info({ transaction_event_code: 'T0006', transaction_amount: { currency_code: 'CAD', value: '1.00' }, transaction_status: 'P' }),
      info({ transaction_event_code: 'T1106', transaction_amount: { currency_code: 'CAD', value: '-1.00' } }),
      info({ transaction_event_code: 'T1503', transaction_amount: { currency_code: 'CAD', value: '-1.00' } }),
      info({ transaction_event_code: 'T0006', transaction_amount: { currency_code: 'CAD', value: '1.00' }, transaction_status: 'D' }),
    ], []],
    ['an amount that is not one', [info({ transaction_event_code: 'T0006', transaction_amount: { currency_code: 'CAD', value: '1.005' } })], /transaction_amount '1\.005' is not an amount of CAD/],
  ];
  for (const [name, details, expect] of cases) {
    test(name, () => {
      if (expect instanceof RegExp) return assert.throws(() => parseTransactions(details), expect);
      const lines = parseTransactions(details);
      assert.deepEqual(lines.map((l, i) => Object.fromEntries(Object.keys(expect[i] as object).map((k) => [k, (l as any)[k]]))), expect);
    });
  }
});
