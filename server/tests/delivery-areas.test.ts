/**
 * Issue 29: delivery-area cities in the shopper's language. POST /common3/deliveryLocations names the cities in English
 * or Chinese (locale query, else the shopper's language); a delivery address may name its city in either, keeps the
 * area's spelling of the name used, and a city outside the area is refused. Migration 487 moves an older store's
 * English-only areas into delivery_cities, and the demo's cities get their Chinese names once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, CONTACT, isError, ok, serverOnFreshDb, Shopper } from './helpers.ts';
import { matchDeliveryCity } from '../src/services/deliveryAreas.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/seed/index.ts';

const { srv } = serverOnFreshDb();

const ON_EN = ['Toronto', 'Mississauga', 'Markham', 'Richmond Hill', 'Scarborough'];
const ON_ZH = ['多伦多', '密西沙加', '万锦', '列治文山', '士嘉堡'];

test('matchDeliveryCity: either name, case and spaces aside, answered in the language it was named in', () => {
  const cities = [{ en: 'Toronto', zh: '多伦多' }, { en: 'Richmond Hill', zh: '列治文山' }, { en: 'Oakville', zh: null }];
  const cases: [typed: string, expected: string | null][] = [
    ['Toronto', 'Toronto'],
    ['  toronto ', 'Toronto'],
    ['多伦多', '多伦多'],
    [' 多伦多 ', '多伦多'],
    ['richmond   HILL', 'Richmond Hill'],
    ['列治文山', '列治文山'],
    ['oakville', 'Oakville'],
    ['Richmond', null],
    ['多伦', null],
    ['Ottawa', null],
    ['', null],
    ['   ', null],
  ];
  for (const [typed, expected] of cases) assert.equal(matchDeliveryCity(cities, typed), expected, JSON.stringify(typed));
});

test('delivery locations name the cities in English or Chinese: locale query, else the shopper\'s language', async () => {
  const shopper = new Shopper(srv.base);
  const en = ok(await shopper.post('/common3/deliveryLocations?locale=en', {}));
  assert.deepEqual(en.locations, [
    { country: 'CA', province: 'ON', provinceName: 'Ontario', cities: ON_EN },
    { country: 'CA', province: 'BC', provinceName: 'British Columbia', cities: ['Vancouver', 'Richmond', 'Burnaby'] },
  ]);
  const zh = ok(await shopper.post('/common3/deliveryLocations?locale=zh', {}));
  assert.deepEqual(zh.locations, [
    { country: 'CA', province: 'ON', provinceName: '安大略省', cities: ON_ZH },
    { country: 'CA', province: 'BC', provinceName: '不列颠哥伦比亚省', cities: ['温哥华', '列治文', '本拿比'] },
  ]);
  // Without the query: a Chinese browser's Accept-Language, and a filter by province (case aside).
  const chineseBrowser = new Shopper(srv.base);
  const byHeader = ok(await chineseBrowser.req('POST', '/common3/deliveryLocations', { province: 'on' }, { headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' } }));
  assert.deepEqual(byHeader.locations, [{ country: 'CA', province: 'ON', provinceName: '安大略省', cities: ON_ZH }]);
  const englishBrowser = ok(await new Shopper(srv.base).req('POST', '/common3/deliveryLocations', { country: 'ca', province: 'ON' }, { headers: { 'accept-language': 'en-CA' } }));
  assert.deepEqual(englishBrowser.locations, [{ country: 'CA', province: 'ON', provinceName: 'Ontario', cities: ON_EN }]);
  // The shopper's own choice wins over the header.
  ok(await chineseBrowser.req('GET', '/common3/changeLocale/en', undefined, { headers: { 'accept-language': 'zh-CN' } }));
  const chosen = ok(await chineseBrowser.req('POST', '/common3/deliveryLocations', { province: 'ON' }, { headers: { 'accept-language': 'zh-CN' } }));
  assert.deepEqual(chosen.locations[0].cities, ON_EN);
  isError(await shopper.post('/common3/deliveryLocations?locale=fr', {}), 400);
});

/** A delivery order to `city` by a shopper whose browser speaks `language`: the billing's address and the order's. */
async function deliveryOrderTo(city: string, language: 'en' | 'zh') {
  const s = new Shopper(srv.base);
  const headers = { 'accept-language': language === 'zh' ? 'zh-CN' : 'en-CA' };
  ok(await s.req('POST', '/shoppingManagement4/myCart', { productId: '1048', quantity: 1 }, { headers }));
  const cart = ok(await s.req('POST', '/shoppingManagement4/orderDeliverInfo', { ...ADDRESS, city }, { headers }));
  ok(await s.req('POST', '/shoppingManagement4/orderContactInfo?methodName=DELIVERY', CONTACT, { headers }));
  const { orderID } = ok(await s.req('POST', '/shoppingManagement4/reserve', undefined, { headers }));
  const order = ok(await s.req('GET', `/common3/orders/${orderID}`, undefined, { headers }));
  return { cartCity: cart.checkout.delivery.city as string, orderCity: order.delivery.city as string };
}

test('an order to a city picked by its Chinese name validates as that city and keeps the name the shopper saw', async () => {
  assert.deepEqual(await deliveryOrderTo('多伦多', 'zh'), { cartCity: '多伦多', orderCity: '多伦多' });
  assert.deepEqual(await deliveryOrderTo('列治文山', 'zh'), { cartCity: '列治文山', orderCity: '列治文山' });
  // English names still validate (and take the area's spelling); a Chinese shopper may type the English name.
  assert.deepEqual(await deliveryOrderTo(' toronto ', 'en'), { cartCity: 'Toronto', orderCity: 'Toronto' });
  assert.deepEqual(await deliveryOrderTo('Markham', 'zh'), { cartCity: 'Markham', orderCity: 'Markham' });
});

test('a city outside the delivery area is refused with a 400 naming the area\'s cities, in either language', async () => {
  const zh = new Shopper(srv.base);
  const headers = { 'accept-language': 'zh-CN' };
  ok(await zh.req('POST', '/shoppingManagement4/myCart', { productId: '1048', quantity: 1 }, { headers }));
  const ottawa = isError(await zh.req('POST', '/shoppingManagement4/orderDeliverInfo', { ...ADDRESS, city: '渥太华' }, { headers }), 400);
  assert.equal(ottawa.message, `We do not deliver to 渥太华 (ON: ${ON_ZH.join(', ')})`);
  // Vancouver is a delivery city, but in BC, not in the address's ON.
  isError(await zh.req('POST', '/shoppingManagement4/orderDeliverInfo', { ...ADDRESS, city: '温哥华' }, { headers }), 400);
  const en = new Shopper(srv.base);
  ok(await en.post('/shoppingManagement4/myCart', { productId: '1048', quantity: 1 }));
  const oakville = isError(await en.req('POST', '/shoppingManagement4/orderDeliverInfo', { ...ADDRESS, city: 'Oakville' }, { headers: { 'accept-language': 'en' } }), 400);
  assert.equal(oakville.message, `We do not deliver to Oakville (ON: ${ON_EN.join(', ')})`);
  // Nothing was kept: the cart has no delivery address.
  assert.equal(ok(await en.get('/shoppingManagement4/billing/')).checkout.delivery ?? null, null);
});

test('migration 487 moves an English-only store\'s areas; the demo cities get their Chinese names, an operator\'s city stays English', async () => {
  const db = srv.app.db;
  // The database as an older version left it: the areas in the settings document, no Chinese names.
  await db.query('DROP TABLE delivery_cities');
  await db.query('DELETE FROM schema_migrations WHERE version = 487');
  await db.query(`DELETE FROM settings WHERE key = 'seeded.deliveryCitiesZh'`);
  await db.query(`INSERT INTO settings (key, value) VALUES ('deliveryLocations', $1::jsonb)`, [JSON.stringify([
    { country: 'CA', province: 'ON', cities: ['Toronto', 'Oakville', ' Markham '] },
    { country: 'ca', province: 'bc', cities: ['Vancouver', 'Vancouver'] },
  ])]);
  assert.deepEqual(await migrate(db), [487]);
  assert.equal((await db.query(`SELECT 1 FROM settings WHERE key = 'deliveryLocations'`)).rows.length, 0);
  await seedIfEmpty(db);
  const { rows } = await db.query('SELECT country, province, name_en, name_zh FROM delivery_cities ORDER BY sort');
  assert.deepEqual(rows, [
    { country: 'CA', province: 'ON', name_en: 'Toronto', name_zh: '多伦多' },
    { country: 'CA', province: 'ON', name_en: 'Oakville', name_zh: null },
    { country: 'CA', province: 'ON', name_en: 'Markham', name_zh: '万锦' },
    { country: 'CA', province: 'BC', name_en: 'Vancouver', name_zh: '温哥华' },
  ]);
  const zh = ok(await new Shopper(srv.base).post('/common3/deliveryLocations?locale=zh', { province: 'ON' }));
  assert.deepEqual(zh.locations, [{ country: 'CA', province: 'ON', provinceName: '安大略省', cities: ['多伦多', 'Oakville', '万锦'] }]);
  assert.deepEqual(await deliveryOrderTo('oakville', 'zh'), { cartCity: 'Oakville', orderCity: 'Oakville' });
});
