/**
 * A production store taking real payments (issue 25, "a production-mode test"): the real entry point (src/index.ts)
 * with NODE_ENV=production, PUBLIC_URL set and no ISTORE_SANDBOX, every real provider configured against its protocol
 * double (WeChat Pay and WeChat sign-in, Alipay, PayPal, SnapPay, IOTPay). It starts; the checkout offers exactly the
 * configured channels and no sandbox one; a shopper pays on each channel, each payment is settled by the double's
 * signed notification or by the store's query at the provider, and the order then shows paid.
 *
 * The test sees the store as the shopper and the providers do: over HTTP, through what the doubles recorded. The
 * database is the demo store's (seeded by a development start) with the demo account's password changed, as an
 * operator must before production starts (server/README.md "Production defaults"). Runs on PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { hashPassword } from '../src/lib/password.ts';
import { DEMO_EMAIL } from '../src/seed/index.ts';
import { freshDb, ok, isError, reservedDelivery, Shopper, startServer, waitFor, type TestDb } from './helpers.ts';
import { AlipayDouble } from './doubles/alipay.ts';
import { startIotPayDouble, type IotPayDouble } from './doubles/iotpay.ts';
import { startPayPalDouble, type PayPalDouble } from './doubles/paypal.ts';
import { startSnapPayDouble, type SnapPayDouble } from './doubles/snappay.ts';
import { WeChatDouble } from './doubles/wechat.ts';
import { WeChatPayDouble } from './doubles/wechatpay.ts';
import { nodeArgs } from './entry.mjs';

const PUBLIC_URL = 'https://shop.test';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const serverDir = path.resolve(import.meta.dirname, '..');

const wechatPay = new WeChatPayDouble('global');
const weChat = new WeChatDouble([
  { appId: wechatPay.miniProgramAppId, secret: wechatPay.miniProgramSecret, unionBound: false },
  { appId: wechatPay.officialAccountAppId, secret: wechatPay.officialAccountSecret, unionBound: false },
]);
const alipay = new AlipayDouble('global');
let paypal: PayPalDouble;
let snappay: SnapPayDouble;
let iotpay: IotPayDouble;
let keyDir: string;
let db: TestDb;
let child: ChildProcess | undefined;
let stderr = '';
let base = '';

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

before(async () => {
  await Promise.all([wechatPay.start(), weChat.start(), alipay.start()]);
  [paypal, snappay, iotpay] = await Promise.all([startPayPalDouble(), startSnapPayDouble(), startIotPayDouble()]);
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prod-gateway-keys-'));
  fs.writeFileSync(path.join(keyDir, 'snappay'), snappay.signKey);
  fs.writeFileSync(path.join(keyDir, 'iotpay'), iotpay.merchantKey);

  // The store's database: the demo store (a development start seeds a fresh PostgreSQL database; PGlite's is a copy of
  // the seeded template), its demo account given a password of the operator's own.
  db = await freshDb();
  const dev = await startServer(db);
  await dev.app.db.query('UPDATE users SET password_hash = $1 WHERE lower(email) = $2', [await hashPassword('the-operator-chose-this-1'), DEMO_EMAIL]);
  await dev.close();

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production', PUBLIC_URL, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn',
    DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '', STATIC_DIR: db.dataDir,
    ...wechatPay.env(weChat.baseUrl, PUBLIC_URL),
    ...alipay.env(PUBLIC_URL),
    PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_WEBHOOK_ID: paypal.webhookId, PAYPAL_BASE_URL: paypal.baseUrl,
    SNAPPAY_APP_ID: snappay.appId, SNAPPAY_MERCHANT_NO: snappay.merchantNo, SNAPPAY_SIGN_KEY_FILE: path.join(keyDir, 'snappay'), SNAPPAY_GATEWAY_URL: snappay.baseUrl,
    IOTPAY_MERCHANT_ID: iotpay.merchantId, IOTPAY_LOGIN_NAME: iotpay.loginName, IOTPAY_MERCHANT_KEY_FILE: path.join(keyDir, 'iotpay'), IOTPAY_BASE_URL: iotpay.baseUrl,
  };
  for (const k of ['ISTORE_SANDBOX', 'SEED', 'PAYMENT_PROVIDER', 'IDENTITY_PROVIDER', 'PAYMENT_H5_CHANNELS', 'PLAIN_HTTP', 'PUBLIC_ORIGIN']) delete env[k];
  child = spawn(process.execPath, nodeArgs('src/index.ts'), { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', (d) => (stderr += d));
  base = `http://127.0.0.1:${port}`;
  await waitFor('the production server to answer', async () => {
    if (child!.exitCode !== null) throw new Error(`the production server exited with ${child!.exitCode}: ${stderr}`);
    return (await fetch(`${base}/api/istore/client/health`).then((r) => r.ok, () => false)) || undefined;
  }, 60_000);
  wechatPay.deliverTo = base;
  alipay.deliverTo = base;
  paypal.webhookUrl = `${base}/api/istore/notify/paypal`;
});

after(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await db?.cleanup();
  await Promise.all([wechatPay.stop(), weChat.stop(), alipay.stop(), paypal?.stop(), snappay?.stop(), iotpay?.stop()]);
  if (keyDir) fs.rmSync(keyDir, { recursive: true, force: true });
});

/** The order as its shopper sees it (the confirmation page's stored state, no provider asked). */
const shown = async (s: Shopper, orderID: string) => {
  const r = ok(await s.get(`/common3/orderStatus/${orderID}`));
  return `${r.status}/${r.paymentStatus}`;
};
const PAID = 'NEW/PAID_ONLINE';
const UNPAID = 'INTERIM/NOT_PAID';
/** Posts a gateway's notification to the path of the notify URL it was given (PUBLIC_URL is not this test's address). */
const deliver = async (notifyUrl: string, body: string, type: string) => {
  const url = new URL(notifyUrl);
  assert.equal(url.origin, PUBLIC_URL, 'notifications are addressed to PUBLIC_URL');
  const res = await fetch(`${base}${url.pathname}`, { method: 'POST', headers: { 'content-type': type }, body });
  return { status: res.status, body: await res.text() };
};
const wechatOrderBy = (match: (o: { prepayId: string }) => boolean) => {
  const order = [...wechatPay.orders.values()].find(match);
  assert.ok(order, 'WeChat Pay has the order');
  return order;
};

test('production starts without ISTORE_SANDBOX and offers exactly the configured channels, none of them the sandbox', async () => {
  const s = new Shopper(base);
  const health = await s.get('/health');
  assert.equal(health.headers.get('x-sandbox'), null, 'no sandbox mark');
  assert.equal(health.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  assert.equal(ok(await s.get('/common3/appInfoInit')).appContent.appDetail.sandbox, false);
  const online = ok(await s.get('/shoppingManagement4/paymentConfig')).onlineProviders;
  assert.deepEqual(online.provider.split(',').sort(), ['alipay', 'iotpay', 'paypal', 'snappay', 'wechatpay']);
  assert.deepEqual([...online.h5Channels].sort(),
    ['ALIPAY_H5', 'IOTPAY', 'NATIVE_WECHAT_H5', 'PAYPAL', 'SNAPPAY_ALIPAY', 'SNAPPAY_UNIONPAY', 'SNAPPAY_WECHATPAY']);
  assert.deepEqual([online.weChatMiniProgram, online.weChatJsApi, online.alipayMiniProgram], [true, true, true]);
  // The channels without a real provider (documented only) are not offered, and the sandbox's pages do not exist.
  const orderID = await reservedDelivery(s);
  for (const route of ['requestOTTH5Payment', 'requestCitconH5Payment', 'requestOPayH5Payment']) {
    assert.match(isError(await s.post(`/shoppingManagement4/${route}`, { orderID }), 400).message, /is not offered by this store/);
  }
  for (const route of ['/sandbox/pay/x', '/wechat/sandbox/authorize']) assert.match(isError(await s.get(route), 404).message, /^No route GET/);
  assert.match(isError(await s.post('/wechat/login', { code: 'sandbox-wx-amy' }), 400).message, /not accepted/);
  assert.equal(await shown(s, orderID), UNPAID);
});

test('WeChat mini-program: wx.login\'s code names the payer, the signed notification pays the order', async () => {
  const s = new Shopper(base);
  const orderID = await reservedDelivery(s);
  const started = ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, wechatCode: weChat.issueCode(wechatPay.miniProgramAppId, 'mini') }));
  const order = wechatOrderBy((o) => o.prepayId === started.prepay_id);
  assert.deepEqual([order.kind, order.appid, order.openid, order.currency], ['jsapi', wechatPay.miniProgramAppId, weChat.openIdOf(wechatPay.miniProgramAppId, 'mini'), 'CAD']);
  assert.equal(started.weChatPayInfo.package, `prepay_id=${order.prepayId}`);
  // The sheet's success alone pays nothing: WeChat Pay is asked and says NOTPAY.
  const reported = ok(await s.post('/shoppingManagement4/processWeChatMiniProgramPayment/success', { orderID }));
  assert.equal(`${reported.status}/${reported.paymentStatus}`, UNPAID);
  wechatPay.pay(order.outTradeNo);
  assert.equal((await wechatPay.send(wechatPay.paymentNotification(order.outTradeNo), order.notifyUrl)).status, 204);
  assert.equal(await shown(s, orderID), PAID);
});

test('WeChat browser (JSAPI): the official account\'s openid from OAuth; the signed notification pays the order', async () => {
  const s = new Shopper(base);
  const orderID = await reservedDelivery(s);
  const code = weChat.issueCode(wechatPay.officialAccountAppId, 'browser');
  const started = ok(await s.post(`/shoppingManagement4/requestNativePayH5Payment?provider=WECHATPAY&wechatCode=${code}`, { orderID }));
  const order = wechatOrderBy((o) => `prepay_id=${o.prepayId}` === started.weChatPayInfo.package);
  assert.deepEqual([order.kind, order.appid], ['jsapi', wechatPay.officialAccountAppId]);
  wechatPay.pay(order.outTradeNo);
  assert.equal((await wechatPay.send(wechatPay.paymentNotification(order.outTradeNo), order.notifyUrl)).status, 204);
  assert.equal(await shown(s, orderID), PAID);
});

test('WeChat H5 on a phone: the shopper goes to h5_url; the signed notification pays the order', async () => {
  const s = new Shopper(base);
  const orderID = await reservedDelivery(s);
  const started = ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }, { headers: { 'user-agent': PHONE } }));
  const url = new URL(started.redirectUrl);
  // Back to the address the shopper's browser used.
  assert.equal(url.searchParams.get('redirect_url'), `${base}/confirmation?from_source=weixin_h5X${orderID}`);
  const order = wechatOrderBy((o) => o.prepayId === url.searchParams.get('prepay_id'));
  assert.equal(order.kind, 'h5');
  wechatPay.pay(order.outTradeNo);
  assert.equal((await wechatPay.send(wechatPay.paymentNotification(order.outTradeNo), order.notifyUrl)).status, 204);
  assert.equal(await shown(s, orderID), PAID);
});

test('WeChat Native on a desktop: a QR code; the notification is lost, the status check\'s query at WeChat Pay pays the order', async () => {
  const s = new Shopper(base);
  const orderID = await reservedDelivery(s);
  const started = ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }, { headers: { 'user-agent': DESKTOP } }));
  assert.match(started.qrCode, /^weixin:\/\/wxpay\/bizpayurl/);
  const order = [...wechatPay.orders.values()].find((o) => o.kind === 'native' && started.qrCode.includes(o.prepayId.slice(-12)));
  assert.ok(order);
  assert.equal(await shown(s, orderID), UNPAID);
  wechatPay.pay(order.outTradeNo);
  const checked = ok(await s.post('/shoppingManagement4/checkNativePayPaymentStatus', { orderID }));
  assert.equal(`${checked.status}/${checked.paymentStatus}`, PAID);
  assert.equal(await shown(s, orderID), PAID);
});

test('Alipay mini-program: my.getAuthCode\'s code names the buyer, my.tradePay gets the trade number; the signed notification pays', async () => {
  const s = new Shopper(base);
  const orderID = await reservedDelivery(s);
  const started = ok(await s.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID, authCode: alipay.authCode({ user_id: '2088000000000525' }) }));
  const trade = [...alipay.trades.values()].find((t) => t.tradeNo === started.tradeNO);
  assert.ok(trade, 'the trade my.tradePay opens is the one Alipay created');
  assert.deepEqual([trade.method, trade.biz.buyer_id, trade.currency], ['alipay.trade.create', '2088000000000525', 'CAD']);
  const reported = ok(await s.post('/shoppingManagement4/checkAlipayPaymentStatus', { orderID, resultCode: '9000' }));
  assert.equal(`${reported.status}/${reported.paymentStatus}`, UNPAID, 'the cashier\'s 9000 alone pays nothing');
  alipay.pay(trade.outTradeNo);
  assert.deepEqual(await alipay.send(alipay.notification(trade.outTradeNo)), { status: 200, body: 'success' });
  assert.equal(await shown(s, orderID), PAID);
});

test('Alipay H5 on a phone (wap cashier) paid by notification, and on a desktop (page cashier) by the status check\'s query', async () => {
  for (const [userAgent, method] of [[PHONE, 'alipay.trade.wap.pay'], [DESKTOP, 'alipay.trade.page.pay']] as const) {
    const s = new Shopper(base);
    const orderID = await reservedDelivery(s);
    const started = ok(await s.post('/shoppingManagement4/requestAlipayH5Payment', { orderID }, { headers: { 'user-agent': userAgent } }));
    assert.equal((await fetch(started.redirectUrl)).status, 200, 'the shopper opens the cashier');
    const outTradeNo = JSON.parse(new URL(started.redirectUrl).searchParams.get('biz_content')!).out_trade_no;
    const trade = alipay.trades.get(outTradeNo)!;
    assert.deepEqual([trade.method, trade.currency], [method, 'CAD']);
    alipay.pay(outTradeNo);
    if (method === 'alipay.trade.wap.pay') {
      assert.deepEqual(await alipay.send(alipay.notification(outTradeNo)), { status: 200, body: 'success' });
    } else {
      const checked = ok(await s.post('/shoppingManagement4/checkAlipayPaymentStatus', { orderID }));
      assert.equal(`${checked.status}/${checked.paymentStatus}`, PAID);
    }
    assert.equal(await shown(s, orderID), PAID, method);
  }
});

test('PayPal: approved on PayPal\'s page, captured by the status check; the capture\'s signed webhook changes nothing more', async () => {
  const s = new Shopper(base);
  const orderID = await reservedDelivery(s);
  const { redirectUrl } = ok(await s.get(`/shoppingManagement4/paymentoption/PayPal?orderID=${orderID}`));
  const paypalOrderId = new URL(redirectUrl).searchParams.get('token')!;
  const back = new URL(paypal.approve(paypalOrderId));
  assert.equal(`${back.origin}${back.pathname}`, `${base}/confirmation`);
  const checked = ok(await s.post('/shoppingManagement4/checkPayPalPaymentStatus', { orderID, returnUrlInfo: '' }));
  assert.equal(`${checked.status}/${checked.paymentStatus}`, PAID);
  const replies = await paypal.deliver(paypal.lastEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrderId));
  assert.deepEqual(replies.map((r) => r.status), [200]);
  assert.equal([...paypal.captures.values()].filter((c) => c.orderId === paypalOrderId).length, 1);
  assert.equal(await shown(s, orderID), PAID);
});

test('SnapPay: WeChat Pay, Alipay and UnionPay, each paid by SnapPay\'s signed notification', async () => {
  for (const [kind, method] of [['h5pay', 'WECHATPAY'], ['webpay', 'ALIPAY'], ['webpay', 'UNIONPAY']]) {
    const s = new Shopper(base);
    const orderID = await reservedDelivery(s);
    const { redirectUrl } = ok(await s.get(`/shoppingManagement4/requestSnapPayPrePayment/${kind}/${method}?orderID=${orderID}`));
    const order = [...snappay.orders.values()].find((o) => redirectUrl.endsWith(`/${o.transNo}`));
    assert.ok(order, `SnapPay has the ${method} order`);
    snappay.pay(order.outOrderNo);
    assert.deepEqual(await deliver(order.notifyUrl, snappay.notificationBody(order.outOrderNo), 'application/json'), { status: 200, body: '{"code":"0","msg":"SUCCESS"}' });
    assert.equal(await shown(s, orderID), PAID, method);
  }
});

test('IOTPay: Alipay\'s page, paid by IOTPay\'s signed notify', async () => {
  const s = new Shopper(base);
  const orderID = await reservedDelivery(s);
  const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestIOTPayH5Payment', { orderID }));
  const order = [...iotpay.orders.values()].find((o) => o.payOrderId === new URL(redirectUrl).searchParams.get('payOrderId'));
  assert.ok(order);
  iotpay.pay(order.mchOrderNo);
  assert.deepEqual(await deliver(order.notifyUrl, iotpay.notifyBody(order.mchOrderNo), 'application/x-www-form-urlencoded'), { status: 200, body: 'success' });
  assert.equal(await shown(s, orderID), PAID);
});
