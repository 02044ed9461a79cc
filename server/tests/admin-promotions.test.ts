/**
 * The back office's blog posts and group-buy campaigns (issue 43; features/admin/blog.ts, campaigns.ts): the owner does
 * what `npm run blog` and `npm run campaigns` do, through the same code, and the storefront's own calls then show it: a
 * post added as a draft is not read, published it is (its body sanitised), scheduled or made a draft again it is not; a
 * cover photo passes the catalogue importer's checks; a campaign created is listed with its item at its price, and one
 * ended with a paid participant fails and refunds the order. Refusals are 4xx naming their field (never a 500); staff
 * get 403 on every route; each change is a line of the activity with who made it (the CLIs' as the command line).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { campaignWindow } from '../src/features/campaigns/service.ts';
import { Staff } from './adminClient.ts';
import { deskOf, isError, ok, payOnline, serverOnFreshDb, Shopper } from './helpers.ts';

describe('campaignWindow (the CLI\'s --starts, --ends, --hours, and the form\'s)', () => {
  const NOW = new Date('2026-12-01T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  // [given, expected start, expected end (null: refused)]
  const TABLE: [Parameters<typeof campaignWindow>[0], string, string | null][] = [
    [{ endsAt: at('2026-12-02T12:00:00Z') }, '2026-12-01T12:00:00.000Z', '2026-12-02T12:00:00.000Z'],
    [{ hours: 48 }, '2026-12-01T12:00:00.000Z', '2026-12-03T12:00:00.000Z'],
    [{ startsAt: at('2026-12-05T00:00:00Z'), hours: 1.5 }, '2026-12-05T00:00:00.000Z', '2026-12-05T01:30:00.000Z'],
    [{ startsAt: at('2026-12-05T00:00:00Z'), endsAt: at('2026-12-06T00:00:00Z'), hours: 1 }, '2026-12-05T00:00:00.000Z', '2026-12-06T00:00:00.000Z'],
    [{ hours: 0 }, '', null],
    [{ hours: -3 }, '', null],
    [{ hours: Number.NaN }, '', null],
    [{ startsAt: at('2026-12-05T00:00:00Z') }, '', null],
    [{}, '', null],
  ];
  for (const [given, start, end] of TABLE) {
    test(`${JSON.stringify(given)}: ${end ? `${start} → ${end}` : 'refused'}`, () => {
      const w = campaignWindow(given, NOW);
      if (!end) return assert.equal(w, null);
      assert.deepEqual(w && [w.startsAt.toISOString(), w.endsAt.toISOString()], [start, end]);
    });
  }
});

const OWNER = 'owner@shop.example';
const CLERK = 'clerk@shop.example';
const PASSWORD = 'counter-password-1';
const { db, srv } = serverOnFreshDb({ config: { paymentSyncPollMs: 3_600_000 } });

let staffAdded: Promise<void> | undefined;
const signedIn = async (email: string) => {
  staffAdded ??= (async () => {
    const pw = path.join(db.dataDir, 'pw');
    fs.writeFileSync(pw, `${PASSWORD}\n`);
    assert.equal((await deskOf(srv, 'staff')('add', OWNER, '--role', 'owner', '--password-file', pw)).code, 0);
    assert.equal((await deskOf(srv, 'staff')('add', CLERK, '--role', 'staff', '--password-file', pw)).code, 0);
  })();
  await staffAdded;
  const s = new Staff(srv.base);
  ok(await s.signIn(email, PASSWORD));
  return s;
};
const activity = async (owner: Staff, subject: string) =>
  ok(await owner.get('/activity?limit=100')).items.filter((i: any) => i.subject === subject).map((i: any) => [i.actor, i.action]);
const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 40, g: 120, b: 90 } } }).png().toBuffer();

const POST = {
  category: 'tea',
  title: { en: 'Cold brew tea', zh: '冷泡茶' },
  summary: { en: 'Tea in the fridge overnight.', zh: '冰箱里泡一夜。' },
  body: { en: '<p>Leaves, <b>cold</b> water, a night.<script>alert(1)</script></p>', zh: '<p>茶叶、<b>冷</b>水、一夜。</p>' },
  cover: 'blog-cold-brew.svg',
  productIds: ['1011'],
};

describe('blog posts in the back office', () => {
  test('the owner adds a draft, publishes it (the storefront reads it), schedules and unpublishes it; each recorded', async () => {
    const owner = await signedIn(OWNER);
    const shopper = new Shopper(srv.base);
    const list = ok(await owner.get('/blog'));
    assert.ok(list.categories.some((c: any) => c.name === 'tea' && c.nameContent.zh), 'the categories, bilingual');
    const draft = list.posts.find((p: any) => p.slug === 'mid-autumn-gift-guide');
    assert.deepEqual([draft.state, draft.publishedAt, draft.title.zh], ['draft', null, '中秋送礼指南（草稿）'], 'drafts are listed too');
    assert.equal(list.posts.at(-1).state, 'draft', 'drafts last, as blog list');

    const added = ok(await owner.post('/blog', { slug: 'cold-brew-tea', ...POST }));
    assert.deepEqual([added.state, added.publishedAt, added.body.en], ['draft', null, POST.body.en], 'kept as written');
    isError(await shopper.get('/common3/blog/post/cold-brew-tea'), 404);

    const published = ok(await owner.post('/blog/cold-brew-tea/publish', {}));
    assert.equal(published.state, 'published');
    const read = ok(await shopper.get('/common3/blog/post/cold-brew-tea'));
    assert.deepEqual([read.title, read.titleContent.zh, read.cover, read.productIds], ['Cold brew tea', '冷泡茶', 'blog-cold-brew.svg', ['1011']]);
    assert.ok(!JSON.stringify(read.body).includes('alert'), 'the body sanitised when answered');
    assert.ok(ok(await shopper.get('/common3/blog/posts?numberToLoad=100')).posts.some((p: any) => p.slug === 'cold-brew-tea'), 'listed');

    // An edit keeps the publication; the storefront reads the new words at once.
    const edited = ok(await owner.req('PUT', '/blog/cold-brew-tea', { ...POST, title: { en: 'Cold brew tea, slowly', zh: '慢慢冷泡茶' } }));
    assert.deepEqual([edited.state, edited.publishedAt], ['published', published.publishedAt]);
    assert.equal(ok(await shopper.get('/common3/blog/post/cold-brew-tea')).titleContent.zh, '慢慢冷泡茶');

    const later = new Date(Date.now() + 86_400_000).toISOString();
    assert.equal(ok(await owner.post('/blog/cold-brew-tea/publish', { at: later })).state, 'scheduled');
    isError(await shopper.get('/common3/blog/post/cold-brew-tea'), 404);
    assert.equal(ok(await owner.post('/blog/cold-brew-tea/unpublish', {})).state, 'draft');
    isError(await shopper.get('/common3/blog/post/cold-brew-tea'), 404);

    // The CLI does the same through the same code, and is recorded as the command line.
    const cli = await deskOf(srv, 'blog')('publish', 'cold-brew-tea');
    assert.equal(cli.code, 0, cli.stderr);
    ok(await shopper.get('/common3/blog/post/cold-brew-tea'));
    const lines = await activity(owner, 'cold-brew-tea');
    assert.deepEqual(lines.slice(1), [[OWNER, 'blog.unpublish'], [OWNER, 'blog.publish'], [OWNER, 'blog.edit'], [OWNER, 'blog.publish'], [OWNER, 'blog.add']]);
    assert.deepEqual(lines[0][1], 'blog.publish');
    assert.match(lines[0][0], /^command line \(/);
  });

  test('refusals name their field (4xx, never a 500); a cover photo passes the importer\'s checks', async () => {
    const owner = await signedIn(OWNER);
    const bad = isError(await owner.post('/blog', {
      ...POST, slug: 'Not A Slug', category: 'gardening', title: { en: 'x', zh: ' ' }, cover: 'javascript:alert(1)', productIds: ['12a'],
    }), 400);
    assert.deepEqual(bad.errors.map((e) => e.split(':')[0]), ['slug', 'category', 'title.zh', 'cover', 'productIds']);
    assert.match(isError(await owner.post('/blog', { slug: 'pour-over-basics', ...POST }), 409).message, /^slug: a post 'pour-over-basics' exists already/);
    isError(await owner.req('PUT', '/blog/no-such-post', POST), 404);
    isError(await owner.get('/blog/no-such-post'), 404);
    isError(await owner.post('/blog/no-such-post/publish', {}), 404);
    assert.match(isError(await owner.post('/blog/pour-over-basics/publish', { at: 'next tuesday' }), 400).message, /^at: /);
    isError(await owner.post('/blog', { slug: 'x'.repeat(101), ...POST }), 400);
    isError(await owner.post('/blog', { slug: 'no-title', ...POST, title: undefined }), 400);
    assert.equal(isError(await owner.post('/blog', { slug: 'empty-body', ...POST, body: { en: '<script>x</script>', zh: 'ok' } }), 400).message,
      'body.en: nothing is left once sanitised');

    assert.match(isError(await owner.post('/blog/cover', { data: (await png(120, 120)).toString('base64') }), 400).message, /^cover: is 120×120 px; photos are at least 400 px/);
    assert.match(isError(await owner.post('/blog/cover', { data: Buffer.from('<svg/>').toString('base64') }), 400).message, /^cover: is not a PNG, JPEG/);
    isError(await owner.post('/blog/cover', { data: 'not base64!' }), 400);
    const { image } = ok(await owner.post('/blog/cover', { data: (await png(900, 500)).toString('base64') }));
    assert.match(image, /^photo-[0-9a-f]{16}\.jpg$/);
    ok(await owner.req('PUT', '/blog/pour-over-basics', { ...ok(await owner.get('/blog/pour-over-basics')), slug: undefined, publishedAt: undefined, state: undefined, cover: image }));
    assert.equal(ok(await new Shopper(srv.base).get('/common3/blog/post/pour-over-basics')).cover, image, 'the storefront shows the new cover');
    const served = await fetch(`${srv.base}/api/istore/client/common3/image/${image}`);
    assert.equal(served.headers.get('content-type'), 'image/jpeg');
  });

  test('staff are refused every blog route', async () => {
    const clerk = await signedIn(CLERK);
    for (const [method, url, body] of [['GET', '/blog'], ['GET', '/blog/pour-over-basics'], ['POST', '/blog', { slug: 'x', ...POST }], ['PUT', '/blog/pour-over-basics', POST],
      ['POST', '/blog/pour-over-basics/publish', {}], ['POST', '/blog/pour-over-basics/unpublish', {}], ['POST', '/blog/cover', { data: 'aGVsbG8=' }]] as const) {
      assert.match(isError(await clerk.req(method, url, body), 403).message, /blog\.edit/, `${method} ${url}`);
    }
    assert.ok(!ok(await clerk.session()).permissions.includes('blog.edit'), 'the screens hide it');
  });
});

/** A product without options with store stock to spare. */
async function product(): Promise<string> {
  const { rows } = await srv.app.db.query(`SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id AND v.option_pair = '' WHERE v.stock >= 5 AND p.options = '[]'::jsonb ORDER BY p.id LIMIT 1`);
  return String(rows[0].id);
}

const CAMPAIGN = (productId: string) => ({
  name: { en: 'Tea group', zh: '茶叶拼团' }, description: { en: 'Five of us', zh: '五人成团' }, cover: null, target: 5, store: 'TOR-DT',
  startsAt: null, endsAt: null, hours: 48, items: [{ productId, optionPair: '', campaignPrice: 1299, stock: 20, limitPerShopper: 2 }],
});

describe('campaigns in the back office', () => {
  test('the owner creates a campaign (the storefront lists it at its price), ends it with a paid participant: it fails and refunds; recorded', async () => {
    const owner = await signedIn(OWNER);
    const list = ok(await owner.get('/campaigns'));
    assert.ok(list.stores.some((s: any) => s.id === 'TOR-DT' && s.name.zh), 'the stores, bilingual');
    assert.ok(ok(await owner.get('/campaigns?scope=all')).campaigns.length >= list.campaigns.length);
    const productId = await product();
    const created = ok(await owner.post('/campaigns', CAMPAIGN(productId)));
    const shown = ok(await new Shopper(srv.base).get('/common3/campaign/fissionList')).campaigns.find((c: any) => c.id === created.id);
    assert.deepEqual([shown.nameContent, shown.status, shown.target, shown.fromPrice], [{ en: 'Tea group', zh: '茶叶拼团' }, 'OPEN', 5, 1299]);
    assert.equal(Date.parse(shown.endsAt) - Date.parse(shown.startsAt), 48 * 3600_000, '--hours 48');
    const items = ok(await new Shopper(srv.base).get(`/productManagement2/campaignProductItem/list/all?fissionCampaignId=${created.id}`)).items;
    assert.deepEqual(items.map((i: any) => [i.productId, i.campaignPrice, i.available, i.limitPerShopper]), [[productId, 1299, 20, 2]]);

    // A shopper joins and pays; the owner ends it short of its target: it fails and the payment is refunded.
    const s = new Shopper(srv.base);
    ok(await s.post('/common3/clientRegistration', { emailID: `group-${Date.now()}@example.com`, password: 'correct horse', firstName: 'Grace', lastName: 'Ho' }));
    ok(await s.post(`/shoppingManagement4/myCart/fc/${created.id}`, { itemId: items[0].id, quantity: 1 }));
    const { orderID } = ok(await s.post(`/shoppingManagement4/myCart/fc/${created.id}/reserve`, {}));
    await payOnline(s, orderID);
    const ended = ok(await owner.post(`/campaigns/${created.id}/end`, {}));
    assert.deepEqual(ended.settlement, { outcome: 'FAILED', participants: 1, refunds: 1 });
    assert.equal(ok(await s.get(`/common3/campaign/fission/${created.id}`)).campaign.status, 'FAILED');
    const { rows } = await srv.app.db.query('SELECT status FROM orders WHERE id = $1', [Number(orderID)]);
    assert.ok(['REFUND_PENDING', 'REFUNDED'].includes(rows[0].status), rows[0].status);
    assert.match(isError(await owner.post(`/campaigns/${created.id}/end`, {}), 409).message, /already failed/);
    isError(await owner.post('/campaigns/99999999/end', {}), 404);

    // The CLI ends one through the same code, recorded as the command line.
    const other = ok(await owner.post('/campaigns', { ...CAMPAIGN(productId), hours: null, endsAt: new Date(Date.now() + 3600_000).toISOString() }));
    const cli = await deskOf(srv, 'campaigns')('end', other.id);
    assert.equal(cli.code, 0, cli.stderr);
    assert.deepEqual(await activity(owner, created.id), [[OWNER, 'campaign.end'], [OWNER, 'campaign.create']]);
    const otherLines = await activity(owner, other.id);
    assert.deepEqual(otherLines.map((l: string[]) => l[1]), ['campaign.end', 'campaign.create']);
    assert.match(otherLines[0][0], /^command line \(/);
  });

  test('refusals name their field (4xx, never a 500)', async () => {
    const owner = await signedIn(OWNER);
    const productId = await product();
    const fields = async (body: unknown) => isError(await owner.post('/campaigns', body), 400).errors.map((e) => e.split(':')[0]);
    assert.deepEqual(await fields({
      ...CAMPAIGN(productId), name: { en: 'A', zh: '' }, target: 0, store: 'NOWHERE', cover: 'javascript:alert(1)',
      items: [
        { productId, optionPair: '', campaignPrice: -1, stock: 2_000_000_000, limitPerShopper: 0 },
        { productId, optionPair: '', campaignPrice: 100, stock: 1, limitPerShopper: 1 },
        { productId: '999999999', optionPair: '', campaignPrice: 100, stock: 1, limitPerShopper: 1 },
        { productId, optionPair: 'color:Plaid', campaignPrice: 100, stock: 1, limitPerShopper: 1 },
      ],
    }), ['name.zh', 'target', 'cover', 'items[0].campaignPrice', 'items[0].stock', 'items[0].limitPerShopper', 'items[1].productId', 'localStoreId', 'items[2].productId', 'items[3].productId']);
    assert.deepEqual(await fields({ ...CAMPAIGN(productId), hours: null }), ['endsAt']);
    assert.deepEqual(await fields({ ...CAMPAIGN(productId), startsAt: 'soon', endsAt: 'later' }), ['startsAt', 'endsAt']);
    assert.deepEqual(await fields({ ...CAMPAIGN(productId), startsAt: '2026-12-10T10:00:00Z', endsAt: '2026-12-10T09:00:00Z' }), ['endsAt']);
    assert.deepEqual(await fields({ ...CAMPAIGN(productId), items: [] }), ['items']);
    isError(await owner.post('/campaigns', { ...CAMPAIGN(productId), items: [{ productId: '1e3', optionPair: '', campaignPrice: 1, stock: 1, limitPerShopper: 1 }] }), 400);
    isError(await owner.post('/campaigns', { ...CAMPAIGN(productId), target: 1.5 }), 400);
    isError(await owner.post('/campaigns/abc/end', {}), 400);
    isError(await owner.get('/campaigns?scope=everything'), 400);
  });

  test('staff are refused every campaign route', async () => {
    const clerk = await signedIn(CLERK);
    for (const [method, url, body] of [['GET', '/campaigns'], ['POST', '/campaigns', CAMPAIGN('1011')], ['POST', '/campaigns/501/end', {}], ['POST', '/campaigns/cover', { data: 'aGVsbG8=' }]] as const) {
      assert.match(isError(await clerk.req(method, url, body), 403).message, /promotions\.edit/, `${method} ${url}`);
    }
    assert.ok(!ok(await clerk.session()).permissions.includes('promotions.edit'), 'the screens hide it');
  });
});
