// test-run: own process (sets IOTPAY_*, SNAPPAY_*, WECHAT_*, PUBLIC_URL, CHANNEL_PROVIDERS and ISTORE_SANDBOX in process.env)
/**
 * WeChat through the acquirers (issue 39 items 1, 2 and 5) through the whole server, two Canadian stores (CAD):
 *   - one whose mini-program and WeChat-browser payments go through IOTPay (CHANNEL_PROVIDERS=WECHAT_MINI_PROGRAM=iotpay,
 *     NATIVE_WECHAT_JSAPI=iotpay): create_order WX_JSAPI minipay for the openid of the mini-program's own sign-in
 *     (jscode2session at the WeChat double), payForSubmit's page in the WeChat browser;
 *   - one whose mini-program pays through SnapPay (CHANNEL_PROVIDERS=WECHAT_MINI_PROGRAM=snappay): pay.minipay;
 * each pays, is notified, queried (a lost notification healed by the sync worker), refunded; a voided attempt is
 * closed where the provider can close, queried until the provider's deadline, and a late payment on it is found and
 * refunded once. The start refuses a channel given to a provider that cannot serve it (exit 1, naming the channel).
 * Doubles: doubles/iotpay.ts, doubles/snappay.ts, doubles/wechat.ts (each citing its pages).
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freshDb, ok, reservedDelivery, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';
import { refusedServerProcess } from './serverProcess.ts';
import { expireReservations, requestRefund } from '../src/orders/lifecycle.ts';
import { IotPayDouble } from './doubles/iotpay.ts';
import { SnapPayDouble } from './doubles/snappay.ts';
import { WeChatDouble } from './doubles/wechat.ts';

const WORKERS_BY_HAND = { allowSandbox: true, reservationMaxOpenPerAddress: 1000, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000, reconcileAfterSeconds: 0, refundRetryBaseMs: 1 };
const PUBLIC_URL = 'https://shop.example.ca';

const iotpay = new IotPayDouble();
const snappay = new SnapPayDouble();
const iotApp = { appId: iotpay.boundMiniProgramAppId, secret: crypto.randomBytes(16).toString('hex'), unionBound: false };
const snapApp = { appId: snappay.boundMiniProgramAppId, secret: crypto.randomBytes(16).toString('hex'), unionBound: false };
const weChat = new WeChatDouble([iotApp, snapApp]);
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acquirer-wechat-'));
fs.writeFileSync(path.join(keyDir, 'iotpay'), iotpay.merchantKey);
fs.writeFileSync(path.join(keyDir, 'snappay'), snappay.signKey);

interface Store { name: string; db: TestDb; srv: Running; app: typeof iotApp }
const stores: Record<'iot' | 'snap', Store> = {} as any;
const saved = { ...process.env };
const ENV_KEYS = ['IOTPAY_MERCHANT_ID', 'IOTPAY_LOGIN_NAME', 'IOTPAY_MERCHANT_KEY_FILE', 'IOTPAY_BASE_URL', 'SNAPPAY_APP_ID', 'SNAPPAY_MERCHANT_NO',
  'SNAPPAY_SIGN_KEY_FILE', 'SNAPPAY_GATEWAY_URL', 'WECHAT_MINI_PROGRAM_APPID', 'WECHAT_MINI_PROGRAM_SECRET', 'WECHAT_API_BASE_URL', 'PUBLIC_URL',
  'CHANNEL_PROVIDERS', 'ISTORE_SANDBOX'];
function useEnv(env: Record<string, string>) {
  for (const k of ENV_KEYS) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
  Object.assign(process.env, env);
}
const iotEnv = () => ({
  IOTPAY_MERCHANT_ID: iotpay.merchantId, IOTPAY_LOGIN_NAME: iotpay.loginName, IOTPAY_MERCHANT_KEY_FILE: path.join(keyDir, 'iotpay'), IOTPAY_BASE_URL: iotpay.baseUrl,
  WECHAT_MINI_PROGRAM_APPID: iotApp.appId, WECHAT_MINI_PROGRAM_SECRET: iotApp.secret, WECHAT_API_BASE_URL: weChat.baseUrl, PUBLIC_URL,
  CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=iotpay,NATIVE_WECHAT_JSAPI=iotpay',
  // Real credentials beside the sandbox: a sandbox start on purpose (security probe 2026-12-01 N1).
  ISTORE_SANDBOX: '1',
});
const snapEnv = () => ({
  SNAPPAY_APP_ID: snappay.appId, SNAPPAY_MERCHANT_NO: snappay.merchantNo, SNAPPAY_SIGN_KEY_FILE: path.join(keyDir, 'snappay'), SNAPPAY_GATEWAY_URL: snappay.baseUrl,
  WECHAT_MINI_PROGRAM_APPID: snapApp.appId, WECHAT_MINI_PROGRAM_SECRET: snapApp.secret, WECHAT_API_BASE_URL: weChat.baseUrl, PUBLIC_URL,
  CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=snappay',
  ISTORE_SANDBOX: '1',
});

async function openStore(key: 'iot' | 'snap', env: Record<string, string>, app: typeof iotApp) {
  const db = await freshDb();
  useEnv(env);
  const srv = await startServer(db, { config: WORKERS_BY_HAND });
  stores[key] = { name: key, db, srv, app };
}

before(async () => {
  await iotpay.start();
  await snappay.start();
  await weChat.start();
  await openStore('iot', iotEnv(), iotApp);
  await openStore('snap', snapEnv(), snapApp);
});
after(async () => {
  for (const s of Object.values(stores)) {
    await s.srv?.close();
    await s.db?.cleanup();
  }
  await Promise.all([iotpay.stop(), snappay.stop(), weChat.stop()]);
  useEnv({});
  fs.rmSync(keyDir, { recursive: true, force: true });
});

const attemptOf = async (st: Store, orderID: string) =>
  (await st.srv.app.db.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)])).rows[0];
const state = async (st: Store, s: Shopper, orderID: string) => {
  const r = ok(await s.get(`/common3/orderStatus/${orderID}`));
  return `${r.status}/${r.paymentStatus}`;
};
/** A mini-program payment started with wx.login's code, which the server turns into the openid (jscode2session). */
async function miniProgramOrder(st: Store) {
  const s = new Shopper(st.srv.base);
  const orderID = await reservedDelivery(s);
  const person = `person-${crypto.randomBytes(3).toString('hex')}`;
  const started = ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, wechatCode: weChat.issueCode(st.app.appId, person) }));
  const attempt = await attemptOf(st, orderID);
  return { s, orderID, started, attempt, openId: weChat.openIdOf(st.app.appId, person) };
}
const postNotify = async (st: Store, provider: string, body: string, type: string) => {
  const res = await fetch(`${st.srv.base}/api/istore/notify/${provider}`, { method: 'POST', headers: { 'content-type': type }, body });
  return { status: res.status, body: await res.text() };
};
const FORM = 'application/x-www-form-urlencoded';

describe('a Canadian store whose mini-program and WeChat browser pay through IOTPay', () => {
  test('paymentConfig offers both WeChat channels, served by IOTPay', async () => {
    const st = stores.iot;
    const config = ok(await new Shopper(st.srv.base).get('/shoppingManagement4/paymentConfig'));
    assert.equal(config.onlineProviders.weChatMiniProgram, true);
    assert.equal(config.onlineProviders.weChatJsApi, true);
    assert.equal(st.srv.app.paymentProvider.providerName('WECHAT_MINI_PROGRAM'), 'iotpay');
  });

  test('pay: WX_JSAPI minipay for the sign-in\'s openid; wx.requestPayment parameters back; the deadline kept', async () => {
    const st = stores.iot;
    const { started, attempt, openId } = await miniProgramOrder(st);
    const order = iotpay.byMchOrderNo(attempt.id);
    assert.deepEqual(order.extra, { openId, type: 'minipay', appId: iotApp.appId }, 'the openid jscode2session gave for the shop\'s own mini-program');
    assert.equal(started.weChatOpenId, openId);
    assert.equal(started.weChatPayInfo.appId, iotApp.appId);
    assert.match(started.weChatPayInfo.package, /^prepay_id=/);
    assert.deepEqual([order.amount, order.currency, order.notifyUrl], [attempt.amount, 'CAD', `${PUBLIC_URL}/api/istore/notify/iotpay`]);
    assert.equal(attempt.provider_ref, order.payOrderId);
    assert.match(attempt.id, /^[A-Za-z0-9]{24}$/);
    assert.ok(attempt.pay_by && attempt.payable_until, 'the hold\'s end and IOTPay\'s (assumed) deadline kept');
  });

  test('notification: a signed paid notify settles the order once (answered success); a tampered one changes nothing', async () => {
    const st = stores.iot;
    const { s, orderID, attempt } = await miniProgramOrder(st);
    iotpay.pay(attempt.id);
    const forged = await postNotify(st, 'iotpay', iotpay.notifyBody(attempt.id, (p) => { p.amount = '1'; }), FORM);
    assert.equal(forged.body, 'fail');
    assert.equal(await state(st, s, orderID), 'INTERIM/NOT_PAID');
    assert.deepEqual(await postNotify(st, 'iotpay', iotpay.notifyBody(attempt.id), FORM), { status: 200, body: 'success' });
    assert.equal(await state(st, s, orderID), 'NEW/PAID_ONLINE');
    assert.deepEqual(await postNotify(st, 'iotpay', iotpay.notifyBody(attempt.id), FORM), { status: 200, body: 'success' }, 'again: nothing more');
  });

  test('query: a lost notification healed by the sync worker (query_order)', async () => {
    const st = stores.iot;
    const { s, orderID, attempt } = await miniProgramOrder(st);
    iotpay.pay(attempt.id);
    await st.srv.app.paymentSync.tick();
    assert.equal(await state(st, s, orderID), 'NEW/PAID_ONLINE');
  });

  test('refund: refund_order of the payOrderId, by the refund worker', async () => {
    const st = stores.iot;
    const { orderID, attempt } = await miniProgramOrder(st);
    iotpay.pay(attempt.id);
    assert.equal((await postNotify(st, 'iotpay', iotpay.notifyBody(attempt.id), FORM)).body, 'success');
    const record = await st.srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 300, reason: 'test', key: `iot-refund-${orderID}` }));
    await st.srv.app.refundWorker.tick();
    assert.deepEqual(iotpay.refunds.get(record.id), { payOrderId: attempt.provider_ref, amount: 300 });
  });

  test('WeChat browser: IOTPay\'s payForSubmit page instead of getBrandWCPayRequest; its notify (param1) settles the order', async () => {
    const st = stores.iot;
    const s = new Shopper(st.srv.base);
    const orderID = await reservedDelivery(s);
    const started = ok(await s.post('/shoppingManagement4/requestNativePayH5Payment?wechatCode=not-exchanged', { orderID }));
    const attempt = await attemptOf(st, orderID);
    const order = iotpay.byMchOrderNo(attempt.id);
    assert.equal(started.redirectUrl, `${iotpay.baseUrl}/wechat/jsapi?payOrderId=${order.payOrderId}`);
    assert.equal(attempt.channel, 'NATIVE_WECHAT_JSAPI');
    assert.match(order.returnUrl, new RegExp(`/confirmation\\?from_source=weixin_js&status=ok&oid=${orderID}$`));
    iotpay.pay(attempt.id);
    assert.equal((await postNotify(st, 'iotpay', iotpay.notifyBody(attempt.id), FORM)).body, 'success');
    assert.equal(await state(st, s, orderID), 'NEW/PAID_ONLINE');
  });

  test('void: IOTPay has no close; the voided attempt is queried until its deadline, and a late payment is found and refunded once', async () => {
    const st = stores.iot;
    const { orderID, attempt } = await miniProgramOrder(st);
    await expireReservations(st.srv.app.db, 0);
    assert.equal((await attemptOf(st, orderID)).status, 'VOID');
    await st.srv.app.paymentSync.tick();
    assert.equal((await attemptOf(st, orderID)).close_due_at, null, 'nothing to close at IOTPay');
    // The shopper pays on the sheet still open; IOTPay's notification is lost.
    iotpay.pay(attempt.id);
    await waitFor('the late payment found', async () => {
      await st.srv.app.paymentSync.tick();
      return (await attemptOf(st, orderID)).status === 'NEEDS_REFUND' || undefined;
    });
    await st.srv.app.refundWorker.tick();
    await st.srv.app.refundWorker.tick();
    await st.srv.app.paymentSync.tick();
    const returned = [...iotpay.refunds.values()].filter((r) => r.payOrderId === attempt.provider_ref);
    assert.equal(returned.length, 1, 'refunded once');
    assert.equal(returned[0].amount, attempt.amount);
    assert.equal(iotpay.byMchOrderNo(attempt.id).refunded, attempt.amount);
    // The lost notification arriving at last changes nothing.
    assert.equal((await postNotify(st, 'iotpay', iotpay.notifyBody(attempt.id), FORM)).body, 'success');
    await st.srv.app.refundWorker.tick();
    assert.equal(iotpay.byMchOrderNo(attempt.id).refunded, attempt.amount);
  });
});

describe('a Canadian store whose mini-program pays through SnapPay', () => {
  test('pay: pay.minipay for the sign-in\'s openid, effective_minutes from the hold; wx.requestPayment parameters back', async () => {
    const st = stores.snap;
    const { started, attempt, openId } = await miniProgramOrder(st);
    const order = snappay.order(attempt.id);
    assert.deepEqual([order.method, order.payUserAccountId, order.currency, order.notifyUrl], ['pay.minipay', openId, 'CAD', `${PUBLIC_URL}/api/istore/notify/snappay`]);
    assert.ok(order.effectiveMinutes! >= 29 && order.effectiveMinutes! <= 30, `the 30-minute hold (${order.effectiveMinutes})`);
    assert.equal(started.weChatPayInfo.appId, snapApp.appId);
    const until = new Date(attempt.payable_until).getTime() - new Date(attempt.created_at).getTime();
    assert.ok(until > 28 * 60_000 && until < 32 * 60_000, 'SnapPay takes it until effective_minutes');
  });

  test('notification, query, refund', async () => {
    const st = stores.snap;
    const a = await miniProgramOrder(st);
    snappay.pay(a.attempt.id);
    assert.deepEqual(await postNotify(st, 'snappay', snappay.notificationBody(a.attempt.id), 'application/json'), { status: 200, body: '{"code":"0","msg":"SUCCESS"}' });
    assert.equal(await state(st, a.s, a.orderID), 'NEW/PAID_ONLINE');
    const b = await miniProgramOrder(st);
    snappay.pay(b.attempt.id);
    await st.srv.app.paymentSync.tick();
    assert.equal(await state(st, b.s, b.orderID), 'NEW/PAID_ONLINE', 'a lost notification healed by pay.orderquery');
    const record = await st.srv.app.db.tx((q) => requestRefund(q, { orderID: b.orderID, amount: 250, reason: 'test', key: `snap-refund-${b.orderID}` }));
    await st.srv.app.refundWorker.tick();
    assert.deepEqual(snappay.refunds.get(record.id), { outOrderNo: b.attempt.id, cents: 250 });
  });

  test('void: closed with pay.ordercancel, and the watch ends; paid before the cancel arrives is refunded once', async () => {
    const st = stores.snap;
    const closed = await miniProgramOrder(st);
    const paidLate = await miniProgramOrder(st);
    await expireReservations(st.srv.app.db, 0);
    snappay.pay(paidLate.attempt.id);
    await waitFor('both voided attempts dealt with', async () => {
      await st.srv.app.paymentSync.tick();
      const [c, p] = [await attemptOf(st, closed.orderID), await attemptOf(st, paidLate.orderID)];
      return (c.payable_until === null && p.status === 'NEEDS_REFUND') || undefined;
    });
    assert.equal(snappay.order(closed.attempt.id).status, 'CLOSE');
    await st.srv.app.refundWorker.tick();
    await st.srv.app.refundWorker.tick();
    assert.equal(snappay.order(paidLate.attempt.id).refunded, snappay.order(paidLate.attempt.id).cents, 'refunded, once');
    assert.equal([...snappay.refunds.values()].filter((r) => r.outOrderNo === paidLate.attempt.id).length, 1);
  });
});

test('the start refuses a channel given to a provider that cannot serve it: exit 1, naming the channel and why', async () => {
  const { code, stderr } = await refusedServerProcess({ ...snapEnv(), CHANNEL_PROVIDERS: 'NATIVE_WECHAT_JSAPI=snappay' });
  assert.equal(code, 1, stderr);
  assert.match(stderr, /CHANNEL_PROVIDERS: NATIVE_WECHAT_JSAPI cannot be served by snappay/);
});
