/**
 * The IOTPay adapter (payments/iotpay.ts) against the IOTPay double (tests/doubles/iotpay.ts, written from
 * develop.iotpay.ca): signing, configuration, create on Alipay's web or phone page, query, notify, refunds.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { IotPayFailure, iotpayConfigFromEnv, iotpayProvider, iotpaySign } from '../src/payments/iotpay.ts';
import { NotificationRefused, type PaymentAttempt, type PaymentProvider } from '../src/payments/provider.ts';
import { startIotPayDouble, type IotPayDouble } from './doubles/iotpay.ts';

let iotpay: IotPayDouble;
let provider: PaymentProvider;
const desktop = { origin: 'https://shop.example.com', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', clientIp: '203.0.113.7' };
const phone = { ...desktop, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' };

before(async () => {
  iotpay = await startIotPayDouble();
  provider = iotpayProvider({ merchantId: iotpay.merchantId, loginName: iotpay.loginName, merchantKey: iotpay.merchantKey, baseUrl: iotpay.baseUrl });
});
after(() => iotpay.stop());

/** The framework's replay store, in memory: false for a nonce seen before. */
const seenNonces = new Set<string>();
const firstSeen = async (nonce: string) => !seenNonces.has(nonce) && Boolean(seenNonces.add(nonce));

let serial = 0;
const attempt = (over: Partial<PaymentAttempt> = {}): PaymentAttempt => ({
  id: `iot${++serial}x${Date.now().toString(36)}`, purpose: 'ORDER', orderID: String(200000 + serial), channel: 'IOTPAY',
  amount: 2865, currency: 'CAD', returnUrl: `/confirmation?from_source=iot_h5X${200000 + serial}`, ...over,
});
const started = async (a: PaymentAttempt, ctx = desktop) => {
  const r = await provider.startHosted(a, ctx);
  a.providerRef = r.providerRef;
  return r.redirectUrl;
};
const notification = (a: PaymentAttempt, tamper?: (p: Record<string, string>) => void) =>
  provider.notification!({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: iotpay.notifyBody(a.id, tamper), firstSeen });

test('signing: the documented example (non-empty parameters sorted, &key=, MD5 upper case)', () => {
  // develop.iotpay.ca "Signing": { c: cat, a: apple, b: boat, d: '' } → MD5("a=apple&b=boat&c=cat&key=<key>"), upper case.
  assert.equal(iotpaySign({ c: 'cat', a: 'apple', b: 'boat', d: '' }, 'abc123'), 'A385B48FB0113658EB7F78FA79BE110E');
  assert.equal(iotpaySign({ c: 'cat', a: 'apple', b: 'boat', sign: 'ignored' }, 'abc123'), 'A385B48FB0113658EB7F78FA79BE110E');
});

test('configuration: none is no IOTPay; the key lives in a file; a partial or bad set names the variable', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'iotpay-'));
  const keyFile = path.join(dir, 'key');
  fs.writeFileSync(keyFile, `${'k'.repeat(32)}\n`);
  assert.equal(iotpayConfigFromEnv({}), null);
  const env = { IOTPAY_MERCHANT_ID: '10000701', IOTPAY_LOGIN_NAME: 'jack', IOTPAY_MERCHANT_KEY_FILE: keyFile };
  assert.deepEqual(iotpayConfigFromEnv(env), { merchantId: '10000701', loginName: 'jack', merchantKey: 'k'.repeat(32), baseUrl: 'https://api.iotpaycloud.com' });
  assert.equal(iotpayConfigFromEnv({ ...env, PUBLIC_URL: 'https://shop.example.com/' })?.notifyBase, 'https://shop.example.com');
  assert.throws(() => iotpayConfigFromEnv({ IOTPAY_MERCHANT_ID: '10000701' }), /IOTPAY_LOGIN_NAME, IOTPAY_MERCHANT_KEY_FILE are missing/);
  assert.throws(() => iotpayConfigFromEnv({ ...env, IOTPAY_MERCHANT_ID: 'abc' }), /IOTPAY_MERCHANT_ID is not/);
  assert.throws(() => iotpayConfigFromEnv({ ...env, IOTPAY_MERCHANT_KEY_FILE: path.join(dir, 'missing') }), /cannot be read/);
  assert.throws(() => iotpayConfigFromEnv({ ...env, IOTPAY_BASE_URL: 'http://iotpay.example.com' }), /must be https/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('create: Alipay\'s PC page on a desktop, its phone page on a phone, for the attempt\'s cents and currency', async () => {
  const a = attempt();
  const url = await started(a);
  const order = iotpay.byMchOrderNo(a.id);
  assert.equal(url, `${iotpay.baseUrl}/alipay/pay?payOrderId=${order.payOrderId}`);
  assert.equal(a.providerRef, order.payOrderId);
  assert.deepEqual([order.channelId, order.amount, order.currency, order.clientIp], ['ALIPAY_PC', 2865, 'CAD', '203.0.113.7']);
  assert.equal(order.returnUrl, `https://shop.example.com${a.returnUrl}`);
  assert.equal(order.notifyUrl, 'https://shop.example.com/api/istore/notify/iotpay');
  const b = attempt();
  await started(b, phone);
  assert.equal(iotpay.byMchOrderNo(b.id).channelId, 'ALIPAY_WAP');
  await assert.rejects(provider.startHosted(attempt({ currency: 'EUR' }), desktop), /IOTPay does not take payments in EUR/);
  assert.equal(provider.currencyRefusal!('CNY'), null);
  assert.match(provider.currencyRefusal!('EUR') ?? '', /^IOTPay \(IOTPAY_\*\) takes CAD, USD, CNY only, and the store sells in EUR/);
  // With PUBLIC_URL, IOTPay is told to notify the store's public address, whatever address the shopper used.
  const behindProxy = iotpayProvider({ merchantId: iotpay.merchantId, loginName: iotpay.loginName, merchantKey: iotpay.merchantKey, baseUrl: iotpay.baseUrl, notifyBase: 'https://public.example.com' });
  const c = attempt();
  await behindProxy.startHosted(c, { ...desktop, origin: 'http://10.0.0.5:3000' });
  assert.equal(iotpay.byMchOrderNo(c.id).notifyUrl, 'https://public.example.com/api/istore/notify/iotpay');
  // A wrong merchant key is refused by IOTPay (sign error): a 502 for the shopper, no order.
  const wrong = iotpayProvider({ merchantId: iotpay.merchantId, loginName: iotpay.loginName, merchantKey: 'f'.repeat(32), baseUrl: iotpay.baseUrl });
  await assert.rejects(wrong.startHosted(attempt(), desktop), (e) => e instanceof IotPayFailure && /sign error/.test(e.message) && e.statusCode === 502);
  iotpay.failNext('/v1/create_order');
  await assert.rejects(provider.startHosted(attempt(), desktop), (e) => e instanceof IotPayFailure && /HTTP 502/.test(e.message));
});

test('query: pending until paid (IOTPay\'s amount and currency), cancelled is FAILED, an outage is an error', async () => {
  const a = attempt();
  await started(a);
  assert.deepEqual(await provider.query(a), { outcome: null });
  iotpay.pay(a.id);
  assert.deepEqual(await provider.query(a), { outcome: 'PAID', amount: 2865, currency: 'CAD' });
  const b = attempt();
  await started(b);
  iotpay.cancel(b.id);
  assert.deepEqual(await provider.query(b), { outcome: 'FAILED' });
  iotpay.failNext('/v1/query_order', 503);
  await assert.rejects(provider.query(a), IotPayFailure);
});

test('notify: a signed paid notify settles its attempt (answered success); a tampered or unsigned one is refused', async () => {
  const a = attempt();
  await started(a);
  iotpay.pay(a.id);
  const got = await notification(a);
  assert.deepEqual(got.events, [{ attemptId: a.id, outcome: 'PAID', amount: 2865, currency: 'CAD' }]);
  assert.deepEqual(got.reply, { status: 200, contentType: 'text/plain', body: 'success' });
  for (const tamper of [(p: Record<string, string>) => { p.amount = '1'; }, (p: Record<string, string>) => { delete p.sign; }, (p: Record<string, string>) => { p.sign = p.sign.toLowerCase(); }]) {
    await assert.rejects(notification(a, tamper), (e) => e instanceof NotificationRefused && e.reply.body === 'fail');
  }
  await assert.rejects(provider.notification!({ headers: {}, rawBody: 'status=2&mchOrderNo=x', firstSeen }), NotificationRefused);
});

test('refund: of the IOTPay order, at most what is left; a retry after a 502 and a repeated refund id are one refund', async () => {
  const a = attempt({ amount: 5000 });
  await started(a);
  iotpay.pay(a.id);
  iotpay.failNext('/v1/refund_order');
  await assert.rejects(provider.refund(a, { refundId: 'rf_a', amount: 2000 }), IotPayFailure);
  await provider.refund(a, { refundId: 'rf_a', amount: 2000 });
  await provider.refund(a, { refundId: 'rf_a', amount: 2000 });
  assert.equal(iotpay.byMchOrderNo(a.id).refunded, 2000);
  await assert.rejects(provider.refund(a, { refundId: 'rf_b', amount: 3001 }), /REFUND_AMOUNT_ERROR/);
  await provider.refund(a, { refundId: 'rf_b', amount: 3000 });
  assert.equal(iotpay.byMchOrderNo(a.id).refunded, 5000);
  const unpaid = attempt();
  await started(unpaid);
  await assert.rejects(provider.refund(unpaid, { refundId: 'rf_c', amount: 1 }), /ORDER_NOT_PAID/);
});

// WeChat through IOTPay (issue 39 item 2): the shop's own mini-program (WX_JSAPI minipay) and the WeChat browser (payForSubmit).
const weChatProvider = () => iotpayProvider({
  merchantId: iotpay.merchantId, loginName: iotpay.loginName, merchantKey: iotpay.merchantKey, baseUrl: iotpay.baseUrl,
  notifyBase: 'https://shop.example.com', miniProgramAppId: iotpay.boundMiniProgramAppId,
});

test('mini-program: create_order WX_JSAPI with extra {openId, minipay, appId} answers the wx.requestPayment parameters; paid, notified, queried, refunded', async () => {
  const p = weChatProvider();
  assert.ok(p.canServe!.includes('WECHAT_MINI_PROGRAM') && !p.channels.includes('WECHAT_MINI_PROGRAM'), 'served only when CHANNEL_PROVIDERS assigns it');
  const a = attempt({ channel: 'WECHAT_MINI_PROGRAM', returnUrl: '', amount: 4210 });
  const { prepayId, weChatPayInfo } = await p.startWeChatInApp(a, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o');
  const order = iotpay.byMchOrderNo(a.id);
  assert.deepEqual([order.channelId, order.amount, order.currency, order.notifyUrl], ['WX_JSAPI', 4210, 'CAD', 'https://shop.example.com/api/istore/notify/iotpay']);
  assert.deepEqual(order.extra, { openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', type: 'minipay', appId: iotpay.boundMiniProgramAppId });
  assert.equal(prepayId, order.payOrderId, 'the provider reference is IOTPay\'s payOrderId, which refunds name');
  assert.deepEqual(Object.keys(weChatPayInfo).sort(), ['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
  assert.equal(weChatPayInfo.appId, iotpay.boundMiniProgramAppId);
  assert.match(weChatPayInfo.package, /^prepay_id=/);
  a.providerRef = prepayId;
  assert.deepEqual(await p.query(a), { outcome: null });
  iotpay.pay(a.id);
  const got = await p.notification!({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: iotpay.notifyBody(a.id), firstSeen });
  assert.deepEqual(got.events, [{ attemptId: a.id, outcome: 'PAID', amount: 4210, currency: 'CAD' }]);
  assert.deepEqual(await p.query(a), { outcome: 'PAID', amount: 4210, currency: 'CAD' });
  await p.refund(a, { refundId: 'rf_mini', amount: 4210 });
  assert.equal(iotpay.byMchOrderNo(a.id).refunded, 4210);
  // A mini-program IOTPay does not know (not the bound app id) is refused by IOTPay; an answer for another app by the store.
  const other = iotpayProvider({ ...{ merchantId: iotpay.merchantId, loginName: iotpay.loginName, merchantKey: iotpay.merchantKey, baseUrl: iotpay.baseUrl }, notifyBase: 'https://shop.example.com', miniProgramAppId: 'wx9999999999999999' });
  await assert.rejects(other.startWeChatInApp(attempt({ channel: 'WECHAT_MINI_PROGRAM' }), 'oOpenId'), /APPID_ERROR/);
  await assert.rejects(p.startWeChatInApp(attempt({ channel: 'WECHAT_MINI_PROGRAM', currency: 'EUR' }), 'oOpenId'), /IOTPay does not take payments in EUR/);
  // Without the shop's mini-program app id (or PUBLIC_URL) the channel is refused at the start, naming why.
  assert.match(provider.channelRefusal!('WECHAT_MINI_PROGRAM') ?? '', /WECHAT_MINI_PROGRAM_APPID is not set/);
  assert.equal(p.channelRefusal!('WECHAT_MINI_PROGRAM'), null);
  assert.match(iotpayProvider({ merchantId: '1', loginName: 'x', merchantKey: 'k', baseUrl: iotpay.baseUrl, miniProgramAppId: 'wx1' }).channelRefusal!('WECHAT_MINI_PROGRAM') ?? '', /PUBLIC_URL is not set/);
});

test('WeChat browser: payForSubmit WX_JSAPI answers IOTPay\'s page (inAppByPage); its notify names the order in param1; queried and refunded', async () => {
  const p = weChatProvider();
  assert.equal(p.inAppByPage!('NATIVE_WECHAT_JSAPI'), true);
  assert.equal(p.inAppByPage!('WECHAT_MINI_PROGRAM'), false);
  const a = attempt({ channel: 'NATIVE_WECHAT_JSAPI', returnUrl: '/confirmation?from_source=weixin_js&status=ok&oid=200999' });
  const wechatUa = { ...phone, userAgent: `${phone.userAgent} MicroMessenger/8.0.47` };
  const { redirectUrl } = await p.startHosted(a, wechatUa);
  const order = iotpay.byMchOrderNo(a.id);
  assert.equal(redirectUrl, `${iotpay.baseUrl}/wechat/jsapi?payOrderId=${order.payOrderId}`);
  assert.deepEqual([order.channelId, order.returnUrl, order.viaPayForSubmit], ['WX_JSAPI', `https://shop.example.com${a.returnUrl}`, true]);
  const sent = iotpay.requests.filter((r) => r.path === '/v1/payForSubmit').at(-1)!.params;
  assert.equal(sent.param1, undefined, 'param1 is left to IOTPay');
  iotpay.pay(a.id);
  // The notify of a payForSubmit order, with mchOrderNo only in param1, still names the attempt.
  const body = iotpay.notifyBody(a.id, (params) => {
    delete params.mchOrderNo;
    const { sign: _sign, ...rest } = params;
    params.sign = iotpaySign(rest, iotpay.merchantKey);
  });
  const got = await p.notification!({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: body, firstSeen });
  assert.deepEqual(got.events, [{ attemptId: a.id, outcome: 'PAID', amount: 2865, currency: 'CAD' }]);
  assert.deepEqual(await p.query(a), { outcome: 'PAID', amount: 2865, currency: 'CAD' });
  a.providerRef = order.payOrderId;
  await p.refund(a, { refundId: 'rf_jsapi', amount: 865 });
  assert.equal(iotpay.byMchOrderNo(a.id).refunded, 865);
  await assert.rejects(p.startHosted(attempt({ channel: 'ALIPAY_H5' }), desktop), /IOTPay does not serve ALIPAY_H5/);
});

test('order numbers and deadlines: mchOrderNo outside IOTPay\'s rule is never sent; a voided attempt is watched for a day', async () => {
  const p = weChatProvider();
  const before = iotpay.requests.length;
  await assert.rejects(p.startHosted(attempt({ id: 'a'.repeat(31) }), desktop), /IOTPay mchOrderNo/);
  await assert.rejects(p.startHosted(attempt({ id: 'with-dash' }), desktop), /IOTPay mchOrderNo/);
  assert.equal(iotpay.requests.length, before, 'nothing reached IOTPay');
  const at = new Date('2026-12-02T10:00:00Z');
  assert.equal(p.payableUntil!(attempt(), at).toISOString(), '2026-12-03T10:00:00.000Z', 'IOTPay documents no deadline: the reconciliation day');
});
