/**
 * The SnapPay adapter (payments/snappay.ts) against the SnapPay double (tests/doubles/snappay.ts, written from
 * developer.snappay.ca and SnapPay's Java SDK): signatures and amounts as the SDK writes them, configuration, the three
 * channels, query, notification, refunds, close.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  amountText, centsOf, JsonNumber, jsonText, parseJson, SnapPayFailure, snappayConfigFromEnv, snappayProvider, snappaySign,
} from '../src/payments/snappay.ts';
import { NotificationRefused, type PaymentAttempt, type PaymentChannel, type PaymentProvider } from '../src/payments/provider.ts';
import { startSnapPayDouble, type SnapPayDouble } from './doubles/snappay.ts';

let snappay: SnapPayDouble;
let provider: PaymentProvider;
const desktop = { origin: 'https://shop.example.com', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', clientIp: '203.0.113.9' };
const phone = { ...desktop, userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' };

before(async () => {
  snappay = await startSnapPayDouble();
  provider = snappayProvider({ appId: snappay.appId, merchantNo: snappay.merchantNo, signKey: snappay.signKey, gatewayUrl: snappay.baseUrl });
});
after(() => snappay.stop());

/** The framework's replay store, in memory: false for a nonce seen before. */
const seenNonces = new Set<string>();
const firstSeen = async (nonce: string) => !seenNonces.has(nonce) && Boolean(seenNonces.add(nonce));

let serial = 0;
const attempt = (channel: PaymentChannel = 'SNAPPAY_WECHATPAY', over: Partial<PaymentAttempt> = {}): PaymentAttempt => ({
  id: `sp${++serial}x${Date.now().toString(36)}`, purpose: 'ORDER', orderID: String(300000 + serial), channel,
  amount: 2599, currency: 'CAD', returnUrl: `/confirmation?from_source=snappay_h5X${300000 + serial}`, ...over,
});
const started = async (a: PaymentAttempt, ctx = desktop) => {
  const r = await provider.startHosted(a, ctx);
  a.providerRef = r.providerRef;
  return r.redirectUrl;
};

test('signature and amounts as SnapPay\'s SDK writes them: sorted non-empty k=v, nested JSON, key appended, MD5', () => {
  const key = 'k3y';
  const params = { method: 'pay.orderquery', sign_type: 'MD5', b: '', a: new JsonNumber('26.0'), c: { z: 'x', y: null, sign: 's' }, sign: 'old' };
  assert.equal(snappaySign(params, key), crypto.createHash('md5').update('a=26.0&c={"z":"x"}&method=pay.orderquery' + key).digest('hex'));
  assert.deepEqual([2599, 2600, 5, 100000].map((c) => amountText(c).text), ['25.99', '26.0', '0.05', '1000.0']);
  assert.deepEqual(['25.99', '26.0', '0.05', '7'].map((t) => centsOf(new JsonNumber(t))), [2599, 2600, 5, 700]);
  assert.equal(centsOf(new JsonNumber('1.234')), null);
  const text = '{"a":26.0,"b":[1.50,{"c":"\\u00e9"}],"d":null,"e":true}';
  assert.equal(jsonText(parseJson(text)), '{"a":26.0,"b":[1.50,{"c":"é"}],"e":true}');
  assert.throws(() => parseJson('{"a":1,}'), SyntaxError);
});

test('configuration: none is no SnapPay; the sign key lives in a file; a partial or bad set names the variable', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snappay-'));
  const keyFile = path.join(dir, 'key');
  fs.writeFileSync(keyFile, '7e2083699dd510575faa1c72f9e35d43\n');
  const env = { SNAPPAY_APP_ID: '9f00cd9a873c511e', SNAPPAY_MERCHANT_NO: '901800000116', SNAPPAY_SIGN_KEY_FILE: keyFile };
  assert.equal(snappayConfigFromEnv({}), null);
  assert.deepEqual(snappayConfigFromEnv(env), { appId: env.SNAPPAY_APP_ID, merchantNo: env.SNAPPAY_MERCHANT_NO, signKey: '7e2083699dd510575faa1c72f9e35d43', gatewayUrl: 'https://open.snappay.ca' });
  assert.equal(snappayConfigFromEnv({ ...env, PUBLIC_URL: 'https://shop.example.com' })?.notifyBase, 'https://shop.example.com');
  assert.throws(() => snappayConfigFromEnv({ SNAPPAY_APP_ID: 'x' }), /SNAPPAY_MERCHANT_NO, SNAPPAY_SIGN_KEY_FILE are missing/);
  assert.throws(() => snappayConfigFromEnv({ ...env, SNAPPAY_MERCHANT_NO: 'M1' }), /SNAPPAY_MERCHANT_NO is not/);
  assert.throws(() => snappayConfigFromEnv({ ...env, SNAPPAY_SIGN_KEY_FILE: path.join(dir, 'nope') }), /cannot be read/);
  assert.throws(() => snappayConfigFromEnv({ ...env, SNAPPAY_GATEWAY_URL: 'http://snappay.example.com' }), /must be https/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('start: WeChat Pay H5, Alipay web (WAP on a phone, PC on a desktop), UnionPay web, for the attempt\'s amount', async () => {
  const wx = attempt('SNAPPAY_WECHATPAY');
  assert.match(await started(wx), new RegExp(`^${snappay.baseUrl}/h5pay/`));
  const wxOrder = snappay.order(wx.id);
  assert.deepEqual([wxOrder.method, wxOrder.paymentMethod, wxOrder.amountText, wxOrder.currency], ['pay.h5pay', 'WECHATPAY', '25.99', 'CAD']);
  assert.equal(wxOrder.returnUrl, `https://shop.example.com${wx.returnUrl}`);
  assert.equal(wxOrder.notifyUrl, 'https://shop.example.com/api/istore/notify/snappay');
  assert.equal(wx.providerRef, wxOrder.transNo);
  const ali = attempt('SNAPPAY_ALIPAY', { amount: 2600 });
  assert.match(await started(ali, phone), /\/webpay\//);
  assert.deepEqual([snappay.order(ali.id).paymentMethod, snappay.order(ali.id).browserType, snappay.order(ali.id).amountText], ['ALIPAY', 'WAP', '26.0']);
  const aliPc = attempt('SNAPPAY_ALIPAY');
  await started(aliPc);
  assert.equal(snappay.order(aliPc.id).browserType, 'PC');
  const union = attempt('SNAPPAY_UNIONPAY');
  await started(union, phone);
  assert.deepEqual([snappay.order(union.id).paymentMethod, snappay.order(union.id).browserType], ['UNIONPAY', 'PC']);
  await assert.rejects(provider.startHosted(attempt('SNAPPAY_ALIPAY', { currency: 'EUR' }), desktop), /SnapPay does not take payments in EUR/);
  // A store selling in a currency SnapPay does not take does not start with it (app.ts), rather than refuse each payment.
  assert.equal(provider.currencyRefusal!('USD'), null);
  assert.match(provider.currencyRefusal!('CNY') ?? '', /^SnapPay \(SNAPPAY_\*\) takes CAD or USD only, and the store sells in CNY/);
  const wrong = snappayProvider({ appId: snappay.appId, merchantNo: snappay.merchantNo, signKey: 'a'.repeat(32), gatewayUrl: snappay.baseUrl });
  await assert.rejects(wrong.startHosted(attempt(), desktop), (e) => e instanceof SnapPayFailure && e.statusCode === 502);
  snappay.failNext('pay.h5pay');
  await assert.rejects(provider.startHosted(attempt(), desktop), /HTTP 503/);
});

test('query: pending until paid (SnapPay\'s amount), closed is FAILED; close cancels an unpaid order only', async () => {
  const a = attempt();
  await started(a);
  assert.deepEqual(await provider.query(a), { outcome: null });
  snappay.pay(a.id);
  assert.deepEqual(await provider.query(a), { outcome: 'PAID', amount: 2599, currency: 'CAD' });
  await assert.rejects(provider.close(a), /order is paid/);
  const b = attempt('SNAPPAY_ALIPAY');
  await started(b);
  await provider.close(b);
  assert.equal(snappay.order(b.id).status, 'CLOSE');
  assert.deepEqual(await provider.query(b), { outcome: 'FAILED' });
  snappay.failNext('pay.orderquery');
  await assert.rejects(provider.query(a), SnapPayFailure);
});

test('notification: a signed SUCCESS settles its attempt and is answered code 0; a tampered or unsigned one is refused', async () => {
  const a = attempt('SNAPPAY_UNIONPAY', { amount: 1050 });
  await started(a);
  snappay.pay(a.id);
  const got = await provider.notification!({ headers: { 'content-type': 'application/json' }, rawBody: snappay.notificationBody(a.id), firstSeen });
  assert.deepEqual(got.events, [{ attemptId: a.id, outcome: 'PAID', amount: 1050, currency: 'CAD' }]);
  assert.deepEqual(got.reply, { status: 200, contentType: 'application/json', body: '{"code":"0","msg":"SUCCESS"}' });
  for (const tamper of [(t: string) => t.replace('"trans_amount":10.5', '"trans_amount":1.5'), (t: string) => t.replace(/"sign":"[0-9a-f]+"/, '"sign":"00"'), () => 'not json']) {
    await assert.rejects(provider.notification!({ headers: {}, rawBody: snappay.notificationBody(a.id, tamper), firstSeen }), (e) => e instanceof NotificationRefused && e.reply.status === 400);
  }
  const b = attempt();
  await started(b);
  assert.deepEqual((await provider.notification!({ headers: {}, rawBody: snappay.notificationBody(b.id), firstSeen })).events, [], 'USERPAYING settles nothing');
});

test('refund: the 503 then the retry, and a repeated refund id, are one refund; no more than was paid', async () => {
  const a = attempt('SNAPPAY_ALIPAY', { amount: 5000 });
  await started(a);
  snappay.pay(a.id);
  snappay.failNext('pay.orderrefund');
  await assert.rejects(provider.refund(a, { refundId: 'rf_1', amount: 2000 }), SnapPayFailure);
  await provider.refund(a, { refundId: 'rf_1', amount: 2000 });
  await provider.refund(a, { refundId: 'rf_1', amount: 2000 });
  assert.equal(snappay.order(a.id).refunded, 2000);
  await assert.rejects(provider.refund(a, { refundId: 'rf_2', amount: 3001 }), /exceeds/);
  await provider.refund(a, { refundId: 'rf_2', amount: 3000 });
  assert.equal(snappay.order(a.id).refunded, 5000);
});

// WeChat Mini Program Payment through SnapPay (issue 39 item 2): pay.minipay for the shop's mini-program.
const miniProvider = () => snappayProvider({
  appId: snappay.appId, merchantNo: snappay.merchantNo, signKey: snappay.signKey, gatewayUrl: snappay.baseUrl,
  notifyBase: 'https://shop.example.com', miniProgramAppId: snappay.boundMiniProgramAppId,
});

test('mini-program: pay.minipay for the payer\'s openid answers request_payment, the wx.requestPayment parameters; notified, queried, refunded, cancelled', async () => {
  const p = miniProvider();
  assert.ok(p.canServe!.includes('WECHAT_MINI_PROGRAM') && !p.channels.includes('WECHAT_MINI_PROGRAM'), 'served only when CHANNEL_PROVIDERS assigns it');
  assert.ok(!p.canServe!.includes('NATIVE_WECHAT_JSAPI'), 'SnapPay\'s pages document no WeChat JSAPI payment');
  const payBy = new Date(Date.now() + 20 * 60_000);
  const a = attempt('WECHAT_MINI_PROGRAM', { returnUrl: '', amount: 1850, payBy });
  const { prepayId, weChatPayInfo } = await p.startWeChatInApp(a, 'oSnapPayer_123');
  const order = snappay.order(a.id);
  assert.deepEqual([order.method, order.paymentMethod, order.payUserAccountId, order.amountText, order.currency, order.notifyUrl],
    ['pay.minipay', 'WECHATPAY', 'oSnapPayer_123', '18.5', 'CAD', 'https://shop.example.com/api/istore/notify/snappay']);
  assert.ok(order.effectiveMinutes === 20 || order.effectiveMinutes === 21, `the store's hold as effective_minutes (${order.effectiveMinutes})`);
  assert.equal(prepayId, order.transNo);
  assert.equal(weChatPayInfo.appId, snappay.boundMiniProgramAppId);
  assert.match(weChatPayInfo.package, /^prepay_id=/);
  a.providerRef = prepayId;
  assert.deepEqual(await p.query(a), { outcome: null });
  snappay.pay(a.id);
  const got = await p.notification!({ headers: { 'content-type': 'application/json' }, rawBody: snappay.notificationBody(a.id), firstSeen });
  assert.deepEqual(got.events, [{ attemptId: a.id, outcome: 'PAID', amount: 1850, currency: 'CAD' }]);
  assert.deepEqual(await p.query(a), { outcome: 'PAID', amount: 1850, currency: 'CAD' });
  await p.refund(a, { refundId: 'rf_sp_mini', amount: 850 });
  assert.equal(snappay.order(a.id).refunded, 850);
  const unpaid = attempt('WECHAT_MINI_PROGRAM', { returnUrl: '' });
  await p.startWeChatInApp(unpaid, 'oSnapPayer_456');
  await p.close(unpaid);
  assert.deepEqual(await p.query(unpaid), { outcome: 'FAILED' });
  // request_payment for another app than the shop's is refused by the store.
  const other = snappayProvider({ appId: snappay.appId, merchantNo: snappay.merchantNo, signKey: snappay.signKey, gatewayUrl: snappay.baseUrl, notifyBase: 'https://shop.example.com', miniProgramAppId: 'wx1111111111111111' });
  await assert.rejects(other.startWeChatInApp(attempt('WECHAT_MINI_PROGRAM', { returnUrl: '' }), 'oX'), /request_payment is for app/);
  assert.match(provider.channelRefusal!('WECHAT_MINI_PROGRAM') ?? '', /WECHAT_MINI_PROGRAM_APPID is not set/);
  assert.equal(p.channelRefusal!('WECHAT_MINI_PROGRAM'), null);
});

test('deadlines: every SnapPay payment carries effective_minutes (5 to 60) from the store\'s hold; payableUntil follows it', async () => {
  const p = miniProvider();
  const soon = attempt('SNAPPAY_ALIPAY', { payBy: new Date(Date.now() + 60_000) });
  await p.startHosted(soon, desktop);
  assert.equal(snappay.order(soon.id).effectiveMinutes, 5, 'SnapPay\'s least');
  const late = attempt('SNAPPAY_WECHATPAY', { payBy: new Date(Date.now() + 5 * 3600_000) });
  await p.startHosted(late, phone);
  assert.equal(snappay.order(late.id).effectiveMinutes, 60, 'SnapPay\'s most');
  const at = new Date('2026-12-02T10:00:00Z');
  assert.equal(p.payableUntil!(attempt('SNAPPAY_ALIPAY', { payBy: new Date('2026-12-02T10:29:30Z') }), at).toISOString(), '2026-12-02T10:30:00.000Z');
  await assert.rejects(p.startHosted(attempt('SNAPPAY_ALIPAY', { id: 'x'.repeat(65) }), desktop), /SnapPay out_order_no/);
});
