/**
 * Daily reconciliation with Alipay's trade bill (statements/alipay.ts, `npm run reconcile -- --provider alipay`) against
 * the Alipay double (doubles/alipay.ts), whose bill (a zip of GBK CSV files) is built from the trades and refunds it
 * made, in a CNY store on Alipay's domestic API: a Beijing day with a payment whose notification never came (found and
 * applied once), money the store recorded that Alipay does not have, a payment of another amount, a refund the store
 * counts as sent that Alipay's bill does not have, and Alipay's service fees, gives the right report and exit 2; a second
 * run changes nothing; a bill that cannot be had exits 1. Also the readers' tables (zip, GBK, the 业务明细 file).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openDb } from '../src/db/index.ts';
import { requestRefund } from '../src/orders/lifecycle.ts';
import { amountText } from '../src/payments/alipay.ts';
import { settleAttempt } from '../src/payments/attempts.ts';
import { parseBusinessDetail, unzip } from '../src/payments/statements/alipay.ts';
import { AlipayDouble, FEE_RATE, gbk, zipOf } from './doubles/alipay.ts';
import { deskOf, freshDb, ok, reservedDelivery, Shopper, startServer, type Running, type TestDb } from './helpers.ts';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const alipay = new AlipayDouble('domestic');
let db: TestDb;
let srv: Running;
const saved = { ...process.env };

before(async () => {
  await alipay.start();
  // The template is built before the variables are set: the demo store sells in CAD, which the domestic API refuses.
  db = await freshDb();
  Object.assign(process.env, alipay.env(), { ISTORE_SANDBOX: '1' });
  // A store in mainland China: it sells in CNY (Alipay's domestic API takes CNY only), as domestic-currency.test does.
  const d = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  try {
    await d.query(`UPDATE settings SET value = jsonb_set(value, '{defaultCurrency}', '{"currencyType":"CNY","currencyCode":"¥"}') WHERE key = 'payment'`);
    await d.query('DELETE FROM exchange_rates');
    await d.query(`INSERT INTO exchange_rates (currency, symbol, rate, is_base, sort) VALUES ('CNY', '¥', 1, true, 0), ('CAD', '$', 0.19, false, 1)`);
  } finally {
    await d.close();
  }
  srv = await startServer(db, { config: { allowSandbox: true, reservationMaxOpenPerAddress: 1000, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000, reconcileAfterSeconds: 0, refundRetryBaseMs: 1 } });
  alipay.deliverTo = srv.base;
});
after(async () => {
  await srv?.close();
  await db?.cleanup();
  await alipay.stop();
  for (const k of [...Object.keys(alipay.env()), 'ISTORE_SANDBOX']) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
});

const q = (sql: string, params: unknown[] = []) => srv.app.db.query(sql, params).then((r) => r.rows);
const attemptOf = async (orderID: string) => (await q(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)]))[0];
const beijingToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A reserved order sent to Alipay's cashier from a desktop browser (the trade exists once the page is opened). */
async function cashierOrder() {
  const s = new Shopper(srv.base);
  const orderID = await reservedDelivery(s);
  const started = ok(await s.post('/shoppingManagement4/requestAlipayH5Payment', { orderID, returnUrlInfo: srv.base }, { headers: { 'user-agent': DESKTOP } }));
  assert.equal((await fetch(started.redirectUrl)).status, 200);
  return { orderID, attempt: await attemptOf(orderID) };
}

const moneyState = async () => JSON.stringify({
  orders: await q(`SELECT id, status, payment_status, refunded FROM orders ORDER BY id`),
  attempts: await q(`SELECT id, status, updated_at FROM payment_attempts ORDER BY id`),
  refunds: await q(`SELECT id, status, provider_outcome, provider_outcome_at FROM refunds ORDER BY id`),
  items: await q(`SELECT provider, day, kind, ref, action, first_run FROM reconcile_items ORDER BY kind, ref`),
});

describe('a Beijing day of Alipay with one of each discrepancy its bill can show', () => {
  const day = beijingToday();
  const reconcile = () => deskOf(srv, 'reconcile')('--provider', 'alipay', '--date', day, '--by', 'test');
  const o: Record<string, { orderID: string; attempt: any }> = {};
  let refundId = '';

  before(async () => {
    o.lost = await cashierOrder();
    alipay.pay(o.lost.attempt.id); // its notification never came
    o.refunded = await cashierOrder();
    alipay.pay(o.refunded.attempt.id);
    assert.equal((await alipay.send(alipay.notification(o.refunded.attempt.id))).status, 200);
    const record = await srv.app.db.tx((tx) => requestRefund(tx, { orderID: o.refunded.orderID, amount: 500, reason: 'test', key: `ali-recon-${o.refunded.orderID}` }));
    refundId = record.id;
    await srv.app.refundWorker.tick();
    assert.equal((await q(`SELECT status FROM refunds WHERE id = $1`, [refundId]))[0].status, 'DONE');
    // Alipay took the refund request and then did not make it: the day's bill has no such refund.
    alipay.trades.get(o.refunded.attempt.id)!.refunds.delete(refundId);
    o.phantom = await cashierOrder();
    assert.equal(await settleAttempt(srv.app.db, o.phantom.attempt.id, 'PAID'), 'PAID');
    o.short = await cashierOrder();
    alipay.pay(o.short.attempt.id, { totalAmount: amountText(o.short.attempt.amount - 100, 'CNY'), currency: 'CNY' });
    assert.equal((await alipay.send(alipay.notification(o.short.attempt.id))).status, 200);
    assert.equal((await attemptOf(o.short.orderID)).status, 'PENDING', 'the store refused the other amount');
  });

  test('the report, exit 2; the lost payment applied once', async () => {
    const run = await reconcile();
    assert.equal(run.code, 2, run.stderr);
    console.log(`---- Alipay ----\n${run.stdout}`);
    const text = run.stdout;
    const trade = (x: { attempt: any }) => alipay.trades.get(x.attempt.id)!.tradeNo;
    assert.match(text, new RegExp(`^reconciliation of alipay for ${day} \\(Asia/Shanghai\\): DISCREPANCIES\n  statement lines: 3, matched: 1\n`));
    assert.match(text, new RegExp(`  missing at the store: 1\n    APPLIED  ${trade(o.lost)}  order ${o.lost.orderID}  paid at the provider, not recorded by the store`));
    assert.match(text, new RegExp(`  missing at the provider: 2\n    FLAGGED  ${o.phantom.attempt.id}  order ${o.phantom.orderID}  .*\n    FLAGGED  ${refundId}  order ${o.refunded.orderID}  the store sent refund ${refundId} of 5\\.00 CNY; the provider's statement of the day does not have it\n`));
    assert.match(text, new RegExp(`  amount or currency differs: 1\n    FLAGGED  ${trade(o.short)}  order ${o.short.orderID}  provider holds ${((o.short.attempt.amount - 100) / 100).toFixed(2)} CNY, the store's attempt is ${(o.short.attempt.amount / 100).toFixed(2)} CNY \\(PENDING\\)\n`));
    assert.match(text, /  refunds stuck: 0\n/);
    const fee = (n: number) => Math.round(n * FEE_RATE);
    const fees = fee(o.lost.attempt.amount) + fee(o.refunded.attempt.amount) + fee(o.short.attempt.amount - 100);
    assert.match(text, new RegExp(`  fees: 3 \\(${(fees / 100).toFixed(2)} CNY\\)\n`));
    assert.deepEqual((await q(`SELECT status, payment_status FROM orders WHERE id = $1`, [Number(o.lost.orderID)]))[0], { status: 'NEW', payment_status: 'PAID_ONLINE' });
    const listed = await deskOf(srv, 'attention')();
    assert.match(listed.stdout, new RegExp(`statement  alipay:${day}:MISSING_AT_PROVIDER:${refundId}  order ${o.refunded.orderID}  `));
  });

  test('a second run changes nothing, exit 2', async () => {
    const before = await moneyState();
    const run = await reconcile();
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /statement lines: 3, matched: 2\n  missing at the store: 0\n  missing at the provider: 2\n/);
    assert.equal(await moneyState(), before);
  });

  test('the bill cannot be had (the gateway down, a forged answer): exit 1, nothing changed', async () => {
    const before = await moneyState();
    alipay.failNext('alipay.data.dataservice.bill.downloadurl.query', { status: 502 });
    const down = await reconcile();
    assert.equal(down.code, 1);
    assert.match(down.stdout, /: FAILED\n  the statement could not be had: /);
    alipay.failNext('alipay.data.dataservice.bill.downloadurl.query', { badSignature: true });
    const forged = await reconcile();
    assert.equal(forged.code, 1);
    assert.equal(await moneyState(), before);
  });
});

describe('the bill\'s readers', () => {
  const HEADER = '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
  const line = (f: Record<string, string>) => HEADER.split(',').map((h) => `${f[h] ?? ''}\t`).join(',');
  const file = (...lines: string[]) => ['#支付宝业务明细查询', '#账号：[20880000000000010156]', HEADER, ...lines, '#交易合计：1笔，退款合计：1笔', ''].join('\r\n');
  const cases: [string, string, unknown[] | RegExp][] = [
    ['a payment and a refund; fields end with a tab; other business types skipped', file(
      line({ 支付宝交易号: '2026120122001', 商户订单号: 'att1', 业务类型: '交易', 完成时间: '2026-12-01 10:00:00', '订单金额（元）': '12.30', '服务费（元）': '-0.07' }),
      line({ 支付宝交易号: '2026120122001', 商户订单号: 'att1', 业务类型: '退款', '订单金额（元）': '-2.30', '退款批次号/请求号': 'rf_1', '服务费（元）': '0.01' }),
      line({ 支付宝交易号: '2026120122009', 商户订单号: 'x', 业务类型: '结算', '订单金额（元）': '1.00' })),
    [{ kind: 'PAYMENT', attemptId: 'att1', refundId: null, amount: 1230, currency: 'CNY', fee: 7 }, { kind: 'REFUND', attemptId: 'att1', refundId: 'rf_1', amount: 230, fee: -1 }]],
    ['cut before its closing # lines', ['#支付宝业务明细查询', HEADER, line({ 商户订单号: 'a', 业务类型: '交易', '订单金额（元）': '1.00' })].join('\r\n'), /does not end with its # summary lines/],
    ['not a 业务明细 file', '#支付宝业务汇总查询\r\n门店编号,门店名称\r\n#end', /not a 业务明细 file/],
    ['not an amount', file(line({ 商户订单号: 'a', 业务类型: '交易', '订单金额（元）': '1,00' })), /fields/],
  ];
  for (const [name, text, expect] of cases) {
    test(name, () => {
      if (expect instanceof RegExp) return assert.throws(() => parseBusinessDetail(text), expect);
      const lines = parseBusinessDetail(text);
      assert.deepEqual(lines.map((l, i) => Object.fromEntries(Object.keys(expect[i] as object).map((k) => [k, (l as any)[k]]))), expect);
    });
  }
  test('zip: GBK names and content read back; a damaged archive refused', () => {
    const data = gbk('#支付宝业务明细查询\r\n');
    const zip = zipOf([{ name: '2088_20261201_业务明细.csv', data }]);
    const [f] = unzip(zip);
    assert.equal(f.name, '2088_20261201_业务明细.csv');
    assert.equal(new TextDecoder('gbk').decode(f.data), '#支付宝业务明细查询\r\n');
    const damaged = Buffer.from(zip);
    damaged[30 + gbk('2088_20261201_业务明细.csv').length + 1] ^= 0xff; // inside the packed data
    assert.throws(() => unzip(damaged), /checksum|invalid|incorrect/i);
    assert.throws(() => unzip(Buffer.from('<html>下载超时</html>')), /not a zip archive/);
  });
});
