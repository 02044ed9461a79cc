/**
 * The store currency and the providers' domestic APIs (issue 25 item 8). The demo store sells in CAD; a store in
 * mainland China sells in CNY and uses WeChat Pay's and Alipay's domestic APIs (WECHATPAY_API=domestic,
 * ALIPAY_API=domestic), which take CNY only. Here: a start with a domestic API in a CAD store is refused naming the
 * setting; the same store turned into a CNY store (its `payment` setting and exchange-rate base) starts, its carts and
 * orders are in CNY, and each domestic API pays, is notified, queried, refunded and closed through the protocol doubles
 * in domestic mode (WeChat Pay's /v3/pay/… and /v3/refund/domestic/refunds; Alipay's methods without trans_currency),
 * with the amount and currency the double received equal to the order total in CNY. Runs on PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { freshDb, ok, reservedDelivery, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';
import { openDb } from '../src/db/index.ts';
import { expireReservations, requestRefund } from '../src/orders/lifecycle.ts';
import { amountText } from '../src/payments/alipay.ts';
import { WeChatDouble } from './doubles/wechat.ts';
import { WeChatPayDouble } from './doubles/wechatpay.ts';
import { AlipayDouble } from './doubles/alipay.ts';

const wechatPay = new WeChatPayDouble('domestic');
const alipay = new AlipayDouble('domestic');
const weChat = new WeChatDouble([
  { appId: wechatPay.miniProgramAppId, secret: wechatPay.miniProgramSecret, unionBound: false },
  { appId: wechatPay.officialAccountAppId, secret: wechatPay.officialAccountSecret, unionBound: false },
]);
const WORKERS_BY_HAND = { allowSandbox: true, reservationMaxOpenPerAddress: 1000, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000, reconcileAfterSeconds: 0, refundRetryBaseMs: 1 };
let db: TestDb;
let srv: Running;
const saved = { ...process.env };
const env = () => ({ ...wechatPay.env(weChat.baseUrl), ...alipay.env() });

/** Runs `work` on the store's database while no server has it open. */
async function onDatabase(work: (q: { query: (sql: string, params?: unknown[]) => Promise<unknown> }) => Promise<void>) {
  const d = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  try {
    await work(d);
  } finally {
    await d.close();
  }
}

before(async () => {
  await wechatPay.start();
  await alipay.start();
  await weChat.start();
  db = await freshDb();
});
after(async () => {
  await srv?.close();
  await db?.cleanup();
  await wechatPay.stop();
  await alipay.stop();
  await weChat.stop();
  for (const k of Object.keys(env())) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
});

describe('the store currency decides which API may start', () => {
  test('WECHATPAY_API=domestic or ALIPAY_API=domestic in a CAD store stops the start naming the setting', async () => {
    Object.assign(process.env, env());
    await assert.rejects(startServer(db, { config: WORKERS_BY_HAND }),
      /Refusing to start: WECHATPAY_API=domestic .*takes CNY only, and the store sells in CAD .*set WECHATPAY_API=global/);
    // WeChat Pay's cross-border API takes the order's own currency; Alipay's domestic one still refuses CAD.
    Object.assign(process.env, { WECHATPAY_API: 'global', WECHATPAY_MERCHANT_CATEGORY_CODE: '5812' });
    await assert.rejects(startServer(db, { config: WORKERS_BY_HAND }),
      /Refusing to start: ALIPAY_API=domestic .*takes CNY only, and the store sells in CAD .*set ALIPAY_API=global/);
    delete process.env.WECHATPAY_MERCHANT_CATEGORY_CODE;
    Object.assign(process.env, env());
  });

  test('a store currency other than the exchange rates\' base stops the start naming both', async () => {
    await onDatabase(async (q) => {
      await q.query(`UPDATE settings SET value = jsonb_set(value, '{defaultCurrency}', '{"currencyType":"CNY","currencyCode":"¥"}') WHERE key = 'payment'`);
    });
    await assert.rejects(startServer(db, { config: WORKERS_BY_HAND }), /exchange rates' base currency \(exchange_rates\.is_base\) is CAD, and the store sells in CNY/);
  });

  test('a CNY store starts on both domestic APIs; its cart, order and checkout speak CNY', async () => {
    await onDatabase(async (q) => {
      await q.query('DELETE FROM exchange_rates');
      await q.query(`INSERT INTO exchange_rates (currency, symbol, rate, is_base, sort) VALUES ('CNY', '¥', 1, true, 0), ('CAD', '$', 0.19, false, 1)`);
    });
    srv = await startServer(db, { config: WORKERS_BY_HAND });
    wechatPay.deliverTo = srv.base;
    alipay.deliverTo = srv.base;
    const s = new Shopper(srv.base);
    assert.equal(ok(await s.get('/shoppingManagement4/myCart')).currency, 'CNY', 'the empty cart');
    const orderID = await reservedDelivery(s);
    assert.equal(ok(await s.get('/shoppingManagement4/myCart')).currency, 'CNY');
    assert.equal((await orderOf(orderID)).currency, 'CNY');
    assert.equal(ok(await s.get('/shoppingManagement4/paymentConfig')).currency, 'CNY');
    const rates = ok(await s.get('/common3/exchangeRates/'));
    assert.deepEqual([rates.base, rates.decimals.CNY], ['CNY', 2]);
    const info = ok(await s.get('/common3/appInfoInit'));
    assert.deepEqual(info.appContent.system.payment.defaultCurrency, { currencyType: 'CNY', currencyCode: '¥' });
  });
});

const attemptOf = async (orderID: string) =>
  (await srv.app.db.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)])).rows[0];
const orderOf = async (orderID: string) => (await srv.app.db.query(`SELECT * FROM orders WHERE id = $1`, [Number(orderID)])).rows[0];
const refundedOnce = async (refundId: string) => {
  await waitFor('the refund', async () => {
    await srv.app.refundWorker.tick();
    return (await srv.app.db.query(`SELECT status FROM refunds WHERE id = $1`, [refundId])).rows[0].status === 'DONE' ? true : undefined;
  });
};

describe('WeChat Pay, domestic API (WECHATPAY_API=domestic)', () => {
  test('mini-program: a JSAPI order at /v3/pay/transactions/jsapi for the order total in fen, CNY; queried, notified, paid', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    const order = await orderOf(orderID);
    const started = ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, weChatOpenId: 'o-cny-shopper' }));
    const attempt = await attemptOf(orderID);
    const placed = wechatPay.orders.get(attempt.id)!;
    assert.ok(wechatPay.calls.includes('POST /v3/pay/transactions/jsapi'));
    assert.equal(placed.kind, 'jsapi');
    assert.deepEqual(placed.body.amount, { total: order.total, currency: 'CNY' }, 'the order total in fen, in CNY');
    assert.ok(!('trade_type' in placed.body) && !('merchant_category_code' in placed.body));
    // The store's hold as WeChat Pay's deadline, in Beijing time to the second (deadlines.ts wechatTimeExpire).
    assert.match(placed.body.time_expire, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    assert.ok(attempt.pay_by, 'the attempt keeps the end of the order\'s hold');
    assert.equal(Date.parse(placed.body.time_expire), Math.floor(new Date(attempt.pay_by).getTime() / 1000) * 1000);
    assert.equal(started.weChatPayInfo.package, `prepay_id=${placed.prepayId}`);

    const reported = ok(await s.post('/shoppingManagement4/processWeChatMiniProgramPayment/success', { orderID, weChatOpenId: 'o-cny-shopper' }));
    assert.deepEqual([reported.status, reported.paymentStatus], ['INTERIM', 'NOT_PAID'], 'the query says NOTPAY');
    assert.ok(wechatPay.calls.some((c) => c.startsWith(`GET /v3/pay/transactions/out-trade-no/${attempt.id}?mchid=`)));

    wechatPay.pay(attempt.id);
    assert.equal((await wechatPay.send(wechatPay.paymentNotification(attempt.id))).status, 204);
    assert.equal((await attemptOf(orderID)).status, 'PAID');
    assert.equal((await orderOf(orderID)).payment_status, 'PAID_ONLINE');
  });

  test('a payment notified in another currency than the order\'s CNY is not applied', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, weChatOpenId: 'o-cny-other' }));
    const attempt = await attemptOf(orderID);
    wechatPay.pay(attempt.id, { total: attempt.amount, currency: 'CAD' });
    assert.equal((await wechatPay.send(wechatPay.paymentNotification(attempt.id))).status, 204);
    assert.equal((await attemptOf(orderID)).status, 'PENDING');
  });

  test('refund through /v3/refund/domestic/refunds in CNY; close on void at /v3/pay/transactions/out-trade-no/{id}/close', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, weChatOpenId: 'o-cny-refund' }));
    const attempt = await attemptOf(orderID);
    wechatPay.pay(attempt.id);
    assert.equal((await wechatPay.send(wechatPay.paymentNotification(attempt.id))).status, 204);
    const record = await srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 500, reason: 'test', key: `cny-refund-${orderID}` }));
    await refundedOnce(record.id);
    assert.ok(wechatPay.calls.includes('POST /v3/refund/domestic/refunds'));
    const refund = wechatPay.refunds.get(record.id)!;
    assert.equal(refund.outTradeNo, attempt.id);
    assert.deepEqual(refund.body.amount, { refund: 500, total: (await orderOf(orderID)).total, currency: 'CNY' });

    const open = new Shopper(srv.base);
    const unpaid = await reservedDelivery(open);
    ok(await open.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID: unpaid, weChatOpenId: 'o-cny-close' }));
    const voided = await attemptOf(unpaid);
    await expireReservations(srv.app.db, 0);
    await waitFor('the close', async () => {
      await srv.app.paymentSync.tick();
      return wechatPay.orders.get(voided.id)!.state === 'CLOSED' ? true : undefined;
    });
    assert.ok(wechatPay.calls.includes(`POST /v3/pay/transactions/out-trade-no/${voided.id}/close`));
  });
});

/** A shopper signed in with Alipay in the mini-program, with a reserved order. */
async function alipayShopper(name: string) {
  const s = new Shopper(srv.base);
  const userId = `2088${crypto.createHash('sha256').update(name).digest('hex').replace(/\D/g, '').padEnd(12, '0').slice(0, 12)}`;
  ok(await s.post('/alipay/login', { code: alipay.authCode({ user_id: userId }) }));
  return { s, orderID: await reservedDelivery(s) };
}

describe('Alipay, domestic API (ALIPAY_API=domestic)', () => {
  test('mini-program: alipay.trade.create for the order total in yuan, no trans_currency; queried, notified, paid', async () => {
    const { s, orderID } = await alipayShopper('cny-amy');
    const order = await orderOf(orderID);
    const started = ok(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID }));
    const attempt = await attemptOf(orderID);
    const trade = alipay.trades.get(attempt.id)!;
    assert.equal(trade.method, 'alipay.trade.create');
    assert.equal(started.tradeNO, trade.tradeNo);
    assert.equal(trade.biz.total_amount, amountText(order.total, 'CNY'), 'the order total in yuan with 2 decimals');
    assert.match(trade.biz.total_amount, /^\d+\.\d{2}$/);
    assert.equal(trade.currency, 'CNY');
    assert.ok(!('trans_currency' in trade.biz) && !('settle_currency' in trade.biz));

    const checked = ok(await s.post('/shoppingManagement4/checkAlipayPaymentStatus', { orderID, resultCode: '9000' }));
    assert.deepEqual([checked.status, checked.paymentStatus], ['INTERIM', 'NOT_PAID'], 'alipay.trade.query says WAIT_BUYER_PAY');
    assert.ok(alipay.calls.includes('alipay.trade.query'));

    alipay.pay(attempt.id);
    const sent = await alipay.send(alipay.notification(attempt.id));
    assert.deepEqual([sent.status, sent.body], [200, 'success']);
    assert.equal((await orderOf(orderID)).payment_status, 'PAID_ONLINE');
  });

  test('alipay.trade.refund without refund_currency; alipay.trade.close on void', async () => {
    const { s, orderID } = await alipayShopper('cny-ben');
    ok(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID }));
    const attempt = await attemptOf(orderID);
    alipay.pay(attempt.id);
    assert.equal((await alipay.send(alipay.notification(attempt.id))).status, 200);
    assert.equal((await attemptOf(orderID)).status, 'PAID');
    const record = await srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 500, reason: 'test', key: `cny-ali-refund-${orderID}` }));
    await refundedOnce(record.id);
    assert.equal(alipay.trades.get(attempt.id)!.refunds.get(record.id), '5.00', '500 fen are 5.00 yuan');

    const other = await alipayShopper('cny-cat');
    ok(await other.s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID: other.orderID }));
    const voided = await attemptOf(other.orderID);
    await expireReservations(srv.app.db, 0);
    await waitFor('the close', async () => {
      await srv.app.paymentSync.tick();
      return alipay.trades.get(voided.id)!.status === 'TRADE_CLOSED' ? true : undefined;
    });
    assert.ok(alipay.calls.includes('alipay.trade.close'));
  });
});
