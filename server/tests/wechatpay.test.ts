/**
 * WeChat Pay (payments/wechatpay.ts) through the whole server against the protocol double (doubles/wechatpay.ts), on
 * the cross-border API (the demo store sells in CAD): mini-program, JSAPI, H5 and Native payments; notifications
 * applied once, forged / stale / replayed ones refused with nothing changed; the client's report never taken for a
 * payment; a lost notification healed by reconciliation; a wrong amount not applied; close on void; money arriving for
 * a voided order refunded; a refund retried after a provider failure; a refund WeChat Pay accepted and then reports
 * ABNORMAL kept and listed by `npm run attention` until its SUCCESS. Runs on PGlite and (DATABASE_URL) PostgreSQL.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deskOf, freshDb, isError, ok, reservedDelivery, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';
import { refundIdOf } from '../src/services/refunds.ts';
import { expireReservations, requestRefund } from '../src/orders/lifecycle.ts';
import { createPaymentProvider } from '../src/payments/index.ts';
import { loadConfig } from '../src/config.ts';
import { WeChatDouble } from './doubles/wechat.ts';
import { WeChatPayDouble } from './doubles/wechatpay.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

const double = new WeChatPayDouble('global');
/** WeChat itself (OAuth codes → openid), the identity provider's double, with the same apps. */
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
  Object.assign(process.env, double.env(weChat.baseUrl));
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
  await weChat.stop();
  for (const k of Object.keys(double.env(''))) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
});

const attemptOf = async (orderID: string) =>
  (await srv.app.db.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)])).rows[0];
const orderOf = async (orderID: string) => (await srv.app.db.query(`SELECT * FROM orders WHERE id = $1`, [Number(orderID)])).rows[0];
const state = async (s: Shopper, orderID: string) => {
  const r = ok(await s.post('/shoppingManagement4/checkNativePayPaymentStatus', { orderID }));
  return `${r.status}/${r.paymentStatus}`;
};
const verifiesWithMerchantKey = (info: { appId: string; timeStamp: string; nonceStr: string; package: string; paySign: string }) =>
  crypto.verify('RSA-SHA256', Buffer.from(`${info.appId}\n${info.timeStamp}\n${info.nonceStr}\n${info.package}\n`, 'utf8'),
    double.merchant.publicKey, Buffer.from(info.paySign, 'base64'));

/** A reserved order paid on the H5 channel from a desktop (Native), the order paid at the double. */
async function nativeOrder() {
  const s = new Shopper(srv.base);
  const orderID = await reservedDelivery(s);
  const started = ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }, { headers: { 'user-agent': DESKTOP } }));
  const attempt = await attemptOf(orderID);
  return { s, orderID, started, attempt };
}

describe('starting payments', () => {
  test('configuration: WeChat Pay serves its three channels, the checkout offers them', async () => {
    const s = new Shopper(srv.base);
    const online = ok(await s.get('/shoppingManagement4/paymentConfig')).onlineProviders;
    assert.ok(online.provider.split(',').includes('wechatpay'));
    assert.equal(srv.app.paymentProvider.providerName('WECHAT_MINI_PROGRAM'), 'wechatpay');
    assert.equal(srv.app.paymentProvider.providerName('NATIVE_WECHAT_JSAPI'), 'wechatpay');
    assert.equal(srv.app.paymentProvider.providerName('NATIVE_WECHAT_H5'), 'wechatpay');
    assert.ok(online.weChatMiniProgram && online.weChatJsApi && online.h5Channels.includes('NATIVE_WECHAT_H5'));
  });

  test('a partial or malformed configuration stops the start naming the variable', () => {
    const env = double.env(weChat.baseUrl);
    const router = (over: Record<string, string | undefined>) => createPaymentProvider(loadConfig({}), { ...env, ...over });
    assert.throws(() => router({ WECHATPAY_APIV3_KEY: undefined }), /WECHATPAY_APIV3_KEY is missing/);
    assert.throws(() => router({ WECHATPAY_APIV3_KEY: 'short' }), /WECHATPAY_APIV3_KEY must be the 32-character APIv3 key/);
    assert.throws(() => router({ WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent/key.pem' }), /WECHATPAY_PRIVATE_KEY_FILE: cannot read/);
    assert.throws(() => router({ WECHATPAY_PUBLIC_KEY_FILE: env.WECHATPAY_PRIVATE_KEY_FILE.replace('apiclient_key', 'missing') }), /WECHATPAY_PUBLIC_KEY_FILE/);
    assert.throws(() => router({ WECHATPAY_MERCHANT_CATEGORY_CODE: undefined }), /WECHATPAY_MERCHANT_CATEGORY_CODE/);
    assert.throws(() => router({ PUBLIC_URL: undefined }), /PUBLIC_URL/);
  });

  test('mini-program: a JSAPI order for the openid, the sheet parameters signed over the documented string; the client\'s report alone pays nothing', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    const started = ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, weChatOpenId: 'o-mini-shopper' }));
    const attempt = await attemptOf(orderID);
    const order = double.orders.get(attempt.id)!;
    assert.equal(order.kind, 'jsapi');
    assert.deepEqual([order.appid, order.openid, order.total, order.currency], [double.miniProgramAppId, 'o-mini-shopper', attempt.amount, 'CAD']);
    assert.equal(order.notifyUrl, 'https://shop.test/api/istore/notify/wechatpay');
    assert.equal(started.prepay_id, order.prepayId);
    assert.equal(attempt.provider_ref, order.prepayId);
    const info = started.weChatPayInfo;
    assert.deepEqual([info.appId, info.package, info.signType], [double.miniProgramAppId, `prepay_id=${order.prepayId}`, 'RSA']);
    assert.ok(verifiesWithMerchantKey(info), 'paySign verifies with the merchant public key');
    assert.ok(!verifiesWithMerchantKey({ ...info, package: 'prepay_id=other' }));

    const reported = ok(await s.post('/shoppingManagement4/processWeChatMiniProgramPayment/success', { orderID, weChatOpenId: 'o-mini-shopper' }));
    assert.deepEqual([reported.status, reported.paymentStatus], ['INTERIM', 'NOT_PAID'], 'WeChat Pay says NOTPAY');

    double.pay(attempt.id);
    const sent = await double.send(double.paymentNotification(attempt.id));
    assert.equal(sent.status, 204);
    assert.equal(await state(s, orderID), 'NEW/PAID_ONLINE');
  });

  test('mini-program: the notification before the client\'s report; the report then answers paid', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, weChatOpenId: 'o-early' }));
    const attempt = await attemptOf(orderID);
    double.pay(attempt.id);
    assert.equal((await double.send(double.paymentNotification(attempt.id))).status, 204);
    const reported = ok(await s.post('/shoppingManagement4/processWeChatMiniProgramPayment/success', { orderID, weChatOpenId: 'o-early' }));
    assert.deepEqual([reported.status, reported.paymentStatus], ['NEW', 'PAID_ONLINE']);
  });

  test('mini-program: the shopper closes the sheet: the order is closed at WeChat Pay and the attempt fails', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, weChatOpenId: 'o-cancel' }));
    const attempt = await attemptOf(orderID);
    const r = ok(await s.post('/shoppingManagement4/processWeChatMiniProgramPayment/error', { orderID, errorMessage: 'requestPayment:fail cancel' }));
    assert.deepEqual([r.status, r.paymentStatus], ['FAILED', 'FAILED']);
    assert.equal(double.orders.get(attempt.id)!.state, 'CLOSED');
  });

  test('WeChat browser (JSAPI): the official account\'s order and signed getBrandWCPayRequest parameters', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    const code = weChat.issueCode(double.officialAccountAppId, 'browser-shopper');
    // The client names the provider as the spec says (WECHATPAY); another name is refused before WeChat is asked.
    isError(await s.post(`/shoppingManagement4/requestNativePayH5Payment?provider=PAYPAL&wechatCode=${code}`, { orderID }), 400);
    const started = ok(await s.post(`/shoppingManagement4/requestNativePayH5Payment?provider=WECHATPAY&wechatCode=${code}`, { orderID }));
    const attempt = await attemptOf(orderID);
    assert.equal(attempt.channel, 'NATIVE_WECHAT_JSAPI');
    const order = double.orders.get(attempt.id)!;
    assert.deepEqual([order.kind, order.appid, order.openid], ['jsapi', double.officialAccountAppId, weChat.openIdOf(double.officialAccountAppId, 'browser-shopper')]);
    assert.equal(started.weChatPayInfo.appId, double.officialAccountAppId);
    assert.ok(verifiesWithMerchantKey(started.weChatPayInfo));
  });

  test('H5 on a phone: redirect to h5_url with redirect_url back to the return URL', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    const started = ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID, returnUrlInfo: srv.base }, { headers: { 'user-agent': PHONE } }));
    const attempt = await attemptOf(orderID);
    const order = double.orders.get(attempt.id)!;
    assert.equal(order.kind, 'h5');
    assert.equal(order.body.scene_info.payer_client_ip, '127.0.0.1');
    const url = new URL(started.redirectUrl);
    assert.equal(url.origin + url.pathname, 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb');
    assert.equal(url.searchParams.get('redirect_url'), `${srv.base}/confirmation?from_source=weixin_h5X${orderID}`);
    assert.equal(started.qrCode, undefined);
  });

  test('Native on a desktop: the code_url as qrCode, the shopper stays on the return page', async () => {
    const { orderID, started, attempt } = await nativeOrder();
    const order = double.orders.get(attempt.id)!;
    assert.equal(order.kind, 'native');
    assert.match(started.qrCode, /^weixin:\/\/wxpay\/bizpayurl/);
    assert.equal(new URL(started.redirectUrl, srv.base).pathname, '/confirmation');
    assert.equal(new URL(started.redirectUrl, srv.base).searchParams.get('from_source'), `weixin_h5X${orderID}`);
  });

  test('WeChat Pay failing (5xx), answering with a bad signature or late: a 502 or the late answer, never a payment', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    double.failNext(/native$/, { status: 500 });
    isError(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }, { headers: { 'user-agent': DESKTOP } }), 502);
    double.failNext(/native$/, { badSignature: true });
    isError(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }, { headers: { 'user-agent': DESKTOP } }), 502);
    double.failNext(/native$/, { delayMs: 300 });
    const late = ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }, { headers: { 'user-agent': DESKTOP } }));
    assert.match(late.qrCode, /^weixin:/);
    assert.equal(await state(s, orderID), 'INTERIM/NOT_PAID');
  });
});

describe('notifications', () => {
  test('applied once; repeated ones change nothing; forged, stale, replayed and unknown-serial ones are refused with nothing changed', async () => {
    const { s, orderID, attempt } = await nativeOrder();
    double.pay(attempt.id);
    const forged = await double.send(double.paymentNotification(attempt.id, { signWith: double.merchant.privateKey }));
    assert.equal(forged.status, 400);
    assert.equal(JSON.parse(forged.body).code, 'FAIL');
    assert.equal((await double.send(double.paymentNotification(attempt.id, { ageSeconds: 360 }))).status, 400);
    assert.equal((await double.send(double.paymentNotification(attempt.id, { serial: 'PUB_KEY_ID_OTHER' }))).status, 400);
    const tampered = double.paymentNotification(attempt.id);
    assert.equal((await double.send({ ...tampered, body: tampered.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') })).status, 400);
    assert.equal((await attemptOf(orderID)).status, 'PENDING');
    assert.equal((await orderOf(orderID)).payment_status, 'NOT_PAID');

    const note = double.paymentNotification(attempt.id);
    assert.equal((await double.send(note)).status, 204);
    assert.equal((await attemptOf(orderID)).status, 'PAID');
    const settledAt = (await orderOf(orderID)).settled_at;
    const replayed = await double.send(note);
    assert.equal(replayed.status, 400, 'the same nonce again is a replay');
    assert.equal((await double.send(double.paymentNotification(attempt.id))).status, 204, 'a repeated notification is acknowledged');
    assert.deepEqual((await orderOf(orderID)).settled_at, settledAt, 'and changes nothing');
    assert.equal(await state(s, orderID), 'NEW/PAID_ONLINE');
  });

  test('a paid amount other than the order\'s is not applied', async () => {
    const { s, orderID, attempt } = await nativeOrder();
    double.pay(attempt.id, { total: attempt.amount - 1, currency: 'CAD' });
    assert.equal((await double.send(double.paymentNotification(attempt.id))).status, 204);
    assert.equal((await attemptOf(orderID)).status, 'PENDING');
    assert.equal(await state(s, orderID), 'INTERIM/NOT_PAID', 'the status check\'s query is not applied either');
  });

  test('a lost notification is healed by reconciliation', async () => {
    const { s, orderID, attempt } = await nativeOrder();
    double.pay(attempt.id);
    await srv.app.paymentSync.tick();
    assert.equal((await attemptOf(orderID)).status, 'PAID');
    assert.equal((await orderOf(orderID)).payment_status, 'PAID_ONLINE');
    assert.ok(double.calls.some((c) => c.startsWith(`GET /v3/global/transactions/out-trade-no/${attempt.id}?mchid=`)));
    assert.equal(await state(s, orderID), 'NEW/PAID_ONLINE');
  });
});

describe('void, close and refunds', () => {
  test('an attempt voided with its order is closed at WeChat Pay', async () => {
    const { orderID, attempt } = await nativeOrder();
    await expireReservations(srv.app.db, 0);
    assert.equal((await attemptOf(orderID)).status, 'VOID');
    double.failNext(new RegExp(`${attempt.id}/close$`), { status: 503 });
    await srv.app.paymentSync.tick();
    assert.equal(double.orders.get(attempt.id)!.state, 'NOTPAY', 'the first close failed');
    await waitFor('the retried close', async () => {
      await srv.app.paymentSync.tick();
      return double.orders.get(attempt.id)!.state === 'CLOSED' ? true : undefined;
    });
    assert.equal((await attemptOf(orderID)).close_due_at, null);
  });

  test('a payment that arrives for a voided order is refunded', async () => {
    const { orderID, attempt } = await nativeOrder();
    double.pay(attempt.id);
    await expireReservations(srv.app.db, 0);
    await srv.app.paymentSync.tick(); // the close is refused (ORDERPAID): the payment is applied to the void attempt
    assert.equal((await attemptOf(orderID)).status, 'NEEDS_REFUND');
    await srv.app.refundWorker.tick();
    assert.equal((await attemptOf(orderID)).status, 'REFUNDED');
    const refund = double.refunds.get(refundIdOf(`stray-payment:${attempt.id}`))!;
    assert.deepEqual([refund.outTradeNo, refund.refund, refund.currency], [attempt.id, attempt.amount, 'CAD']);
    assert.equal((await orderOf(orderID)).payment_status, 'NOT_PAID');
  });

  test('a refund refused by WeChat Pay (5xx) is retried under the same out_refund_no and done once; its notification is acknowledged', async () => {
    const { orderID, attempt } = await nativeOrder();
    double.pay(attempt.id);
    assert.equal((await double.send(double.paymentNotification(attempt.id))).status, 204);
    const record = await srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 500, reason: 'test', key: `wx-refund-${orderID}` }));
    double.failNext(/refunds$/, { status: 500 });
    await srv.app.refundWorker.tick();
    const failed = (await srv.app.db.query(`SELECT * FROM refunds WHERE id = $1`, [record.id])).rows[0];
    assert.equal(failed.status, 'PENDING');
    assert.match(failed.last_error, /WeChat Pay 500 SYSTEM_ERROR/);
    await waitFor('the retried refund', async () => {
      await srv.app.refundWorker.tick();
      return (await srv.app.db.query(`SELECT status FROM refunds WHERE id = $1`, [record.id])).rows[0].status === 'DONE' ? true : undefined;
    });
    const refund = double.refunds.get(record.id)!;
    assert.deepEqual([refund.outTradeNo, refund.refund, refund.total], [attempt.id, 500, attempt.amount]);
    assert.equal([...double.refunds.values()].filter((r) => r.outTradeNo === attempt.id).length, 1);
    assert.equal((await double.send(double.refundNotification(record.id))).status, 204);
    assert.equal((await double.send(double.refundNotification(record.id, 'SUCCESS', { signWith: double.merchant.privateKey }))).status, 400);
  });

  test('a refund WeChat Pay accepted and then reports ABNORMAL is listed for the operator until WeChat Pay says SUCCESS', async () => {
    const { orderID, attempt } = await nativeOrder();
    double.pay(attempt.id);
    assert.equal((await double.send(double.paymentNotification(attempt.id))).status, 204);
    const record = await srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 700, reason: 'test', key: `wx-abnormal-${orderID}` }));
    await srv.app.refundWorker.tick();
    const outcome = async () => (await srv.app.db.query(`SELECT status, provider_outcome FROM refunds WHERE id = $1`, [record.id])).rows[0];
    assert.deepEqual(await outcome(), { status: 'DONE', provider_outcome: null }, 'accepted (PROCESSING at WeChat Pay)');
    const attention = deskOf(srv, 'attention');

    assert.equal((await double.send(double.refundNotification(record.id, 'ABNORMAL'))).status, 204);
    assert.deepEqual(await outcome(), { status: 'DONE', provider_outcome: 'ABNORMAL' }, 'not sent again: the operator re-routes it');
    const listed = await attention();
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, new RegExp(`  refund    ${record.id}  order ${orderID}  \\$7\\.00  accepted by the provider, then ended ABNORMAL: .*return it by hand\n`));

    // The merchant re-routed it at WeChat Pay: its SUCCESS clears it; a late ABNORMAL after that changes nothing.
    assert.equal((await double.send(double.refundNotification(record.id, 'SUCCESS'))).status, 204);
    assert.equal((await outcome()).provider_outcome, 'SUCCESS');
    assert.equal((await double.send(double.refundNotification(record.id, 'ABNORMAL'))).status, 204);
    assert.equal((await outcome()).provider_outcome, 'SUCCESS');
    assert.doesNotMatch((await attention()).stdout, new RegExp(record.id));
  });
});
