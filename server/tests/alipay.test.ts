/**
 * Alipay (payments/alipay.ts, alipay-sdk) through the whole server against the gateway double (doubles/alipay.ts), on
 * the cross-border API (the demo store sells in CAD: trans_currency CAD): mini-program trades for the signed-in Alipay
 * buyer, wap and page cashiers; notifications applied once, forged / tampered / other-app ones refused with nothing
 * changed; the client's report never taken for a payment; a lost notification healed by reconciliation; a wrong
 * amount not applied; close on void; money arriving for a voided order refunded; a refund retried after a provider
 * failure under the same out_request_no. Runs on PGlite and (DATABASE_URL) PostgreSQL.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { freshDb, isError, ok, reservedDelivery, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';
import { refundIdOf } from '../src/services/refunds.ts';
import { expireReservations, requestRefund } from '../src/orders/lifecycle.ts';
import { createPaymentProvider } from '../src/payments/index.ts';
import { loadConfig } from '../src/config.ts';
import { amountText } from '../src/payments/alipay.ts';
import { AlipayDouble } from './doubles/alipay.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

const double = new AlipayDouble('global');
let db: TestDb;
let srv: Running;
const saved = { ...process.env };

before(async () => {
  await double.start();
  Object.assign(process.env, double.env());
  // Real credentials beside the sandbox, here and for the test template this process may build: a sandbox start on
  // purpose (ISTORE_SANDBOX=1; security probe 2026-12-01 N1).
  process.env.ISTORE_SANDBOX = '1';
  db = await freshDb();
  // The workers are driven by the tests (tick()), never by their own timers.
  srv = await startServer(db, { config: { allowSandbox: true, reservationMaxOpenPerAddress: 1000, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000, reconcileAfterSeconds: 0, refundRetryBaseMs: 1 } });
  double.deliverTo = srv.base;
});
after(async () => {
  delete process.env.ISTORE_SANDBOX;
  await srv?.close();
  await db?.cleanup();
  await double.stop();
  for (const k of Object.keys(double.env())) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
});

const attemptOf = async (orderID: string) =>
  (await srv.app.db.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)])).rows[0];
const orderOf = async (orderID: string) => (await srv.app.db.query(`SELECT * FROM orders WHERE id = $1`, [Number(orderID)])).rows[0];
const state = async (s: Shopper, orderID: string, resultCode?: string) => {
  const r = ok(await s.post('/shoppingManagement4/checkAlipayPaymentStatus', { orderID, ...(resultCode ? { resultCode } : {}) }));
  return `${r.status}/${r.paymentStatus}`;
};

/** A shopper signed in with Alipay in the mini-program (my.getAuthCode's code), with a reserved order. */
async function alipayShopper(name: string) {
  const s = new Shopper(srv.base);
  // Alipay is configured, so the code goes to the double's alipay.system.oauth.token: a 2088 user_id per name.
  const userId = `2088${crypto.createHash('sha256').update(name).digest('hex').replace(/\D/g, '').padEnd(12, '0').slice(0, 12)}`;
  ok(await s.post('/alipay/login', { code: double.authCode({ user_id: userId }) }));
  const orderID = await reservedDelivery(s);
  return { s, orderID };
}

/** A reserved order sent to Alipay's cashier from a browser; the shopper's browser opened the gateway URL. */
async function cashierOrder(userAgent = DESKTOP) {
  const s = new Shopper(srv.base);
  const orderID = await reservedDelivery(s);
  const started = ok(await s.post('/shoppingManagement4/requestAlipayH5Payment', { orderID, returnUrlInfo: srv.base }, { headers: { 'user-agent': userAgent } }));
  const opened = await fetch(started.redirectUrl);
  assert.equal(opened.status, 200, await opened.clone().text());
  const attempt = await attemptOf(orderID);
  return { s, orderID, started, attempt };
}

describe('starting payments', () => {
  test('configuration: Alipay serves its two channels, the checkout offers them', async () => {
    const online = ok(await new Shopper(srv.base).get('/shoppingManagement4/paymentConfig')).onlineProviders;
    assert.equal(srv.app.paymentProvider.providerName('ALIPAY_MINI_PROGRAM'), 'alipay');
    assert.equal(srv.app.paymentProvider.providerName('ALIPAY_H5'), 'alipay');
    assert.ok(online.provider.split(',').includes('alipay'));
    assert.ok(online.alipayMiniProgram && online.h5Channels.includes('ALIPAY_H5'));
  });

  test('a partial or malformed configuration stops the start naming the variable', () => {
    const env = double.env();
    const router = (over: Record<string, string | undefined>) => createPaymentProvider(loadConfig({}), { ...env, ...over });
    assert.throws(() => router({ ALIPAY_PUBLIC_KEY_FILE: undefined }), /ALIPAY_PUBLIC_KEY_FILE is missing/);
    assert.throws(() => router({ ALIPAY_APP_ID: 'app' }), /ALIPAY_APP_ID must be/);
    assert.throws(() => router({ ALIPAY_PRIVATE_KEY_FILE: '/nonexistent/key.pem' }), /ALIPAY_PRIVATE_KEY_FILE: cannot read/);
    assert.throws(() => router({ ALIPAY_PRIVATE_KEY_FILE: env.ALIPAY_PUBLIC_KEY_FILE }), /ALIPAY_PRIVATE_KEY_FILE: .* is not an RSA private key/);
    assert.throws(() => router({ ALIPAY_API: 'china' }), /ALIPAY_API must be global or domestic/);
    assert.throws(() => router({ PUBLIC_URL: undefined }), /PUBLIC_URL/);
  });

  test('mini-program: alipay.trade.create for the signed-in buyer answers the trade_no my.tradePay opens; the client\'s report alone pays nothing', async () => {
    const { s, orderID } = await alipayShopper('amy');
    const started = ok(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID }));
    const attempt = await attemptOf(orderID);
    const trade = double.trades.get(attempt.id)!;
    assert.equal(trade.method, 'alipay.trade.create');
    assert.equal(started.tradeNO, trade.tradeNo);
    assert.equal(attempt.provider_ref, trade.tradeNo);
    assert.deepEqual([trade.biz.product_code, trade.biz.total_amount, trade.biz.trans_currency], ['JSAPI_PAY', amountText(attempt.amount, 'CAD'), 'CAD']);
    assert.match(trade.biz.buyer_id, /^2088\d{12}$/, 'the buyer is the Alipay id of the shopper\'s sign-in');
    // The order's stock hold as the trade's deadline (issue 39 item 5): whole minutes, at most the hold (30 by default).
    const minutes = Number(/^(\d+)m$/.exec(trade.biz.timeout_express)?.[1]);
    assert.ok(minutes >= 1 && minutes <= 30, `timeout_express ${trade.biz.timeout_express}`);
    assert.match(attempt.id, /^[A-Za-z0-9_]{1,64}$/, 'out_trade_no inside Alipay\'s rule');
    assert.equal(trade.common.notify_url, 'https://shop.test/api/istore/notify/alipay');

    assert.equal(await state(s, orderID, '9000'), 'INTERIM/NOT_PAID', 'my.tradePay said 9000, Alipay says WAIT_BUYER_PAY');
    double.pay(attempt.id);
    const sent = await double.send(double.notification(attempt.id));
    assert.deepEqual([sent.status, sent.body], [200, 'success']);
    assert.equal(await state(s, orderID), 'NEW/PAID_ONLINE');
  });

  test('mini-program: without a sign-in or an auth code the shopper is told to sign in, a guest\'s auth code names the buyer; the notification before the client\'s report, then the report answers paid', async () => {
    const guest = new Shopper(srv.base);
    const guestOrder = await reservedDelivery(guest);
    const refused = isError(await guest.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID: guestOrder }), 400);
    assert.match(refused.message, /Sign in with Alipay/);
    isError(await guest.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID: guestOrder, authCode: 'not-a-code' }), 400);
    const withCode = ok(await guest.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID: guestOrder, authCode: double.authCode({ user_id: '2088000000000777' }) }));
    const guestTrade = double.trades.get((await attemptOf(guestOrder)).id)!;
    assert.equal(withCode.tradeNO, guestTrade.tradeNo, 'a guest\'s my.getAuthCode code names the buyer');
    assert.equal(guestTrade.biz.buyer_id, '2088000000000777');

    const { s, orderID } = await alipayShopper('early');
    ok(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID }));
    const attempt = await attemptOf(orderID);
    double.pay(attempt.id);
    assert.equal((await double.send(double.notification(attempt.id))).body, 'success');
    assert.equal(await state(s, orderID, '9000'), 'NEW/PAID_ONLINE');
  });

  test('mini-program: the shopper leaves my.tradePay (6001): the trade is closed at Alipay and the attempt fails', async () => {
    const { s, orderID } = await alipayShopper('leaver');
    ok(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID }));
    const attempt = await attemptOf(orderID);
    assert.equal(await state(s, orderID, '6001'), 'FAILED/FAILED');
    assert.equal(double.trades.get(attempt.id)!.status, 'TRADE_CLOSED');
  });

  test('phone: alipay.trade.wap.pay (QUICK_WAP_WAY) with return_url and quit_url back to the store', async () => {
    const { orderID, attempt } = await cashierOrder(PHONE);
    const trade = double.trades.get(attempt.id)!;
    assert.equal(trade.method, 'alipay.trade.wap.pay');
    assert.deepEqual([trade.biz.product_code, trade.biz.total_amount, trade.biz.trans_currency], ['QUICK_WAP_WAY', amountText(attempt.amount, 'CAD'), 'CAD']);
    assert.equal(trade.common.return_url, `${srv.base}/confirmationa/alipay_h5/${orderID}`);
    assert.equal(trade.biz.quit_url, trade.common.return_url);
  });

  test('desktop: alipay.trade.page.pay (FAST_INSTANT_TRADE_PAY, trans_currency CAD); a tampered gateway URL is refused by Alipay', async () => {
    const { started, attempt } = await cashierOrder(DESKTOP);
    const trade = double.trades.get(attempt.id)!;
    assert.deepEqual([trade.method, trade.biz.product_code, trade.biz.trans_currency], ['alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY', 'CAD']);
    const url = new URL(started.redirectUrl);
    assert.equal(url.origin + url.pathname, `${double.baseUrl}/gateway.do`);
    const refusedBefore = double.refusedRequests;
    url.searchParams.set('biz_content', url.searchParams.get('biz_content')!.replace(/"total_amount":"[\d.]+"/, '"total_amount":"0.01"'));
    assert.equal((await fetch(url)).status, 400);
    assert.equal(double.refusedRequests, refusedBefore + 1);
  });

  test('Alipay failing (5xx), answering with a bad signature or late: a 502 or the late answer, never a payment', async () => {
    const { s, orderID } = await alipayShopper('faults');
    double.failNext('alipay.trade.create', { status: 502 });
    isError(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID }), 502);
    double.failNext('alipay.trade.create', { badSignature: true });
    isError(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID }), 502);
    double.failNext('alipay.trade.create', { delayMs: 300 });
    const late = ok(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID }));
    assert.equal(late.tradeNO, double.trades.get((await attemptOf(orderID)).id)!.tradeNo);
    assert.equal(await state(s, orderID), 'INTERIM/NOT_PAID');
  });
});

describe('notifications', () => {
  test('applied once; repeated ones change nothing; forged, tampered and other-app ones are refused with nothing changed', async () => {
    const { s, orderID, attempt } = await cashierOrder();
    double.pay(attempt.id);
    const forged = await double.send(double.notification(attempt.id, { signWith: double.app.privateKey }));
    assert.deepEqual([forged.status, forged.body], [400, 'fail']);
    const tampered = double.notification(attempt.id).replace(/total_amount=[\d.]+/, 'total_amount=0.01');
    assert.equal((await double.send(tampered)).body, 'fail');
    assert.equal((await double.send(double.notification(attempt.id, { appId: '2021004199999999' }))).body, 'fail');
    assert.equal((await double.send('')).body, 'fail');
    assert.equal((await attemptOf(orderID)).status, 'PENDING');
    assert.equal((await orderOf(orderID)).payment_status, 'NOT_PAID');

    const note = double.notification(attempt.id);
    assert.equal((await double.send(note)).body, 'success');
    assert.equal((await attemptOf(orderID)).status, 'PAID');
    const settledAt = (await orderOf(orderID)).settled_at;
    assert.equal((await double.send(note)).body, 'success', 'Alipay\'s retry of the same notification is acknowledged');
    assert.equal((await double.send(double.notification(attempt.id))).body, 'success');
    assert.deepEqual((await orderOf(orderID)).settled_at, settledAt, 'and changes nothing');
    assert.equal(await state(s, orderID), 'NEW/PAID_ONLINE');
  });

  test('a paid amount or currency other than the order\'s is not applied', async () => {
    const { s, orderID, attempt } = await cashierOrder();
    double.pay(attempt.id, { totalAmount: amountText(attempt.amount - 1, 'CAD'), currency: 'CAD' });
    assert.equal((await double.send(double.notification(attempt.id))).body, 'success');
    assert.equal((await attemptOf(orderID)).status, 'PENDING');
    assert.equal(await state(s, orderID), 'INTERIM/NOT_PAID', 'the status check\'s query is not applied either');

    const other = await cashierOrder();
    double.pay(other.attempt.id, { totalAmount: amountText(other.attempt.amount, 'CAD'), currency: 'CNY' });
    assert.equal((await double.send(double.notification(other.attempt.id))).body, 'success');
    assert.equal((await attemptOf(other.orderID)).status, 'PENDING');
  });

  test('a lost notification is healed by reconciliation (alipay.trade.query)', async () => {
    const { s, orderID, attempt } = await cashierOrder(PHONE);
    double.pay(attempt.id);
    await srv.app.paymentSync.tick();
    assert.equal((await attemptOf(orderID)).status, 'PAID');
    assert.equal((await orderOf(orderID)).payment_status, 'PAID_ONLINE');
    assert.ok(double.calls.includes('alipay.trade.query'));
    assert.equal(await state(s, orderID), 'NEW/PAID_ONLINE');
  });
});

describe('void, close and refunds', () => {
  test('an attempt voided with its order is closed at Alipay (alipay.trade.close), retried after a failure', async () => {
    const { orderID, attempt } = await cashierOrder();
    await expireReservations(srv.app.db, 0);
    assert.equal((await attemptOf(orderID)).status, 'VOID');
    double.failNext('alipay.trade.close', { status: 503 }, attempt.id);
    await waitFor('the retried close', async () => {
      await srv.app.paymentSync.tick();
      return double.trades.get(attempt.id)!.status === 'TRADE_CLOSED' ? true : undefined;
    });
    assert.ok(double.faulted.includes(`alipay.trade.close ${attempt.id}`), 'the first close failed');
    assert.equal((await attemptOf(orderID)).close_due_at, null);
  });

  test('a payment that arrives for a voided order is refunded', async () => {
    const { orderID, attempt } = await cashierOrder();
    double.pay(attempt.id);
    await expireReservations(srv.app.db, 0);
    await srv.app.paymentSync.tick(); // the close is refused (ACQ.TRADE_STATUS_ERROR): the payment is applied to the void attempt
    assert.equal((await attemptOf(orderID)).status, 'NEEDS_REFUND');
    await srv.app.refundWorker.tick();
    assert.equal((await attemptOf(orderID)).status, 'REFUNDED');
    const trade = double.trades.get(attempt.id)!;
    assert.equal(trade.refunds.get(refundIdOf(`stray-payment:${attempt.id}`)), amountText(attempt.amount, 'CAD'));
    assert.equal((await orderOf(orderID)).payment_status, 'NOT_PAID');
  });

  test('a refund refused by Alipay (5xx) is retried under the same out_request_no and done once', async () => {
    const { orderID, attempt } = await cashierOrder();
    double.pay(attempt.id);
    assert.equal((await double.send(double.notification(attempt.id))).body, 'success');
    const record = await srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 500, reason: 'test', key: `ali-refund-${orderID}` }));
    double.failNext('alipay.trade.refund', { status: 500 }, attempt.id);
    await srv.app.refundWorker.tick();
    assert.ok(double.faulted.includes(`alipay.trade.refund ${attempt.id}`), 'the first refund call failed');
    await waitFor('the retried refund', async () => {
      await srv.app.refundWorker.tick();
      return (await srv.app.db.query(`SELECT status FROM refunds WHERE id = $1`, [record.id])).rows[0].status === 'DONE' ? true : undefined;
    });
    const trade = double.trades.get(attempt.id)!;
    assert.deepEqual([...trade.refunds], [[record.id, '5.00']]);
  });
});
