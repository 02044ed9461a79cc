/**
 * The payment framework (payments/index.ts, events.ts, sync.ts, routes/notify.ts) with a scripted provider serving the
 * WeChat channels next to the sandbox: which channels are offered (and in production), the notification route outside
 * the XSRF check, refused and mismatching notifications changing nothing, the sandbox page refusing attempts it does
 * not serve, a lost notification healed by the sync worker, and close on void retried until the provider confirms.
 * The providers' own protocols are tested against their doubles (wechatpay.test.ts, ...).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { createPaymentProvider, PROVIDERS } from '../src/payments/index.ts';
import { onlineProviders } from '../src/payments/channels.ts';
import { expireReservations } from '../src/orders/lifecycle.ts';
import { NotificationRefused, type PaymentAttempt, type PaymentProvider, type ProviderStatus } from '../src/payments/provider.ts';
import { freshDb, isError, ok, reservedDelivery, Shopper, startServer, waitFor, type Running, type TestDb } from './helpers.ts';

/** What the scripted provider holds: per attempt id, what a query answers; and what it was asked to close. */
const held = new Map<string, ProviderStatus>();
const closed: string[] = [];
/** Attempts whose next close fails (the provider unavailable once). */
const closeFailsOnce = new Set<string>();

const scripted: PaymentProvider = {
  name: 'scripted',
  channels: ['WECHAT_MINI_PROGRAM', 'NATIVE_WECHAT_JSAPI', 'NATIVE_WECHAT_H5'],
  async startHosted(attempt) {
    held.set(attempt.id, { outcome: null });
    return { redirectUrl: `https://pay.test/${attempt.id}`, providerRef: `ref-${attempt.id}` };
  },
  async startWeChatInApp() { throw new Error('not used here'); },
  async startAlipayTrade() { throw new Error('not used here'); },
  async query(attempt: PaymentAttempt) { return held.get(attempt.id) ?? { outcome: null }; },
  async refund() {},
  async close(attempt) {
    if (closeFailsOnce.delete(attempt.id)) {
      throw new Error('scripted: provider unavailable');
    }
    closed.push(attempt.id);
  },
  async notification({ headers, rawBody }) {
    if (headers['x-scripted-signature'] !== 'good') throw new NotificationRefused('bad signature');
    const e = JSON.parse(rawBody);
    return { events: [e], reply: { status: 204, contentType: 'text/plain', body: '' } };
  },
};
PROVIDERS.push((env) => (env.SCRIPTED_PROVIDER === '1' ? scripted : null));

const routerOf = (env: NodeJS.ProcessEnv, over: Record<string, unknown> = {}) => createPaymentProvider({ ...loadConfig({}), ...over }, env);

describe('which channels are offered', () => {
  test('development: the scripted provider serves its channels, the sandbox every other one', () => {
    const router = routerOf({ SCRIPTED_PROVIDER: '1' });
    assert.equal(router.providerName('WECHAT_MINI_PROGRAM'), 'scripted');
    assert.equal(router.providerName('OTT'), 'sandbox');
    assert.deepEqual(router.realProviders, ['scripted']);
    assert.ok(router.sandboxChannels.includes('OTT') && !router.sandboxChannels.includes('NATIVE_WECHAT_H5'));
    assert.equal(onlineProviders(router).provider, 'sandbox,scripted');
  });

  test('production without ISTORE_SANDBOX offers exactly the channels with a real provider', () => {
    const config = onlineProviders(routerOf({ SCRIPTED_PROVIDER: '1' }, { nodeEnv: 'production', allowSandbox: false }));
    assert.deepEqual(config, {
      enabled: true, provider: 'scripted', h5Channels: ['NATIVE_WECHAT_H5'], weChatJsApi: true, weChatMiniProgram: true, alipayMiniProgram: false,
    });
    assert.equal(routerOf({ SCRIPTED_PROVIDER: '1', PAYMENT_H5_CHANNELS: 'OTT' }).offered.includes('NATIVE_WECHAT_H5'), false);
  });

  test('PAYMENT_PROVIDER other than sandbox, and two providers claiming one channel, stop the start', () => {
    assert.throws(() => routerOf({}, { paymentProvider: 'wechatpay' }), /PAYMENT_PROVIDER 'wechatpay' is not available/);
    assert.throws(() => createPaymentProvider(loadConfig({}), {}, [() => scripted, () => ({ ...scripted, name: 'twin' })]),
      /WECHAT_MINI_PROGRAM is claimed by both scripted and twin/);
  });
});

describe('through the server: the scripted provider on the WeChat channels, the sandbox on OTT only (PAYMENT_H5_CHANNELS)', () => {
  let db: TestDb;
  let srv: Running;
  before(async () => {
    process.env.SCRIPTED_PROVIDER = '1';
    process.env.PAYMENT_H5_CHANNELS = 'OTT,NATIVE_WECHAT_H5';
    db = await freshDb();
    // The sync worker is driven by the test (tick()): no polling of its own.
    srv = await startServer(db, { config: { paymentSyncPollMs: 3_600_000, reconcileAfterSeconds: 0, refundRetryBaseMs: 1 } });
  });
  after(async () => {
    await srv?.close();
    await db?.cleanup();
    delete process.env.SCRIPTED_PROVIDER;
    delete process.env.PAYMENT_H5_CHANNELS;
  });

  const attemptOf = async (orderID: string) =>
    (await srv.app.db.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [Number(orderID)])).rows[0];
  const notify = (body: unknown, signature = 'good') => fetch(`${srv.base}/api/istore/notify/scripted`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-scripted-signature': signature }, body: JSON.stringify(body),
  });

  test('a hosted WeChat payment keeps the provider reference; forged and mismatching notifications change nothing; the right one settles once', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    const started = ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }));
    const attempt = await attemptOf(orderID);
    assert.equal(started.redirectUrl, `https://pay.test/${attempt.id}`);
    assert.equal(attempt.provider_ref, `ref-${attempt.id}`);

    const event = { attemptId: attempt.id, outcome: 'PAID', amount: attempt.amount, currency: attempt.currency };
    const forged = await notify(event, 'bad');
    assert.equal(forged.status, 400);
    assert.deepEqual(await forged.json(), { code: 'FAIL', message: 'bad signature' });
    assert.equal((await notify({ ...event, amount: attempt.amount - 1 })).status, 204);
    assert.equal((await notify({ ...event, currency: 'CNY' })).status, 204);
    assert.equal((await notify({ ...event, attemptId: 'no-such-attempt' })).status, 204);
    assert.equal((await attemptOf(orderID)).status, 'PENDING');

    assert.equal((await notify(event)).status, 204);
    assert.equal((await notify(event)).status, 204);
    const state = ok(await s.post('/shoppingManagement4/checkNativePayPaymentStatus', { orderID }));
    assert.deepEqual([state.status, state.paymentStatus], ['NEW', 'PAID_ONLINE']);
    const paid = await srv.app.db.query(`SELECT count(*)::int AS n FROM store_credit_ledger WHERE order_id = $1`, [Number(orderID)]);
    assert.equal(paid.rows[0].n, 0, 'no store credit was involved');
  });

  test('a channel not offered is refused; the sandbox page does not settle the scripted provider\'s attempts', async () => {
    const s = new Shopper(srv.base);
    const orderID = await reservedDelivery(s);
    const config = ok(await s.get('/shoppingManagement4/paymentConfig')).onlineProviders;
    assert.deepEqual(config.h5Channels, ['OTT', 'NATIVE_WECHAT_H5']);
    isError(await s.post('/shoppingManagement4/requestCitconH5Payment', { orderID }), 400);
    ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID }));
    const attempt = await attemptOf(orderID);
    isError(await s.post(`${srv.base}/api/istore/client/sandbox/pay/${attempt.id}/pay`), 404);
    assert.equal((await attemptOf(orderID)).status, 'PENDING');
  });

  test('a lost notification is healed by the sync worker; a voided attempt is closed at the provider, retried after a failure', async () => {
    const s = new Shopper(srv.base);
    const lostOrder = await reservedDelivery(s);
    ok(await s.post('/shoppingManagement4/requestNativePayH5Payment', { orderID: lostOrder }));
    const lost = await attemptOf(lostOrder);
    held.set(lost.id, { outcome: 'PAID', amount: lost.amount, currency: lost.currency });
    await srv.app.paymentSync.tick();
    assert.equal((await attemptOf(lostOrder)).status, 'PAID');

    const other = new Shopper(srv.base);
    const voidOrder = await reservedDelivery(other);
    ok(await other.post('/shoppingManagement4/requestNativePayH5Payment', { orderID: voidOrder }));
    const voided = await attemptOf(voidOrder);
    await expireReservations(srv.app.db, 0);
    assert.equal((await attemptOf(voidOrder)).status, 'VOID');
    closeFailsOnce.add(voided.id);
    await srv.app.paymentSync.tick();
    assert.ok(!closed.includes(voided.id), 'the first close failed');
    assert.notEqual((await attemptOf(voidOrder)).close_due_at, null);
    await waitFor('the retried close', async () => {
      await srv.app.paymentSync.tick();
      return closed.includes(voided.id) ? true : undefined;
    });
    assert.equal((await attemptOf(voidOrder)).close_due_at, null);
  });
});
