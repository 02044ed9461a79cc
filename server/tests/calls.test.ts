/** Issue 15 item 5: the calls the storefront wires for shoppers (coupons, brands, lists, detail, rates, pickup, PayPal, top-up). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { confirmEmail, serverOnFreshDb, Shopper, isError, ok } from './helpers.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';

const { db, srv } = serverOnFreshDb();

async function signedIn(): Promise<Shopper> {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  return s;
}

test('coupons: a guest lists the public unexpired ones; an account also those given to it, first and marked personal', async () => {
  const guest = new Shopper(srv.base);
  const pub = ok(await guest.get('/common3/coupons/')).coupons;
  assert.deepEqual(pub.map((c: any) => c.code), ['BIG15', 'FIRST15', 'SAVE5', 'WELCOME10']);
  assert.ok(pub.every((c: any) => !c.personal && !c.expired));
  const demo = await signedIn();
  // FIRST15 is for a first order: not offered to the demo account, which has paid orders (issue 42 n-5).
  assert.deepEqual(ok(await demo.get('/common3/coupons/')).coupons.map((c: any) => c.code), ['BIG15', 'SAVE5', 'WELCOME10']);
  isError(await demo.get('/common3/coupons/STAFF50'), 404);
  await srv.app.db.query(`INSERT INTO coupon_grants (code, user_id) SELECT 'STAFF50', id FROM users WHERE email = $1`, [DEMO_EMAIL]);
  const mine = ok(await demo.get('/common3/coupons/')).coupons;
  assert.deepEqual(mine.map((c: any) => [c.code, c.personal]), [['STAFF50', true], ['BIG15', false], ['SAVE5', false], ['WELCOME10', false]]);
  const staff = ok(await demo.get('/common3/coupons/staff50'));
  assert.deepEqual([staff.code, staff.type, staff.value, staff.descriptionContent.zh], ['STAFF50', 'FIXED', 5000, '员工50加元代金券']);
  // still nobody else's
  isError(await guest.get('/common3/coupons/STAFF50'), 404);
  assert.ok(!ok(await guest.get('/common3/coupons/')).coupons.some((c: any) => c.code === 'STAFF50'));
  // bad input
  isError(await guest.get(`/common3/coupons/${'X'.repeat(41)}`), 400);
});

test('brands, and the heading of category and tag lists: the operator’s title, text and banner, else the list’s own name', async () => {
  const s = new Shopper(srv.base);
  const { brands } = ok(await s.get('/productManagement/brands'));
  const maple = brands.find((b: any) => b.name === 'Maple Roasters');
  assert.deepEqual(maple.nameContent, { en: 'Maple Roasters', zh: '枫叶烘焙坊' });
  const count = ok(await s.get(`/productManagement2/products/listCount?brandName=${encodeURIComponent('Maple Roasters')}`)).count;
  assert.equal(maple.productCount, count);

  const tea = ok(await s.get('/productManagement2/category/TEA?numberToLoad=1'));
  assert.deepEqual(tea.heading, {
    title: { en: 'Tea', zh: '茶' },
    blurb: { en: 'Green, oolong and pu-erh from the gardens we buy from each spring.', zh: '每年春天从合作茶园采购的绿茶、乌龙和普洱。' },
    banner: 'banner-tea-list.svg',
  });
  assert.equal(tea.products.length, 1);
  assert.equal(tea.hasMore, true);
  const bakery = ok(await s.get('/productManagement2/category/bakery?numberToLoad=1'));
  // No banner of the operator's: none (issue 42 p-6: the square category picture made a giant cropped croissant).
  assert.deepEqual(bakery.heading, { title: { en: 'Bakery', zh: '烘焙' }, blurb: null, banner: null });
  isError(await s.get('/productManagement2/category/Shoes'), 404);
  isError(await s.get('/productManagement2/category/tea?numberToLoad=0'), 400);

  const gift = ok(await s.get('/productManagement2/tag/Gift?numberToLoad=1'));
  assert.deepEqual([gift.tag, gift.heading.title.zh, gift.heading.banner], ['gift', '礼品', 'banner-gift-list.svg']);
  const fresh = ok(await s.get('/productManagement2/tag/new?numberToLoad=1'));
  assert.deepEqual(fresh.heading, { title: null, blurb: null, banner: null });
  const none = ok(await s.get('/productManagement2/tag/nothing-tagged'));
  assert.deepEqual([none.count, none.products.length], [0, 0]);
  isError(await s.get(`/productManagement2/tag/${'x'.repeat(101)}`), 400);
});

test('product detail: the rich detail as ordered text and image blocks, markup kept as text; none for a plain product', async () => {
  const s = new Shopper(srv.base);
  const { rows } = await srv.app.db.query(`SELECT id FROM products WHERE name_en = 'House Blend Coffee Beans 340g'`);
  const d = ok(await s.get(`/productDetailManagement/productDetail/${rows[0].id}`));
  assert.deepEqual(d.detail.map((b: any) => b.kind), ['heading', 'paragraph', 'image', 'heading', 'paragraph', 'paragraph']);
  assert.equal(d.detail[0].text.zh, '风味');
  assert.equal(d.detail[2].image, 'detail-house-blend-origin.svg');
  // The demo's copy is clean (issue 42 n-1); markup in a detail's text comes back as text: this test's own product.
  assert.doesNotMatch(`${d.detail[5].text.en} ${d.detail[5].text.zh}`, /</);
  const img = await s.get(`/common3/image/${d.detail[2].image}`);
  assert.equal(img.status, 200);
  assert.doesNotMatch(img.body, />[A-Z]{1,2}</, 'a drawing, not initials');
  const tags = { kind: 'paragraph', text: { en: '<b>Tags</b> in text stay text.', zh: '<b>标签</b>在文本中仍是文本。' } };
  await srv.app.db.query(`INSERT INTO product_details (product_id, blocks) VALUES (1040, $1::jsonb)`, [JSON.stringify([tags])]);
  const marked = ok(await s.get('/productDetailManagement/productDetail/1040'));
  assert.deepEqual(marked.detail.map((b: any) => b.text), [tags.text]);
  const plain = ok(await s.get('/productDetailManagement/productDetail/1039'));
  assert.deepEqual(plain.detail, []);
  isError(await s.get('/productDetailManagement/productDetail/999999'), 404);
  isError(await s.get('/productDetailManagement/productDetail/abc'), 400);
});

test('the store clock, a pickup date on its own, and the local delivery rules', async () => {
  const s = new Shopper(srv.base);
  const clock = ok(await s.post('/common3/timeZoneInfo/GMT'));
  assert.equal(clock.timeZone, 'America/Toronto');
  assert.ok(Math.abs(Date.parse(clock.now) - Date.now()) < 60_000);

  const rules = ok(await s.get('/shoppingManagement4/localDeliveryConfig'));
  assert.equal(rules.timeZone, 'America/Toronto');
  assert.ok(rules.slots.length > 0 && rules.feeMinor > 0 && rules.provinces.includes('ON'));

  // a guest with a cart sets the pickup date alone; the time stays open until placing
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }));
  const { pickup } = ok(await s.get('/shoppingManagement4/checkoutConfig'));
  const day = pickup.slots[pickup.slots.length - 1].date;
  const cart = ok(await s.post('/shoppingManagement4/orderPickupDate', { date: day }));
  assert.deepEqual([cart.checkout.pickupDate, cart.checkout.pickupTime], [day, null]);
  isError(await s.post('/shoppingManagement4/orderPickupDate', { date: '2001-01-01' }), 400);
  isError(await s.post('/shoppingManagement4/orderPickupDate', { date: 'tomorrow' }), 400);
  isError(await s.post('/shoppingManagement4/orderPickupDate', {}), 400);
  // signed in, the same
  const demo = await signedIn();
  ok(await demo.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }));
  assert.equal(ok(await demo.post('/shoppingManagement4/orderPickupDate', { date: day })).checkout.pickupDate, day);
});

test('app info names the default provider’s site (the powered-by link) and the favicon', async () => {
  const info = ok(await new Shopper(srv.base).get('/common3/appInfoInit'));
  assert.equal(info.appContent.system.appConfig.defaultPowerByUrl, 'https://istore.example.com');
  assert.equal(info.appContent.favicon.imageURL, 'favicon-mj.svg');
  assert.equal((await new Shopper(srv.base).get(`/common3/image/${info.appContent.favicon.imageURL}`)).status, 200);
});

test('wechat/bind from my account: a signed-in e-mail account links the WeChat that signed in; another account’s WeChat is refused, never switched to', async () => {
  const guest = new Shopper(srv.base);
  isError(await guest.get('/wechat/bind'), 401);
  const demo = await signedIn();
  assert.deepEqual(ok(await demo.get('/wechat/bind')), { bound: false });
  assert.equal(ok(await demo.post('/wechat/login', { code: 'sandbox-wx-calls-demo' })).identity, 'NEW');
  const bound = ok(await demo.get('/wechat/bind'));
  assert.equal(bound.bound, true);
  assert.ok(bound.weChatOpenId);
  // the same WeChat again is this account's: still signed in as the demo account
  assert.equal(ok(await demo.post('/wechat/login', { code: 'sandbox-wx-calls-demo' })).identity, 'RETURNING');
  assert.equal(ok(await demo.get('/common3/appInfoInit')).user.emailID, DEMO_EMAIL);

  // a second account signed in by e-mail cannot take over (or be switched into) the demo account's WeChat
  const other = new Shopper(srv.base);
  ok(await other.post('/common3/clientRegistration', { emailID: 'calls-other@example.com', password: 'otherpass123', firstName: 'Olga', lastName: 'Other' }));
  isError(await other.post('/wechat/login', { code: 'sandbox-wx-calls-demo' }), 409);
  assert.equal(ok(await other.get('/common3/appInfoInit')).user.emailID, 'calls-other@example.com');
  assert.deepEqual(ok(await other.get('/wechat/bind')), { bound: false });
});

test('WeChat’s browser: wcoaId names the official account, and Link WeChat goes through its OAuth page (state checked) then bind', async () => {
  const { appId } = ok(await new Shopper(srv.base).get('/common3/wcoaId'));
  assert.equal(appId, 'wx-sandbox-official-account');
  // An account of its own (the demo account has a WeChat already), e-mail confirmed as linking requires.
  const demo = new Shopper(srv.base);
  ok(await demo.post('/common3/clientRegistration', { emailID: 'calls-browser@example.com', password: 'browserpass1', firstName: 'Bea', lastName: 'Browser' }));
  await confirmEmail(srv, db, 'calls-browser@example.com');
  const returnTo = `${srv.base}/user/list?wechatLink=1`;
  const { enabled, authorizeUrl } = ok(await demo.get(`/wechat/enabled?redirectUri=${encodeURIComponent(returnTo)}`));
  assert.equal(enabled, true);
  const authorize = await demo.get(`${srv.base}${authorizeUrl}&as=calls-browser-linker`);
  assert.equal(authorize.status, 302);
  const back = new URL(authorize.headers.get('location') as string, srv.base);
  assert.equal(back.pathname, '/user/list');
  assert.equal(back.searchParams.get('wechatLink'), '1');
  isError(await demo.post('/wechat/weChatlogin', { code: back.searchParams.get('code'), state: 'forged' }), 400);
  // A new round through WeChat's page (a new state) then links it.
  const { authorizeUrl: again } = ok(await demo.get(`/wechat/enabled?redirectUri=${encodeURIComponent(returnTo)}`));
  const second = new URL((await demo.get(`${srv.base}${again}&as=calls-browser-linker`)).headers.get('location') as string, srv.base);
  const answer = ok(await demo.post('/wechat/weChatlogin', { code: second.searchParams.get('code'), state: second.searchParams.get('state') }));
  assert.ok(['NEW', 'RETURNING'].includes(answer.identity));
  const bound = ok(await demo.get('/wechat/bind'));
  assert.equal(bound.bound, true);
  assert.equal(bound.weChatOpenId, answer.weChatOpenId);
  assert.equal(ok(await demo.get('/common3/appInfoInit')).user.emailID, 'calls-browser@example.com');
});
