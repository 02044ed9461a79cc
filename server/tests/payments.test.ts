/**
 * Provider payments on the sandbox: hosted pay / fail / abandon, the in-app flows (WeChat mini-program, JSAPI,
 * Alipay), idempotent notifications, the cart kept on failure and emptied on payment, and the status states.
 * Runs the payment routes on a real database with the real session and XSRF rules; orders are placed by SQL
 * exactly as the checkout's reserve leaves them (INTERIM + NOT_PAID, linked from the cart).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { after, before, beforeEach, describe, test } from 'node:test';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { openDb, type Db } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { ApiError, errorBody } from '../src/lib/errors.ts';
import { hashToken, registerSessionHooks } from '../src/lib/session.ts';
import paymentRoutes from '../src/routes/payments.ts';
import { createIdentityProvider } from '../src/identity/index.ts';
import { onlineProviders } from '../src/payments/channels.ts';
import { createPaymentProvider } from '../src/payments/index.ts';
import { installComposition } from '../src/composition.ts';
import { ADDRESS, CONTACT, serverOnFreshDb, isError, ok, Shopper } from './helpers.ts';

const PREFIX = '/api/istore/client';
const XSRF = 'test-xsrf-token';

let db: Db;
let app: FastifyInstance;
let dataDir: string;

interface Visitor {
  token: string;
  sessionId: number;
  cartId: number;
  orderID: string;
}

let visitorSeq = 0;

/** A guest with one cart line and the order reserve made from it. */
async function visitorWithOrder(total = 2500, storeCredit = 0, userId: number | null = null): Promise<Visitor> {
  const token = `session-token-${++visitorSeq}-${Date.now()}`;
  const s = await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day') RETURNING id`, [
    hashToken(token),
    userId,
  ]);
  const sessionId = s.rows[0].id;
  const cart = await db.query(`INSERT INTO carts (session_id, coupon_code, store_credit) VALUES ($1, 'SAVE10', $2) RETURNING id`, [sessionId, storeCredit]);
  const cartId = cart.rows[0].id;
  await db.query(`INSERT INTO cart_lines (cart_id, item_key, product_id, quantity) VALUES ($1, 'p1', 1001, 2)`, [cartId]);
  const order = await db.query(
    `INSERT INTO orders (user_id, session_id, status, payment_status, method, subtotal, discount, tip, tax, shipping, store_credit, total, currency)
     VALUES ($1, $2, 'INTERIM', 'NOT_PAID', 'PICKUP', $3, 0, 0, 0, 0, $4, $3, 'CAD') RETURNING id`,
    [userId, sessionId, total, storeCredit],
  );
  await db.query(`UPDATE carts SET reserved_order_id = $1 WHERE id = $2`, [order.rows[0].id, cartId]);
  return { token, sessionId, cartId, orderID: String(order.rows[0].id) };
}

function call(v: Visitor | null, method: 'GET' | 'POST', url: string, body?: unknown) {
  const cookies = [`XSRF-TOKEN=${XSRF}`];
  if (v) cookies.push(`ISTORE_SESSION=${v.token}`);
  return app.inject({
    method,
    url: url.startsWith('/api/') ? url : `${PREFIX}${url}`,
    headers: { cookie: cookies.join('; '), 'x-xsrf-token': XSRF, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
}

async function cartLineCount(v: Visitor) {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM cart_lines WHERE cart_id = $1`, [v.cartId]);
  return rows[0].n as number;
}

async function check(v: Visitor, route = 'checkOttPaymentStatus') {
  const res = await call(v, 'POST', `/shoppingManagement4/${route}`, { orderID: v.orderID, returnUrlInfo: '' });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

/** Opens a hosted payment and returns the sandbox page's path. */
async function startOtt(v: Visitor) {
  const res = await call(v, 'POST', '/shoppingManagement4/requestOTTH5Payment', { orderID: v.orderID });
  assert.equal(res.statusCode, 200, res.body);
  const { redirectUrl, orderID } = res.json();
  assert.equal(orderID, v.orderID);
  return new URL(redirectUrl).pathname;
}

async function sandbox(v: Visitor, pagePath: string, action: 'pay' | 'fail' | 'abandon') {
  const res = await call(v, 'POST', `${pagePath}/${action}`, {});
  assert.equal(res.statusCode, 200, res.body);
  return res.json().redirectUrl as string;
}

before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-test-'));
  db = await openDb({ dataDir });
  await migrate(db);
  await db.query(`INSERT INTO categories (name, name_en, name_zh) VALUES ('tea', 'Tea', '茶')`);
  await db.query(`INSERT INTO brands (name) VALUES ('house')`);
  await db.query(`INSERT INTO products (id, name_en, name_zh, category, brand, price) VALUES (1001, 'Green tea', '绿茶', 'tea', 'house', 1250)`);
  await db.query(`INSERT INTO users (id, email, password_hash, first_name, last_name, my_id) VALUES (20001, 'a@b.c', 'x', 'A', 'B', 'm1')`);
  // A host of the payment routes of its own: it installs the order lifecycle's subscribers as app.ts does.
  installComposition();
  app = Fastify();
  app.decorate('db', db);
  app.decorate('config', { ...loadConfig(), cookieSecure: false });
  app.decorate('paymentProvider', createPaymentProvider(loadConfig({})));
  app.decorate('identityProvider', createIdentityProvider(loadConfig({}), PREFIX, {}));
  app.setErrorHandler((err: any, _req, reply) => {
    if (err instanceof ApiError) return reply.status(err.statusCode).send(errorBody(err.errors));
    return reply.status(err.statusCode ?? 500).send(errorBody([err.message]));
  });
  await app.register(cookie);
  registerSessionHooks(app, PREFIX);
  await app.register(paymentRoutes, { prefix: PREFIX });
  await app.ready();
});

after(async () => {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let v: Visitor;
beforeEach(async () => {
  v = await visitorWithOrder();
});

describe('hosted payment on the sandbox page', () => {
  test('pay: Pending while open, then NEW + PAID_ONLINE, cart emptied, back to confirmation with ott_h5X<id>', async () => {
    const page = await startOtt(v);
    const html = await call(v, 'GET', page);
    assert.equal(html.statusCode, 200);
    assert.match(html.headers['content-type'] as string, /text\/html/);
    for (const id of ['sandbox-pay', 'sandbox-fail', 'sandbox-abandon']) assert.match(html.body, new RegExp(`id="${id}"`));
    assert.match(html.body, /\$25\.00 CAD/);

    assert.deepEqual(await check(v), { orderID: v.orderID, status: 'INTERIM', paymentStatus: 'NOT_PAID', qrCodeScan: false });
    assert.equal(await sandbox(v, page, 'pay'), `/confirmation?from_source=ott_h5X${v.orderID}`);
    assert.deepEqual(await check(v), { orderID: v.orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
    assert.equal(await cartLineCount(v), 0);
    const cart = (await db.query(`SELECT coupon_code, reserved_order_id FROM carts WHERE id = $1`, [v.cartId])).rows[0];
    assert.deepEqual(cart, { coupon_code: null, reserved_order_id: null });
    const settled = await call(v, 'GET', page);
    assert.match(settled.body, /already paid/);
  });

  test('fail: FAILED + FAILED, cart intact, order payable again and then paid', async () => {
    const page = await startOtt(v);
    await sandbox(v, page, 'fail');
    assert.deepEqual(await check(v), { orderID: v.orderID, status: 'FAILED', paymentStatus: 'FAILED', qrCodeScan: false });
    assert.equal(await cartLineCount(v), 1);
    const order = (await db.query(`SELECT status, payment_status FROM orders WHERE id = $1`, [v.orderID])).rows[0];
    assert.deepEqual(order, { status: 'INTERIM', payment_status: 'NOT_PAID' });

    const retry = await startOtt(v);
    assert.notEqual(retry, page);
    assert.equal((await check(v)).status, 'INTERIM');
    await sandbox(v, retry, 'pay');
    assert.equal((await check(v)).paymentStatus, 'PAID_ONLINE');
    assert.equal(await cartLineCount(v), 0);
  });

  /** What the page shows: its text without the script (whose URL holds the random attempt id), tags or spare spaces. */
  const shownText = (html: string) =>
    html.replace(/<script>[\s\S]*?<\/script>|<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  const shownById = (html: string, id: string) => shownText(new RegExp(`<[a-z0-9]+ id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html)?.[1] ?? '');

  test('the page speaks the shopper\'s language, names the method (not the channel code) and says it is a sandbox', async () => {
    const page = await startOtt(v);
    const en = (await call(v, 'GET', page)).body;
    assert.match(en, /<html lang="en">/);
    assert.equal(shownById(en, 'sandbox-mark'), 'SANDBOX: test payment, no money moves');
    assert.equal(shownById(en, 'sandbox-heading'), 'Payment sandbox');
    assert.equal(shownById(en, 'sandbox-method'), 'WeChat Pay');
    assert.ok(shownText(en).includes(`Order ${v.orderID} · WeChat Pay`), shownText(en));
    assert.deepEqual(['sandbox-pay', 'sandbox-fail', 'sandbox-abandon'].map((id) => shownById(en, id)), ['Pay', 'Fail', 'Abandon']);
    assert.doesNotMatch(shownText(en), /\bOTT\b/);

    // The shopper chose Chinese (changeLocale records it in the session).
    await db.query(`UPDATE sessions SET locale = 'zh', locale_chosen = true WHERE id = $1`, [v.sessionId]);
    const zh = (await call(v, 'GET', page)).body;
    assert.match(zh, /<html lang="zh-CN">/);
    assert.equal(shownById(zh, 'sandbox-mark'), '沙盒：测试付款，不会真实扣款');
    assert.equal(shownById(zh, 'sandbox-heading'), '支付沙盒');
    assert.ok(shownText(zh).includes(`订单 ${v.orderID} · 微信支付`), shownText(zh));
    assert.deepEqual(['sandbox-pay', 'sandbox-fail', 'sandbox-abandon'].map((id) => shownById(zh, id)), ['支付', '模拟失败', '放弃支付']);
    assert.doesNotMatch(shownText(zh), /SANDBOX|Payment|Order|Pay|Fail|Abandon|WeChat|\bOTT\b/, 'no English and no channel code on the Chinese page');
    await sandbox(v, page, 'pay');
    const settled = (await call(v, 'GET', page)).body;
    assert.equal(shownById(settled, 'sandbox-settled'), '此笔付款已支付。');
    assert.equal(shownById(settled, 'sandbox-return'), '返回商店');
  });

  /** The visitor chose Chinese (changeLocale records it in the session). */
  const chooseChinese = (visitor: Visitor) => db.query(`UPDATE sessions SET locale = 'zh', locale_chosen = true WHERE id = $1`, [visitor.sessionId]);

  test('a payment the sandbox does not know: a page of its own (404) and the buttons\' 404 message, in the shopper\'s language', async () => {
    const zhVisitor = await visitorWithOrder();
    await chooseChinese(zhVisitor);
    const expected = [
      { visitor: v, lang: 'en', mark: 'SANDBOX: test payment, no money moves', heading: 'Payment sandbox', unknown: 'This payment is unknown.', action: 'Unknown sandbox action.' },
      { visitor: zhVisitor, lang: 'zh-CN', mark: '沙盒：测试付款，不会真实扣款', heading: '支付沙盒', unknown: '找不到这笔付款。', action: '未知的沙盒操作。' },
    ];
    for (const { visitor, lang, mark, heading, unknown, action } of expected) {
      const page = await call(visitor, 'GET', '/sandbox/pay/no-such-payment');
      assert.equal(page.statusCode, 404);
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(page.body, new RegExp(`<html lang="${lang}">`));
      assert.deepEqual(['sandbox-mark', 'sandbox-heading', 'sandbox-unknown'].map((id) => shownById(page.body, id)), [mark, heading, unknown]);
      // Everything it shows (its title, the mark, the heading and the message): nothing else, nothing in English on the Chinese one.
      assert.equal(shownText(page.body), `${heading} ${mark} ${heading} ${unknown}`);
      const pay = await call(visitor, 'POST', '/sandbox/pay/no-such-payment/pay', {});
      assert.equal(pay.statusCode, 404);
      assert.deepEqual(pay.json().errors, [unknown]);
      const known = await startOtt(visitor);
      const refund = await call(visitor, 'POST', `${known}/refund`, {});
      assert.equal(refund.statusCode, 404);
      assert.deepEqual(refund.json().errors, [action]);
    }
  });

  test('a payment no longer open: the page says how it ended, in the shopper\'s language, with no buttons', async () => {
    const expected: [status: string, en: string, zh: string][] = [
      ['PAID', 'This payment is already paid.', '此笔付款已支付。'],
      ['FAILED', 'This payment has already failed.', '此笔付款已失败。'],
      ['VOID', 'This payment is already closed.', '此笔付款已关闭。'],
      ['NEEDS_REFUND', 'This payment came after its order had closed: it is being refunded.', '此笔付款到账时订单已关闭，款项将退回。'],
    ];
    for (const [status, en, zh] of expected) {
      const visitor = await visitorWithOrder();
      const page = await startOtt(visitor);
      await db.query(`UPDATE payment_attempts SET status = $2 WHERE id = $1`, [page.split('/').pop(), status]);
      const enPage = (await call(visitor, 'GET', page)).body;
      assert.deepEqual([shownById(enPage, 'sandbox-settled'), shownById(enPage, 'sandbox-return')], [en, 'Return to the store'], status);
      await chooseChinese(visitor);
      const zhPage = (await call(visitor, 'GET', page)).body;
      assert.deepEqual([shownById(zhPage, 'sandbox-settled'), shownById(zhPage, 'sandbox-return')], [zh, '返回商店'], status);
      for (const html of [enPage, zhPage]) assert.doesNotMatch(html, /<button|<script/, status);
    }
  });

  /**
   * Runs the page's own script on a stand-in for the browser (the buttons, the error line, fetch answering `answer`),
   * clicks Pay and waits until the page either shows an error or leaves: what the shopper sees then.
   */
  async function clickPay(html: string, answer: { status: number; body?: unknown } | 'no answer') {
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    assert.ok(script, 'the open page has its script');
    let outcome!: (seen: { error?: string; left?: string }) => void;
    const seen = new Promise<{ error?: string; left?: string }>((resolve) => { outcome = resolve; });
    const buttons = ['pay', 'fail', 'abandon'].map((action) => ({
      dataset: { action }, disabled: false, clicks: [] as (() => void)[],
      addEventListener(_event: string, listener: () => void) { this.clicks.push(listener); },
    }));
    const requests: { url: string; init: any }[] = [];
    vm.runInNewContext(script, {
      document: {
        cookie: 'XSRF-TOKEN=tok',
        querySelectorAll: () => buttons,
        getElementById: (id: string) => ({ set textContent(text: string) { assert.equal(id, 'sandbox-error'); outcome({ error: text }); } }),
      },
      window: { location: { set href(url: string) { outcome({ left: url }); } } },
      fetch: (url: string, init: unknown) => {
        requests.push({ url, init });
        if (answer === 'no answer') return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve({ ok: answer.status < 300, status: answer.status, json: async () => answer.body });
      },
    });
    buttons[0].clicks[0]();
    const result = await seen;
    assert.equal(requests.length, 1);
    assert.match(requests[0].url, /\/sandbox\/pay\/[\w-]+\/pay$/);
    assert.equal(requests[0].init.headers['X-XSRF-TOKEN'], 'tok');
    return { ...result, buttonsEnabled: buttons.every((b) => !b.disabled) };
  }

  test('a refused or unanswered button shows the page\'s own text for it, in the shopper\'s language, never the server\'s message', async () => {
    const page = await startOtt(v);
    const en = (await call(v, 'GET', page)).body;
    await chooseChinese(v);
    const zh = (await call(v, 'GET', page)).body;
    const englishMessage = { message: 'Invalid or missing XSRF token', errors: ['Invalid or missing XSRF token'] };
    const expected: [answer: Parameters<typeof clickPay>[1], en: string, zh: string][] = [
      [{ status: 404, body: { message: 'Unknown payment', errors: ['Unknown payment'] } }, 'This payment is unknown.', '找不到这笔付款。'],
      [{ status: 403, body: englishMessage }, 'This page is out of date: reload it and try again.', '此页面已过期，请刷新后重试。'],
      [{ status: 503, body: { message: 'The store is briefly unavailable; please try again in a moment' } }, 'The payment sandbox could not do that just now: try again.', '支付沙盒暂时无法完成此操作，请重试。'],
      [{ status: 400, body: englishMessage }, 'The payment sandbox could not do that just now: try again.', '支付沙盒暂时无法完成此操作，请重试。'],
      ['no answer', 'The payment sandbox could not do that just now: try again.', '支付沙盒暂时无法完成此操作，请重试。'],
    ];
    for (const [answer, enText, zhText] of expected) {
      const what = answer === 'no answer' ? answer : String(answer.status);
      assert.deepEqual(await clickPay(en, answer), { error: enText, buttonsEnabled: true }, `en ${what}`);
      assert.deepEqual(await clickPay(zh, answer), { error: zhText, buttonsEnabled: true }, `zh ${what}`);
    }
    // An accepted button leaves for the store's return page.
    assert.deepEqual(await clickPay(zh, { status: 200, body: { redirectUrl: '/confirmation?x=1' } }), { left: '/confirmation?x=1', buttonsEnabled: false });
  });

  test('a processor that carries several methods is named by them: Citcon shows WeChat Pay, Alipay and UnionPay card', async () => {
    const res = await call(v, 'POST', '/shoppingManagement4/requestCitconH5Payment', { orderID: v.orderID });
    assert.equal(res.statusCode, 200, res.body);
    const html = (await call(v, 'GET', new URL(res.json().redirectUrl).pathname)).body;
    assert.equal(shownById(html, 'sandbox-method'), 'WeChat Pay / Alipay / UnionPay card');
    assert.doesNotMatch(shownText(html), /CITCON/i);
  });

  test('abandon: no notification, stays Pending; paying later from the same page completes it', async () => {
    const page = await startOtt(v);
    assert.equal(await sandbox(v, page, 'abandon'), `/confirmation?from_source=ott_h5X${v.orderID}`);
    assert.equal((await check(v)).status, 'INTERIM');
    assert.equal(await cartLineCount(v), 1);
    await sandbox(v, page, 'pay');
    assert.equal((await check(v)).status, 'NEW');
  });

  test('idempotent: repeated and late notifications never move a paid order back', async () => {
    const first = await startOtt(v);
    const second = await startOtt(v);
    await sandbox(v, second, 'pay');
    await sandbox(v, second, 'pay');
    await sandbox(v, second, 'fail');
    await sandbox(v, first, 'fail');
    assert.deepEqual(await check(v), { orderID: v.orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
    await sandbox(v, first, 'pay');
    const ledger = await db.query(`SELECT count(*)::int AS n FROM store_credit_ledger WHERE order_id = $1`, [v.orderID]);
    assert.equal(ledger.rows[0].n, 0);
    const again = await call(v, 'POST', '/shoppingManagement4/requestOTTH5Payment', { orderID: v.orderID });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().errors[0], 'This order is already paid');
  });

  test('store credit of a signed-in order is taken once when it is paid online', async () => {
    const member = await visitorWithOrder(1000, 500, 20001);
    // the member holds the credit (settleAttempt re-checks the balance, as settle does)
    await db.query(`INSERT INTO store_credit_ledger (user_id, amount, reason) VALUES (20001, 500, 'GIFT')`);
    const page = await startOtt(member);
    await sandbox(member, page, 'pay');
    await sandbox(member, page, 'pay');
    const ledger = await db.query(`SELECT amount, reason FROM store_credit_ledger WHERE order_id = $1`, [member.orderID]);
    assert.deepEqual(ledger.rows, [{ amount: -500, reason: 'ORDER_PAYMENT' }]);
  });

  test('every hosted provider returns to confirmation with its from_source marker', async () => {
    const cases: [string, 'GET' | 'POST', string][] = [
      ['/shoppingManagement4/requestCitconH5Payment', 'POST', `/confirmation?from_source=citcon_classic_h5X${v.orderID}`],
      ['/shoppingManagement4/requestIOTPayH5Payment', 'POST', `/confirmation?from_source=iot_h5X${v.orderID}`],
      ['/shoppingManagement4/requestOPayH5Payment', 'POST', `/confirmation?from_source=opay_h5X${v.orderID}`],
      ['/shoppingManagement4/requestNativePayH5Payment', 'POST', `/confirmation?from_source=weixin_h5X${v.orderID}`],
      ['/shoppingManagement4/requestAlipayH5Payment', 'POST', `/confirmationa/alipay_h5/${v.orderID}`],
      [`/shoppingManagement4/requestSnapPayPrePayment/h5pay/WECHATPAY?orderID=${v.orderID}`, 'GET', `/confirmation?from_source=snappay_h5X${v.orderID}`],
      [`/shoppingManagement4/requestSnapPayPrePayment/webpay/ALIPAY?orderID=${v.orderID}`, 'GET', `/confirmation?from_source=snappay_h5X${v.orderID}`],
      [`/shoppingManagement4/requestSnapPayPrePayment/webpay/UNIONPAY?orderID=${v.orderID}`, 'GET', `/confirmation?from_source=snappay_h5X${v.orderID}`],
    ];
    for (const [url, method, expected] of cases) {
      const res = await call(v, method, url, method === 'POST' ? { orderID: v.orderID } : undefined);
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      const page = new URL(res.json().redirectUrl).pathname;
      assert.equal(await sandbox(v, page, 'abandon'), expected, url);
    }
    const unknown = await call(v, 'GET', `/shoppingManagement4/requestSnapPayPrePayment/webpay/BITCOIN?orderID=${v.orderID}`);
    assert.equal(unknown.statusCode, 404);
  });

  test('returnUrlInfo keeps the store origin and refuses foreign sites', async () => {
    const ok = await call(v, 'POST', '/shoppingManagement4/requestOPayH5Payment', { orderID: v.orderID, returnUrlInfo: 'http://localhost:10086' });
    assert.equal(ok.statusCode, 200, ok.body);
    const page = new URL(ok.json().redirectUrl).pathname;
    assert.equal(await sandbox(v, page, 'abandon'), `http://localhost:10086/confirmation?from_source=opay_h5X${v.orderID}`);
    const evil = await call(v, 'POST', '/shoppingManagement4/requestOPayH5Payment', { orderID: v.orderID, returnUrlInfo: 'https://evil.example' });
    assert.equal(evil.statusCode, 400);
  });

  test("someone else's order is not found; a missing orderID is a 400; the sandbox POST needs the XSRF header", async () => {
    const other = await visitorWithOrder();
    const res = await call(other, 'POST', '/shoppingManagement4/checkOttPaymentStatus', { orderID: v.orderID });
    assert.equal(res.statusCode, 404);
    const pay = await call(other, 'POST', '/shoppingManagement4/requestOTTH5Payment', { orderID: v.orderID });
    assert.equal(pay.statusCode, 404);
    const missing = await call(v, 'POST', '/shoppingManagement4/checkOttPaymentStatus', {});
    assert.equal(missing.statusCode, 400);
    const page = await startOtt(v);
    const noXsrf = await app.inject({ method: 'POST', url: `${page}/pay`, headers: { cookie: `XSRF-TOKEN=${XSRF}` } });
    assert.equal(noXsrf.statusCode, 403);
    assert.equal((await check(v)).status, 'INTERIM');
  });
});

describe('in-app payments', () => {
  test('WeChat mini-program: no open id is refused; error report fails the attempt; success pays', async () => {
    const none = await call(v, 'POST', '/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID: v.orderID });
    assert.equal(none.statusCode, 400);
    assert.equal(none.json().errors[0], 'no WechatOpenID');

    const start = await call(v, 'POST', '/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID: v.orderID, wechatCode: 'sandbox-wx-code-1' });
    assert.equal(start.statusCode, 200, start.body);
    const body = start.json();
    assert.equal(body.orderID, v.orderID);
    assert.match(body.prepay_id, /^sandbox_/);
    for (const key of ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign']) assert.ok(body.weChatPayInfo[key], key);
    assert.equal(body.weChatPayInfo.package, `prepay_id=${body.prepay_id}`);

    const error = await call(v, 'POST', '/shoppingManagement4/processWeChatMiniProgramPayment/error', {
      orderID: v.orderID,
      errorMessage: 'requestPayment:fail cancel',
      returnUrlInfo: '',
    });
    assert.deepEqual(error.json(), { orderID: v.orderID, status: 'FAILED', paymentStatus: 'FAILED', qrCodeScan: false });
    assert.equal(await cartLineCount(v), 1);

    await call(v, 'POST', '/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID: v.orderID, weChatOpenId: body.weChatOpenId });
    const ok = await call(v, 'POST', '/shoppingManagement4/processWeChatMiniProgramPayment/success', {
      orderID: v.orderID,
      weChatOpenId: body.weChatOpenId,
      returnUrlInfo: '',
    });
    assert.deepEqual(ok.json(), { orderID: v.orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
    const late = await call(v, 'POST', '/shoppingManagement4/processWeChatMiniProgramPayment/error', { orderID: v.orderID, errorMessage: 'late' });
    assert.equal(late.json().paymentStatus, 'PAID_ONLINE');
    assert.equal(await cartLineCount(v), 0);
  });

  test('WeChat browser JSAPI (wechatCode): sheet parameters, Pending until the provider settles it', async () => {
    const res = await call(v, 'POST', '/shoppingManagement4/requestNativePayH5Payment?wechatCode=sandbox-wx-abc', { orderID: v.orderID });
    assert.equal(res.statusCode, 200, res.body);
    const { prepay_id: prepayId, weChatPayInfo } = res.json();
    assert.equal(weChatPayInfo.package, `prepay_id=${prepayId}`);
    assert.equal((await check(v, 'checkNativePayPaymentStatus')).status, 'INTERIM');
    const attemptId = prepayId.replace(/^sandbox_/, '');
    assert.equal(
      await sandbox(v, `${PREFIX}/sandbox/pay/${attemptId}`, 'pay'),
      `/confirmation?from_source=weixin_js&status=ok&oid=${v.orderID}`,
    );
    assert.equal((await check(v, 'checkNativePayPaymentStatus')).status, 'NEW');
  });

  test('Alipay mini-program: trade number, cancel (6001) fails, processing (8000) stays Pending, 9000 pays', async () => {
    const trade = await call(v, 'POST', '/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID: v.orderID });
    assert.equal(trade.statusCode, 200, trade.body);
    assert.match(trade.json().tradeNO, /^SANDBOX/);
    const cancelled = await call(v, 'POST', '/shoppingManagement4/checkAlipayPaymentStatus', { orderID: v.orderID, resultCode: '6001' });
    assert.equal(cancelled.json().status, 'FAILED');
    await call(v, 'POST', '/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID: v.orderID });
    const processing = await call(v, 'POST', '/shoppingManagement4/checkAlipayPaymentStatus', { orderID: v.orderID, resultCode: '8000' });
    assert.equal(processing.json().status, 'INTERIM');
    const paid = await call(v, 'POST', '/shoppingManagement4/checkAlipayPaymentStatus', { orderID: v.orderID, resultCode: '9000' });
    assert.deepEqual(paid.json(), { orderID: v.orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
  });

  test('paymentConfig.onlineProviders lists the sandbox and every hosted channel; PAYMENT_H5_CHANNELS narrows them', () => {
    const config = onlineProviders(createPaymentProvider(loadConfig({}), {}));
    assert.equal(config.provider, 'sandbox');
    assert.deepEqual(config.h5Channels, [
      'OTT',
      'SNAPPAY_WECHATPAY',
      'SNAPPAY_ALIPAY',
      'SNAPPAY_UNIONPAY',
      'CITCON',
      'IOTPAY',
      'OPAY',
      'NATIVE_WECHAT_H5',
      'ALIPAY_H5',
      'PAYPAL',
    ]);
    assert.deepEqual(onlineProviders(createPaymentProvider(loadConfig({}), { PAYMENT_H5_CHANNELS: 'OPAY, OTT' })).h5Channels, ['OTT', 'OPAY']);
  });
});

describe('through the whole server (buildApp): cart → checkout → reserve → sandbox → confirmation state', () => {
  const { srv } = serverOnFreshDb();

  async function reservedDelivery(s: Shopper) {
    ok(await s.post('/shoppingManagement4/myCart', { productId: '1048', quantity: 1 }));
    ok(await s.post('/shoppingManagement4/orderDeliverInfo', ADDRESS));
    ok(await s.post('/shoppingManagement4/orderContactInfo?methodName=DELIVERY', CONTACT));
    return ok(await s.post('/shoppingManagement4/reserve')).orderID as string;
  }

  test('paymentConfig offers the sandbox channels; a failed payment keeps the cart and the same order is paid on retry', async () => {
    const s = new Shopper(srv.base);
    const config = ok(await s.get('/shoppingManagement4/paymentConfig'));
    assert.equal(config.onlineProviders.provider, 'sandbox');
    assert.ok(config.onlineProviders.h5Channels.includes('OTT'));

    const orderID = await reservedDelivery(s);
    const start = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID, returnUrlInfo: srv.base }));
    const page = await s.get(start.redirectUrl);
    assert.equal(page.status, 200);
    assert.match(page.body, /id="sandbox-fail"/);
    const failed = ok(await s.post(`${start.redirectUrl}/fail`, {}));
    assert.equal(failed.redirectUrl, `${srv.base}/confirmation?from_source=ott_h5X${orderID}`);
    assert.equal(ok(await s.post('/shoppingManagement4/checkOttPaymentStatus', { orderID, returnUrlInfo: '' })).status, 'FAILED');
    assert.equal(ok(await s.get('/shoppingManagement4/myCart')).itemCount, 1, 'a failed payment never empties the cart');

    // Back to the cart, place the order again: reserve answers the same order, which is payable again.
    assert.equal(ok(await s.post('/shoppingManagement4/reserve')).orderID, orderID);
    const retry = ok(await s.get(`/shoppingManagement4/requestSnapPayPrePayment/webpay/UNIONPAY?orderID=${orderID}`));
    ok(await s.post(`${retry.redirectUrl}/pay`, {}));
    const paid = ok(await s.post('/shoppingManagement4/checkSnapPayPaymentStatus', { orderID, returnUrlInfo: '' }));
    assert.deepEqual(paid, { orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
    assert.equal(ok(await s.get('/shoppingManagement4/myCart')).itemCount, 0);
    assert.equal(ok(await s.get(`/common3/orderStatus/${orderID}`)).paymentStatus, 'PAID_ONLINE');
  });

  test('another shopper cannot pay, check or see the order', async () => {
    const a = new Shopper(srv.base);
    const b = new Shopper(srv.base);
    const orderID = await reservedDelivery(a);
    isError(await b.post('/shoppingManagement4/requestOPayH5Payment', { orderID }), 404);
    isError(await b.post('/shoppingManagement4/checkOPayPaymentStatus', { orderID }), 404);
  });
});
