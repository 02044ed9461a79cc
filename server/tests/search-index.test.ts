/**
 * Search at scale (issue 26 item 4, migration 330): the character-pair index and the search window of listProducts
 * narrow what is read, never what is found. Each search answers exactly what the plain LIKE on each field finds (the
 * search as it was before the index), on both databases, in a catalogue larger than the window.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, Shopper, ok } from './helpers.ts';
import { buildWhere, SEARCH_WINDOW, searchGrams, searchWords } from '../src/services/catalog.ts';
import { bumpCatalog } from '../src/services/catalogCache.ts';

let s: Shopper;
const { srv } = serverOnFreshDb({}, (started) => {
  s = new Shopper(started.base);
});

test('searchGrams: a term\'s pairs of neighbouring characters, or its one character', () => {
  const table: [string, string[]][] = [
    ['', []],
    ['a', ['a']],
    ['茶', ['茶']],
    ['咖啡', ['咖啡']],
    ['tea', ['te', 'ea']],
    ['aaa', ['aa']],
    ['乌龙茶', ['乌龙', '龙茶']],
    ['red tea', ['re', 'ed', 'd ', ' t', 'te', 'ea']],
    ['😀x', ['😀x']],
  ];
  for (const [term, grams] of table) assert.deepEqual(searchGrams(term), grams, term);
});

test('searchWords: a term\'s words, each once, the stop words dropped when another remains (n-11)', () => {
  const table: [string, string[]][] = [
    ['tea', ['tea']],
    ['Oolong Tea', ['oolong', 'tea']],
    ['  oolong   tea  ', ['oolong', 'tea']],
    ['tea tea', ['tea']],
    ['the tea of the house', ['tea', 'house']],
    ['the', ['the']],
    ['a and', ['a', 'and']],
    ['乌龙 茶', ['乌龙', '茶']],
    ['龙井和 茶', ['龙井和', '茶']],
    ['咖啡 的 豆', ['咖啡', '豆']],
    ['n", "p', ['n",', '"p']],
    ['100%', ['100%']],
  ];
  for (const [term, words] of table) assert.deepEqual(searchWords(term), words, term);
});

const EXTRA = SEARCH_WINDOW + 600;

test(`search finds what the plain LIKE finds, in a catalogue of more than ${SEARCH_WINDOW} products`, async () => {
  const db = srv.app.db;
  // Newest first: 'Pinecone Tea N' / 松果茶 N; every 500th also 'Rare Durian' / 榴莲, the oldest of those beyond the window.
  await db.query(
    `INSERT INTO products (name_en, name_zh, category, brand, tags, price, created_at, sku)
     SELECT CASE WHEN g % 500 = 0 THEN 'Rare Durian ' ELSE 'Pinecone Tea ' END || g, CASE WHEN g % 500 = 0 THEN '榴莲 ' ELSE '松果茶 ' END || g,
       (SELECT name FROM categories WHERE name <> 'Add-ons' ORDER BY name LIMIT 1), (SELECT name FROM brands ORDER BY name LIMIT 1),
       '["pinecone"]', 100 + g % 700, now() - interval '400 days' - make_interval(hours => g), 'SEARCH-' || g
     FROM generate_series(1, $1::int) AS g`,
    [EXTRA],
  );
  await db.query(`INSERT INTO variants (product_id, option_pair, stock) SELECT id, '', 3 FROM products WHERE sku LIKE 'SEARCH-%'`);
  await db.query('ANALYZE products');
  bumpCatalog();

  /**
   * The search as it was before migration 330: each field's LIKE, no index, every match; for several words (n-11),
   * each word's LIKE, those holding the most words first.
   */
  async function plainLike(term: string, order: string) {
    const likes = searchWords(term).map((word) => `%${word.replace(/[\\%_]/g, (m) => '\\' + m)}%`);
    const held = likes.map((_, i) => `(lower(p.name_en) LIKE $${i + 1} OR p.name_zh LIKE $${i + 1} OR lower(p.brand) LIKE $${i + 1} OR lower(p.tags::text) LIKE $${i + 1} OR lower(p.category) LIKE $${i + 1})`);
    const { rows } = await db.query(
      `SELECT p.id FROM products p WHERE NOT p.tags @> '["addon"]'::jsonb AND p.product_type = 'PRODUCT' AND p.record_status = 'ACTIVE'
       AND (${held.join(' OR ')})
       ORDER BY ${likes.length > 1 ? `${held.map((h) => `${h}::int`).join(' + ')} DESC, ` : ''}${order}`,
      likes,
    );
    return rows.map((r: { id: number }) => String(r.id));
  }

  const terms = ['pinecone tea 1', 'Rare Durian', 'rare durian 2500', '榴莲', '松果茶 26', '茶', 'e', 'tea 1', 'n", "p', '%', 'no such thing'];
  const orders = { default: 'p.created_at DESC, p.id DESC', priceLowToHigh: 'p.price ASC, p.id ASC' };
  for (const term of terms) {
    for (const [sortby, order] of Object.entries(orders)) {
      const expected = await plainLike(term, order);
      for (const start of [0, 12, 2, SEARCH_WINDOW - 10]) {
        const page = ok(await s.get(`/productManagement2/products/search/${encodeURIComponent(term)}?sortby=${sortby}&startingPosition=${start}&numberToLoad=12`));
        assert.deepEqual(page.products.map((p: { id: string }) => p.id), expected.slice(start, start + 12), `${term} ${sortby} from ${start}`);
        assert.equal(page.hasMore, expected.length > start + 12, `${term} ${sortby} from ${start}: hasMore`);
      }
      assert.equal(ok(await s.get(`/productManagement2/products/searchCount/${encodeURIComponent(term)}`)).count, expected.length, `${term}: count`);
    }
  }
  const rare = await db.query(`SELECT count(*)::int AS n FROM products WHERE lower(name_en) LIKE 'rare durian %'`);
  assert.equal(rare.rows[0].n, Math.floor(EXTRA / 500), 'the rare term is in the catalogue');
  // Several words: those holding all come first (n-11): 'rare durian 2500' is one product, then the other durians.
  const ranked = ok(await s.get(`/productManagement2/products/search/${encodeURIComponent('rare durian 2500')}?numberToLoad=12`)).products;
  assert.deepEqual(ranked.map((p: { name: string }) => p.name).slice(0, 2), ['Rare Durian 2500', 'Rare Durian 500']);
  assert.equal(ranked.length, Math.floor(EXTRA / 500), 'then the other durians, newest first');
});

test('a search can use the character-pair index (the planner is told to avoid reading every product)', async () => {
  const { where, params } = buildWhere({ search: '松果' });
  const plan = await srv.app.db.tx(async (q) => {
    await q.query('SET LOCAL enable_seqscan = off');
    const { rows } = await q.query(`EXPLAIN SELECT p.id FROM products p ${where}`, params);
    return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  });
  assert.match(plan, /products_search_grams_idx/);
});
