/**
 * The blog: categories, pages of published posts (newest first, by category), one post with its sanitised body and
 * its linked products, drafts never shown, bad input 4xx (never 500), guests and signed-in shoppers alike, and the
 * sanitiser's safe subset on hostile HTML.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sanitizeRichText } from '../src/lib/richText.ts';
import { blogPosts as seeded } from '../src/seed/blog.ts';
import { deskOf, serverOnFreshDb, Shopper, isError, ok } from './helpers.ts';

let s: Shopper;
const published = seeded.filter((p) => p.daysAgo !== null);
const { srv } = serverOnFreshDb({}, (started) => {
  s = new Shopper(started.base);
});

test('categories: the seeded three, bilingual, with their published post counts (the draft not counted)', async () => {
  const { categories } = ok(await s.get('/common3/blog/categories'));
  assert.deepEqual(categories.map((c: any) => c.name), ['tea', 'coffee', 'recipes']);
  for (const c of categories) {
    assert.ok(c.nameContent.en && c.nameContent.zh && c.nameContent.en !== c.nameContent.zh);
    assert.equal(c.postCount, published.filter((p) => p.category === c.name).length, c.name);
  }
});

test('posts: newest first, paged with hasMore, every published post once, the draft never', async () => {
  const seen: any[] = [];
  let start = 0;
  for (;;) {
    const page = ok(await s.get(`/common3/blog/posts?numberToLoad=3&startingPosition=${start}`));
    assert.equal(page.startingPosition, start);
    assert.equal(page.numberToLoad, 3);
    assert.ok(page.posts.length <= 3);
    seen.push(...page.posts);
    if (!page.hasMore) break;
    assert.equal(page.posts.length, 3, 'a full page before the last');
    start += 3;
  }
  assert.deepEqual(seen.map((p) => p.slug), [...published].sort((a, b) => a.daysAgo! - b.daysAgo!).map((p) => p.slug));
  const times = seen.map((p) => Date.parse(p.publishedAt));
  assert.deepEqual(times, [...times].sort((a, b) => b - a));
  const first = seen[0];
  assert.equal(first.title, first.titleContent.en);
  assert.ok(first.titleContent.zh && first.summaryContent.zh && first.categoryContent.zh);
  assert.match(first.cover, /^blog-[a-z0-9-]+\.svg$/);
  assert.ok(first.productIds.length > 0 && first.productIds.every((id: string) => /^\d+$/.test(id)));
  assert.equal('body' in first, false, 'the list carries no bodies');
  // the default page is the contract's BLOG_PAGE_SIZE (6)
  const def = ok(await s.get('/common3/blog/posts'));
  assert.equal(def.numberToLoad, 6);
  assert.equal(def.posts.length, Math.min(6, published.length));
});

test('posts of one category; category case-insensitive; unknown category 404; bad paging 400', async () => {
  const tea = ok(await s.get('/common3/blog/posts?category=TEA&numberToLoad=100'));
  assert.deepEqual(tea.posts.map((p: any) => p.category), published.filter((p) => p.category === 'tea').map(() => 'tea'));
  assert.equal(tea.hasMore, false);
  isError(await s.get('/common3/blog/posts?category=gardening'), 404);
  isError(await s.get('/common3/blog/posts?numberToLoad=0'), 400);
  isError(await s.get('/common3/blog/posts?numberToLoad=abc'), 400);
  isError(await s.get('/common3/blog/posts?startingPosition=-1'), 400);
  isError(await s.get(`/common3/blog/posts?category=${'x'.repeat(61)}`), 400);
});

test('a post: bilingual body as safe blocks, its linked products in order, cover served 16:9', async () => {
  const post = ok(await s.get('/common3/blog/post/brewing-longjing-at-home'));
  assert.equal(post.slug, 'brewing-longjing-at-home');
  assert.deepEqual(post.productIds, ['1011', '1051']);
  assert.deepEqual(post.products.map((p: any) => p.id), ['1011', '1051']);
  assert.equal(post.products[0].name, 'West Lake Longjing 100g');
  for (const lang of ['en', 'zh'] as const) {
    const types = post.body[lang].map((b: any) => b.type);
    assert.deepEqual(types, ['paragraph', 'heading', 'bulletList', 'heading', 'numberedList', 'quote'], lang);
  }
  const [para] = post.body.en;
  assert.deepEqual(para.spans, [
    { text: 'West Lake ' }, { text: 'Longjing', bold: true }, { text: ' is at its best when the water is ' },
    { text: 'not', italic: true }, { text: ' boiling.' },
  ]);
  assert.deepEqual(post.body.en[2].items[0], [{ text: '3 g of ' }, { text: 'West Lake Longjing', href: '/store/product/1011' }]);
  assert.equal(post.body.zh[2].items[0][1].href, '/store/product/1011');
  const img = await fetch(`${srv.base}/api/istore/client/common3/image/${post.cover}`);
  assert.equal(img.status, 200);
  assert.match(await img.text(), /viewBox="0 0 800 450"/);
  // an image and a line break in a body
  const pour = ok(await s.get('/common3/blog/post/pour-over-basics'));
  assert.ok(pour.body.en.some((b: any) => b.type === 'image' && b.src === 'blog-pour-over-basics.svg' && b.alt));
  assert.ok(pour.body.en.some((b: any) => b.type === 'paragraph' && b.spans.some((x: any) => x.text.includes('\n'))));
});

test('a product taken off sale drops out of the post; the post stays', async () => {
  await srv.app.db.query(`UPDATE products SET record_status = 'INACTIVE' WHERE id = 1051`);
  try {
    const post = ok(await s.get('/common3/blog/post/brewing-longjing-at-home'));
    assert.deepEqual(post.productIds, ['1011']);
    assert.deepEqual(post.products.map((p: any) => p.id), ['1011']);
  } finally {
    await srv.app.db.query(`UPDATE products SET record_status = 'ACTIVE' WHERE id = 1051`);
  }
});

test('drafts and future posts are 404; malformed slugs 400; unknown 404', async () => {
  isError(await s.get('/common3/blog/post/mid-autumn-gift-guide'), 404);
  await srv.app.db.query(`UPDATE blog_posts SET published_at = now() + interval '1 day' WHERE slug = 'choosing-a-grind'`);
  try {
    isError(await s.get('/common3/blog/post/choosing-a-grind'), 404);
    const all = ok(await s.get('/common3/blog/posts?numberToLoad=100'));
    assert.ok(!all.posts.some((p: any) => p.slug === 'choosing-a-grind'));
  } finally {
    await srv.app.db.query(`UPDATE blog_posts SET published_at = now() - interval '7 days' WHERE slug = 'choosing-a-grind'`);
  }
  isError(await s.get('/common3/blog/post/no-such-post'), 404);
  isError(await s.get('/common3/blog/post/Bad_Slug!'), 400);
  isError(await s.get(`/common3/blog/post/${'a'.repeat(101)}`), 400);
  isError(await s.get('/common3/blog/post/%00x'), 400);
});

test('guests and signed-in shoppers read the same blog', async () => {
  const guest = ok(await new Shopper(srv.base).get('/common3/blog/post/pour-over-basics'));
  const member = new Shopper(srv.base);
  ok(await member.post('/common3/signon', { emailID: 'demo@istore.test', password: 'demopass123' }));
  assert.deepEqual(ok(await member.get('/common3/blog/post/pour-over-basics')), guest);
});

test('hostile HTML stored by hand is answered as the safe subset', async () => {
  const hostile = `<script>alert(1)</script><p onclick="steal()">Hi <a href="javascript:alert(1)">there</a>
    <a href="//evil.test/x">proto</a> <a href="https://ok.test/a">ok</a></p><style>p{}</style>
    <img src="data:image/png;base64,AAAA" alt="x"><img src="https://cdn.test/a.png" alt="A" onerror="x()">
    <iframe src="https://evil.test"><p>inside</p></iframe><svg><script>x</script></svg><div>plain <span style="x">div</span></div>`;
  await srv.app.db.query(
    `INSERT INTO blog_posts (slug, category, title_en, title_zh, summary_en, summary_zh, body_en, body_zh, cover, published_at)
     VALUES ('hostile', 'tea', 't', 't', 's', 's', $1, $1, 'blog-hostile.svg', now() - interval '1 minute')`, [hostile]);
  try {
    const post = ok(await s.get('/common3/blog/post/hostile'));
    assert.deepEqual(post.body.en, [
      { type: 'paragraph', spans: [{ text: 'Hi there proto ' }, { text: 'ok', href: 'https://ok.test/a' }] },
      { type: 'image', src: 'https://cdn.test/a.png', alt: 'A' },
      { type: 'paragraph', spans: [{ text: 'plain div' }] },
    ]);
    assert.doesNotMatch(JSON.stringify(post), /script|alert|onclick|onerror|evil|inside|data:/);
  } finally {
    await srv.app.db.query(`DELETE FROM blog_posts WHERE slug = 'hostile'`);
  }
});

test('sanitiser: lists flatten, marks nest, entities decode, unclosed tags close, empty blocks vanish', () => {
  assert.deepEqual(sanitizeRichText('<ul><li>a<ul><li>b</li></ul></li><li><b>c <i>d</i></b></li></ul><p>  </p>'), [
    { type: 'bulletList', items: [[{ text: 'a' }], [{ text: 'b' }], [{ text: 'c ', bold: true }, { text: 'd', bold: true, italic: true }]] },
  ]);
  assert.deepEqual(sanitizeRichText('<h1>A &amp; B</h1><h4>small</h4><blockquote><p>q</p></blockquote>loose <strong>text'), [
    { type: 'heading', spans: [{ text: 'A & B' }] },
    { type: 'subheading', spans: [{ text: 'small' }] },
    { type: 'quote', spans: [{ text: 'q' }] },
    { type: 'paragraph', spans: [{ text: 'loose ' }, { text: 'text', bold: true }] },
  ]);
  assert.deepEqual(sanitizeRichText('<p>a<img src="x.svg" alt="pic">b</p>'), [
    { type: 'paragraph', spans: [{ text: 'a' }] },
    { type: 'image', src: 'x.svg', alt: 'pic' },
    { type: 'paragraph', spans: [{ text: 'b' }] },
  ]);
  assert.deepEqual(sanitizeRichText('<p><a href="/store/product/1"><img src="javascript:x"></a></p>'), []);
  assert.deepEqual(sanitizeRichText(''), []);
});

test('operator CLI: add a draft, list it, publish it; shoppers then read it sanitised; bad posts are refused with every problem', async () => {
  const blog = deskOf(srv, 'blog');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-blog-'));
  try {
    const file = path.join(dir, 'post.json');
    fs.writeFileSync(file, JSON.stringify({
      slug: 'spring-menu', category: 'recipes', cover: 'blog-spring-menu.svg', productIds: ['1011'],
      title: { en: 'Spring menu', zh: '春季菜单' }, summary: { en: 'New on the shelves.', zh: '新品上架。' },
      body: { en: '<p>Try <b>Longjing</b><script>x()</script></p>', zh: '<p>试试<b>龙井</b></p>' },
    }));
    assert.match((await blog('add', file)).stdout, /^saved spring-menu/);
    assert.match((await blog('list')).stdout, /^draft\s+spring-menu {2}\[recipes\] {2}Spring menu$/m);
    assert.match((await blog('publish', 'spring-menu')).stdout, /^spring-menu published at \d{4}-/);
    assert.match((await blog('list')).stdout, /^\d{4}-\d\d-\d\dT\S+ {2}spring-menu {2}\[recipes\]/m);

    fs.writeFileSync(file, JSON.stringify({ slug: 'Bad Slug', category: 'gardening', cover: 'javascript:x', title: { en: 'x' }, body: { en: '<script>x</script>', zh: 'y' } }));
    const refused = await blog('add', file);
    assert.equal(refused.code, 1);
    for (const problem of ['slug:', "category: no category 'gardening'", 'title.zh: required', 'summary.en: required', 'body.en: nothing is left once sanitised', 'cover:']) {
      assert.ok(refused.stderr.includes(problem), `${problem} in ${refused.stderr}`);
    }
    assert.equal((await blog('unpublish', 'no-such-post')).code, 1);
    assert.equal((await blog('publish')).code, 2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const post = ok(await new Shopper(srv.base).get('/common3/blog/post/spring-menu'));
  assert.deepEqual(post.body.en, [{ type: 'paragraph', spans: [{ text: 'Try ' }, { text: 'Longjing', bold: true }] }]);
  assert.deepEqual(post.productIds, ['1011']);
  const first = ok(await new Shopper(srv.base).get('/common3/blog/posts?numberToLoad=1')).posts[0];
  assert.equal(first.slug, 'spring-menu', 'the newest post');
});
