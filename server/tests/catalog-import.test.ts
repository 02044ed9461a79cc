/**
 * The operator's own catalogue (issue 26 item 2): npm run catalog -- import FILE [--images DIR] [--dry-run] | export.
 * The demo store itself is imported from src/seed/demo-catalogue.json on every fresh start (the template every test
 * copies), so its ids, SKUs and stock are those of the file.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { openDb, type Db } from '../src/db/index.ts';
import { parseOptionsCell, optionsCell, readCatalog, readCatalogCsv, readCatalogJson, writeCatalogCsv, writeCatalogJson } from '../src/catalog/format.ts';
import { exportCatalog, importCatalog } from '../src/catalog/import.ts';
import { demoCatalogue } from '../src/seed/catalogue.ts';
import { freshDb, PREFIX, startServer, type TestDb } from './helpers.ts';
import { nodeArgs } from './entry.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');
let db: TestDb;
let work: string;
/** The test's own connection; closed before the CLI or the server opens the embedded database (one process's at a time). */
let d: Db | null = null;
before(async () => {
  db = await freshDb();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-catalog-'));
  d = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
});
after(async () => {
  await d?.close();
  await db.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

function catalog(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '' };
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs('scripts/catalog.ts'), ...args], { cwd: serverDir, env, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
  });
}

async function query<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await d!.query<T>(sql, params)).rows;
}

/** What `catalog import` does (the CLI itself is driven at the end): read, prepare photos, import. */
async function load(name: string, text: string, opts: { images?: string; dryRun?: boolean } = {}) {
  const catalog = readCatalog(text, name.endsWith('.csv') ? 'csv' : 'json', 'CAD');
  return importCatalog(d!, catalog, { imagesDir: opts.images ?? null, dryRun: !!opts.dryRun });
}

/** Every problem of a refused import, as the CLI prints them. */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (e) {
    return (e as { errors: string[] }).errors.join('\n');
  }
  throw new Error('the import was not refused');
}

const snapshot = async () => writeCatalogJson(await exportCatalog(d!));

const file = (name: string, text: string) => {
  const p = path.join(work, name);
  fs.writeFileSync(p, text);
  return p;
};

const HEADER = 'sku,name_en,name_zh,description_en,description_zh,category,category_zh,category_image,brand,brand_zh,tags,clearance,price,list_price,member_price,images,options,combination,combination_sku,stock';

test('the demo store is the demo catalogue file: ids from 1001 in file order, SKUs, stock per combination', async () => {
  const demo = demoCatalogue();
  const products = await query(`SELECT id, sku, name_en, price FROM products WHERE sku LIKE 'P%' ORDER BY id`);
  assert.deepEqual(products.map((p) => [p.id, p.sku, p.name_en, p.price]), demo.products.map((p, i) => [1001 + i, p.sku, p.nameEn, p.price]));
  const tee = demo.products.find((p) => p.nameEn === 'Logo T-Shirt')!;
  const variants = await query('SELECT v.option_pair, v.sku, v.stock FROM variants v JOIN products p ON p.id = v.product_id WHERE p.sku = $1 ORDER BY v.option_pair', [tee.sku]);
  assert.deepEqual(variants.map((v) => [v.option_pair, v.sku, v.stock]), [...tee.stock].sort((a, b) => a.combination.localeCompare(b.combination)).map((s) => [s.combination, s.sku, s.stock]));
  assert.equal(variants.length, 12);
});

test('the option cell of the CSV reads back what it writes', () => {
  const tee = demoCatalogue().products.find((p) => p.nameEn === 'Logo T-Shirt')!;
  assert.deepEqual(parseOptionsCell(optionsCell(tee.options, tee.images), tee.images), tee.options);
  assert.equal(parseOptionsCell('size=S|M'), null);
});

// Issue 42 n-2: a choice may name its picture, one of its product's images (JSON by name, CSV by its place: @2).
test("an option value's picture: read from JSON and CSV, refused when it is not among the product's images", () => {
  const tee = demoCatalogue().products.find((p) => p.nameEn === 'Logo T-Shirt')!;
  const colours = tee.options.find((o) => o.name === 'color')!.values;
  assert.deepEqual(colours.map((v) => v.image), ['logo-t-shirt-in-black.svg', 'logo-t-shirt-in-white.svg', 'logo-t-shirt-in-red.svg']);
  assert.ok(colours.every((v) => tee.images.includes(v.image!)));
  assert.equal(optionsCell(tee.options, tee.images).split(';')[1], 'color(Colour/颜色)=Black(Black/黑色)@3|White(White/白色)@4|Red(Red/红色)@5');
  assert.deepEqual(parseOptionsCell('color(Colour)=Red(Red)@2|Blue(Blue)', ['a.svg', 'https://example.com/red.jpg']), [
    { name: 'color', nameContent: { en: 'Colour', zh: 'Colour' }, values: [{ value: 'Red', label: { en: 'Red', zh: 'Red' }, image: 'https://example.com/red.jpg' }, { value: 'Blue', label: { en: 'Blue', zh: 'Blue' } }] },
  ]);
  // A place the row's images do not have, or a picture on the option's own name, is not the syntax.
  assert.equal(parseOptionsCell('color(Colour)=Red(Red)@3', ['a.svg', 'b.svg']), null);
  assert.equal(parseOptionsCell('color(Colour)@1=Red(Red)', ['a.svg']), null);
  const json = (image: string) => JSON.stringify({
    format: 'istore-catalogue/1', currency: 'CAD', categories: [{ name: 'Apparel' }], brands: [{ name: 'Panda Threads' }],
    products: [{ sku: 'TEE-9', name: { en: 'Tee' }, category: 'Apparel', brand: 'Panda Threads', price: '9.00', images: ['tee.svg', 'tee-in-red.svg'],
      options: [{ name: 'color', label: { en: 'Colour' }, values: [{ value: 'Red', label: { en: 'Red' }, image }] }], stock: [{ combination: 'color:Red', sku: 'TEE-9-RED', stock: 1 }] }],
  });
  assert.equal(readCatalogJson(json('tee-in-red.svg'), 'CAD').products[0].options[0].values[0].image, 'tee-in-red.svg');
  assert.throws(() => readCatalogJson(json('tee-in-blue.svg'), 'CAD'), (e: any) => {
    assert.deepEqual(e.errors, ["line 1, options: color 'Red': its image 'tee-in-blue.svg' is not among the product's images"]);
    return true;
  });
});

test('a good CSV adds a product with its combinations and updates one by SKU; its id stays', async () => {
  const summary = await load('good.csv', [
    HEADER,
    'TEA-MUG-01,Glass Tea Mug,玻璃茶杯,Double-walled.,双层玻璃。,Home & Kitchen,家居厨房,category-home-kitchen.svg,Lakeside Goods,湖畔良品,new|gift,,18.50,,16.00,glass-tea-mug.svg,size(Size/尺码)=S(Small/小号)|L(Large/大号),,,',
    'TEA-MUG-01,,,,,,,,,,,,,,,,,size:S,TEA-MUG-01-S,7',
    'TEA-MUG-01,,,,,,,,,,,,,,,,,size:L,TEA-MUG-01-L,0',
    'P1003,Colombia Supremo 340g,哥伦比亚特级 340克,"Fresh, again.",新鲜到货。,Coffee,咖啡,category-coffee.svg,Maple Roasters,枫叶烘焙坊,,,17.99,,,colombia-supremo-340g.svg,,,,',
  ].join('\n'));
  assert.deepEqual(summary, { productsAdded: 1, productsUpdated: 1, combinations: 3, categoriesAdded: 0, brandsAdded: 0, photosAdded: 0, dryRun: false });
  const [mug] = await query(`SELECT id, price, member_price, tags FROM products WHERE sku = 'TEA-MUG-01'`);
  assert.ok(mug.id > 1063);
  assert.deepEqual([mug.price, mug.member_price, mug.tags], [1850, 1600, ['new', 'gift']]);
  const stock = await query('SELECT option_pair, sku, stock FROM variants WHERE product_id = $1 ORDER BY option_pair', [mug.id]);
  assert.deepEqual(stock.map((s) => [s.option_pair, s.sku, s.stock]), [['size:L', 'TEA-MUG-01-L', 0], ['size:S', 'TEA-MUG-01-S', 7]]);
  const [colombia] = await query(`SELECT id, price, desc_en FROM products WHERE sku = 'P1003'`);
  assert.deepEqual(colombia, { id: 1003, price: 1799, desc_en: 'Fresh, again.' });
  // an empty stock keeps what the store has
  const [{ stock: kept }] = await query(`SELECT stock FROM variants WHERE product_id = 1003`);
  assert.equal(kept, demoCatalogue().products[2].stock[0].stock);
});

test('bad rows are each reported with their line and field, and nothing changes', async () => {
  const before = await snapshot();
  const problems = await refusal(load('bad.csv', [
    HEADER,
    'NEW-1,Thing,东西,,,Coffee,咖啡,category-coffee.svg,Maple Roasters,枫叶烘焙坊,,,12.999,,,thing.svg,,,,5',
    'NEW-2,Other,其他,,,Nowhere,无处,,Maple Roasters,枫叶烘焙坊,,,3.00,,4.00,other.svg,,,,x',
    'P1039,Logo T-Shirt,标志T恤,,,Apparel,服饰,category-apparel.svg,Panda Threads,熊猫织造,,,29.99,,,logo-t-shirt.svg,size(Size/尺码)=S(Small/小号)|M(Medium/中号),,,',
    'P1039,,,,,,,,,,,,,,,,,size:S,P1039-COLOR-BLACK-SIZE-S,3',
    'NEW-1,Twice,两次,,,Coffee,咖啡,category-coffee.svg,Maple Roasters,枫叶烘焙坊,,,1.00,,,twice.svg,,,,1',
  ].join('\r\n')));
  assert.equal(problems, [
    "line 2, price: must be an amount like 12.99 (at most 2 decimals), not '12.999'",
    "line 3, stock: must be a whole number from 0 to 1000000, not 'x'",
    "line 6, sku: 'NEW-1' has a product row on line 2 already",
    'line 3, member_price: is more than the price',
    'line 4, combination: missing: size:M (every combination of its options is listed with its stock)',
  ].join('\n'));
  assert.equal(await snapshot(), before);
  assert.deepEqual(await query(`SELECT name FROM categories WHERE name = 'Nowhere'`), []);
});

test('a SKU another product holds, or a membership plan, refuses the file with its line', async () => {
  const before = await snapshot();
  const [plan] = await query(`SELECT id, sku FROM products WHERE product_type = 'MEMBERSHIP' LIMIT 1`);
  await query(`UPDATE products SET sku = 'PLAN-1' WHERE id = $1`, [plan.id]);
  const problems = await refusal(load('taken.csv', [
    HEADER,
    'PLAN-1,Plan,会员,,,Add-ons,加购,category-add-ons.svg,Lakeside Goods,湖畔良品,,,1.00,,,plan.svg,,,,1',
    'NEW-9,Mug,杯,,,Add-ons,加购,category-add-ons.svg,Lakeside Goods,湖畔良品,,,1.00,,,mug.svg,size(Size/尺码)=S(Small/小号),,,',
    'NEW-9,,,,,,,,,,,,,,,,,size:S,P1039-COLOR-RED-SIZE-M,1',
  ].join('\n')));
  assert.equal(problems, [
    "line 2, sku: 'PLAN-1' is a membership product, not the importer's",
    "line 3, combination_sku: 'P1039-COLOR-RED-SIZE-M' is the SKU of an option of product 1039, which this file does not name",
  ].join('\n'));
  await query(`UPDATE products SET sku = $2 WHERE id = $1`, [plan.id, plan.sku]);
  assert.equal(await snapshot(), before);
});

test('a JSON file names the line of the bad product', async () => {
  const demo = JSON.parse(fs.readFileSync(path.join(serverDir, 'src/seed/demo-catalogue.json'), 'utf8'));
  demo.products[5].price = '-3';
  const text = JSON.stringify(demo, null, 2);
  const line = text.split('\n').findIndex((l) => l.includes(`"sku": "${demo.products[5].sku}"`)) + 1;
  assert.throws(() => readCatalogJson(text, 'CAD'), (e: any) => {
    assert.deepEqual(e.problems, [{ line, field: 'price', message: "must be an amount like 12.99 (at most 2 decimals), not '-3'" }]);
    return true;
  });
});

test('a file priced in another currency than the store\'s is refused, never converted', async () => {
  const before = await snapshot();
  const demo = JSON.parse(fs.readFileSync(path.join(serverDir, 'src/seed/demo-catalogue.json'), 'utf8'));
  demo.currency = 'USD';
  assert.equal(await refusal(load('usd.json', JSON.stringify(demo, null, 2))), "line 1, currency: the store sells in CAD, and this file's prices are in USD");
  assert.equal(await snapshot(), before);
});

test('a dry run checks and counts, and changes nothing', async () => {
  const before = await snapshot();
  const csv = [HEADER, 'DRY-1,Dry,干,,,Snacks,零食,category-snacks.svg,Harbour Snacks,港湾零食,,,1.00,,,dry.svg,,,,2'].join('\n');
  const summary = await load('dry.csv', csv, { dryRun: true });
  assert.deepEqual(summary, { productsAdded: 1, productsUpdated: 0, combinations: 1, categoriesAdded: 0, brandsAdded: 0, photosAdded: 0, dryRun: true });
  assert.equal(await snapshot(), before);
});

test('export → import round trip, CSV and JSON: the same catalogue, every product updated in place', async () => {
  const json = await snapshot();
  const csv = writeCatalogCsv(await exportCatalog(d!));
  const ids = await query(`SELECT id, sku FROM products WHERE sku IS NOT NULL AND product_type = 'PRODUCT' ORDER BY id`);
  const fromCsv = await load('out.csv', csv);
  assert.deepEqual([fromCsv.productsAdded, fromCsv.productsUpdated], [0, ids.length]);
  assert.equal(await snapshot(), json);
  await load('out.json', json);
  assert.equal(await snapshot(), json);
  assert.deepEqual(await query(`SELECT id, sku FROM products WHERE sku IS NOT NULL AND product_type = 'PRODUCT' ORDER BY id`), ids);
  assert.equal(writeCatalogCsv(readCatalogCsv(csv, 'CAD')), writeCatalogCsv(readCatalogJson(json, 'CAD')));
});

let photo = '';
let kettleId = 0;
test('photos: refused ones named with line and reason; good ones resized to 800 and 400 px, stored once', async () => {
  const images = path.join(work, 'images');
  fs.mkdirSync(images);
  await sharp({ create: { width: 1200, height: 1800, channels: 3, background: '#c0392b' } }).png().toFile(path.join(images, 'kettle.png'));
  await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2e7d5b' } }).jpeg().toFile(path.join(images, 'tiny.jpg'));
  fs.writeFileSync(path.join(images, 'page.jpg'), '<html><body>not a photo</body></html>');
  const row = (sku: string, img: string) => `${sku},Kettle ${sku},水壶 ${sku},,,Home & Kitchen,家居厨房,category-home-kitchen.svg,Lakeside Goods,湖畔良品,,,49.00,,,${img},,,,4`;
  const problems = await refusal(load('photos.csv', [HEADER, row('K-1', 'kettle.png'), row('K-2', 'tiny.jpg'), row('K-3', 'page.jpg|missing.webp|../kettle.png')].join('\n'), { images }));
  assert.equal(problems, [
    "line 4, images: '../kettle.png' is not an image file name",
  ].join('\n'));
  const refused = await refusal(load('photos.csv', [HEADER, row('K-1', 'kettle.png'), row('K-2', 'tiny.jpg'), row('K-3', 'page.jpg|missing.webp')].join('\n'), { images }));
  assert.equal(refused, [
    "line 3, images: 'tiny.jpg' is 120×120 px; photos are at least 400 px each way",
    "line 4, images: 'page.jpg' is not a PNG, JPEG, GIF or WebP image",
    `line 4, images: 'missing.webp' is not in ${images}`,
  ].join('\n'));
  assert.deepEqual(await query(`SELECT sku FROM products WHERE sku LIKE 'K-%'`), []);
  assert.deepEqual(await query('SELECT name FROM catalog_images'), []);
  assert.equal(await refusal(load('photos.csv', [HEADER, row('K-1', 'kettle.png')].join('\n'))), "line 2, images: 'kettle.png' is a file: give its folder with --images DIR");

  const good = [HEADER, row('K-1', 'kettle.png|kettle-2.svg'), row('K-2', 'kettle.png')].join('\n');
  assert.equal((await load('photos.csv', good, { images })).photosAdded, 1);
  const [k1] = await query(`SELECT id, images FROM products WHERE sku = 'K-1'`);
  assert.match(k1.images[0], /^photo-[0-9a-f]{16}\.jpg$/);
  assert.equal(k1.images[1], 'kettle-2.svg');
  const stored = await query('SELECT name, width, height FROM catalog_images ORDER BY width DESC');
  assert.deepEqual(stored, [{ name: k1.images[0], width: 533, height: 800 }, { name: k1.images[0].replace('.jpg', '-400.jpg'), width: 267, height: 400 }]);
  const again = await load('photos.csv', good, { images });
  assert.deepEqual([again.productsAdded, again.productsUpdated, again.photosAdded], [0, 2, 0]);
  photo = k1.images[0];
  kettleId = k1.id;
});

test('the server serves imported photos as JPEG with a year\'s cache lifetime', async () => {
  await d!.close();
  d = null;
  const srv = await startServer(db);
  try {
    for (const [name, size] of [[photo, [533, 800]], [photo.replace('.jpg', '-400.jpg'), [267, 400]]] as const) {
      const res = await fetch(`${srv.base}${PREFIX}/common3/image/${name}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/jpeg');
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', ...size]);
    }
    assert.equal((await fetch(`${srv.base}${PREFIX}/common3/image/photo-0000000000000000.jpg`)).status, 404);
    const product = await (await fetch(`${srv.base}${PREFIX}/productManagement/product/${kettleId}`)).json();
    assert.deepEqual(product.images, [photo, 'kettle-2.svg']);
  } finally {
    await srv.close();
  }
});

test('the CLI: a refused file exits 1 with each problem; the example CSV imports (dry run); export writes a file', async () => {
  const bad = file('cli-bad.csv', [HEADER, 'X-1,Thing,东西,,,Coffee,咖啡,category-coffee.svg,Maple Roasters,枫叶烘焙坊,,,abc,,,thing.svg,,,,5'].join('\n'));
  const refused = await catalog('import', bad);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr.trim(), "catalog import: line 2, price: must be an amount like 12.99 (at most 2 decimals), not 'abc'");
  const example = await catalog('import', path.join(serverDir, 'examples/catalogue.csv'), '--dry-run');
  assert.equal(example.code, 0, example.stderr);
  assert.equal(example.stdout.trim(), 'dry run, nothing changed: would add 0 product(s), update 4, 19 stock line(s), 0 new categories, 0 new brand(s), 0 new photo(s)');
  const out = path.join(work, 'out.csv');
  const exported = await catalog('export', out);
  assert.equal(exported.code, 0, exported.stderr);
  assert.match(fs.readFileSync(out, 'utf8'), /^sku,name_en,/);
  assert.equal((await catalog('import', 'catalogue.txt')).code, 2);
});
