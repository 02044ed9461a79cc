import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { serverOnFreshDb, Shopper, isError, ok, PREFIX } from './helpers.ts';

let s: Shopper;
let staticDir: string;

const { srv } = serverOnFreshDb((db) => {
  staticDir = path.join(db.dataDir, 'h5');
  fs.mkdirSync(path.join(staticDir, 'js'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>store</title>');
  fs.writeFileSync(path.join(staticDir, 'js', 'app.3f9a2b1c7d.js'), 'console.log(1)');
  fs.writeFileSync(path.join(staticDir, 'js', 'vendors.0a1b2c3d4e.js'), 'export const words = "' + 'storefront '.repeat(2000) + '"\n');
  return { staticDir };
}, (started) => {
  s = new Shopper(started.base);
});

test('health, floor, unknown api route', async () => {
  assert.deepEqual(ok(await s.get('/health')), { ok: true });
  assert.equal(ok(await s.get('/bench/floor')).ok, true);
  isError(await s.get('/nope/nothing'), 404);
});

test('appInfoInit: full shape for a guest, no user fields, XSRF cookie set', async () => {
  const g = new Shopper(srv.base);
  const r = await g.get('/common3/appInfoInit');
  const b = ok(r);
  assert.ok(r.setCookies.some((c) => c.startsWith('XSRF-TOKEN=') && /SameSite=Lax/i.test(c) && /Path=\//.test(c) && !/HttpOnly/i.test(c)));
  const c = b.appContent;
  assert.equal(c.system.appMessage.currentLocale, 'en');
  assert.ok(Object.keys(c.system.appMessage.applicationMessage.messages).length > 10);
  for (const k of ['hidePowerBy', 'powerByName', 'powerByFullUrl', 'showPowerByNameOnly', 'enableWeChatMiniProgramPromotion', 'enableMultiLocationSelection', 'supportedLanguages', 'enableUserAccounts', 'enableCheckout', 'displayHeader', 'enablePromotion']) {
    assert.ok(k in c.system.appConfig, k);
  }
  assert.deepEqual(c.system.appConfig.supportedLanguages, ['en', 'zh']);
  assert.deepEqual(c.system.payment.defaultCurrency, { currencyType: 'CAD', currencyCode: '$' });
  // A Toronto shop's currencies (issue 42 p-2: the Kuwaiti dinar was there to test three decimals; this file adds it below).
  assert.deepEqual(c.system.payment.exchangeCurrencies.map((x: any) => x.currencyType), ['USD', 'CNY', 'JPY']);
  assert.equal(c.system.social.instagram.userName, 'maplejademarket');
  const locs = c.system.storeLocations;
  assert.ok(locs.length >= 4);
  assert.ok(locs.some((l: any) => !l.display) && locs.some((l: any) => l.virtual));
  assert.ok(new Set(locs.map((l: any) => l.address.province)).size >= 2);
  assert.equal(c.appDetail.cdnpath, '/api/istore/client/common3/image/');
  assert.ok(c.appDetail.locid);
  for (const k of ['headerMenu', 'sideMenu', 'footerMenu', 'footerTabs']) assert.ok(c.navigation[k].length > 0, k);
  const links = JSON.stringify(c.navigation);
  for (const kind of ['productlist?cat=', 'products/', 'page/', '"search"', 'tag/', 'brand/', 'product/', '"clearance"', 'EXTERNAL_LINK', 'checkout/cart', '/pages/messenger/index', 'subMenu']) {
    assert.ok(links.includes(kind), kind);
  }
  // Every demo tab does something (the opening hours were a label-only tab); link-less entries stay, as information, in the side menu.
  assert.ok(c.navigation.footerTabs.every((t: any) => t.link));
  assert.ok(c.navigation.sideMenu.some((e: any) => !e.link && !e.subMenu));
  assert.ok(c.navigation.footerMenu.some((e: any) => e.link?.startsWith('tel:')));
  assert.ok(c.css.varPrimary && c.css.varFooter);
  assert.ok('notDisplayheaderInMP' in c.headerControl);
  assert.equal(typeof c.storeName, 'string');
  assert.ok(c.logo.imageURL && c.favicon.imageURL && c.footerLogo.imageURL);
  assert.ok(c.storeLogo === '1' || c.storeLogo === '2');
  assert.equal(b.user, undefined);
  assert.equal(b.userID, undefined);
});

test('changeLocale stores the locale in the session; bad locale 400', async () => {
  const g = new Shopper(srv.base);
  const r = ok(await g.get('/common3/changeLocale/zh'));
  assert.equal(r.applicationMessage.messages['nav.cart'], '购物车');
  assert.ok(g.cookies.has('ISTORE_SESSION'));
  const info = ok(await g.get('/common3/appInfoInit'));
  assert.equal(info.appContent.system.appMessage.currentLocale, 'zh');
  isError(await g.get('/common3/changeLocale/fr'), 400);
});

test('products: paging defaults, filters, sorts, counts', async () => {
  const p = ok(await s.get('/productManagement2/products'));
  assert.equal(p.products.length, 12);
  assert.equal(p.startingPosition, 0);
  assert.equal(p.numberToLoad, 12);
  const all = ok(await s.get('/productManagement2/products/listCount?categoryName=all')).count;
  assert.equal(all, 58, 'the 63 demo products less the 5 add-ons');
  const dates = p.products.map((x: any) => x.createdAt);
  assert.deepEqual([...dates].sort().reverse(), dates, 'default = newest first');
  const asDate = ok(await s.get('/productManagement2/products?sortby=date'));
  assert.deepEqual(asDate.products.map((x: any) => x.id), p.products.map((x: any) => x.id));
  const low = ok(await s.get('/productManagement2/products?sortby=priceLowToHigh&numberToLoad=100'));
  assert.equal(low.products.length, all);
  for (let i = 1; i < low.products.length; i++) assert.ok(low.products[i - 1].price <= low.products[i].price);
  const high = ok(await s.get('/productManagement2/products?sortby=priceHighToLow&numberToLoad=5'));
  assert.ok(high.products[0].price >= high.products[4].price);
  const byName = ok(await s.get('/productManagement2/products?sortby=name&numberToLoad=5'));
  const names = byName.products.map((x: any) => x.name.toLowerCase());
  assert.deepEqual([...names].sort(), names);
  const page2 = ok(await s.get('/productManagement2/products?numberToLoad=12&startingPosition=12'));
  assert.equal(page2.startingPosition, 12);
  assert.ok(!page2.products.some((x: any) => p.products.some((y: any) => y.id === x.id)));

  const coffee = ok(await s.get('/productManagement2/products?categoryName=Coffee&numberToLoad=100'));
  assert.ok(coffee.products.length >= 5 && coffee.products.every((x: any) => x.category === 'Coffee'));
  assert.equal(ok(await s.get('/productManagement2/products/listCount?categoryName=Coffee')).count, coffee.products.length);
  const hk = ok(await s.get(`/productManagement2/products?categoryName=${encodeURIComponent('Home & Kitchen')}`));
  assert.ok(hk.products.length > 0);
  const brand = ok(await s.get('/productManagement2/products?brandName=Jade%20Leaf&numberToLoad=100'));
  assert.ok(brand.products.length > 0 && brand.products.every((x: any) => x.brand === 'Jade Leaf'));
  const tag = ok(await s.get('/productManagement2/products?tagName=new'));
  assert.ok(tag.products.every((x: any) => x.tags.includes('new')));
  const clr = ok(await s.get('/productManagement2/products?clearance=true&numberToLoad=100'));
  assert.ok(clr.products.length >= 5 && clr.products.every((x: any) => x.clearance && x.listPrice > x.price));
  assert.equal(ok(await s.get('/productManagement2/products/listCount?clearance=true')).count, clr.products.length);
  const membership = ok(await s.get('/productManagement2/products?productType=MEMBERSHIP&recordStatus=ACTIVE&sortby=default&infiniteLoad=false'));
  // the demo's four membership plans (issue 13), and nothing else
  assert.deepEqual(membership.products.map((x: any) => [x.productType, x.membershipPlan.duration]).sort(),
    [['MEMBERSHIP', 'LIFETIME'], ['MEMBERSHIP', 'MONTH'], ['MEMBERSHIP', 'QUARTER'], ['MEMBERSHIP', 'YEAR']]);

  const everything = ok(await s.get('/productManagement2/products?numberToLoad=100')).products;
  assert.ok(everything.some((x: any) => x.soldOut && x.stock === 0));
  assert.ok(everything.some((x: any) => x.options.length === 2));
  // Add-ons are offered beside products (products/addon), never listed in the catalogue, its counts or search.
  assert.equal(everything.length, 58);
  assert.ok(!everything.some((x: any) => x.tags.includes('addon')));
  assert.equal(ok(await s.get('/productManagement2/products/listCount')).count, 58);
  assert.equal(ok(await s.get('/productManagement2/products/searchCount/oat')).count, 0);
  const oatMilk = ok(await s.get('/productManagement2/products/search/oat%20milk?numberToLoad=100')).products;
  assert.ok(!oatMilk.some((x: any) => x.tags.includes('addon')), 'no add-on found by its words either');
  const prod = everything[0];
  for (const k of ['id', 'name', 'nameContent', 'description', 'descriptionContent', 'category', 'categoryContent', 'brand', 'tags', 'clearance', 'price', 'currency', 'images', 'stock', 'soldOut', 'options', 'createdAt']) assert.ok(k in prod, k);
  assert.equal(typeof prod.id, 'string');
  assert.ok(Number.isInteger(prod.price));
  assert.ok(prod.images.every((i: string) => !i.startsWith('/') && !i.startsWith('http')));
});

test('products: bad input answers 400', async () => {
  isError(await s.get('/productManagement2/products?numberToLoad=-1'), 400);
  isError(await s.get('/productManagement2/products?numberToLoad=abc'), 400);
  isError(await s.get('/productManagement2/products?startingPosition=-5'), 400);
  isError(await s.get('/productManagement2/products?sortby=cheapest'), 400);
  isError(await s.get('/productManagement2/products?numberToLoad=100000'), 400);
  isError(await s.get('/productManagement2/products/listCount?clearance=maybe'), 400);
});

test('search and searchCount: en, zh, brand, tag, case-insensitive', async () => {
  const r = ok(await s.get('/productManagement2/products/search/TEA?numberToLoad=5'));
  assert.ok(r.products.length === 5);
  const count = ok(await s.get('/productManagement2/products/searchCount/tea')).count;
  assert.ok(count > 5);
  const zh = ok(await s.get(`/productManagement2/products/search/${encodeURIComponent('咖啡')}`));
  assert.ok(zh.products.length > 0);
  const brand = ok(await s.get('/productManagement2/products/searchCount/panda%20threads')).count;
  assert.ok(brand >= 10);
  assert.equal(ok(await s.get('/productManagement2/products/searchCount/spicy')).count, 2);
  assert.equal(ok(await s.get('/productManagement2/products/searchCount/%25')).count, 0, 'LIKE wildcards are literal');
  // Several words find any of them, those holding all first (issue 42 n-11): "oolong tea" is the oolong, then the teas.
  const phrase = ok(await s.get('/productManagement2/products/search/oolong%20tea?numberToLoad=100')).products;
  assert.equal(phrase[0].name, 'Tieguanyin Oolong 100g');
  assert.ok(phrase.length > 3 && phrase.slice(1).every((x: any) => !/oolong/i.test(x.name)), phrase.map((x: any) => x.name).join(', '));
  assert.ok(phrase.some((x: any) => x.name === 'Chrysanthemum Tea 60g'));
  assert.equal(ok(await s.get('/productManagement2/products/searchCount/oolong%20tea')).count, phrase.length);
  assert.equal(ok(await s.get('/productManagement2/products/searchCount/Oolong%20the%20TEA')).count, phrase.length, 'case and stop words');
  isError(await s.get(`/productManagement2/products/search/${'x'.repeat(150)}`), 400);
  isError(await s.get('/productManagement2/products/search/tea?numberToLoad=0'), 400);
  isError(await s.get(`/productManagement2/products/searchCount/${'y'.repeat(150)}`), 400);
});

test('product, product detail, related, category, categories, brands, tag, addon', async () => {
  const p = ok(await s.get('/productManagement/product/1039'));
  assert.equal(p.id, '1039');
  assert.equal(p.options.length, 2);
  // Issue 42 n-2: each colour answers its picture, one of the product's images (the response schema keeps it).
  const colours = p.options.find((o: any) => o.name === 'color').values;
  assert.deepEqual(colours.map((v: any) => v.image), ['logo-t-shirt-in-black.svg', 'logo-t-shirt-in-white.svg', 'logo-t-shirt-in-red.svg']);
  assert.ok(colours.every((v: any) => p.images.includes(v.image)));
  assert.ok(p.options.find((o: any) => o.name === 'size').values.every((v: any) => !('image' in v)));
  isError(await s.get('/productManagement/product/999999'), 404);
  isError(await s.get('/productManagement/product/abc'), 400);
  const d = ok(await s.get('/productDetailManagement/productDetail/1039'));
  assert.equal(d.product.id, '1039');
  assert.equal(d.variants.length, 12);
  assert.equal(d.variants.reduce((a: number, v: any) => a + v.available, 0), d.product.stock);
  isError(await s.get('/productDetailManagement/productDetail/1.5'), 400);
  const rel = ok(await s.get('/productManagement2/products/relatedProducts/1039'));
  assert.ok(rel.products.length > 0 && rel.products.every((x: any) => x.category === 'Apparel' && x.id !== '1039'));
  isError(await s.get('/productManagement2/products/relatedProducts/0'), 404);
  const cat = ok(await s.get('/productManagement2/category/tea'));
  assert.equal(cat.category.name, 'Tea');
  assert.equal(cat.category.nameContent.zh, '茶');
  assert.ok(cat.products.length === 10);
  isError(await s.get('/productManagement2/category/Shoes'), 404);
  const cats = ok(await s.get('/productManagement/categories/all'));
  assert.ok(cats.categories.length >= 6);
  assert.equal(cats.categories.reduce((a: number, c: any) => a + c.productCount, 0), 58);
  assert.equal(cats.categories.find((c: any) => c.name === 'Add-ons').productCount, 0);
  const brands = ok(await s.get('/productManagement/brands'));
  assert.ok(brands.brands.length >= 5);
  const tag = ok(await s.get('/productManagement2/tag/gift'));
  assert.ok(tag.count > 0 && tag.products.every((x: any) => x.tags.includes('gift')));
  isError(await s.get('/productManagement2/tag/gift?numberToLoad=zero'), 400);
  const addon = ok(await s.get('/productManagement2/products/addon?tagName=addon'));
  assert.equal(addon.products.length, 5);
  assert.ok(addon.products.every((x: any) => x.tags.includes('addon')));
  isError(await s.get('/productManagement2/products/addon?numberToLoad=-3'), 400);
});

test('inventoryByProductAndOptions: order-insensitive pairs, totals, unknown pair 400', async () => {
  const d = ok(await s.get('/productDetailManagement/productDetail/1039'));
  const v = d.variants.find((x: any) => x.optionPair === 'color:Red,size:M');
  const a = ok(await s.get('/inventoryManagement/inventoryByProductAndOptions/1039?optionPair=size:M,color:Red'));
  assert.equal(a.optionPair, 'color:Red,size:M');
  assert.equal(a.available, v.available);
  const b = ok(await s.get('/inventoryManagement/inventoryByProductAndOptions/1039?optionPair=color:red,size:m'));
  assert.equal(b.available, v.available);
  const total = ok(await s.get('/inventoryManagement/inventoryByProductAndOptions/1039'));
  assert.equal(total.available, d.product.stock);
  isError(await s.get('/inventoryManagement/inventoryByProductAndOptions/1039?optionPair=size:XXL,color:Red'), 400);
  isError(await s.get('/inventoryManagement/inventoryByProductAndOptions/1039?optionPair=weight:1kg'), 400);
  isError(await s.get('/inventoryManagement/inventoryByProductAndOptions/1039?optionPair=size'), 400);
  isError(await s.get('/inventoryManagement/inventoryByProductAndOptions/1001x'), 400);
  isError(await s.get('/inventoryManagement/inventoryByProductAndOptions/987654'), 404);
});

test('exchange rates, time zone, pickup locations, selected location', async () => {
  // A currency of three decimals, this test's own (the demo shop has none).
  await srv.app.db.query(`INSERT INTO exchange_rates (currency, symbol, rate, sort) VALUES ('KWD', 'KD', 0.224, 99)`);
  const r = ok(await s.get('/common3/exchangeRates/'));
  assert.equal(r.base, 'CAD');
  assert.deepEqual(Object.keys(r.rates).sort(), ['CNY', 'JPY', 'KWD', 'USD']);
  assert.equal(r.decimals.JPY, 0);
  assert.equal(r.decimals.KWD, 3);
  const usd = ok(await s.get('/common3/exchangeRates/usd'));
  assert.deepEqual([usd.base, usd.currency, usd.rate], ['CAD', 'USD', 0.73]);
  isError(await s.get('/common3/exchangeRates/EUR'), 404);
  isError(await s.get('/common3/exchangeRates/dollars'), 400);

  const tz = ok(await s.post('/common3/timeZoneInfo/GMT'));
  assert.equal(tz.timeZone, 'America/Toronto');
  assert.ok(tz.offsetMinutes === -300 || tz.offsetMinutes === -240);
  isError(await s.post('/common3/timeZoneInfo/GMT', {}, { xsrf: false }), 403);

  const locs = ok(await s.get('/common3/pickupLocations'));
  assert.ok(locs.length >= 3 && locs.every((l: any) => l.display && !l.virtual));
  const g = new Shopper(srv.base);
  const sel = ok(await g.post('/common3/setSelectedStoreLocation', { id: 'VAN-RMD' }));
  assert.equal(typeof sel.landingPageUrl, 'string');
  const info = ok(await g.get('/common3/appInfoInit'));
  assert.equal(info.appContent.appDetail.locid, 'VAN-RMD');
  assert.equal(info.appContent.appDetail.locname, 'Richmond Aberdeen');
  isError(await g.post('/common3/setSelectedStoreLocation', { id: 'NOPE' }), 404);
  isError(await g.post('/common3/setSelectedStoreLocation', { id: 'MTL-OLD' }), 400);
  isError(await g.post('/common3/setSelectedStoreLocation', { id: 'ONLINE' }), 400);
  isError(await g.post('/common3/setSelectedStoreLocation', { id: ['x'] }), 400);
  isError(await g.post('/common3/setSelectedStoreLocation', {}), 400);
});

test('countries and provinces', async () => {
  const c = ok(await s.get('/common3/supportedCountries'));
  assert.ok(c.some((x: any) => x.code === 'CA' && x.nameContent.zh === '加拿大'));
  const p = ok(await s.get('/common3/provinces/CA'));
  assert.ok(p.some((x: any) => x.code === 'ON'));
  isError(await s.get('/common3/provinces/ZZ'), 404);
});

test('page content, section templates, coupons, images, contact form', async () => {
  const about = ok(await s.get('/common3/pageContent?pageName=about'));
  assert.equal(about.pageName, 'about');
  assert.ok(about.title.en && about.title.zh && about.content.en && about.content.zh);
  ok(await s.get('/common3/pageContent?pageName=shipping'));
  isError(await s.get('/common3/pageContent?pageName=missing'), 404);
  isError(await s.get('/common3/pageContent'), 400);

  const home = ok(await s.get('/common3/sectionTemplateByType/home'));
  assert.ok(home.sections.some((x: any) => x.kind === 'banner' && x.slides.length >= 2));
  assert.ok(home.sections.some((x: any) => x.kind === 'featuredCategories'));
  isError(await s.get('/common3/sectionTemplateByType/nothing'), 404);

  const cs = ok(await s.get('/common3/coupons/'));
  assert.ok(cs.coupons.some((x: any) => x.type === 'PERCENT') && cs.coupons.some((x: any) => x.type === 'FIXED'));
  assert.ok(!cs.coupons.some((x: any) => x.expired));
  const spring = ok(await s.get('/common3/coupons/SPRING20'));
  assert.equal(spring.expired, true);
  isError(await s.get('/common3/coupons/NOPE'), 404);

  const img = await s.get('/common3/image/house-blend-coffee-beans-340g.svg');
  assert.equal(img.status, 200);
  assert.match(img.headers.get('content-type')!, /image\/svg\+xml/);
  assert.match(String(img.body), /<svg/);
  // banner images are text-free (the storefront lays each slide's title over them) and in the home banner's 20:9
  const slide = home.sections.find((x: any) => x.kind === 'banner').slides[0];
  const banner = String((await s.get(`/common3/image/${slide.image}`)).body);
  assert.match(banner, /viewBox="0 0 1200 540"/);
  assert.doesNotMatch(banner, /<text/);
  isError(await s.get('/common3/image/..%2F..%2Fetc%2Fpasswd'), 404);
  isError(await s.get('/common3/image/x.exe'), 404);

  const f = ok(await s.post('/message/submitForm', { name: 'Ada', email: 'ada@example.com', message: 'Do you sell oolong?' }));
  assert.equal(f.ok, true);
  const { rows } = await srv.app.db.query('SELECT form FROM form_submissions WHERE id = $1', [Number(f.id)]);
  assert.equal(rows[0].form.message, 'Do you sell oolong?');
  isError(await s.post('/message/submitForm', { name: 'Ada', email: 'nope', message: 'x' }), 400);
  isError(await s.post('/message/submitForm', { name: 'Ada' }), 400);
});

test('a brand mark the client loads by URL (UnionPay; simple-icons\' on the mini-programs) is its committed file, an SVG cached as the drawn images are', async () => {
  const drawn = await s.get('/common3/image/house-blend-coffee-beans-340g.svg');
  const mark = await s.get('/common3/brandMark/unionpay.svg');
  assert.equal(mark.status, 200);
  assert.match(mark.headers.get('content-type')!, /^image\/svg\+xml/);
  assert.equal(mark.headers.get('cache-control'), drawn.headers.get('cache-control'));
  assert.match(mark.headers.get('cache-control')!, /^public, max-age=\d+, immutable$/);
  const file = fs.readFileSync(new URL('../src/assets/brandMarks/unionpay.svg', import.meta.url), 'utf8');
  assert.equal(String(mark.body), file);
  assert.match(file, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="256" height="160" viewBox="0 0 256 160">/);
  // A simple-icons mark, which the mini-programs load by URL: the same headers, its committed file, one path in WeChat's green.
  const wechat = await s.get('/common3/brandMark/wechat.svg');
  assert.equal(wechat.status, 200);
  assert.match(wechat.headers.get('content-type')!, /^image\/svg\+xml/);
  assert.equal(wechat.headers.get('cache-control'), drawn.headers.get('cache-control'));
  assert.equal(String(wechat.body), fs.readFileSync(new URL('../src/assets/brandMarks/wechat.svg', import.meta.url), 'utf8'));
  assert.match(String(wechat.body), /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 24 24"><path fill="#07C160" d="M[^"]+"\/><\/svg>\n$/);
  // Only the generated marks: not the README beside them, not a mark simple-icons lacks (LinkedIn), not a name without
  // its extension, not another image's name, not a path out of the folder.
  for (const name of ['README.md', 'linkedin.svg', 'wechat', 'house-blend-coffee-beans-340g.svg', '..%2Fbrand.ts', '..%2F..%2Fpackage.json']) {
    isError(await s.get(`/common3/brandMark/${name}`), 404);
  }
});

test('every call of the spec is implemented: no route declares 501', async () => {
  const declared = srv.app.declaredRoutes.filter((r) => Object.keys((r.schema?.response ?? {}) as object).includes('501'));
  assert.deepEqual(declared.map((r) => `${r.method} ${r.url}`), []);
  const urls = srv.app.declaredRoutes.map((r) => `${r.method} ${r.url}`);
  for (const route of ['GET /api/istore/client/shoppingManagement4/paymentoption/PayPal', 'POST /api/istore/client/shoppingManagement4/applyStoreCreditDeposit']) {
    assert.ok(urls.includes(route), `${route} is served`);
  }
});

test('malformed requests: bad JSON 400, oversized body 413, wrong content type 415, no XSRF 403', async () => {
  isError(await s.post('/message/submitForm', undefined, { raw: '{"name": ' }), 400);
  isError(await s.post('/message/submitForm', undefined, { raw: JSON.stringify({ name: 'x', email: 'a@b.cd', message: 'y'.repeat(70 * 1024) }) }), 413);
  isError(await s.post('/message/submitForm', undefined, { raw: '<a/>', headers: { 'content-type': 'application/xml' } }), 415);
  isError(await s.post('/message/submitForm', { name: 'a', email: 'a@b.cd', message: 'x' }, { xsrf: false }), 403);
  isError(await s.post('/message/submitForm', { name: 'a', email: 'a@b.cd', message: 'x' }, { xsrf: false, headers: { 'x-xsrf-token': 'forged' } }), 403);
});

test('static H5 app: SPA fallback, cache headers, API 404 stays JSON', async () => {
  const idx = await s.get('~/store/productlist?cat=Coffee');
  assert.equal(idx.status, 200);
  assert.match(String(idx.body), /<title>store/);
  // The page carries the shopper's app info written in (lib/firstScreen.ts): never kept by a shared cache.
  assert.equal(idx.headers.get('cache-control'), 'private, no-cache');
  const asset = await s.get('~/js/app.3f9a2b1c7d.js');
  assert.equal(asset.status, 200);
  assert.match(asset.headers.get('cache-control')!, /max-age=31536000/);
  const root = await s.get('~/');
  assert.equal(root.status, 200);
  isError(await s.get('~/api/other/thing'), 404);
});

/** Raw GET through node:http, so the test sees the encoding the server chose, not a decompressed body. */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; encoding?: string; vary?: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], vary: String(res.headers.vary ?? ''), bytes: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('static assets and API JSON are compressed for clients that accept it', async () => {
  const plain = await rawGet(`${srv.base}/js/vendors.0a1b2c3d4e.js`, 'identity');
  assert.equal(plain.status, 200);
  assert.equal(plain.encoding, undefined);
  const br = await rawGet(`${srv.base}/js/vendors.0a1b2c3d4e.js`, 'br, gzip');
  assert.equal(br.encoding, 'br');
  assert.match(br.vary!, /accept-encoding/i);
  assert.equal(zlib.brotliDecompressSync(br.bytes).toString(), plain.bytes.toString());
  assert.ok(br.bytes.length < plain.bytes.length / 10, `brotli ${br.bytes.length} B of ${plain.bytes.length} B`);
  const gz = await rawGet(`${srv.base}${PREFIX}/common3/appInfoInit`, 'gzip');
  assert.equal(gz.status, 200);
  assert.equal(gz.encoding, 'gzip');
  assert.ok(JSON.parse(zlib.gunzipSync(gz.bytes).toString()).appContent);
  const tiny = await rawGet(`${srv.base}${PREFIX}/health`, 'gzip');
  assert.equal(tiny.encoding, undefined, 'bodies under 1 KB are sent as they are');
});
