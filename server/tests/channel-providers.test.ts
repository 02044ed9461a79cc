/**
 * One provider per channel, chosen by the operator (issue 39 item 1), and the providers' own rules (item 5), as pure
 * code: CHANNEL_PROVIDERS and the start's refusals (each naming the channel and why), PAYMENT_H5_CHANNELS narrowing,
 * paymentConfig following; every provider's order number rule (a table per provider) and the attempt ids against all
 * of them; the deadline each provider is told (a table per provider). The acquirers' WeChat payments themselves are in
 * iotpay-provider.test.ts, snappay-provider.test.ts and, through the server, acquirer-wechat.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { channelAssignments, createPaymentProvider } from '../src/payments/index.ts';
import { onlineProviders } from '../src/payments/channels.ts';
import { ORDER_NUMBER_RULES, orderNumber } from '../src/payments/orderNumbers.ts';
import { alipayTimeout, snappayEffectiveMinutes, wechatTimeExpire } from '../src/payments/deadlines.ts';
import { newAttemptId } from '../src/payments/storedAttempt.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'channel-providers-'));
fs.writeFileSync(path.join(dir, 'iotpay'), 'k'.repeat(32));
fs.writeFileSync(path.join(dir, 'snappay'), '7e2083699dd510575faa1c72f9e35d43');
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const IOTPAY = { IOTPAY_MERCHANT_ID: '10000701', IOTPAY_LOGIN_NAME: 'shop', IOTPAY_MERCHANT_KEY_FILE: path.join(dir, 'iotpay') };
const SNAPPAY = { SNAPPAY_APP_ID: '9f00cd9a873c511e', SNAPPAY_MERCHANT_NO: '901800000116', SNAPPAY_SIGN_KEY_FILE: path.join(dir, 'snappay') };
const MINI = { WECHAT_MINI_PROGRAM_APPID: 'wx5f0c0a1b2c3d4e5f', PUBLIC_URL: 'https://shop.example.ca' };
/** A development start (the sandbox allowed) unless `over` says otherwise. */
const routerOf = (env: NodeJS.ProcessEnv, over: Record<string, unknown> = {}) => createPaymentProvider({ ...loadConfig({}), allowSandbox: true, ...over }, env);

describe('CHANNEL_PROVIDERS', () => {
  test('a Canadian store: the mini-program and the WeChat browser through IOTPay, IOTPay\'s hosted page kept, the rest as before', () => {
    const router = routerOf({ ...IOTPAY, ...SNAPPAY, ...MINI, CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=iotpay, NATIVE_WECHAT_JSAPI=iotpay' });
    assert.equal(router.providerName('WECHAT_MINI_PROGRAM'), 'iotpay');
    assert.equal(router.providerName('NATIVE_WECHAT_JSAPI'), 'iotpay');
    assert.equal(router.providerName('IOTPAY'), 'iotpay', 'its own claim stands');
    assert.equal(router.providerName('SNAPPAY_ALIPAY'), 'snappay');
    assert.equal(router.providerName('ALIPAY_MINI_PROGRAM'), 'sandbox');
    assert.deepEqual([...router.byName('iotpay')!.channels].sort(), ['IOTPAY', 'NATIVE_WECHAT_JSAPI', 'WECHAT_MINI_PROGRAM'],
      'the notification route sees IOTPay with the channels it serves here');
    assert.equal(router.inAppByPage('NATIVE_WECHAT_JSAPI'), true, 'IOTPay answers a page in the WeChat browser');
    assert.equal(router.inAppByPage('WECHAT_MINI_PROGRAM'), false, 'the mini-program always gets wx.requestPayment parameters');
    const config = onlineProviders(router);
    assert.equal(config.weChatMiniProgram, true);
    assert.equal(config.weChatJsApi, true);
    assert.ok(config.provider.split(',').includes('iotpay'));
  });

  test('the mini-program through SnapPay; production offers exactly the assigned and claimed channels; PAYMENT_H5_CHANNELS still narrows', () => {
    const env = { ...SNAPPAY, ...MINI, CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=snappay', PAYMENT_H5_CHANNELS: 'SNAPPAY_ALIPAY' };
    const router = routerOf(env, { nodeEnv: 'production', allowSandbox: false });
    assert.equal(router.providerName('WECHAT_MINI_PROGRAM'), 'snappay');
    assert.deepEqual(onlineProviders(router), {
      enabled: true, provider: 'snappay', h5Channels: ['SNAPPAY_ALIPAY'], weChatJsApi: false, weChatMiniProgram: true, alipayMiniProgram: false,
    });
    assert.equal(router.inAppByPage('WECHAT_MINI_PROGRAM'), false);
  });

  test('without CHANNEL_PROVIDERS today\'s rule stands: IOTPay and SnapPay claim their hosted channels only', () => {
    const router = routerOf({ ...IOTPAY, ...SNAPPAY, ...MINI });
    assert.equal(router.providerName('WECHAT_MINI_PROGRAM'), 'sandbox');
    assert.equal(router.providerName('IOTPAY'), 'iotpay');
    assert.equal(router.providerName('SNAPPAY_WECHATPAY'), 'snappay');
  });

  // Each refusal stops the start (exit 1: acquirer-wechat.test.ts runs one) and names the channel and why.
  const refusals: Array<[string, NodeJS.ProcessEnv, Record<string, unknown>, RegExp]> = [
    ['a provider that cannot serve the channel', { ...IOTPAY, ...MINI, CHANNEL_PROVIDERS: 'ALIPAY_MINI_PROGRAM=iotpay' }, {},
      /CHANNEL_PROVIDERS: ALIPAY_MINI_PROGRAM cannot be served by iotpay: iotpay serves IOTPAY, WECHAT_MINI_PROGRAM, NATIVE_WECHAT_JSAPI only/],
    ['SnapPay for the WeChat browser (no JSAPI payment documented)', { ...SNAPPAY, ...MINI, CHANNEL_PROVIDERS: 'NATIVE_WECHAT_JSAPI=snappay' }, {},
      /NATIVE_WECHAT_JSAPI cannot be served by snappay: snappay serves SNAPPAY_WECHATPAY, SNAPPAY_ALIPAY, SNAPPAY_UNIONPAY, WECHAT_MINI_PROGRAM only/],
    ['a provider without credentials', { ...MINI, CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=iotpay' }, {},
      /CHANNEL_PROVIDERS: WECHAT_MINI_PROGRAM cannot be served by iotpay: iotpay has no credentials \(set IOTPAY_\*/],
    ['the mini-program without the shop\'s app id', { ...IOTPAY, PUBLIC_URL: 'https://shop.example.ca', CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=iotpay' }, {},
      /WECHAT_MINI_PROGRAM cannot be served by iotpay: WECHAT_MINI_PROGRAM_APPID is not set/],
    ['the mini-program without PUBLIC_URL', { ...SNAPPAY, WECHAT_MINI_PROGRAM_APPID: 'wx5f0c0a1b2c3d4e5f', CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=snappay' }, {},
      /WECHAT_MINI_PROGRAM cannot be served by snappay: PUBLIC_URL is not set/],
    ['the sandbox where none is allowed', { ...IOTPAY, CHANNEL_PROVIDERS: 'OTT=sandbox' }, { nodeEnv: 'production', allowSandbox: false },
      /CHANNEL_PROVIDERS: OTT cannot be served by sandbox: the sandbox is not allowed here/],
    ['an unknown provider', { CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=citcon' }, {}, /WECHAT_MINI_PROGRAM cannot be served by citcon: there is no provider 'citcon'/],
    ['an unknown channel', { CHANNEL_PROVIDERS: 'WECHAT_APP=iotpay' }, {}, /CHANNEL_PROVIDERS: WECHAT_APP is not a payment channel/],
    ['a channel given twice', { ...IOTPAY, ...SNAPPAY, ...MINI, CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=iotpay,WECHAT_MINI_PROGRAM=snappay' }, {}, /WECHAT_MINI_PROGRAM is given twice/],
    ['not CHANNEL=provider', { CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM:iotpay' }, {}, /'WECHAT_MINI_PROGRAM:iotpay' is not CHANNEL=provider/],
  ];
  for (const [what, env, over, message] of refusals) {
    test(`refused: ${what}`, () => assert.throws(() => routerOf(env, over), message));
  }

  test('the sandbox may be named where it is allowed; an assignment takes the channel from another provider\'s claim', () => {
    const router = routerOf({ ...SNAPPAY, CHANNEL_PROVIDERS: 'SNAPPAY_UNIONPAY=sandbox' });
    assert.equal(router.providerName('SNAPPAY_UNIONPAY'), 'sandbox');
    assert.ok(router.sandboxChannels.includes('SNAPPAY_UNIONPAY'));
    assert.ok(!router.byName('snappay')!.channels.includes('SNAPPAY_UNIONPAY'), 'a SnapPay notification for it changes nothing');
    assert.deepEqual([...channelAssignments('', [], null)], []);
  });
});

describe('order numbers: each provider\'s documented character set and length', () => {
  const table: Record<string, { ok: string[]; refused: string[] }> = {
    alipay: { ok: ['a', 'A_b_9', 'x'.repeat(64)], refused: ['', 'has-dash', 'x'.repeat(65), 'dot.ted', 'sp ace', 'ü'] },
    wechatpay: { ok: ['abc123', 'a-b_c|d*e', 'x'.repeat(32)], refused: ['abcde', 'x'.repeat(33), 'dot.ted', 'plus+'] },
    iotpay: { ok: ['20160427210604000490', 'Ab9', 'x'.repeat(30)], refused: ['', 'x'.repeat(31), 'has-dash', 'under_score'] },
    snappay: { ok: ['a', 'a-b_c', 'x'.repeat(64)], refused: ['', 'x'.repeat(65), 'dot.ted'] },
    paypal: { ok: ['a', 'x'.repeat(127)], refused: ['', 'x'.repeat(128)] },
    sandbox: { ok: ['a-b_c', 'x'.repeat(64)], refused: ['', 'x'.repeat(65), '../x'] },
  };
  for (const [provider, { ok, refused }] of Object.entries(table)) {
    test(`${provider}: ${ORDER_NUMBER_RULES[provider].source}`, () => {
      for (const id of ok) assert.equal(orderNumber(provider, id), id);
      for (const id of refused) assert.throws(() => orderNumber(provider, id), new RegExp(`cannot be ${ORDER_NUMBER_RULES[provider].source.replace(/[()*|.]/g, '\\$&')}`), JSON.stringify(id));
    });
  }
  test('every provider has a rule and a table here', () => assert.deepEqual(Object.keys(ORDER_NUMBER_RULES).sort(), Object.keys(table).sort()));

  test('20,000 attempt ids: every one inside every provider\'s rule (an Alipay out_trade_no never carries another character)', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = newAttemptId();
      ids.add(id);
      for (const [provider, rule] of Object.entries(ORDER_NUMBER_RULES)) assert.ok(rule.pattern.test(id), `${id} for ${provider}`);
    }
    assert.equal(ids.size, 20_000, 'no id twice');
  });
});

describe('deadlines: what each provider is told, from the store\'s hold', () => {
  const now = new Date('2026-12-02T10:00:00Z');
  const at = (iso: string) => new Date(iso);
  test('Alipay timeout_express: whole minutes, at least 1m, at most 15d; payable until then', () => {
    const rows: Array<[Date | null, string, string]> = [
      [at('2026-12-02T10:30:00Z'), '30m', '2026-12-02T10:30:00.000Z'],
      [at('2026-12-02T10:29:01Z'), '30m', '2026-12-02T10:30:00.000Z'],
      [at('2026-12-02T09:59:00Z'), '1m', '2026-12-02T10:01:00.000Z'],
      [at('2027-01-30T10:00:00Z'), '21600m', '2026-12-17T10:00:00.000Z'],
      [null, '30m', '2026-12-02T10:30:00.000Z'],
    ];
    for (const [payBy, text, until] of rows) {
      const got = alipayTimeout(payBy, now);
      assert.deepEqual([got.timeoutExpress, got.until.toISOString()], [text, until], String(payBy));
    }
  });
  test('WeChat Pay time_expire: rfc3339 in Beijing time, not before a minute after the order', () => {
    const rows: Array<[Date | null, string]> = [
      [at('2026-12-02T10:30:00.700Z'), '2026-12-02T18:30:00+08:00'],
      [at('2026-12-02T10:00:20Z'), '2026-12-02T18:01:00+08:00'],
      [null, '2026-12-02T18:30:00+08:00'],
    ];
    for (const [payBy, text] of rows) assert.equal(wechatTimeExpire(payBy, now).timeExpire, text, String(payBy));
  });
  test('SnapPay effective_minutes: 5 to 60', () => {
    const rows: Array<[Date | null, number]> = [
      [at('2026-12-02T10:30:00Z'), 30], [at('2026-12-02T10:01:00Z'), 5], [at('2026-12-02T12:00:00Z'), 60], [null, 30],
    ];
    for (const [payBy, minutes] of rows) assert.equal(snappayEffectiveMinutes(payBy, now).effectiveMinutes, minutes, String(payBy));
  });
});
