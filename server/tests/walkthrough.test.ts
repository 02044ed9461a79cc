import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_HASHING, freshDb, serverOnFreshDb, Shopper, isError, ok } from './helpers.ts';
import { editDistance, recordSearch } from '../src/services/search.ts';
import { addOnsBeside } from '../src/catalog/addOnsBeside.ts';
import { buildApp } from '../src/app.ts';
import { openDb, type Queryable } from '../src/db/index.ts';

let s: Shopper;
serverOnFreshDb({}, (started) => {
  s = new Shopper(started.base);
});

const suggest = async (term: string) => ok(await s.get(`/productManagement2/products/searchSuggestions/${encodeURIComponent(term)}`)).suggestions as string[];

test('edit distance counts insertions, deletions, substitutions and swapped neighbours', () => {
  for (const [a, b, d] of [['cofee', 'coffee', 1], ['coffe', 'coffee', 1], ['cofefe', 'coffee', 1], ['cfoefe', 'coffee', 2], ['tae', 'tea', 1], ['咖非', '咖啡', 1], ['abc', 'abc', 0], ['', 'abc', 3]] as const) {
    assert.equal(editDistance(a, b), d, `${a} → ${b}`);
  }
});

test('did you mean: close catalogue words in English and Chinese, each of which finds products', async () => {
  assert.deepEqual(ok(await s.get('/productManagement2/products/searchCount/cofee')), { count: 0 });
  const coffee = await suggest('cofee');
  assert.equal(coffee[0], 'coffee');
  assert.ok(coffee.length <= 3);
  assert.deepEqual((await suggest('Hoddie'))[0], 'hoodie');
  assert.deepEqual(await suggest('panda hodie'), ['panda hoodie']);
  const zh = await suggest('咖非');
  assert.equal(zh[0], '咖啡');
  const giftBox = await suggest('礼合');
  assert.ok(giftBox.includes('礼盒'), JSON.stringify(giftBox));
  for (const term of [...coffee, ...zh, 'panda hoodie']) {
    assert.ok(ok(await s.get(`/productManagement2/products/searchCount/${encodeURIComponent(term)}`)).count > 0, term);
  }
  // Nothing close: no suggestion, rather than a wild guess; short words are not guessed at.
  assert.deepEqual(await suggest('xylophone'), []);
  assert.deepEqual(await suggest('qz'), []);
  // Add-ons are no catalogue words ("Oat Milk Upgrade" is offered beside products, never found by search).
  assert.deepEqual((await suggest('upgrad')).filter((w) => w === 'upgrade'), []);
  isError(await s.get(`/productManagement2/products/searchSuggestions/${'x'.repeat(101)}`), 400);
});

test('popular searches: the seeded demo terms, then what shoppers search for and find', async () => {
  const before = ok(await s.get('/productManagement2/products/popularSearches?locale=en')).terms as string[];
  assert.equal(before[0], 'coffee');
  assert.ok(before.length >= 2 && before.length <= 8);
  // In the shopper's language: no Chinese term for an English shopper, only Chinese ones for a Chinese shopper.
  assert.deepEqual(before.filter((t) => /\p{Script=Han}/u.test(t)), []);
  const zh = ok(await s.get('/productManagement2/products/popularSearches?locale=zh')).terms as string[];
  assert.ok(zh.includes('咖啡') && zh.includes('茶'), JSON.stringify(zh));
  assert.deepEqual(zh.filter((t) => !/\p{Script=Han}/u.test(t)), []);
  // Without the parameter, the visitor's language (here what the browser asks for).
  assert.deepEqual(ok(await s.get('/productManagement2/products/popularSearches', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })).terms, zh);
  isError(await s.get('/productManagement2/products/popularSearches?locale=fr'), 400);
  // A search that finds nothing is not counted; one that finds something is, in lower case.
  for (let i = 0; i < 60; i++) ok(await s.get('/productManagement2/products/searchCount/zzzzqqq'));
  for (let i = 0; i < 60; i++) ok(await s.get(`/productManagement2/products/searchCount/${encodeURIComponent(i % 2 ? 'Panda' : ' panda ')}`));
  // A fragment that finds products but is no catalogue word is not counted either ("rea" is inside "Bread" and "Breakfast").
  assert.ok(ok(await s.get('/productManagement2/products/searchCount/rea')).count > 0);
  for (let i = 0; i < 60; i++) ok(await s.get('/productManagement2/products/searchCount/rea'));
  const after = ok(await s.get('/productManagement2/products/popularSearches?locale=en')).terms as string[];
  assert.equal(after[0], 'panda');
  assert.ok(!after.includes('zzzzqqq'));
  assert.ok(!after.includes('rea'));
});

test('recording a search asks the search index a row per word, never reads the catalogue', async () => {
  const fresh = await freshDb();
  try {
    const app = await buildApp({ config: { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, staticDir: fresh.dataDir, port: 0, ...FAST_HASHING }, logger: false });
    await app.close();
    const db = await openDb({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    try {
      const listed = (await db.query(`SELECT count(*)::int AS n FROM products WHERE record_status = 'ACTIVE'`)).rows[0].n;
      assert.ok(listed > 3, 'the seed lists products');
      const rowsRead: number[] = [];
      const counting: Queryable = {
        async query(sql, params, opts) {
          const result = await db.query(sql, params, opts);
          rowsRead.push(result.rows.length);
          return result;
        },
      };
      const searches = async (term: string) => (await db.query('SELECT searches FROM search_terms WHERE term = $1', [term])).rows[0]?.searches ?? 0;
      for (const [term, recorded] of [['Panda Hoodie', 'panda hoodie'], ['咖啡', '咖啡'], ['rea', null], ['coffee rea', null]] as const) {
        const before = recorded ? await searches(recorded) : 0;
        rowsRead.length = 0;
        await recordSearch(counting, term);
        if (recorded) assert.equal(await searches(recorded), before + 1, term);
        else assert.equal(await searches(term), 0, term);
        // One answer per word asked, and the insert (no rows): never the listed products themselves.
        assert.ok(rowsRead.every((n) => n <= 1), `${term}: ${rowsRead}`);
        assert.ok(rowsRead.length <= 3, `${term}: ${rowsRead.length} queries`);
      }
    } finally {
      await db.close();
    }
  } finally {
    await fresh.cleanup();
  }
});

test('add-ons beside a product: those for its category and those for any product', async () => {
  const names = async (query: string) => (ok(await s.get(`/productManagement2/products/addon?tagName=addon${query}`)).products as { name: string }[]).map((p) => p.name).sort();
  const idOf = async (name: string) => (ok(await s.get(`/productManagement2/products/search/${encodeURIComponent(name)}`)).products as { id: string; name: string }[]).find((p) => p.name === name)!.id;
  const everything = await names('');
  assert.equal(everything.length, 5);
  const anyProduct = ['Gift Wrapping', 'Greeting Card', 'Reusable Bag'];
  assert.deepEqual(await names(`&productId=${await idOf('Logo T-Shirt')}`), anyProduct);
  assert.deepEqual(await names(`&productId=${await idOf('House Blend Coffee Beans 340g')}`), [...anyProduct, 'Extra Espresso Shot', 'Oat Milk Upgrade'].sort());
  assert.deepEqual(await names(`&productId=${await idOf('West Lake Longjing 100g')}`), [...anyProduct, 'Oat Milk Upgrade'].sort());
  // An unknown product: every add-on, not an error.
  assert.deepEqual(await names('&productId=999999'), everything);
  isError(await s.get(`/productManagement2/products/addon?productId=${'9'.repeat(21)}`), 400);

  // Beside a cart (issue 29 m-12): what its products' categories take; a membership alone takes none.
  const membership = (ok(await s.get('/productManagement2/products?productType=MEMBERSHIP&recordStatus=ACTIVE&sortby=default&infiniteLoad=false')).products as { id: string }[])[0].id;
  const tarts = await idOf('Egg Tarts 6-pack');
  assert.deepEqual(await names(`&productIds=${membership}`), []);
  assert.deepEqual(await names(`&productIds=${tarts},${membership}`), anyProduct);
  assert.deepEqual(await names(`&productIds=${tarts},${await idOf('West Lake Longjing 100g')}`), [...anyProduct, 'Oat Milk Upgrade'].sort());
  assert.deepEqual(await names(`&productIds=${await idOf('House Blend Coffee Beans 340g')},${await idOf('West Lake Longjing 100g')}`),
    [...anyProduct, 'Extra Espresso Shot', 'Oat Milk Upgrade'].sort());
  for (const bad of ['', '1,,2', 'abc', `1,${'9'.repeat(10)}`]) isError(await s.get(`/productManagement2/products/addon?productIds=${bad}`), 400);
});

test('add-ons beside some products: every one when none is known, none beside a membership or an add-on alone', () => {
  const goods = (category: string) => ({ category, productType: 'PRODUCT', tags: [] });
  const cases: [string, Parameters<typeof addOnsBeside>[0], ReturnType<typeof addOnsBeside>][] = [
    ['nothing known', [], { offer: 'every' }],
    ['a membership alone', [{ category: 'Membership', productType: 'MEMBERSHIP', tags: [] }], { offer: 'none' }],
    ['an add-on alone', [{ category: 'Extras', productType: 'PRODUCT', tags: ['addon', 'for:coffee'] }], { offer: 'none' }],
    ['one coffee', [goods('Coffee')], { offer: 'for', categories: ['coffee'] }],
    ['tea, coffee and a second coffee', [goods('Tea'), goods('Coffee'), goods('coffee')], { offer: 'for', categories: ['coffee', 'tea'] }],
    ['bakery beside a membership', [goods('Bakery'), { category: 'Membership', productType: 'MEMBERSHIP', tags: [] }], { offer: 'for', categories: ['bakery'] }],
  ];
  for (const [name, found, offer] of cases) assert.deepEqual(addOnsBeside(found, 'addon'), offer, name);
});
