/**
 * Opening day (issue 37, docs/deploy.md "Opening day"): a new shop from an EMPTY database to its first paid order, in
 * production mode, through exactly the commands the section lists: the production start refused (one line naming
 * `shop -- init`), `shop init`, the edit, `shop apply --dry-run`, `shop apply`, `catalog import`, the start, the checks,
 * and a shopper's order paid with PayPal (PayPal's protocol double, tests/doubles/paypal.ts). The shop is the one the
 * operator run of the issue opened: Seattle, US dollars, delivery in Washington, nothing of the demo store.
 * Runs on PGlite and PostgreSQL; each step's time is printed (the transcript).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freshDb, ok, runCli, Shopper, waitFor, type TestDb } from './helpers.ts';
import { startPayPalDouble, type PayPalDouble } from './doubles/paypal.ts';
import { refusedServerProcess, startServerProcess, type ServerProcess } from './serverProcess.ts';

const PUBLIC_URL = 'https://shop.test';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opening-day-'));
const shopFile = path.join(dir, 'shop.json');
const catalogueFile = path.join(dir, 'catalogue.csv');
let db: TestDb;
let paypal: PayPalDouble;
let server: ServerProcess | undefined;

before(async () => {
  [db, paypal] = await Promise.all([freshDb({ pristine: true }), startPayPalDouble()]);
});
after(async () => {
  await server?.stop();
  await paypal?.stop();
  await db?.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The production environment of docs/deploy.md, with PayPal's credentials pointed at its double. */
const productionEnv = () => ({
  NODE_ENV: 'production', PUBLIC_URL, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '', STATIC_DIR: dir,
  PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_WEBHOOK_ID: paypal.webhookId, PAYPAL_BASE_URL: paypal.baseUrl,
});

const transcript: string[] = [];
async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  const out = await run();
  transcript.push(`${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${what}`);
  return out;
}

test('opening day: from an empty database to the first paid order, in production, by the documented commands', async () => {
  // 0. Production on a database no shop was applied to: refused, one line naming the command.
  const refused = await step('npm --prefix server start (refused: no shop yet)', () => refusedServerProcess(productionEnv()));
  assert.equal(refused.code, 1, refused.stderr);
  const lines = refused.stderr.trim().split('\n');
  assert.equal(lines.length, 1, refused.stderr);
  assert.match(lines[0], /^Refusing to start: this database has no shop settings yet .*npm --prefix server run shop -- init shop\.json/);

  // 1. shop init, 2. the edit (what the section tells the operator to change), 3. dry run, 4. apply.
  const init = await step('npm --prefix server run shop -- init shop.json', () => runCli(db, 'shop', 'init', shopFile));
  assert.equal(init.code, 0, init.stderr);
  const shop = JSON.parse(fs.readFileSync(shopFile, 'utf8'));
  shop.storeInfo.storeName = 'Rainier Tea House';
  shop.storeInfo.storeNameContent = { en: 'Rainier Tea House', zh: '雷尼尔茶馆' };
  shop.messages = { en: { 'app.title': 'Rainier Tea House' }, zh: { 'app.title': '雷尼尔茶馆' } };
  shop.appConfig.supportEmail = 'hello@rainier.example';
  shop.checkout.timeZone = 'America/Los_Angeles';
  shop.checkout.taxRatePercent = 10.25;
  shop.checkout.delivery.provinces = ['WA'];
  shop.storeLocations = [
    { id: 'SEA-CAP', display: true, virtual: false, name: { en: 'Capitol Hill', zh: '国会山店' }, address: { street: '1500 E Pine St', city: 'Seattle', province: 'WA', postCode: '98122', country: 'US' }, landingPageUrl: '' },
    { id: 'SEA-BAL', display: true, virtual: false, name: { en: 'Ballard', zh: '巴拉德店' }, address: { street: '5300 Ballard Ave NW', city: 'Seattle', province: 'WA', postCode: '98107', country: 'US' }, landingPageUrl: '' },
  ];
  shop.deliveryAreas = [{ country: 'US', province: 'WA', cities: [{ en: 'Seattle', zh: '西雅图' }, { en: 'Bellevue', zh: '贝尔维尤' }] }];
  shop.payment.supportWeChatPay = false;
  shop.payment.supportAliPay = false;
  fs.writeFileSync(shopFile, JSON.stringify(shop, null, 2));
  const dry = await step('npm --prefix server run shop -- apply shop.json --dry-run', () => runCli(db, 'shop', 'apply', shopFile, '--dry-run'));
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^\+ storeLocations SEA-CAP$/m);
  assert.match(dry.stdout, /dry run, nothing changed/);
  const applied = await step('npm --prefix server run shop -- apply shop.json', () => runCli(db, 'shop', 'apply', shopFile));
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /^applied \d+ change\(s\)$/m);

  // 5. catalog import (a --dry-run first, as the section says).
  fs.writeFileSync(catalogueFile, [
    'sku,name_en,name_zh,description_en,description_zh,category,category_zh,category_image,brand,brand_zh,tags,clearance,price,list_price,member_price,images,options,combination,combination_sku,stock',
    'TEA-SENCHA,Sencha 100g,煎茶 100克,First flush from Shizuoka.,静冈头茬煎茶。,Tea,茶,category-tea.svg,Rainier,雷尼尔,new,,18.50,,,sencha-100g.svg,,,,40',
    'TEA-OOLONG,Roasted Oolong 100g,焙火乌龙 100克,,,Tea,茶,category-tea.svg,Rainier,雷尼尔,new,,22.00,,,roasted-oolong-100g.svg,,,,25',
  ].join('\n'));
  const catalogDry = await step('npm --prefix server run catalog -- import catalogue.csv --dry-run', () => runCli(db, 'catalog', 'import', catalogueFile, '--dry-run'));
  assert.equal(catalogDry.code, 0, catalogDry.stderr);
  const imported = await step('npm --prefix server run catalog -- import catalogue.csv', () => runCli(db, 'catalog', 'import', catalogueFile));
  assert.equal(imported.code, 0, imported.stderr);
  assert.match(imported.stdout, /added 2 product\(s\)/);

  // 6. The start, 7. the checks.
  server = await step('npm --prefix server start', () => startServerProcess({ ...productionEnv(), LOG_LEVEL: 'info' }));
  const s = new Shopper(server.base);
  // The start logs what the shop file and the environment together offer.
  await waitFor('the start to log the effective payment choice', () => (server!.stdout().includes('payments offered') ? true : undefined));
  assert.match(server.stdout(), /"msg":"shop \\"Rainier Tea House\\" sells in USD; payments offered: H5: PAYPAL by PAYPAL; WeChat mini-program: no; WeChat browser \(JSAPI\): no; Alipay mini-program: no; mail from /);
  await step('checks: /ready, app info, paymentConfig', async () => {
    assert.deepEqual(ok(await s.get('/ready')), { ok: true });
    const info = ok(await s.get('/common3/appInfoInit'));
    assert.equal(info.appContent.storeName, 'Rainier Tea House');
    assert.equal(info.appContent.system.payment.defaultCurrency.currencyType, 'USD');
    assert.equal(info.appContent.appDetail.sandbox, false);
    assert.deepEqual(info.appContent.system.storeLocations.map((l: { id: string }) => l.id), ['SEA-CAP', 'SEA-BAL']);
    const online = ok(await s.get('/shoppingManagement4/paymentConfig')).onlineProviders;
    assert.deepEqual(online.h5Channels, ['PAYPAL']);
  });

  // 8. The first order: a delivery in Seattle, paid with PayPal, in US dollars.
  const paid = await step('first order: delivery in Seattle, paid with PayPal', async () => {
    const { products } = ok(await s.get('/productManagement2/products?numberToLoad=10'));
    assert.deepEqual(products.map((p: { name: string }) => p.name).sort(), ['Roasted Oolong 100g', 'Sencha 100g'], 'the catalogue, nothing of the demo');
    const sencha = products.find((p: { name: string }) => p.name === 'Sencha 100g');
    ok(await s.post('/shoppingManagement4/myCart', { productId: sencha.id, quantity: 2 }));
    const delivery = ok(await s.post('/common3/deliveryLocations?locale=zh', {}));
    assert.deepEqual(delivery.locations, [{ country: 'US', province: 'WA', provinceName: '华盛顿州', cities: ['西雅图', '贝尔维尤'] }]);
    ok(await s.post('/shoppingManagement4/orderDeliverInfo', {
      firstName: 'Ada', lastName: 'Lovelace', phone: '206-555-0199', streetNumberAndNameDetails: '400 Pine St', city: 'Seattle', province: 'WA', postCode: '98101', country: 'US',
    }));
    ok(await s.post('/shoppingManagement4/orderContactInfo?methodName=DELIVERY', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '206-555-0199' }));
    const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
    const { redirectUrl } = ok(await s.get(`/shoppingManagement4/paymentoption/PayPal?orderID=${orderID}`));
    const token = new URL(redirectUrl).searchParams.get('token')!;
    paypal.approve(token);
    const checked = ok(await s.post('/shoppingManagement4/checkPayPalPaymentStatus', { orderID, returnUrlInfo: '' }));
    return { orderID, checked, token };
  });
  assert.equal(`${paid.checked.status}/${paid.checked.paymentStatus}`, 'NEW/PAID_ONLINE');
  const order = paypal.orders.get(paid.token)!;
  assert.equal(order.amount.currency_code, 'USD', 'PayPal was asked for US dollars');
  // 2 × 18.50, 5.00 delivery (under 50.00), 10.25 % tax on both, in cents: 3700 + 500 + 431
  assert.equal(order.amount.value, '46.31');
  console.log(`opening day (${db.databaseUrl ? 'PostgreSQL' : 'PGlite'}):\n${transcript.join('\n')}`);
});
