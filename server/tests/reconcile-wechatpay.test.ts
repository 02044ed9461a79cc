/**
 * Daily reconciliation with WeChat Pay's trade bill (payments/reconcile.ts, statements/wechatpay.ts, `npm run
 * reconcile`) against the WeChat Pay double (doubles/wechatpay.ts), whose statement is built from what it took: a day
 * with one of each discrepancy — a payment whose notification never came (found and applied once), a refund WeChat Pay
 * accepted and then ended ABNORMAL without a word (recorded and listed for the operator), money the store recorded that
 * WeChat Pay does not have, an amount that differs, WeChat Pay's fees — gives the right report and exit code 2; a second
 * run changes nothing; the operator marks the refund handled (who and when) and attention stops listing it; a statement
 * that cannot be had exits 1; `reconcile -- list` shows the runs. The domestic API's download (tradebill, gzip, SHA1)
 * is read from a domestic double. Runs on PGlite and (DATABASE_URL) PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deskOf, freshDb, ok, reservedDelivery, Shopper, startServer, type Running, type TestDb } from './helpers.ts';
import { requestRefund } from '../src/orders/lifecycle.ts';
import { settleAttempt } from '../src/payments/attempts.ts';
import { fetchTradeBill } from '../src/payments/statements/wechatpay.ts';
import { wechatPaySettings } from '../src/payments/wechatpay.ts';
import { WeChatDouble } from './doubles/wechat.ts';
import { FEE_RATE, WeChatPayDouble } from './doubles/wechatpay.ts';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const double = new WeChatPayDouble('global');
const weChat = new WeChatDouble([
  { appId: double.miniProgramAppId, secret: double.miniProgramSecret, unionBound: false },
  { appId: double.officialAccountAppId, secret: double.officialAccountSecret, unionBound: false },
]);
let db: TestDb;
let srv: Running;
const saved = { ...process.env };

before(async () => {
  await double.start();
  await weChat.start();
  Object.assign(process.env, double.env(weChat.baseUrl), { MAIL_OPERATOR: 'operator@shop.test' });
  process.env.ISTORE_SANDBOX = '1';
  db = await freshDb();
  srv = await startServer(db, { config: { allowSandbox: true, reservationMaxOpenPerAddress: 1000, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000, reconcileAfterSeconds: 0, refundRetryBaseMs: 1 } });
  double.deliverTo = srv.base;
});
after(async () => {
  await srv?.close();
  await db?.cleanup();
  await double.stop();
  await weChat.stop();
  for (const k of [...Object.keys(double.env('')), 'MAIL_OPERATOR', 'ISTORE_SANDBOX']) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
});

/** Today in Beijing time: the statement day of everything this test does. */
const beijingToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const q = (sql: string, params: unknown[] = []) => srv.app.db.query(sql, params).then((r) => r.rows);
const attemptOf = async (orderID: string) => (await q(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)]))[0];

/** A reserved order whose WeChat Pay (Native) payment was started at the double. */
async function startedOrder() {
  const s = new Shopper(srv.base);
  const orderID = await reservedDelivery(s);
  ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }, { headers: { 'user-agent': DESKTOP } }));
  return { orderID, attempt: await attemptOf(orderID) };
}

/** What a second run must not change: every money row the reconciliation could touch. */
const moneyState = async () => JSON.stringify({
  orders: await q(`SELECT id, status, payment_status, refunded FROM orders ORDER BY id`),
  attempts: await q(`SELECT id, status, updated_at FROM payment_attempts ORDER BY id`),
  refunds: await q(`SELECT id, status, provider_outcome, provider_outcome_at FROM refunds ORDER BY id`),
  items: await q(`SELECT provider, day, kind, ref, action, first_run FROM reconcile_items ORDER BY kind, ref`),
  mail: await q(`SELECT id, subject FROM mail_queue WHERE kind = 'reconciliation' ORDER BY id`),
});

describe('a day of WeChat Pay with one of each discrepancy', () => {
  const day = beijingToday();
  const reconcile = () => deskOf(srv, 'reconcile')('--provider', 'wechatpay', '--date', day, '--by', 'test');
  const s: Record<string, { orderID: string; attempt: any }> = {};
  let refundId = '';

  before(async () => {
    // Paid at WeChat Pay; its notification never came (the sync worker is not asked here: only the statement finds it).
    s.lost = await startedOrder();
    double.pay(s.lost.attempt.id);
    // Paid and notified; refunded; WeChat Pay accepted the refund and then ended it ABNORMAL, and that word was lost too.
    s.refunded = await startedOrder();
    double.pay(s.refunded.attempt.id);
    assert.equal((await double.send(double.paymentNotification(s.refunded.attempt.id))).status, 204);
    const refund = await srv.app.db.tx((tx) => requestRefund(tx, { orderID: s.refunded.orderID, amount: 500, reason: 'test', key: `recon-${s.refunded.orderID}` }));
    refundId = refund.id;
    await srv.app.refundWorker.tick();
    assert.equal((await q(`SELECT status FROM refunds WHERE id = $1`, [refundId]))[0].status, 'DONE');
    double.refunds.get(refundId)!.status = 'ABNORMAL';
    // The store recorded this payment as paid; WeChat Pay never took it.
    s.phantom = await startedOrder();
    assert.equal(await settleAttempt(srv.app.db, s.phantom.attempt.id, 'PAID'), 'PAID');
    // Paid with another amount than the order's: the notification is refused by the store's check, the money is there.
    s.short = await startedOrder();
    double.pay(s.short.attempt.id, { total: s.short.attempt.amount - 100, currency: s.short.attempt.currency });
    assert.equal((await double.send(double.paymentNotification(s.short.attempt.id))).status, 204);
    assert.equal((await attemptOf(s.short.orderID)).status, 'PENDING');
  });

  test('the report: the lost payment applied, the phantom and the short payment flagged, the ABNORMAL refund recorded, the fees; exit 2', async () => {
    const fee = (n: number) => Math.round(n * FEE_RATE);
    const run = await reconcile();
    assert.equal(run.code, 2, run.stderr);
    const text = run.stdout;
    console.log(`---- the report of a day with one of each discrepancy ----\n${text}`);
    assert.match(text, new RegExp(`^reconciliation of wechatpay for ${day} \\(Asia/Shanghai\\): DISCREPANCIES\n  statement lines: 4, matched: 1\n`));
    const lost = double.orders.get(s.lost.attempt.id)!;
    assert.match(text, new RegExp(`  missing at the store: 1\n    APPLIED  ${lost.transactionId}  order ${s.lost.orderID}  paid at the provider, not recorded by the store \\(a lost notification\\): applied, the order is paid\n`));
    assert.match(text, new RegExp(`  missing at the provider: 1\n    FLAGGED  ${s.phantom.attempt.id}  order ${s.phantom.orderID}  the store recorded attempt ${s.phantom.attempt.id} paid .*the provider's statement of the day does not have it\n`));
    assert.match(text, new RegExp(`  amount or currency differs: 1\n    FLAGGED  ${double.orders.get(s.short.attempt.id)!.transactionId}  order ${s.short.orderID}  provider holds ${((s.short.attempt.amount - 100) / 100).toFixed(2)} CAD, the store's attempt is ${(s.short.attempt.amount / 100).toFixed(2)} CAD \\(PENDING\\)\n`));
    const wxRefund = double.refunds.get(refundId)!;
    assert.match(text, new RegExp(`  refunds stuck: 1\n    RECORDED ${wxRefund.refundId}  order ${s.refunded.orderID}  the provider shows refund ${refundId} ABNORMAL: the money did not reach the payer; return it by hand\n`));
    const fees = fee(s.lost.attempt.amount) + fee(s.refunded.attempt.amount) - fee(500) + fee(s.short.attempt.amount - 100);
    assert.match(text, new RegExp(`  fees: 4 \\(${(fees / 100).toFixed(2)} CAD\\)\n`));
    assert.match(text, new RegExp(`    NOTED    -${(fee(500) / 100).toFixed(2)} CAD  order ${s.refunded.orderID}  fee returned with a refund on 5\\.00 CAD`));

    // Applied once, through the notification's code: the order is paid (its cart emptied, its receipt queued).
    assert.deepEqual((await q(`SELECT status, payment_status FROM orders WHERE id = $1`, [Number(s.lost.orderID)]))[0], { status: 'NEW', payment_status: 'PAID_ONLINE' });
    assert.equal((await attemptOf(s.lost.orderID)).status, 'PAID');
    assert.equal((await q(`SELECT provider_outcome FROM refunds WHERE id = $1`, [refundId]))[0].provider_outcome, 'ABNORMAL');
    // Kept in the database, and mailed to the operator.
    const [kept] = await q(`SELECT outcome, report, counts FROM reconcile_runs ORDER BY id DESC LIMIT 1`);
    assert.equal(kept.outcome, 'DISCREPANCIES');
    assert.equal(`${kept.report}\n\n`, text);
    assert.deepEqual({ ...kept.counts, fees: undefined }, { lines: 4, matched: 1, missingAtStore: 1, missingAtProvider: 1, differs: 1, refundsStuck: 1, fees: undefined });
    const mail = await q(`SELECT to_address, subject, text_body FROM mail_queue WHERE kind = 'reconciliation'`);
    assert.equal(mail.length, 1);
    assert.equal(mail[0].to_address, 'operator@shop.test');
    assert.equal(mail[0].subject, `Reconciliation wechatpay ${day}: DISCREPANCIES`);
  });

  test('attention lists what needs a hand: the ABNORMAL refund, the phantom payment, the differing amount (not the applied payment, not the fees)', async () => {
    const listed = await deskOf(srv, 'attention')();
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, new RegExp(`refund    ${refundId}  order ${s.refunded.orderID}  \\$5\\.00  accepted by the provider, then ended ABNORMAL`));
    assert.match(listed.stdout, new RegExp(`statement  wechatpay:${day}:MISSING_AT_PROVIDER:${s.phantom.attempt.id}  order ${s.phantom.orderID}  `));
    assert.match(listed.stdout, new RegExp(`statement  wechatpay:${day}:AMOUNT_DIFFERS:\\d+  order ${s.short.orderID}  `));
    assert.doesNotMatch(listed.stdout, /MISSING_AT_STORE|FEE|REFUND_STUCK/);
  });

  test('a second run changes nothing: the applied payment is matched now, the rest is reported again, exit 2', async () => {
    const before = await moneyState();
    const run = await reconcile();
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /statement lines: 4, matched: 2\n  missing at the store: 0\n  missing at the provider: 1\n/);
    assert.match(run.stdout, new RegExp(`  refunds stuck: 1\n    FLAGGED  \\d+  order ${s.refunded.orderID}  `));
    assert.equal(await moneyState(), before);
  });

  test('the operator marks the ABNORMAL refund and a statement line handled, with who and when; attention stops listing them', async () => {
    const attention = deskOf(srv, 'attention');
    const done = await attention('handled', 'refund', refundId, '--by', 'ada');
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, new RegExp(`refund ${refundId} marked handled by ada at \\d{4}-`));
    const [r] = await q(`SELECT provider_outcome, handled_by, handled_at FROM refunds WHERE id = $1`, [refundId]);
    assert.equal(r.provider_outcome, 'ABNORMAL', 'the provider\'s word stays');
    assert.equal(r.handled_by, 'ada');
    assert.ok(r.handled_at);
    const phantom = `wechatpay:${day}:MISSING_AT_PROVIDER:${s.phantom.attempt.id}`;
    assert.equal((await attention('handled', 'statement', phantom, '--by', 'ada')).code, 0);
    const again = await attention('handled', 'statement', phantom, '--by', 'bob');
    assert.equal(again.code, 1, 'handled once');
    assert.match(again.stderr, /already handled by ada/);
    assert.equal((await q(`SELECT handled_by FROM reconcile_items WHERE ref = $1`, [s.phantom.attempt.id]))[0].handled_by, 'ada');
    const listed = (await attention()).stdout;
    assert.doesNotMatch(listed, new RegExp(refundId));
    assert.doesNotMatch(listed, new RegExp(s.phantom.attempt.id));
    assert.match(listed, /AMOUNT_DIFFERS/);
    assert.equal((await attention('handled', 'refund', 'rf_unknown', '--by', 'ada')).code, 1);
    assert.equal((await attention('handled', 'refund', refundId)).code, 2, '--by is required');
  });

  test('a statement that cannot be had: exit 1, recorded as FAILED, nothing changed', async () => {
    const before = await moneyState();
    double.failNext(/GET \/v3\/global\/statements/, { status: 500 });
    const run = await reconcile();
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stdout, /: FAILED\n  the statement could not be had: WeChat Pay 500 SYSTEM_ERROR/);
    double.failNext(/GET \/v3\/global\/statements/, { badSignature: true });
    const forged = await reconcile();
    assert.equal(forged.code, 1);
    assert.match(forged.stdout, /WeChat Pay statement refused: bad Wechatpay-Signature/);
    const after = JSON.parse(await moneyState());
    const was = JSON.parse(before);
    assert.deepEqual({ ...after, mail: undefined }, { ...was, mail: undefined });
  });

  test('the daily run: two instances at 11:00 Beijing the next day, one run of the day between them; none again', async () => {
    const { ReconcileWorker } = await import('../src/payments/reconcile.ts');
    const { reconcilables } = await import('../src/payments/statements/index.ts');
    const runs = async () => Number((await q(`SELECT count(*)::int AS n FROM reconcile_runs WHERE by = 'daily' AND day = $1`, [day]))[0].n);
    const quiet = { info() {}, warn() {}, error() {} };
    const nextMorning = new Date(new Date(`${day}T00:00:00+08:00`).getTime() + 35 * 3_600_000); // 11:00 the next day
    const worker = (now: Date) => new ReconcileWorker(srv.app.db, reconcilables(process.env), { by: 'daily', log: quiet, pollMs: 3_600_000, retryBaseMs: 1000, now: () => now });
    const early = new Date(nextMorning.getTime() - 60 * 60_000); // 10:00: the bill is not due yet
    await worker(early).tick();
    assert.equal(await runs(), 0, 'not before 10:30 Beijing time');
    const before = await moneyState();
    const billRequests = double.billRequests;
    await Promise.all([worker(nextMorning).tick(), worker(nextMorning).tick()]);
    assert.equal(await runs(), 1, 'one instance took the day');
    assert.equal(double.billRequests, billRequests + 1);
    await worker(new Date(nextMorning.getTime() + 3 * 3_600_000)).tick();
    assert.equal(await runs(), 1, 'done: not again');
    const after = JSON.parse(await moneyState());
    assert.deepEqual({ ...after, mail: undefined }, { ...JSON.parse(before), mail: undefined }, 'it changed nothing a run had not changed');
    assert.deepEqual((await q(`SELECT done_at IS NOT NULL AS done, tries FROM reconcile_days WHERE provider = 'wechatpay' AND day = $1`, [day]))[0], { done: true, tries: 1 });
  });

  test('command line: list shows the runs newest first; a wrong date, provider or option exits 1', async () => {
    const listed = await deskOf(srv, 'reconcile')('list', '--limit', '2');
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, new RegExp(`^#\\d+  \\d{4}-\\d\\d-\\d\\dT[^ ]+  by daily\nreconciliation of wechatpay for ${day} \\(Asia/Shanghai\\): DISCREPANCIES\n`));
    assert.match(listed.stdout, new RegExp(`\n#\\d+  [^ ]+  by test\nreconciliation of wechatpay for ${day} \\(Asia/Shanghai\\): FAILED\n`));
    assert.match(listed.stdout, /2 runs\n$/);
    const desk = deskOf(srv, 'reconcile');
    for (const args of [['--date', '2026-02-30'], ['--provider', 'stripe'], ['--nope'], ['list', '--date', day], ['--provider', 'alipay']]) {
      const r = await desk(...args);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.stdout}`);
    }
  });
});

describe('the domestic API: the trade bill applied for, downloaded gzip and checked against its SHA1', () => {
  test('a paid order and an ABNORMAL refund read from the domestic double', async () => {
    const domestic = new WeChatPayDouble('domestic');
    await domestic.start();
    try {
      const settings = wechatPaySettings(domestic.env('http://127.0.0.1:9'))!;
      // The double's orders as its API took them (the store's side is not needed to read a statement).
      domestic.orders.set('attemptDomestic01', {
        outTradeNo: 'attemptDomestic01', kind: 'native', appid: domestic.officialAccountAppId, total: 12_345, currency: 'CNY',
        notifyUrl: 'https://shop.test/n', state: 'NOTPAY', body: { description: 'Tea, 2 boxes' }, prepayId: 'wx1',
      });
      domestic.pay('attemptDomestic01');
      domestic.refunds.set('rf_domestic', {
        outRefundNo: 'rf_domestic', outTradeNo: 'attemptDomestic01', refund: 2_345, total: 12_345, currency: 'CNY', body: {},
        acceptedAt: new Date(), refundId: '503001', status: 'ABNORMAL',
      });
      const lines = await fetchTradeBill(settings, beijingToday());
      assert.deepEqual(lines.map((l) => [l.kind, l.attemptId, l.refundId, l.amount, l.currency, l.fee, l.status, l.failed]), [
        ['PAYMENT', 'attemptDomestic01', null, 12_345, 'CNY', Math.round(12_345 * FEE_RATE), 'SUCCESS', false],
        ['REFUND', 'attemptDomestic01', 'rf_domestic', 2_345, 'CNY', -Math.round(2_345 * FEE_RATE), 'ABNORMAL', true],
      ]);
      assert.ok(domestic.calls.some((c) => c.startsWith(`GET /v3/bill/tradebill?bill_date=${beijingToday()}&bill_type=ALL&tar_type=GZIP`)));
      assert.ok(domestic.calls.some((c) => c.startsWith('GET /v3/billdownload/file?token=')), 'the download is signed too');
      assert.deepEqual(await fetchTradeBill(settings, '2020-01-01'), [], 'a day without trade: an empty bill');
    } finally {
      await domestic.stop();
    }
  });
});
