/**
 * The shop file's rules without a database (issue 37): the schema and the rules across fields (src/shop/rules.ts) as
 * table tests, the JSON paths and lines problems are named by, the committed JSON Schema, the starter `shop init` writes
 * and the demo store's file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { jsonLines, jsonPath, readShopFile, ShopFileProblems } from '../src/shop/file.ts';
import { shopProblems } from '../src/shop/rules.ts';
import { shopJsonSchema, type ShopFile } from '../src/shop/schema.ts';
import { starterShop } from '../src/shop/starter.ts';
import { demoShop } from '../src/seed/demoShop.ts';
import * as demoStore from '../src/seed/store.ts';

const starter = () => structuredClone(starterShop('shop.schema.json'));
/** The starter with one change made by `edit`. */
const edited = (edit: (f: ShopFile) => void) => {
  const f = starter();
  edit(f);
  return f;
};

test('the starter and the demo store pass every rule; the starter has nothing of the demo in it', () => {
  assert.deepEqual(shopProblems(starter()), []);
  const text = JSON.stringify(starter());
  assert.doesNotMatch(text, /Maple|Jade|枫玉|demo|WELCOME10|istore\.test/i);
  const s = starter();
  assert.deepEqual([s.coupons, s.liveRooms, s.listHeadings, s.membership], [[], [], [], null]);
  assert.equal(readShopFile(fs.readFileSync(new URL('../src/seed/demo-shop.json', import.meta.url), 'utf8')).storeInfo.storeName, 'Maple & Jade Market');
  // The constants other code reads of the demo store are what its file says.
  const demo = demoShop();
  assert.deepEqual([demo.storeInfo, demo.payment, demo.css, demo.sections], [demoStore.storeInfo, demoStore.payment, demoStore.css, demoStore.sectionTemplates]);
});

test('rules across fields: each broken file names the JSON path and why', () => {
  const cases: [string, (f: ShopFile) => void, string, RegExp][] = [
    ['an unknown time zone', (f) => (f.checkout.timeZone = 'Mars/Base'), 'checkout.timeZone', /'Mars\/Base' is not a time zone/],
    ['a pay-at-store method the shop does not offer', (f) => (f.checkout.payAtStoreMethods = ['EAT_IN']), 'checkout.payAtStoreMethods[0]', /EAT_IN is not one of the order methods/],
    ['closing before opening', (f) => (f.checkout.pickup.closeTime = '08:00'), 'checkout.pickup.closeTime', /not after the opening time 09:00/],
    ['a table pattern that is no regular expression', (f) => (f.checkout.eatIn.tableNumberPattern = '(['), 'checkout.eatIn.tableNumberPattern', /not a regular expression/],
    ['delivery to a country the file does not have', (f) => (f.checkout.delivery.countries = ['FR']), 'checkout.delivery.countries[0]', /FR is not among the file's countries/],
    ['delivery to a province of another country', (f) => (f.checkout.delivery.provinces = ['NY', 'ON']), 'checkout.delivery.provinces[1]', /ON is not a province of US/],
    ['a delivering shop with no province', (f) => (f.checkout.delivery.provinces = []), 'checkout.delivery.provinces', /at least one province/],
    ['no base exchange rate', (f) => (f.exchangeRates = [{ currency: 'USD', symbol: '$', rate: 1 }]), 'exchangeRates', /exactly one rate is the base/],
    ['a base other than the store currency', (f) => (f.exchangeRates = [{ currency: 'CAD', symbol: '$', rate: 1, base: true }]), 'exchangeRates[0].currency', /store currency .*USD, not CAD/],
    ['a base rate other than 1', (f) => (f.exchangeRates![0].rate = 2), 'exchangeRates[0].rate', /rate is 1/],
    ['a currency listed twice', (f) => f.exchangeRates!.push({ currency: 'USD', symbol: '$', rate: 1 }), 'exchangeRates[1].currency', /USD is listed twice/],
    ['a store in a province its country does not have', (f) => (f.storeLocations![0].address.province = 'ON'), 'storeLocations[0].address.province', /ON is not a province of US/],
    ['pickup with no store to choose', (f) => (f.storeLocations![0].virtual = true), 'storeLocations', /PICKUP needs a store shoppers can choose/],
    ['two stores with one id', (f) => f.storeLocations!.push(structuredClone(f.storeLocations![0])), 'storeLocations[1].id', /MAIN is listed twice/],
    ['a province listed twice', (f) => f.countries![0].provinces.push({ code: 'NY', name: { en: 'NY', zh: '纽约' } }), 'countries[0].provinces[51].code', /NY is listed twice in US/],
    ['two cities with one name in either language', (f) => (f.deliveryAreas = [{ country: 'US', province: 'NY', cities: [{ en: 'Albany', zh: '奥尔巴尼' }, { en: 'Buffalo', zh: 'albany' }] }]),
      'deliveryAreas[0].cities[1]', /'albany' also names another city of US-NY/],
    ['a delivery area outside the countries', (f) => (f.deliveryAreas = [{ country: 'FR', province: 'IDF', cities: [] }]), 'deliveryAreas[0].country', /FR is not among/],
    ['a percentage over 100', (f) => (f.coupons = [{ code: 'HALF', kind: 'PERCENT', value: 150, minSubtotalMinor: 0, expiresAt: null, description: { en: 'x', zh: 'x' }, public: true, maxUsesPerShopper: null, maxUses: null }]),
      'coupons[0].value', /1 to 100 percent off, not 150/],
    ['an expiry that is no date', (f) => (f.coupons = [{ code: 'LATER', kind: 'FIXED', value: 100, minSubtotalMinor: 0, expiresAt: 'next week', description: { en: 'x', zh: 'x' }, public: true, maxUsesPerShopper: null, maxUses: null }]),
      'coupons[0].expiresAt', /'next week' is not a date and time/],
    ['a live room ending before it starts', (f) => (f.liveRooms = [{ roomid: 1, name: { en: 'a', zh: 'a' }, anchor: { en: 'b', zh: 'b' }, cover: 'c.svg', status: 102, start: '2027-01-02T10:00:00Z', end: '2027-01-02T09:00:00Z' }]),
      'liveRooms[0].end', /not after its start/],
    ['a page listed twice', (f) => f.pages!.push(structuredClone(f.pages![0])), 'pages[2].name', /about is listed twice/],
    // Links by the spec's link mapping (shared/linkMapping.ts): each must lead somewhere in the storefront.
    ['a menu link to a page the shop does not have', (f) => (f.navigation.headerMenu![1].link = 'page/careers'), 'navigation.headerMenu[1].link', /opens the page 'careers', which the shop does not have \(pages: about, privacy\)/],
    ['a page removed that a menu still links to', (f) => { f.pages = f.pages!.filter((p) => p.name !== 'about'); f.navigation.footerMenu!.shift(); }, 'navigation.headerMenu[1].link', /opens the page 'about'/],
    ['a script in a link', (f) => (f.navigation.footerMenu![0].link = 'javascript:alert(1)'), 'navigation.footerMenu[0].link', /is not a link of the storefront/],
    ['an external link that is no web address', (f) => (f.navigation.sideMenu![0] = { name: 'Blog', link: 'www.example.com', linkActionType: 'EXTERNAL_LINK' }), 'navigation.sideMenu[0].link', /not a whole web address/],
    ['an internal link two levels deep that no page has', (f) => (f.navigation.sideMenu![1].subMenu = [{ name: 'Odd', link: 'user/nowhere/at-all' }]), 'navigation.sideMenu[1].subMenu[0].link', /leads nowhere in the storefront \(\/user\/nowhere\/at-all/],
    ['a telephone link with no number', (f) => (f.navigation.footerMenu![1].link = 'tel:call-us'), 'navigation.footerMenu[1].link', /not a phone number/],
    ['a menu entry with no name', (f) => (f.navigation.footerMenu![1].name = ' '), 'navigation.footerMenu[1].name', /is empty/],
    ['a banner slide linking nowhere', (f) => f.sections!.home.unshift({ kind: 'banner', id: 'hero', slides: [{ image: 'a.svg', link: 'page/gone' }] }), 'sections.home[0].slides[0].link', /opens the page 'gone'/],
    ['a banner with no slide', (f) => f.sections!.home.unshift({ kind: 'banner', id: 'hero', slides: [] }), 'sections.home[0].slides', /at least one slide/],
    ['two home sections with one id', (f) => f.sections!.home.push(structuredClone(f.sections!.home[0])), 'sections.home[1].id', /home-new is listed twice in the home template/],
    ['a social page that is no web address', (f) => (f.social.facebook = { pageURL: 'facebook/myshop' }), 'social.facebook.pageURL', /'facebook\/myshop' is not a whole web address/],
    ['an Instagram name with a space', (f) => (f.social.instagram = { userName: 'my shop' }), 'social.instagram.userName', /not an Instagram user name/],
    ['a product row with no tag', (f) => f.sections!.home.push({ kind: 'productCarousel', id: 'row', tagName: '' }), 'sections.home[1].tagName', /name the tag/],
  ];
  for (const [what, edit, path, why] of cases) {
    const problems = shopProblems(edited(edit));
    assert.equal(problems.length, 1, `${what}: ${JSON.stringify(problems)}`);
    assert.equal(problems[0].path, path, what);
    assert.match(problems[0].message, why, what);
  }
});

test('links that lead somewhere pass: the spec\'s mapping of each kind, external and phone links, no link', () => {
  const links = ['productlist?cat=Home%20%26%20Kitchen&sort=name', 'products/Tea', 'page/about', 'about', '/privacy', 'tag/new', 'brand/Jade%20Leaf',
    'product/1020', 'clearance', 'search', 'blog', 'blog/first-post', 'contact', 'user/orders', 'https://example.com/a?b=c', 'tel:+1 (416) 555-0100', '', undefined];
  const f = starter();
  f.navigation.footerMenu = links.map((link, i) => ({ name: `Entry ${i}`, link }));
  f.navigation.footerMenu.push({ name: 'External', link: 'http://example.com', linkActionType: 'EXTERNAL_LINK' });
  assert.deepEqual(shopProblems(f), []);
});

test('a file is read whole: schema problems and rule problems at once, each with its JSON path and line', () => {
  const f = starter() as any;
  f.storeInfo.storeNme = 'typo';
  f.checkout.timeZone = 'Mars/Base';
  delete f.payment.defaultCurrency.currencyCode;
  f.format = 'istore-shop/0';
  const text = JSON.stringify(f, null, 2);
  const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
  try {
    readShopFile(text);
    assert.fail('a broken file was read');
  } catch (e) {
    assert.ok(e instanceof ShopFileProblems);
    const lines = e.message.split('\n');
    assert.deepEqual(lines.sort(), [
      `checkout.timeZone (line ${lineOf('"timeZone"')}): 'Mars/Base' is not a time zone (IANA, like America/Toronto or Asia/Shanghai)`,
      `format (line ${lineOf('"format"')}): must be "istore-shop/1"`,
      `payment.defaultCurrency.currencyCode (line ${lineOf('"defaultCurrency"')}): is required`,
      `storeInfo.storeNme (line ${lineOf('"storeNme"')}): is not a field here (a misspelling?)`,
    ].sort());
  }
  assert.throws(() => readShopFile('{\n  "format": "istore-shop/1",\n  oops\n}'), (e: Error) => e instanceof ShopFileProblems && /^\(the file\) \(line 3\): not JSON/.test(e.message));
});

test('JSON paths and the line each value starts on', () => {
  assert.equal(jsonPath('/checkout/delivery/provinces/1'), 'checkout.delivery.provinces[1]');
  assert.equal(jsonPath('/storeInfo', 'storeNme'), 'storeInfo.storeNme');
  assert.equal(jsonPath('/a~1b/0'), 'a/b[0]');
  const lines = jsonLines('{\n  "a": [\n    {"b": "x\\"}"},\n    2\n  ],\n  "c": {}\n}');
  assert.deepEqual(Object.fromEntries(lines), { '': 1, a: 2, 'a[0]': 3, 'a[0].b': 3, 'a[1]': 4, c: 6 });
});

test('the committed JSON Schema (src/shop/shop.schema.json) is the one schema.ts makes: npm run shop -- schema', () => {
  const committed = JSON.parse(fs.readFileSync(new URL('../src/shop/shop.schema.json', import.meta.url), 'utf8'));
  assert.deepEqual(committed, shopJsonSchema());
  assert.equal((committed.properties as any).checkout.properties.timeZone.type, 'string');
  assert.deepEqual((committed.required as string[]).slice(0, 3), ['format', 'storeInfo', 'appConfig']);
});
