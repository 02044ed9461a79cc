/**
 * A shop in mainland China (issue 37 item 3): production from an EMPTY database through the "Opening day" commands
 * (docs/deploy.md) with a shop file in CNY (Shanghai: its time zone, province and cities), a catalogue priced in yuan,
 * and WeChat Pay's and Alipay's DOMESTIC APIs (WECHATPAY_API=domestic, ALIPAY_API=domestic, direct merchant) pointed at
 * their protocol doubles. A shopper orders delivery in Shanghai and pays in the WeChat mini-program (wx.login's code
 * names the payer; WeChat Pay's signed notification pays), another in the Alipay mini-program (my.getAuthCode's code
 * names the buyer; Alipay's signed notification pays); each provider was asked for the order total in CNY.
 * Runs on PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freshDb, ok, runCli, Shopper, type TestDb } from './helpers.ts';
import { AlipayDouble } from './doubles/alipay.ts';
import { WeChatDouble } from './doubles/wechat.ts';
import { WeChatPayDouble } from './doubles/wechatpay.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';

const PUBLIC_URL = 'https://shop.test';
const wechatPay = new WeChatPayDouble('domestic');
const weChat = new WeChatDouble([
  { appId: wechatPay.miniProgramAppId, secret: wechatPay.miniProgramSecret, unionBound: false },
  { appId: wechatPay.officialAccountAppId, secret: wechatPay.officialAccountSecret, unionBound: false },
]);
const alipay = new AlipayDouble('domestic');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opening-day-cny-'));
const shopFile = path.join(dir, 'shop.json');
const catalogueFile = path.join(dir, 'catalogue.csv');
let db: TestDb;
let server: ServerProcess | undefined;

before(async () => {
  await Promise.all([wechatPay.start(), weChat.start(), alipay.start()]);
  db = await freshDb({ pristine: true });
});
after(async () => {
  await server?.stop();
  await Promise.all([wechatPay.stop(), weChat.stop(), alipay.stop()]);
  await db?.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const paid = async (s: Shopper, orderID: string) => {
  const r = ok(await s.get(`/common3/orderStatus/${orderID}`));
  return `${r.status}/${r.paymentStatus}`;
};

/** A shopper's delivery order in Shanghai of `quantity` jasmine teas; answers the order id. */
async function orderInShanghai(s: Shopper, productId: string, quantity: number): Promise<string> {
  ok(await s.post('/shoppingManagement4/myCart', { productId, quantity }));
  ok(await s.post('/shoppingManagement4/orderDeliverInfo', {
    firstName: '明', lastName: '李', phone: '138 0013 8000', streetNumberAndNameDetails: '南京西路 1266 号', city: '上海', province: 'SH', postCode: '200040', country: 'CN',
  }));
  ok(await s.post('/shoppingManagement4/orderContactInfo?methodName=DELIVERY', { firstName: '明', lastName: '李', email: 'li.ming@example.com', phone: '138 0013 8000' }));
  return ok(await s.post('/shoppingManagement4/reserve')).orderID as string;
}

test('a CNY shop from an empty database pays on the WeChat and Alipay mini-programs through the domestic APIs', async () => {
  assert.equal((await runCli(db, 'shop', 'init', shopFile)).code, 0);
  const shop = JSON.parse(fs.readFileSync(shopFile, 'utf8'));
  shop.storeInfo.storeName = 'Jade Leaf Tea Shanghai';
  shop.storeInfo.storeNameContent = { en: 'Jade Leaf Tea', zh: '翠叶茶庄' };
  shop.payment.defaultCurrency = { currencyType: 'CNY', currencyCode: '¥' };
  shop.payment.supportPayPal = false;
  shop.exchangeRates = [{ currency: 'CNY', symbol: '¥', rate: 1, base: true }];
  shop.checkout.timeZone = 'Asia/Shanghai';
  shop.checkout.delivery.countries = ['CN'];
  shop.checkout.delivery.provinces = ['SH'];
  shop.storeLocations = [{ id: 'SH-JA', display: true, virtual: false, name: { en: "Jing'an", zh: '静安店' }, address: { street: '南京西路 1266 号', city: '上海', province: 'SH', postCode: '200040', country: 'CN' }, landingPageUrl: '' }];
  shop.deliveryAreas = [{ country: 'CN', province: 'SH', cities: [{ en: 'Shanghai', zh: '上海' }] }];
  fs.writeFileSync(shopFile, JSON.stringify(shop, null, 2));
  const dry = await runCli(db, 'shop', 'apply', shopFile, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  const applied = await runCli(db, 'shop', 'apply', shopFile);
  assert.equal(applied.code, 0, applied.stderr);
  fs.writeFileSync(catalogueFile, [
    'sku,name_en,name_zh,description_en,description_zh,category,category_zh,category_image,brand,brand_zh,tags,clearance,price,list_price,member_price,images,options,combination,combination_sku,stock',
    'TEA-JASMINE,Jasmine Pearls 50g,茉莉龙珠 50克,,,Tea,茶,category-tea.svg,Jade Leaf,翠叶,new,,68.00,,,jasmine-pearls-50g.svg,,,,50',
  ].join('\n'));
  const imported = await runCli(db, 'catalog', 'import', catalogueFile);
  assert.equal(imported.code, 0, imported.stderr);

  server = await startServerProcess({
    NODE_ENV: 'production', PUBLIC_URL, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '', STATIC_DIR: dir,
    ...wechatPay.env(weChat.baseUrl, PUBLIC_URL), ...alipay.env(PUBLIC_URL),
  });
  wechatPay.deliverTo = server.base;
  alipay.deliverTo = server.base;
  const s = new Shopper(server.base);
  const info = ok(await s.get('/common3/appInfoInit'));
  assert.deepEqual(info.appContent.system.payment.defaultCurrency, { currencyType: 'CNY', currencyCode: '¥' });
  const online = ok(await s.get('/shoppingManagement4/paymentConfig')).onlineProviders;
  assert.deepEqual([online.weChatMiniProgram, online.alipayMiniProgram], [true, true]);
  const [tea] = ok(await s.get('/productManagement2/products?numberToLoad=10')).products;
  assert.equal(tea.name, 'Jasmine Pearls 50g');
  assert.deepEqual(ok(await s.post('/common3/deliveryLocations?locale=zh', {})).locations, [{ country: 'CN', province: 'SH', provinceName: '上海市', cities: ['上海'] }]);
  // 2 × ¥68.00 = ¥136.00: delivery free from ¥50.00, no tax in the starter.
  const TOTAL = 13600;

  // The WeChat mini-program: a JSAPI order at the domestic API, in fen, CNY.
  const wx = new Shopper(server.base);
  const wxOrder = await orderInShanghai(wx, tea.id, 2);
  const started = ok(await wx.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID: wxOrder, wechatCode: weChat.issueCode(wechatPay.miniProgramAppId, 'li-ming') }));
  const placed = [...wechatPay.orders.values()].find((o) => o.prepayId === started.prepay_id)!;
  assert.ok(wechatPay.calls.includes('POST /v3/pay/transactions/jsapi'), 'the domestic API');
  assert.deepEqual(placed.body.amount, { total: TOTAL, currency: 'CNY' });
  assert.equal(placed.openid, weChat.openIdOf(wechatPay.miniProgramAppId, 'li-ming'));
  wechatPay.pay(placed.outTradeNo);
  assert.equal((await wechatPay.send(wechatPay.paymentNotification(placed.outTradeNo), placed.notifyUrl)).status, 204);
  assert.equal(await paid(wx, wxOrder), 'NEW/PAID_ONLINE');

  // The Alipay mini-program: alipay.trade.create in yuan, no trans_currency.
  const ali = new Shopper(server.base);
  const aliOrder = await orderInShanghai(ali, tea.id, 2);
  const trade0 = ok(await ali.post('/shoppingManagement4/requestAlipayMiniProgramPayment', { orderID: aliOrder, authCode: alipay.authCode({ user_id: '2088000000000777' }) }));
  const trade = [...alipay.trades.values()].find((t) => t.tradeNo === trade0.tradeNO)!;
  assert.deepEqual([trade.method, trade.biz.total_amount, trade.currency, 'trans_currency' in trade.biz], ['alipay.trade.create', '136.00', 'CNY', false]);
  alipay.pay(trade.outTradeNo);
  assert.deepEqual(await alipay.send(alipay.notification(trade.outTradeNo)), { status: 200, body: 'success' });
  assert.equal(await paid(ali, aliOrder), 'NEW/PAID_ONLINE');
});
