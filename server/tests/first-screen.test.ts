/**
 * Issue 16: the app's page comes with its first screen's data written in (lib/firstScreen.ts): app info and the page's
 * public answers as a JSON script equal to what the API answers, the largest image preloaded, `<html lang>` in the
 * shopper's language, private to the shopper, the data script never run and never a way to end the script early.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { serverOnFreshDb, Shopper, ok, withFreshServer, PREFIX } from './helpers.ts';
import { firstScreenPage, scriptJson } from '../src/lib/firstScreen.ts';
import { escapeHtml, firstPaintHtml } from '../src/lib/firstPaint.ts';
import shellTexts from '../../shared/i18n/shell.ts';
import { htmlCsp } from '../src/lib/hardening.ts';
import { firstScreenOf, homeGetsAfterTemplate, APP_INFO_GET, HOME_TEMPLATE_GET, LIVE_ROOMS_POST, LIVE_ROOMS_FIRST_BODY } from '../../shared/firstScreen.ts';
import { writtenKey } from '../../shared/initialAnswers.ts';
import { imageUrl } from '../../shared/imageUrl.ts';

const INDEX = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>iStore</title><script>window.__rem = 1;</script><script defer src="/js/app.js"></script></head><body><div id="app"></div></body></html>';
const { db, srv } = serverOnFreshDb((db) => {
  const staticDir = path.join(db.dataDir, 'h5');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  return { staticDir };
});

function written(html: string): Record<string, any> {
  const m = /<script id="istore-initial" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, 'the page has the written answers');
  return JSON.parse(m[1]);
}
/** serverTime and the like move between two answers; everything else must be equal. */
const withoutClock = (value: unknown) => JSON.parse(JSON.stringify(value, (k, v) => (k === 'serverTime' ? undefined : v)));

test('home: app info, the template, the campaigns and every row the template asks for, equal to the API answers; the banner preloaded', async () => {
  const s = new Shopper(srv.base);
  const page = await s.get('~/');
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  assert.equal(page.headers.get('cache-control'), 'private, no-cache', 'app info is the shopper\'s: no shared cache');
  const answers = written(page.body);
  const template = ok(await s.get(HOME_TEMPLATE_GET));
  const expected = [APP_INFO_GET, ...firstScreenOf('/')!.gets, ...homeGetsAfterTemplate(template.sections)];
  assert.deepEqual(Object.keys(answers).sort(), [...expected].sort());
  for (const get of expected) assert.deepEqual(withoutClock(answers[get]), withoutClock(ok(await s.get(get))), get);
  const banner = template.sections.find((x: { kind: string }) => x.kind === 'banner').slides[0].image;
  const href = imageUrl(banner, answers[APP_INFO_GET].appContent.appDetail.cdnpath);
  assert.ok(href);
  assert.ok(page.body.includes(`<link rel="preload" as="image" href="${href}" fetchpriority="high">`), 'the first banner is preloaded');
  // the CSP hashes the scripts that run, not the data
  const csp = page.headers.get('content-security-policy')!;
  assert.equal(csp, htmlCsp(INDEX));
});

test('product page and product list: their answers and their first image preloaded; an unknown product is left to the app', async () => {
  const s = new Shopper(srv.base);
  const { products } = ok(await s.get('/productManagement2/products?numberToLoad=1'));
  const id = products[0].id;
  const page = await s.get(`~/store/product/${id}`);
  const answers = written(page.body);
  for (const get of firstScreenOf(`/store/product/${id}`)!.gets) assert.deepEqual(answers[get], ok(await s.get(get)), get);
  const cdn = answers[APP_INFO_GET].appContent.appDetail.cdnpath;
  assert.ok(page.body.includes(`href="${imageUrl(products[0].images[0], cdn)}" fetchpriority="high"`));

  const list = await s.get(`~/store/productlist?cat=${encodeURIComponent(products[0].category)}`);
  const listAnswers = written(list.body);
  const gets = firstScreenOf(`/store/productlist?cat=${encodeURIComponent(products[0].category)}`)!.gets;
  for (const get of gets) assert.deepEqual(listAnswers[get], ok(await s.get(get)), get);
  const banner = listAnswers[gets[2]].heading.banner;
  assert.ok(banner, 'the demo category has a banner: the list\'s largest image');
  assert.ok(list.body.includes(`href="${imageUrl(banner, cdn)}" fetchpriority="high"`));
  const all = await s.get('~/store/productlist?cat=all');
  const allGets = firstScreenOf('/store/productlist?cat=all')!.gets;
  assert.ok(all.body.includes(`href="${imageUrl(written(all.body)[allGets[0]].products[0].images[0], cdn)}" fetchpriority="high"`), 'no heading: the first card');

  const missing = written((await s.get('~/store/product/999999')).body);
  assert.deepEqual(Object.keys(missing), [APP_INFO_GET], 'a 404 is not written: the app asks and shows its own not-found');
});

test("the page speaks the shopper's language: the browser's first, then their saved choice", async () => {
  const s = new Shopper(srv.base);
  const zh = await s.get('~/', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
  assert.match(zh.body, /^<!doctype html><html lang="zh">/);
  assert.equal(written(zh.body)[APP_INFO_GET].appContent.system.appMessage.currentLocale, 'zh');
  const en = await s.get('~/cart', { headers: { 'accept-language': 'en-CA' } });
  assert.match(en.body, /<html lang="en">/);
  ok(await s.get('/common3/changeLocale/zh'));
  const chosen = await s.get('~/checkout/cart', { headers: { 'accept-language': 'en-CA' } });
  assert.match(chosen.body, /<html lang="zh">/);
  assert.deepEqual(Object.keys(written(chosen.body)), [APP_INFO_GET], 'the cart is the shopper\'s own: only app info is written');
});

test('the built file itself (the service worker\'s offline page) and HEAD stay the plain app page', async () => {
  const s = new Shopper(srv.base);
  const file = await s.get('~/index.html');
  assert.equal(file.body, INDEX);
  const head = await fetch(`${srv.base}/store/product/1`, { method: 'HEAD' });
  assert.equal(head.status, 200);
});

test('scriptJson: nothing in the data can close the script or open a comment, and it reads back unchanged', () => {
  const data = { name: '</script><script>alert(1)</script>', c: '<!-- x -->', amp: 'a & b', sep: 'x\u2028y\u2029z', dollar: "$& $' $`" };
  const text = scriptJson(data);
  assert.doesNotMatch(text, /[<>&\u2028\u2029]/);
  assert.deepEqual(JSON.parse(text), data);
});

/** The app shell the server paints before the script (lib/firstPaint.ts). */
function firstPaint(html: string): string {
  const m = /<body><div id="first-paint" aria-hidden="true">([\s\S]*?)<\/div><div id="app">/.exec(html);
  assert.ok(m, 'the first screen comes right after <body>, before the app');
  return m[1];
}
test('campaign: the detail is written with the signed-in shopper\'s own part (participation), a guest\'s without', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/clientRegistration', { emailID: `first-screen-${Date.now()}@example.com`, password: 'longenough1', firstName: 'Ada', lastName: 'Byron' }));
  const { campaigns } = ok(await s.get('/common3/campaign/fissionList'));
  const id = campaigns.find((c: any) => c.status === 'OPEN').id;
  const { items } = ok(await s.get(`/productManagement2/campaignProductItem/list/all?fissionCampaignId=${id}`));
  ok(await s.post(`/shoppingManagement4/myCart/fc/${id}`, { itemId: items[0].id, quantity: 1 }));
  const { orderID } = ok(await s.post(`/shoppingManagement4/myCart/fc/${id}/reserve`));
  const detailGet = firstScreenOf(`/store/groupCampaign/${id}`)!.gets[0];
  const mine = written((await s.get(`~/store/groupCampaign/${id}`)).body)[detailGet];
  assert.deepEqual(withoutClock(mine), withoutClock(ok(await s.get(detailGet))));
  assert.equal(mine.participation.state, 'PAYMENT_PENDING');
  assert.equal(mine.participation.pendingOrderID, orderID);
  const guest = new Shopper(srv.base);
  assert.equal(written((await guest.get(`~/store/groupCampaign/${id}`)).body)[detailGet].participation, null);
});

test('blog post, campaign and live rooms: their answers (the rooms\' read-only POST by its body), their cover painted before the script at the page\'s ratio and preloaded', async () => {
  const s = new Shopper(srv.base);
  const { posts } = ok(await s.get('/common3/blog/posts?numberToLoad=1'));
  const { campaigns } = ok(await s.get('/common3/campaign/fissionList'));
  const rooms = ok(await s.post(LIVE_ROOMS_POST, LIVE_ROOMS_FIRST_BODY));
  assert.ok(posts.length && campaigns.length && rooms.room_info.length, 'the demo has a post, a campaign and live rooms');
  const post = await s.get(`~/blog/${encodeURIComponent(posts[0].slug)}`);
  const campaign = await s.get(`~/store/groupCampaign/${encodeURIComponent(campaigns[0].id)}`);
  const live = await s.get('~/wechatlivestreamrooms');
  const postGet = firstScreenOf(`/blog/${encodeURIComponent(posts[0].slug)}`)!.gets[0];
  const campaignGet = firstScreenOf(`/store/groupCampaign/${encodeURIComponent(campaigns[0].id)}`)!.gets[0];
  const roomsKey = writtenKey('POST', LIVE_ROOMS_POST, LIVE_ROOMS_FIRST_BODY)!;
  assert.deepEqual(written(post.body)[postGet], ok(await s.get(postGet)));
  assert.deepEqual(withoutClock(written(campaign.body)[campaignGet]), withoutClock(ok(await s.get(campaignGet))));
  assert.deepEqual(written(live.body)[roomsKey], rooms, 'the first 10 rooms, as the page asks for them');
  const cdn = written(post.body)[APP_INFO_GET].appContent.appDetail.cdnpath;
  const cover = written(campaign.body)[campaignGet].campaign.cover;
  assert.ok(cover, 'the demo campaign has a cover');
  for (const [page, image, style] of [
    [post.body, posts[0].cover, 'aspect-ratio:1.7778"'],
    [campaign.body, cover, 'aspect-ratio:1.0000;max-height:10.5rem"'],
    [live.body, rooms.room_info[0].cover_img, 'aspect-ratio:1.7778"'],
  ]) {
    const href = escapeHtml(imageUrl(image, cdn)!);
    assert.ok(page.includes(`<link rel="preload" as="image" href="${href}" fetchpriority="high">`), href);
    assert.ok(firstPaint(page).includes(`<img class="fp-hero" src="${href}" alt="" fetchpriority="high" style="${style}>`), href);
  }
  const { name, description } = written(campaign.body)[campaignGet].campaign;
  assert.ok(firstPaint(campaign.body).includes(`<div class="fp-text"><span class="fp-title">${escapeHtml(name)}</span><span class="fp-body">${escapeHtml(description)}</span></div>`), 'the campaign\'s name and description paint before the script');
  const zh = await s.get(`~/store/groupCampaign/${encodeURIComponent(campaigns[0].id)}`, { headers: { 'accept-language': 'zh-CN' } });
  const zhCampaign = written(zh.body)[campaignGet].campaign;
  assert.ok(firstPaint(zh.body).includes(`<span class="fp-title">${escapeHtml(zhCampaign.nameContent.zh)}</span><span class="fp-body">${escapeHtml(zhCampaign.descriptionContent.zh)}</span>`), 'in the shopper\'s language');
  assert.doesNotMatch(firstPaint(post.body), /fp-text/, 'other pages: no text');
  // the rooms' POST still needs the shopper's own XSRF pair: the server's own read made none for them
  assert.equal((await new Shopper(srv.base).req('POST', LIVE_ROOMS_POST, {}, { xsrf: false })).status, 403);
});

const texts = ((shellTexts as unknown as { default?: typeof shellTexts }).default ?? shellTexts) as unknown as Record<'en' | 'zh', Record<string, string>>;

test('the first screen as HTML, in en and zh: header with the store, the sandbox mark, the largest image; no script added', async () => {
  const s = new Shopper(srv.base);
  for (const [language, header] of [['en', 'en-CA'], ['zh', 'zh-CN,zh;q=0.9']] as const) {
    const page = await s.get('~/', { headers: { 'accept-language': header } });
    const shell = firstPaint(page.body);
    const info = written(page.body)[APP_INFO_GET].appContent;
    assert.equal(info.system.appMessage.currentLocale, language);
    const name = (info.storeNameContent?.[language]?.trim() || info.storeName).trim();
    if (info.logo?.imageURL) assert.ok(shell.includes(`<img class="fp-logo" src="${escapeHtml(imageUrl(info.logo.imageURL, info.appDetail.cdnpath)!)}" alt="${escapeHtml(name)}">`), language);
    else assert.ok(shell.includes(`<span class="fp-name">${escapeHtml(name)}</span>`), language);
    assert.equal(shell.includes(`<div class="fp-sandbox">${escapeHtml(texts[language]['common.sandbox'])}</div>`), info.appDetail.sandbox === true, language);
    const template = written(page.body)[HOME_TEMPLATE_GET];
    const banner = imageUrl(template.sections.find((x: { kind: string }) => x.kind === 'banner').slides[0].image, info.appDetail.cdnpath)!;
    assert.ok(shell.includes(`<img class="fp-hero" src="${escapeHtml(banner)}" alt="" fetchpriority="high"`), `${language}: the banner paints before the script`);
    assert.match(page.body, /<style>#first-paint\{position:fixed;[^<]*<\/style><\/head>/);
    assert.equal(page.headers.get('content-security-policy'), htmlCsp(INDEX), 'no script was added: the CSP hashes stay those of the built page');
  }
  const cart = firstPaint((await s.get('~/checkout/cart')).body);
  assert.doesNotMatch(cart, /fp-hero/, 'the cart is the shopper\'s own: header only');
});

test('firstPaintHtml escapes every text: the store name, the page text, the image and logo URLs', () => {
  const evil = '<script>alert("x")</script> & \'q\'';
  const { body } = firstPaintHtml({ locale: 'zh', storeName: evil, logoHref: 'https://cdn.test/a.png?"><script>', sandbox: true, imageHref: 'https://cdn.test/b.png"onerror="x', text: { title: evil, body: evil } });
  assert.doesNotMatch(body, /<script|"onerror/);
  assert.ok(body.includes('alt="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"'));
  assert.ok(body.includes('<span class="fp-body">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</span>'), 'the page text too');
  assert.ok(body.includes(texts.zh['common.sandbox']));
  const named = firstPaintHtml({ locale: 'zh', storeName: 'Shop', storeNameContent: { zh: '<b>商店</b>' } }).body;
  assert.ok(named.includes('<span class="fp-name">&lt;b&gt;商店&lt;/b&gt;</span>'));
  assert.ok(firstPaintHtml({ locale: 'en', storeName: ' ' }).body.includes(`>${texts.en['header.storeFallback']}<`));
});

test('a page asked for as the server begins to close is still the page, its answers left to the app (a rolling upgrade\'s restart)', async () => {
  await withFreshServer({ staticDir: path.join(db.dataDir, 'h5') }, async (closing) => {
    const req = { url: '/', headers: { host: new URL(closing.base).host } } as unknown as FastifyRequest;
    const open = await firstScreenPage(closing.app, req, PREFIX, INDEX);
    assert.ok(Object.keys(written(open)).length > 1, 'while open, the answers are written in');
    await closing.app.close(); // Fastify now refuses inject (FST_ERR_REOPENED_CLOSE_SERVER), as mid-shutdown
    const page = await firstScreenPage(closing.app, req, PREFIX, INDEX);
    assert.deepEqual(written(page), {}, 'no answers written, none invented');
    assert.match(page, /<script defer src="\/js\/app.js"><\/script>/, 'the app\'s own script, which asks for them');
  });
});
