/**
 * Security probe findings 10 and 17, the remaining parts: an answer a shared cache may keep carries no XSRF cookie;
 * refused writes do not flush the catalogue cache (only successful ones do); payment attempts per order are bounded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, Shopper, isError, ok, reservedDelivery } from './helpers.ts';
import { MAX_ATTEMPTS_PER_ORDER } from '../src/payments/attempts.ts';

const { srv } = serverOnFreshDb();

const xsrfCookie = (setCookies: string[]) => setCookies.some((c) => c.startsWith('XSRF-TOKEN='));

test('a publicly cacheable answer (a store image) sets no XSRF cookie; an API answer does', async () => {
  const image = await new Shopper(srv.base).get('/common3/image/coffee.svg');
  assert.equal(image.status, 200);
  assert.match(image.headers.get('cache-control') ?? '', /public/);
  assert.equal(xsrfCookie(image.setCookies), false, image.setCookies.join(' | '));
  const api = await new Shopper(srv.base).get('/common3/coupons/');
  assert.equal(xsrfCookie(api.setCookies), true);
});

test('a refused write leaves the cached catalogue alone; a successful one refreshes it', async () => {
  const s = new Shopper(srv.base);
  const url = '/productManagement/product/1003';
  const before = ok(await s.get(url));
  // changed behind the server's back: only a cache flush shows it
  await srv.app.db.query(`UPDATE products SET name_en = name_en || ' (renamed)' WHERE id = 1003`);
  assert.equal(ok(await s.get(url)).name, before.name, 'served from the cache');
  for (let i = 0; i < 3; i++) isError(await s.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }, { xsrf: false }), 403);
  isError(await s.post('/shoppingManagement4/myCart', { productId: 'nope', quantity: 1 }), 400);
  assert.equal(ok(await s.get(url)).name, before.name, 'refused requests did not flush the cache');
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }));
  assert.equal(ok(await s.get(url)).name, `${before.name} (renamed)`);
});

test('a cookie-less visitor asking for the default language gets no session row; another language makes one', async () => {
  const count = async () => (await srv.app.db.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n;
  const before = await count();
  for (let i = 0; i < 5; i++) {
    const v = new Shopper(srv.base);
    const en = ok(await v.get('/common3/changeLocale/en'));
    assert.equal(en.currentLocale, 'en');
    assert.equal(v.cookies.has('ISTORE_SESSION'), false);
  }
  assert.equal(await count(), before);
  const zh = new Shopper(srv.base);
  ok(await zh.get('/common3/changeLocale/zh'));
  assert.equal(zh.cookies.has('ISTORE_SESSION'), true);
  assert.equal(await count(), before + 1);
  ok(await zh.get('/common3/changeLocale/en'));
  assert.equal((await srv.app.db.query(`SELECT locale FROM sessions ORDER BY id DESC LIMIT 1`)).rows[0].locale, 'en', 'a session switches back');
});

test(`an order opens at most ${MAX_ATTEMPTS_PER_ORDER} payment attempts`, async () => {
  const s = new Shopper(srv.base);
  const orderID = await reservedDelivery(s, '1048');
  for (let i = 0; i < MAX_ATTEMPTS_PER_ORDER; i++) ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
  assert.match(isError(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }), 429).message, /Too many payment attempts/);
});
