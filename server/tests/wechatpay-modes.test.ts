// test-run: own process (sets WECHATPAY_* and ISTORE_SANDBOX in process.env)
/**
 * WeChat Pay's modes and verification (issue 39 items 3 and 4) through the whole server against the protocol double
 * (doubles/wechatpay.ts), one store each:
 *   - a Hong Kong store (HKD) on WeChat Pay Global, direct, verifying with platform certificates (WECHATPAY_VERIFY=
 *     certificates): downloaded from /v3/global/certificates at the start, kept in the database, downloaded again every
 *     WECHATPAY_CERT_REFRESH_MS; a certificate rotation at WeChat Pay is picked up and both serials are accepted; a
 *     restart while WeChat Pay's certificate API fails verifies with the kept ones;
 *   - a mainland store (CNY) as a partner sub-merchant (WECHATPAY_MODE=partner, /v3/pay/partner/transactions/...),
 *     moving to the WeChat Pay public key (WECHATPAY_VERIFY=both: requests name the public key, answers and
 *     notifications signed by either are accepted by serial);
 * each pays (mini-program JSAPI), is notified, queried (a lost notification healed), refunded and closed. Beside them:
 * the cross-border institutional mode (partner on /v3/global/...) through the provider itself, the double refusing what
 * WeChat Pay refuses, and the start refusing partner mode without its ids (exit 1, naming the variable).
 * Runs on PGlite and (DATABASE_URL) PostgreSQL.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deskOf, freshDb, ok, reservedDelivery, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';
import { refusedServerProcess } from './serverProcess.ts';
import { openDb } from '../src/db/index.ts';
import { expireReservations, requestRefund } from '../src/orders/lifecycle.ts';
import { createPaymentProvider } from '../src/payments/index.ts';
import { authorization, wechatPayProvider, wechatPaySettings } from '../src/payments/wechatpay.ts';
import { loadConfig } from '../src/config.ts';
import type { PaymentAttempt } from '../src/payments/provider.ts';
import { shippingSettings, ShippingWorker } from '../src/payments/wechatShipping.ts';
import { WeChatPayDouble } from './doubles/wechatpay.ts';
import { WeChatDouble } from './doubles/wechat.ts';

const WORKERS_BY_HAND = { allowSandbox: true, reservationMaxOpenPerAddress: 1000, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000, reconcileAfterSeconds: 0, refundRetryBaseMs: 1 };
/** No shopper signs in through WeChat here (the mini-program sends its openid): the identity API is never called. */
const NO_IDENTITY_API = 'http://127.0.0.1:9';

const hk = new WeChatPayDouble('global', { verify: 'certificates', certRefreshMs: 500 });
const cn = new WeChatPayDouble('domestic', { mode: 'partner', verify: 'both' });

interface Store { name: string; double: WeChatPayDouble; db: TestDb; srv: Running; currency: string }
const stores: Record<'hk' | 'cn', Store> = {} as any;
const saved = { ...process.env };
const envKeys = () => [...new Set([...Object.keys(hk.env(NO_IDENTITY_API)), ...Object.keys(cn.env(NO_IDENTITY_API)), 'ISTORE_SANDBOX'])];
function useEnv(env: Record<string, string>) {
  for (const k of envKeys()) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
  // Real credentials beside the sandbox: a sandbox start on purpose (security probe 2026-12-01 N1).
  Object.assign(process.env, env, { ISTORE_SANDBOX: '1' });
}

/** A store selling in `currency` (its `payment` setting and the exchange rates' base), written before a server opens it. */
async function sellIn(db: TestDb, currency: string, symbol: string) {
  const d = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  try {
    await d.query(`UPDATE settings SET value = jsonb_set(value, '{defaultCurrency}', $1::jsonb) WHERE key = 'payment'`, [JSON.stringify({ currencyType: currency, currencyCode: symbol })]);
    await d.query('DELETE FROM exchange_rates');
    await d.query(`INSERT INTO exchange_rates (currency, symbol, rate, is_base, sort) VALUES ($1, $2, 1, true, 0)`, [currency, symbol]);
    // A template built by an earlier run while a store's WECHATPAY_VERIFY=certificates was set holds its certificates.
    await d.query('DELETE FROM wechatpay_platform_certificates');
  } finally {
    await d.close();
  }
}

async function openStore(key: 'hk' | 'cn', db: TestDb, double: WeChatPayDouble, currency: string, symbol: string) {
  await sellIn(db, currency, symbol);
  useEnv(double.env(NO_IDENTITY_API));
  const srv = await startServer(db, { config: WORKERS_BY_HAND });
  double.deliverTo = srv.base;
  stores[key] = { name: key, double, db, srv, currency };
}

before(async () => {
  await hk.start();
  await cn.start();
  // Both databases first: a template built while a store's WECHATPAY_* are set would download its certificates.
  const [hkDb, cnDb] = [await freshDb(), await freshDb()];
  await openStore('hk', hkDb, hk, 'HKD', 'HK$');
  await openStore('cn', cnDb, cn, 'CNY', '¥');
});
after(async () => {
  for (const s of Object.values(stores)) {
    await s.srv?.close();
    await s.db?.cleanup();
  }
  await hk.stop();
  await cn.stop();
  useEnv({});
  delete process.env.ISTORE_SANDBOX;
  if (saved.ISTORE_SANDBOX !== undefined) process.env.ISTORE_SANDBOX = saved.ISTORE_SANDBOX;
});

const attemptOf = async (st: Store, orderID: string) =>
  (await st.srv.app.db.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)])).rows[0];
const orderOf = async (st: Store, orderID: string) => (await st.srv.app.db.query(`SELECT * FROM orders WHERE id = $1`, [Number(orderID)])).rows[0];
const keptSerials = async (st: Store) =>
  (await st.srv.app.db.query(`SELECT serial_no FROM wechatpay_platform_certificates WHERE mch_id = $1 ORDER BY effective_at, serial_no`, [st.double.mchId])).rows.map((r: any) => r.serial_no);

/** A mini-program payment started: the shopper's order, the attempt and the order the double holds. */
async function miniProgramOrder(st: Store, openId = `o-${st.name}-${crypto.randomBytes(3).toString('hex')}`) {
  const s = new Shopper(st.srv.base);
  const orderID = await reservedDelivery(s);
  const started = ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, weChatOpenId: openId }));
  const attempt = await attemptOf(st, orderID);
  return { s, orderID, started, attempt, openId, placed: st.double.orders.get(attempt.id)! };
}
const paid = async (st: Store, s: Shopper, orderID: string) => {
  const r = ok(await s.post('/shoppingManagement4/checkNativePayPaymentStatus', { orderID }));
  return `${r.status}/${r.paymentStatus}`;
};
const paySignVerifies = (double: WeChatPayDouble, info: { appId: string; timeStamp: string; nonceStr: string; package: string; paySign: string }) =>
  crypto.verify('RSA-SHA256', Buffer.from(`${info.appId}\n${info.timeStamp}\n${info.nonceStr}\n${info.package}\n`, 'utf8'),
    double.merchant.publicKey, Buffer.from(info.paySign, 'base64'));

describe('Hong Kong, WeChat Pay Global, direct, platform certificates', () => {
  test('the start downloads the certificates from /v3/global/certificates and keeps them in the database', async () => {
    const st = stores.hk;
    assert.ok(hk.calls.includes('GET /v3/global/certificates'));
    assert.deepEqual(await keptSerials(st), [hk.signing.serialNo]);
    const row = (await st.srv.app.db.query(`SELECT certificate_pem FROM wechatpay_platform_certificates`)).rows[0];
    assert.equal(row.certificate_pem, hk.signing.pem, 'decrypted with the APIv3 key');
  });

  test('pay: a JSAPI order with appid, mchid, trade_type and MCC in HKD; its answer verified by the certificate\'s serial', async () => {
    const st = stores.hk;
    const { placed, started, attempt, openId } = await miniProgramOrder(st);
    assert.ok(hk.calls.includes('POST /v3/global/transactions/jsapi'));
    assert.deepEqual([placed.body.appid, placed.body.mchid, placed.body.trade_type, placed.body.merchant_category_code], [hk.miniProgramAppId, hk.mchId, 'JSAPI', '5812']);
    assert.deepEqual(placed.body.payer, { openid: openId });
    assert.deepEqual(placed.body.amount, { total: attempt.amount, currency: 'HKD' });
    assert.ok(!('sp_mchid' in placed.body) && !('sub_mchid' in placed.body));
    assert.equal(started.weChatPayInfo.appId, hk.miniProgramAppId);
    assert.ok(paySignVerifies(hk, started.weChatPayInfo));
    assert.ok((hk.signedBy.get(hk.signing.serialNo) ?? 0) > 0 && !hk.signedBy.has(hk.publicKeyId), 'answers signed by the certificate only');
  });

  test('notification: signed by the certificate, applied once; an unknown serial, a forged signature and a public-key serial are refused', async () => {
    const st = stores.hk;
    const { s, orderID, attempt } = await miniProgramOrder(st);
    hk.pay(attempt.id);
    assert.equal((await hk.send(hk.paymentNotification(attempt.id, { serial: 'ABCDEF0123456789' }))).status, 400);
    assert.equal((await hk.send(hk.paymentNotification(attempt.id, { signWith: hk.merchant.privateKey }))).status, 400);
    assert.equal((await hk.send(hk.paymentNotification(attempt.id, { serial: hk.publicKeyId, signWith: hk.platform.privateKey }))).status, 400,
      'WECHATPAY_VERIFY=certificates holds no public key');
    assert.equal((await attemptOf(st, orderID)).status, 'PENDING');
    assert.equal((await hk.send(hk.paymentNotification(attempt.id))).status, 204);
    assert.equal(await paid(st, s, orderID), 'NEW/PAID_ONLINE');
  });

  test('query: a lost notification healed by reconciliation (GET …/out-trade-no/{id}?mchid=)', async () => {
    const st = stores.hk;
    const { s, orderID, attempt } = await miniProgramOrder(st);
    hk.pay(attempt.id);
    await st.srv.app.paymentSync.tick();
    assert.ok(hk.calls.includes(`GET /v3/global/transactions/out-trade-no/${attempt.id}?mchid=${hk.mchId}`));
    assert.equal(await paid(st, s, orderID), 'NEW/PAID_ONLINE');
  });

  test('refund: /v3/global/refunds with mchid and appid, in HKD; its notification acknowledged', async () => {
    const st = stores.hk;
    const { orderID, attempt } = await miniProgramOrder(st);
    hk.pay(attempt.id);
    assert.equal((await hk.send(hk.paymentNotification(attempt.id))).status, 204);
    const record = await st.srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 300, reason: 'test', key: `hk-refund-${orderID}` }));
    await st.srv.app.refundWorker.tick();
    const refund = hk.refunds.get(record.id)!;
    assert.deepEqual([refund.body.mchid, refund.body.appid, refund.refund, refund.currency], [hk.mchId, hk.miniProgramAppId, 300, 'HKD']);
    assert.equal((await hk.send(hk.refundNotification(record.id))).status, 204);
  });

  test('close: a voided attempt is closed with { mchid }', async () => {
    const st = stores.hk;
    const { orderID, attempt } = await miniProgramOrder(st);
    await expireReservations(st.srv.app.db, 0);
    assert.equal((await attemptOf(st, orderID)).status, 'VOID');
    await st.srv.app.paymentSync.tick();
    assert.equal(hk.orders.get(attempt.id)!.state, 'CLOSED');
  });

  test('rotation: the new certificate is downloaded on the timer, answers and notifications of either serial are accepted', async () => {
    const st = stores.hk;
    const old = hk.signing;
    const downloads = hk.certificateDownloads;
    const fresh = hk.rotate();
    await waitFor('the new certificate kept', async () => ((await keptSerials(st)).includes(fresh.serialNo) ? true : undefined));
    assert.ok(hk.certificateDownloads > downloads, 'downloaded again by the timer (WECHATPAY_CERT_REFRESH_MS)');
    assert.deepEqual(new Set(await keptSerials(st)), new Set([old.serialNo, fresh.serialNo]), 'both kept during the change');

    const first = await miniProgramOrder(st);
    assert.ok((hk.signedBy.get(fresh.serialNo) ?? 0) > 0, 'the order\'s answer was signed by the new certificate');
    hk.pay(first.attempt.id);
    assert.equal((await hk.send(hk.paymentNotification(first.attempt.id, { certificate: old }))).status, 204, 'the old serial, still listed');
    assert.equal(await paid(st, first.s, first.orderID), 'NEW/PAID_ONLINE');
    const second = await miniProgramOrder(st);
    hk.pay(second.attempt.id);
    assert.equal((await hk.send(hk.paymentNotification(second.attempt.id))).status, 204, 'the new serial');
    assert.equal(await paid(st, second.s, second.orderID), 'NEW/PAID_ONLINE');

    // The change done: WeChat Pay lists the new one only; the old one stays kept until its expire_time.
    hk.retire();
    const after = hk.certificateDownloads;
    await waitFor('another download', () => (hk.certificateDownloads > after ? true : undefined));
    assert.ok((await keptSerials(st)).includes(fresh.serialNo));
  });

  test('a restart while the certificate API fails verifies with the certificates kept in the database', async () => {
    const st = stores.hk;
    await st.srv.close();
    hk.certificateOutage = true;
    try {
      useEnv(hk.env(NO_IDENTITY_API));
      st.srv = await startServer(st.db, { config: WORKERS_BY_HAND });
      hk.deliverTo = st.srv.base;
      const downloads = hk.certificateDownloads;
      const { s, orderID, attempt } = await miniProgramOrder(st);
      assert.ok(attempt.provider_ref, 'the order\'s answer verified');
      hk.pay(attempt.id);
      assert.equal((await hk.send(hk.paymentNotification(attempt.id))).status, 204);
      assert.equal(await paid(st, s, orderID), 'NEW/PAID_ONLINE');
      assert.equal(hk.certificateDownloads, downloads, 'no certificate was downloaded since the restart');
    } finally {
      hk.certificateOutage = false;
    }
  });
});

describe('mainland, partner sub-merchant (WECHATPAY_MODE=partner), moving to the public key (WECHATPAY_VERIFY=both)', () => {
  test('pay: /v3/pay/partner/transactions/jsapi with sp_appid, sp_mchid, sub_mchid, sub_appid and payer.sub_openid; the request names the public key', async () => {
    const st = stores.cn;
    const { placed, started, attempt, openId } = await miniProgramOrder(st);
    assert.ok(cn.calls.includes('POST /v3/pay/partner/transactions/jsapi'));
    assert.deepEqual([placed.body.sp_appid, placed.body.sp_mchid, placed.body.sub_mchid, placed.body.sub_appid],
      [cn.spAppId, cn.mchId, cn.subMchId, cn.miniProgramAppId]);
    assert.deepEqual(placed.body.payer, { sub_openid: openId });
    assert.ok(!('appid' in placed.body) && !('mchid' in placed.body), 'no direct-mode field');
    assert.deepEqual(placed.body.amount, { total: attempt.amount, currency: 'CNY' });
    // The sheet opens in the shop's own mini-program (sub_appid), signed with the partner's key.
    assert.equal(started.weChatPayInfo.appId, cn.miniProgramAppId);
    assert.ok(paySignVerifies(cn, started.weChatPayInfo));
    assert.ok((cn.signedBy.get(cn.publicKeyId) ?? 0) > 0, 'the answer was signed with the public key the request named');
  });

  test('notification: sp_mchid / sub_mchid, signed by the certificate or the public key, each accepted by serial; another sub-merchant\'s refused', async () => {
    const st = stores.cn;
    const one = await miniProgramOrder(st);
    cn.pay(one.attempt.id);
    assert.equal((await cn.send(cn.paymentNotification(one.attempt.id, { by: 'certificate' }))).status, 204);
    assert.equal(await paid(st, one.s, one.orderID), 'NEW/PAID_ONLINE');
    const two = await miniProgramOrder(st);
    cn.pay(two.attempt.id);
    assert.equal((await cn.send(cn.paymentNotification(two.attempt.id, { serial: 'PUB_KEY_ID_0000OTHER', by: 'publicKey' }))).status, 400);
    assert.equal((await cn.send(cn.paymentNotification(two.attempt.id, { resource: { sub_mchid: '1900000999' } }))).status, 400, 'another sub-merchant');
    assert.equal((await cn.send(cn.paymentNotification(two.attempt.id, { resource: { sp_mchid: '1900000888' } }))).status, 400, 'another partner');
    assert.equal((await attemptOf(st, two.orderID)).status, 'PENDING');
    assert.equal((await cn.send(cn.paymentNotification(two.attempt.id, { by: 'publicKey' }))).status, 204);
    assert.equal(await paid(st, two.s, two.orderID), 'NEW/PAID_ONLINE');
    assert.deepEqual(await keptSerials(st), [cn.signing.serialNo], 'the certificates were downloaded from /v3/certificates too');
    assert.ok(cn.calls.includes('GET /v3/certificates'));
  });

  test('query: GET /v3/pay/partner/transactions/out-trade-no/{id}?sp_mchid=&sub_mchid= heals a lost notification', async () => {
    const st = stores.cn;
    const { s, orderID, attempt } = await miniProgramOrder(st);
    cn.pay(attempt.id);
    await st.srv.app.paymentSync.tick();
    assert.ok(cn.calls.includes(`GET /v3/pay/partner/transactions/out-trade-no/${attempt.id}?sp_mchid=${cn.mchId}&sub_mchid=${cn.subMchId}`));
    assert.equal(await paid(st, s, orderID), 'NEW/PAID_ONLINE');
  });

  test('refund: /v3/refund/domestic/refunds with sub_mchid, in CNY; its notification (sp_mchid / sub_mchid) acknowledged', async () => {
    const st = stores.cn;
    const { orderID, attempt } = await miniProgramOrder(st);
    cn.pay(attempt.id);
    assert.equal((await cn.send(cn.paymentNotification(attempt.id))).status, 204);
    const record = await st.srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 200, reason: 'test', key: `cn-refund-${orderID}` }));
    await st.srv.app.refundWorker.tick();
    const refund = cn.refunds.get(record.id)!;
    assert.deepEqual([refund.body.sub_mchid, refund.refund, refund.body.amount.currency], [cn.subMchId, 200, 'CNY']);
    assert.equal((await cn.send(cn.refundNotification(record.id))).status, 204);
    assert.equal((await cn.send(cn.refundNotification(record.id, 'SUCCESS', { by: 'publicKey' }))).status, 204);
  });

  test('close: a voided attempt is closed at /v3/pay/partner/…/close with { sp_mchid, sub_mchid }', async () => {
    const st = stores.cn;
    const { orderID, attempt } = await miniProgramOrder(st);
    await expireReservations(st.srv.app.db, 0);
    assert.equal((await attemptOf(st, orderID)).status, 'VOID');
    await st.srv.app.paymentSync.tick();
    assert.ok(cn.calls.includes(`POST /v3/pay/partner/transactions/out-trade-no/${attempt.id}/close`));
    assert.equal(cn.orders.get(attempt.id)!.state, 'CLOSED');
  });
});

describe('mainland partner: shipping information to WeChat (upload_shipping_info)', () => {
  test('the upload names the partner (sp_mchid), the merchant that placed the payment; the sub-merchant\'s number finds no payment', async () => {
    const st = stores.cn;
    const weChat = new WeChatDouble([{ appId: cn.miniProgramAppId, secret: cn.miniProgramSecret, unionBound: false }]);
    await weChat.start();
    try {
      // WeChat's order-shipping service knows the payments WeChat Pay holds, by the merchant that placed each.
      weChat.paymentPlaced = (merchantId, outTradeNo) => cn.placed(merchantId, outTradeNo);
      const settings = shippingSettings({ appId: cn.miniProgramAppId, secret: cn.miniProgramSecret, baseUrl: weChat.baseUrl }, cn.env(NO_IDENTITY_API))!;
      assert.equal(settings.mchId, cn.mchId, 'WECHATPAY_SP_MCHID, not a WECHATPAY_MCHID partner mode does not have');
      const { orderID, attempt, openId } = await miniProgramOrder(st);
      cn.pay(attempt.id);
      assert.equal((await cn.send(cn.paymentNotification(attempt.id))).status, 204);
      assert.equal((await deskOf(st.srv, 'orders')('move', orderID, 'out-for-delivery', '--by', 'mia')).code, 0);
      const quiet = { info() {}, warn() {}, error() {} };
      const tick = async (mchId: string) => {
        const w = new ShippingWorker(st.srv.app.db, { ...settings, mchId }, { pollMs: 3_600_000, retryBaseMs: 1, log: quiet });
        await w.tick();
        await w.stop();
        return (await st.srv.app.db.query(`SELECT status, last_error FROM wechat_shipping_uploads WHERE attempt_id = $1`, [attempt.id])).rows[0];
      };
      const bySub = await tick(cn.subMchId);
      assert.equal(bySub.status, 'PENDING');
      assert.match(bySub.last_error, /10060001/, 'the sub-merchant did not place the payment: WeChat finds none');
      await waitFor('the retry due', async () => ((await st.srv.app.db.query(`SELECT 1 FROM wechat_shipping_uploads WHERE attempt_id = $1 AND next_attempt_at <= now()`, [attempt.id])).rows[0] ? true : undefined));
      assert.equal((await tick(settings.mchId)).status, 'DONE');
      const [upload] = weChat.shipments.get(`${cn.mchId}:${attempt.id}`)!;
      assert.deepEqual([upload.order_key, upload.payer.openid, upload.logistics_type], [{ order_number_type: 1, mchid: cn.mchId, out_trade_no: attempt.id }, openId, 2]);
    } finally {
      await weChat.stop();
    }
  });
});

describe('cross-border institutional mode (WECHATPAY_MODE=partner, WECHATPAY_API=global), through the provider', () => {
  const inst = new WeChatPayDouble('global', { mode: 'partner' });
  before(async () => {
    await inst.start();
  });
  after(async () => {
    await inst.stop();
  });

  test('pay, notification, query, refund and close on /v3/global/… with sp_*/sub_* fields', async () => {
    const provider = wechatPayProvider(wechatPaySettings(inst.env(NO_IDENTITY_API))!);
    const attempt: PaymentAttempt = { id: `inst${crypto.randomBytes(8).toString('hex')}`, purpose: 'ORDER', orderID: '1', channel: 'WECHAT_MINI_PROGRAM', amount: 4200, currency: 'CAD', returnUrl: '/' };
    const { prepayId } = await provider.startWeChatInApp(attempt, 'o-institution');
    const placed = inst.orders.get(attempt.id)!;
    assert.equal(placed.prepayId, prepayId);
    assert.ok(inst.calls.includes('POST /v3/global/transactions/jsapi'));
    assert.deepEqual([placed.body.sp_appid, placed.body.sp_mchid, placed.body.sub_mchid, placed.body.sub_appid, placed.body.trade_type],
      [inst.spAppId, inst.mchId, inst.subMchId, inst.miniProgramAppId, 'JSAPI']);
    assert.deepEqual(placed.body.payer, { sub_openid: 'o-institution' });

    assert.deepEqual(await provider.query(attempt), { outcome: null, amount: 4200, currency: 'CAD' });
    assert.ok(inst.calls.includes(`GET /v3/global/transactions/out-trade-no/${attempt.id}?sp_mchid=${inst.mchId}&sub_mchid=${inst.subMchId}`));
    inst.pay(attempt.id);
    const note = inst.paymentNotification(attempt.id);
    const seen = new Set<string>();
    const firstSeen = async (nonce: string) => !seen.has(nonce) && !!seen.add(nonce);
    const heard = await provider.notification!({ headers: note.headers, rawBody: note.body, firstSeen });
    assert.deepEqual(heard.events, [{ attemptId: attempt.id, outcome: 'PAID', amount: 4200, currency: 'CAD' }]);
    await provider.refund(attempt, { refundId: `r${attempt.id}`, amount: 1000 });
    const refund = inst.refunds.get(`r${attempt.id}`)!;
    assert.deepEqual([refund.body.sp_mchid, refund.body.sub_mchid, refund.body.sp_appid, refund.body.sub_appid], [inst.mchId, inst.subMchId, inst.spAppId, inst.miniProgramAppId]);

    const unpaid: PaymentAttempt = { ...attempt, id: `inst${crypto.randomBytes(8).toString('hex')}` };
    await provider.startWeChatInApp(unpaid, 'o-institution');
    await provider.close(unpaid);
    assert.equal(inst.orders.get(unpaid.id)!.state, 'CLOSED');
  });
});

describe('partner H5 (a phone) and Native (a desktop): mainland service provider and cross-border institution, through the provider', () => {
  const doubles = { domestic: new WeChatPayDouble('domestic', { mode: 'partner' }), global: new WeChatPayDouble('global', { mode: 'partner' }) };
  before(async () => {
    await doubles.domestic.start();
    await doubles.global.start();
  });
  after(async () => {
    await doubles.domestic.stop();
    await doubles.global.stop();
  });
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
  const ctx = (userAgent: string) => ({ origin: 'https://shop.test', userAgent, clientIp: '203.0.113.7' });

  for (const api of ['domestic', 'global'] as const) {
    test(`${api}: sp_appid, sp_mchid, sub_mchid and the shop's sub_appid on the H5 and Native orders; paid, notified, queried, refunded; an unpaid one closed`, async () => {
      const double = doubles[api];
      const provider = wechatPayProvider(wechatPaySettings(double.env(NO_IDENTITY_API))!);
      const currency = api === 'domestic' ? 'CNY' : 'CAD';
      const paths = api === 'domestic'
        ? { h5: '/v3/pay/partner/transactions/h5', native: '/v3/pay/partner/transactions/native', trade: '/v3/pay/partner/transactions/out-trade-no' }
        : { h5: '/v3/global/transactions/mweb', native: '/v3/global/transactions/native', trade: '/v3/global/transactions/out-trade-no' };
      const attempt = (): PaymentAttempt => ({
        id: `pt${crypto.randomBytes(8).toString('hex')}`, purpose: 'ORDER', orderID: '1', channel: 'NATIVE_WECHAT_H5', amount: 1500, currency,
        returnUrl: '/user/orders/1', payBy: new Date(Date.now() + 30 * 60_000),
      });
      const partnerFields = (body: any) => [body.sp_appid, body.sp_mchid, body.sub_mchid, body.sub_appid];
      const expected = [double.spAppId, double.mchId, double.subMchId, double.officialAccountAppId];

      const h5 = attempt();
      const redirect = await provider.startHosted(h5, ctx(PHONE));
      assert.ok(double.calls.includes(`POST ${paths.h5}`));
      const placed = double.orders.get(h5.id)!;
      assert.deepEqual(partnerFields(placed.body), expected);
      assert.ok(!('appid' in placed.body) && !('mchid' in placed.body) && !('payer' in placed.body), 'no direct-mode field, no payer');
      assert.deepEqual(placed.body.scene_info, { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
      assert.deepEqual(placed.body.amount, { total: 1500, currency });
      if (api === 'global') assert.equal(placed.body.trade_type, 'MWEB');
      else assert.match(placed.body.time_expire, /\+08:00$/, 'the domestic partner order carries the hold as time_expire');
      assert.match(redirect.redirectUrl, /^https:\/\/wx\.tenpay\.com\/.*&redirect_url=https%3A%2F%2Fshop\.test%2Fuser%2Forders%2F1$/);

      double.pay(h5.id);
      const note = double.paymentNotification(h5.id);
      const seen = new Set<string>();
      const heard = await provider.notification!({ headers: note.headers, rawBody: note.body, firstSeen: async (n) => !seen.has(n) && !!seen.add(n) });
      assert.deepEqual(heard.events, [{ attemptId: h5.id, outcome: 'PAID', amount: 1500, currency }]);
      assert.deepEqual(await provider.query(h5), { outcome: 'PAID', amount: 1500, currency });
      assert.ok(double.calls.includes(`GET ${paths.trade}/${h5.id}?sp_mchid=${double.mchId}&sub_mchid=${double.subMchId}`));
      await provider.refund(h5, { refundId: `r${h5.id}`, amount: 500 });
      assert.equal(double.refunds.get(`r${h5.id}`)!.refund, 500);

      const native = attempt();
      const shown = await provider.startHosted(native, ctx(DESKTOP));
      assert.ok(double.calls.includes(`POST ${paths.native}`));
      const nativeOrder = double.orders.get(native.id)!;
      assert.equal(nativeOrder.kind, 'native');
      assert.deepEqual(partnerFields(nativeOrder.body), expected);
      assert.ok(!('appid' in nativeOrder.body) && !('mchid' in nativeOrder.body));
      if (api === 'global') assert.equal(nativeOrder.body.trade_type, 'NATIVE');
      assert.match(shown.qrCode!, /^weixin:\/\//);
      assert.deepEqual(await provider.query(native), { outcome: null, amount: 1500, currency });
      await provider.close(native);
      assert.ok(double.calls.includes(`POST ${paths.trade}/${native.id}/close`));
      assert.equal(double.orders.get(native.id)!.state, 'CLOSED');
    });
  }
});

describe('WeChat Pay Global moving to the public key (WECHATPAY_VERIFY=both), through the provider', () => {
  const global = new WeChatPayDouble('global', { verify: 'both' });
  let db: TestDb;
  let store: Awaited<ReturnType<typeof openDb>>;
  before(async () => {
    await global.start();
    db = await freshDb();
    store = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    await store.query('DELETE FROM wechatpay_platform_certificates'); // none kept from a template (see sellIn)
  });
  after(async () => {
    await store?.close();
    await db?.cleanup();
    await global.stop();
  });

  test('certificates from /v3/global/certificates; every request names the public key; answers and notifications by either serial accepted, another refused', async () => {
    const provider = wechatPayProvider(wechatPaySettings(global.env(NO_IDENTITY_API))!);
    assert.ok(provider.open, 'the certificates are kept in the database');
    const stop = await provider.open!({ db: store, log: { info() {}, warn() {}, error() {} } as any });
    try {
      assert.ok(global.calls.includes('GET /v3/global/certificates'));
      const attempt: PaymentAttempt = { id: `gb${crypto.randomBytes(8).toString('hex')}`, purpose: 'ORDER', orderID: '1', channel: 'WECHAT_MINI_PROGRAM', amount: 2500, currency: 'HKD', returnUrl: '/' };
      const publicKeyAnswers = global.signedBy.get(global.publicKeyId) ?? 0;
      await provider.startWeChatInApp(attempt, 'o-global');
      assert.ok(global.calls.includes('POST /v3/global/transactions/jsapi'));
      assert.ok((global.signedBy.get(global.publicKeyId) ?? 0) > publicKeyAnswers, 'the answer was signed with the public key the request named');
      global.pay(attempt.id);
      const seen = new Set<string>();
      const firstSeen = async (n: string) => !seen.has(n) && !!seen.add(n);
      for (const by of ['certificate', 'publicKey'] as const) {
        const note = global.paymentNotification(attempt.id, { by });
        const heard = await provider.notification!({ headers: note.headers, rawBody: note.body, firstSeen });
        assert.deepEqual(heard.events, [{ attemptId: attempt.id, outcome: 'PAID', amount: 2500, currency: 'HKD' }], by);
      }
      const other = global.paymentNotification(attempt.id, { serial: 'PUB_KEY_ID_0000OTHER', by: 'publicKey' });
      await assert.rejects(provider.notification!({ headers: other.headers, rawBody: other.body, firstSeen }), /Wechatpay-Serial/);
      assert.deepEqual(await provider.query(attempt), { outcome: 'PAID', amount: 2500, currency: 'HKD' });
    } finally {
      stop();
    }
  });
});

describe('the double refuses what WeChat Pay refuses', () => {
  /** A request signed with the merchant's key, as the store sends it (optionally with a Wechatpay-Serial). */
  async function signed(double: WeChatPayDouble, path: string, body: object, serial?: string) {
    const text = JSON.stringify(body);
    const res = await fetch(`${double.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        Authorization: authorization({ mchId: double.mchId, serialNo: double.serialNo, privateKey: double.merchant.privateKey }, 'POST', path, text),
        'Content-Type': 'application/json',
        ...(serial ? { 'Wechatpay-Serial': serial } : {}),
      },
      body: text,
    });
    return { status: res.status, body: await res.json() as any };
  }
  const partnerOrder = () => ({
    sp_appid: cn.spAppId, sp_mchid: cn.mchId, sub_mchid: cn.subMchId, sub_appid: cn.miniProgramAppId, description: 'x',
    out_trade_no: `t${crypto.randomBytes(6).toString('hex')}`, notify_url: 'https://shop.test/api/istore/notify/wechatpay',
    amount: { total: 100, currency: 'CNY' }, payer: { sub_openid: 'o-x' },
  });

  test('partner mode: a missing sub_mchid, a direct-mode field (appid, mchid, payer.openid), an unknown Wechatpay-Serial', async () => {
    assert.equal((await signed(cn, '/v3/pay/partner/transactions/jsapi', partnerOrder(), cn.publicKeyId)).status, 200, 'the well-formed order');
    const { sub_mchid: _, ...withoutSub } = partnerOrder();
    const missing = await signed(cn, '/v3/pay/partner/transactions/jsapi', withoutSub);
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /sub_mchid/);
    assert.equal((await signed(cn, '/v3/pay/partner/transactions/jsapi', { ...partnerOrder(), appid: cn.miniProgramAppId })).status, 400);
    assert.equal((await signed(cn, '/v3/pay/partner/transactions/jsapi', { ...partnerOrder(), mchid: cn.mchId })).status, 400);
    assert.equal((await signed(cn, '/v3/pay/partner/transactions/jsapi', { ...partnerOrder(), payer: { openid: 'o-x' } })).status, 400);
    assert.equal((await signed(cn, '/v3/pay/transactions/jsapi', partnerOrder())).status, 404, 'the direct path is not the partner\'s');
    const wrongSerial = await signed(cn, '/v3/pay/partner/transactions/jsapi', partnerOrder(), 'PUB_KEY_ID_NOT_THIS_ONE');
    assert.equal(wrongSerial.status, 400);
    assert.match(wrongSerial.body.message, /Wechatpay-Serial/);
  });

  test('partner H5 and Native: sp_appid, sub_mchid and (H5) scene_info required; a direct-mode field or an app not the sub-merchant\'s refused', async () => {
    const h5 = () => ({
      sp_appid: cn.spAppId, sp_mchid: cn.mchId, sub_mchid: cn.subMchId, sub_appid: cn.officialAccountAppId, description: 'x',
      out_trade_no: `t${crypto.randomBytes(6).toString('hex')}`, notify_url: 'https://shop.test/api/istore/notify/wechatpay',
      amount: { total: 100, currency: 'CNY' }, scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    const path = '/v3/pay/partner/transactions/h5';
    assert.equal((await signed(cn, path, h5())).status, 200, 'the well-formed order');
    const { sub_appid: _a, ...withoutSubApp } = h5();
    assert.equal((await signed(cn, path, withoutSubApp)).status, 200, 'sub_appid is optional on H5 and Native');
    const { sub_mchid: _m, ...withoutSub } = h5();
    const { sp_appid: _s, ...withoutSpApp } = h5();
    const { scene_info: _i, ...withoutScene } = h5();
    for (const [why, body] of Object.entries({
      withoutSub, withoutSpApp, withoutScene, appid: { ...h5(), appid: cn.officialAccountAppId }, mchid: { ...h5(), mchid: cn.mchId },
      otherApp: { ...h5(), sub_appid: 'wx9999999999999999' }, otherSub: { ...h5(), sub_mchid: '1900000999' },
    })) {
      assert.equal((await signed(cn, path, body)).status, 400, why);
    }
    const { h5_info: _h, ...nativeScene } = h5().scene_info;
    assert.equal((await signed(cn, '/v3/pay/partner/transactions/native', { ...h5(), scene_info: nativeScene })).status, 200);
    assert.equal((await signed(cn, '/v3/pay/partner/transactions/native', { ...h5(), scene_info: nativeScene, appid: cn.officialAccountAppId })).status, 400);
  });

  test('direct mode: partner fields refused; certificates mode: the public key\'s id is no serial of the merchant', async () => {
    const direct = { appid: hk.miniProgramAppId, mchid: hk.mchId, description: 'x', out_trade_no: `t${crypto.randomBytes(6).toString('hex')}`,
      notify_url: 'https://shop.test/api/istore/notify/wechatpay', amount: { total: 100, currency: 'HKD' }, trade_type: 'JSAPI',
      merchant_category_code: '5812', payer: { openid: 'o-x' } };
    assert.equal((await signed(hk, '/v3/global/transactions/jsapi', direct)).status, 200);
    assert.equal((await signed(hk, '/v3/global/transactions/jsapi', { ...direct, out_trade_no: `t${crypto.randomBytes(6).toString('hex')}`, sub_mchid: '1900000201' })).status, 400);
    assert.equal((await signed(hk, '/v3/global/transactions/jsapi', { ...direct, out_trade_no: `t${crypto.randomBytes(6).toString('hex')}` }, hk.publicKeyId)).status, 400);
  });
});

describe('configuration', () => {
  test('partner mode without its ids, or with a bad mode, verification or refresh, is refused naming the variable', () => {
    const env = cn.env(NO_IDENTITY_API);
    const router = (over: Record<string, string | undefined>) => createPaymentProvider(loadConfig({}), { ...env, ...over });
    for (const name of ['WECHATPAY_SP_MCHID', 'WECHATPAY_SP_APPID', 'WECHATPAY_SUB_MCHID']) {
      assert.throws(() => router({ [name]: undefined }), new RegExp(`${name} is missing \\(WECHATPAY_MODE=partner`));
    }
    assert.throws(() => router({ WECHATPAY_SUB_MCHID: 'abc' }), /WECHATPAY_SUB_MCHID must be a merchant number/);
    assert.throws(() => router({ WECHATPAY_MODE: 'service' }), /WECHATPAY_MODE must be direct or partner/);
    assert.throws(() => router({ WECHATPAY_VERIFY: 'cert' }), /WECHATPAY_VERIFY must be publicKey, certificates or both/);
    assert.throws(() => router({ WECHATPAY_PUBLIC_KEY_FILE: undefined }), /WECHATPAY_PUBLIC_KEY_FILE is missing/, 'both needs the public key');
    assert.throws(() => router({ WECHATPAY_CERT_REFRESH_MS: '86400000' }), /WECHATPAY_CERT_REFRESH_MS must be/);
    const certificatesOnly = hk.env(NO_IDENTITY_API);
    assert.equal(wechatPaySettings(certificatesOnly)!.verify, 'certificates', 'no public key set: certificates');
    assert.equal(wechatPaySettings({ ...certificatesOnly, WECHATPAY_VERIFY: undefined })!.verify, 'certificates');
    assert.equal(wechatPaySettings({ ...env, WECHATPAY_VERIFY: undefined })!.verify, 'publicKey', 'a public key set: publicKey');
  });

  test('the server refuses to start in partner mode without WECHATPAY_SUB_MCHID: exit 1, naming it', async () => {
    const { code, stderr } = await refusedServerProcess({ ...cn.env(NO_IDENTITY_API), WECHATPAY_SUB_MCHID: '', ISTORE_SANDBOX: '1' });
    assert.equal(code, 1, stderr);
    assert.match(stderr, /WECHATPAY_SUB_MCHID is missing \(WECHATPAY_MODE=partner/);
  });
});
