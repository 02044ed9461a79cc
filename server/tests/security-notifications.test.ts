/**
 * Payment notifications are read by one strict JSON reader (payments/notificationJson.ts; issue 38 item 4, security
 * probe 2026-12-01 N3 and N10): own members only (no `__proto__`, `constructor`, `prototype`), no member given twice,
 * a depth limit; every refusal is the provider's 400, never a 500 or an inherited field that escaped the signature.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonNumber, NOTIFICATION_MAX_DEPTH, NotificationJsonError, readNotificationJson } from '../src/payments/notificationJson.ts';
import { snappayProvider, snappaySign } from '../src/payments/snappay.ts';
import { NotificationRefused } from '../src/payments/provider.ts';
import { serverOnFreshDb } from './helpers.ts';

const { srv } = serverOnFreshDb();

const SIGN_KEY = '7e2083699dd510575faa1c72f9e35d43';
const snappay = snappayProvider({ appId: '9f00cd9a873c511e', merchantNo: '901800000116', signKey: SIGN_KEY, gatewayUrl: 'https://snappay.invalid' });
const firstSeen = async () => true;
const notify = (rawBody: string) => snappay.notification!({ headers: { 'content-type': 'application/json' }, rawBody, firstSeen } as any);
const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

test('N3: the reader builds objects without a prototype and refuses the names that would reach one, and repeated names', () => {
  const o = readNotificationJson('{"a":{"b":[1,{"c":"d"}]}}') as any;
  assert.equal(Object.getPrototypeOf(o), null);
  assert.equal(Object.getPrototypeOf(o.a.b[1]), null);
  assert.deepEqual(JSON.parse(JSON.stringify(o)), { a: { b: [1, { c: 'd' }] } });
  for (const name of ['__proto__', 'constructor', 'prototype']) {
    assert.throws(() => readNotificationJson(`{"x":1,"${name}":{"out_order_no":"a1"}}`), NotificationJsonError, name);
    assert.throws(() => readNotificationJson(`{"x":{"${name}":1}}`), NotificationJsonError, `${name} nested`);
  }
  assert.throws(() => readNotificationJson('{"trans_status":"USERPAYING","trans_status":"SUCCESS"}'), /given twice/);
  const n = readNotificationJson('{"a":26.0}', { numbers: 'text' }) as any;
  assert.ok(n.a instanceof JsonNumber && n.a.text === '26.0');
  assert.equal((readNotificationJson('{"a":26.5}') as any).a, 26.5);
});

test('N10: nesting past the limit is refused by the reader before any recursive code runs; the limit leaves room for real messages', () => {
  assert.doesNotThrow(() => readNotificationJson(deep(NOTIFICATION_MAX_DEPTH)));
  assert.throws(() => readNotificationJson(deep(NOTIFICATION_MAX_DEPTH + 1)), /nested deeper than/);
  assert.throws(() => readNotificationJson(deep(5000)), NotificationJsonError);
  assert.throws(() => readNotificationJson('['.repeat(5000) + ']'.repeat(5000)), NotificationJsonError);
});

test('N3: a SnapPay notification whose payment fields come in a __proto__ member is refused, not paid', async () => {
  // Signed without the payment fields (as SnapPay's own pay.ordercancel item is); they ride in __proto__.
  const signed = { trans_no: '20261201000001', merchant_no: '901800000116', sign_type: 'MD5' };
  const sign = snappaySign(signed as any, SIGN_KEY);
  const body = JSON.stringify({ ...signed, sign }).replace(/}$/, ',"__proto__":{"out_order_no":"sp1xabc","trans_status":"SUCCESS","trans_amount":21.46,"trans_currency":"CAD"}}');
  await assert.rejects(notify(body), (e) => e instanceof NotificationRefused && e.reply.status === 400);
  // Control: the same signed members alone are acknowledged and pay nothing.
  const plain = await notify(JSON.stringify({ ...signed, sign }));
  assert.deepEqual(plain.events, []);
});

test('N10: a SnapPay notification 3,000 levels deep is a 400 (the provider\'s refusal), not a stack overflow', async () => {
  for (const levels of [3000, 5000]) {
    await assert.rejects(notify(deep(levels)), (e) => e instanceof NotificationRefused && e.reply.status === 400, `${levels} deep`);
  }
});

test('N10: a notification body past the size limit is refused with 413 before any provider reads it; a deep one to the route is never a 500', async () => {
  const big = JSON.stringify({ trans_no: 'x', pad: 'a'.repeat(70 * 1024) });
  for (const name of ['snappay', 'wechatpay', 'sandbox']) {
    const r = await fetch(`${srv.base}/api/istore/notify/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    assert.equal(r.status, 413, name);
    const deepBody = await fetch(`${srv.base}/api/istore/notify/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep(3000) });
    assert.ok(deepBody.status >= 400 && deepBody.status < 500, `${name}: ${deepBody.status}`);
  }
});
