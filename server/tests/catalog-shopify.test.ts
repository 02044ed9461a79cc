/**
 * A Shopify product CSV export imported as it is (issue 37 item 5: npm run catalog -- import --from shopify FILE). The
 * file is written with the columns of Shopify's help ("Using CSV files to import and update products"): handles, option
 * names and values, one row per variant, image rows with only Handle and Image Src, a single-variant "Default Title"
 * product and a draft. Images are fetched from URLs served by this test on 127.0.0.1 (CATALOG_FETCH_ALLOW_LOOPBACK=1),
 * with the checks of a file and those of a fetch (private and loopback addresses, HTTP errors, not an image, time limit).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { openDb, type Db } from '../src/db/index.ts';
import { exportCatalog, importCatalog } from '../src/catalog/import.ts';
import { variantsOf } from '../src/services/catalog.ts';
import { htmlToText, readShopifyCsv } from '../src/catalog/shopify.ts';
import { blockedAddress, fetchImage } from '../src/catalog/fetchImage.ts';
import { writeCsv } from '../src/catalog/csv.ts';
import { CSV_COLUMNS, readCatalogCsv, readCatalogJson, writeCatalogCsv, writeCatalogJson } from '../src/catalog/format.ts';
import { freshDb, type TestDb } from './helpers.ts';
import { nodeArgs } from './entry.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');
process.env.CATALOG_FETCH_ALLOW_LOOPBACK = '1';

const COLUMNS = ['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published', 'Option1 Name', 'Option1 Value',
  'Option1 Linked To', 'Option2 Name', 'Option2 Value', 'Option2 Linked To', 'Option3 Name', 'Option3 Value', 'Option3 Linked To', 'Variant SKU',
  'Variant Grams', 'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Inventory Policy', 'Variant Fulfillment Service', 'Variant Price',
  'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable', 'Variant Barcode', 'Image Src', 'Image Position', 'Image Alt Text',
  'Gift Card', 'SEO Title', 'SEO Description', 'Variant Image', 'Variant Weight Unit', 'Variant Tax Code', 'Cost per item', 'Status'] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string>>;
const csv = (rows: Row[]) => writeCsv([[...COLUMNS], ...rows.map((r) => COLUMNS.map((c) => r[c] ?? ''))]);

let db: TestDb;
let d: Db | null = null;
let work: string;
let base: string;
const served = new Map<string, Buffer | 'hang' | 404>();
const server = http.createServer((req, res) => {
  const body = served.get(req.url ?? '');
  if (body === 'hang') return; // never answers: the time limit ends it
  if (body === undefined || body === 404) return void res.writeHead(404).end('not found');
  res.writeHead(200, { 'content-type': 'image/png' }).end(body);
});

before(async () => {
  db = await freshDb();
  d = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-shopify-'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const photo = (colour: string) => sharp({ create: { width: 900, height: 900, channels: 3, background: colour } }).png().toBuffer();
  served.set('/tee-front.png', await photo('#1f6feb'));
  served.set('/tee-back.png', await photo('#2e7d5b'));
  served.set('/tee-red.png', await photo('#c0392b'));
  served.set('/mug.png', await photo('#f1c40f'));
  served.set('/page.png', Buffer.from('<html>not an image</html>'));
  served.set('/slow.png', 'hang');
});
after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await d?.close();
  await db.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The shop's export: a T-shirt in two colours and two sizes with three image rows, a mug with one variant, a draft. */
const exportRows = (): Row[] => [
  { Handle: 'harbour-tee', Title: 'Harbour Tee', 'Body (HTML)': '<p>Soft <strong>cotton</strong> tee.</p><ul><li>100% cotton</li></ul>', Vendor: 'Harbour Goods',
    'Product Category': 'Apparel & Accessories > Clothing > Shirts & Tops', Type: 'T-Shirts', Tags: 'cotton, summer', Published: 'true',
    'Option1 Name': 'Size', 'Option1 Value': 'S', 'Option2 Name': 'Color', 'Option2 Value': 'Blue', 'Variant SKU': 'HT-S-BLUE',
    'Variant Grams': '200', 'Variant Inventory Tracker': 'shopify', 'Variant Inventory Qty': '5', 'Variant Inventory Policy': 'deny',
    'Variant Fulfillment Service': 'manual', 'Variant Price': '25.00', 'Variant Compare At Price': '30.00', 'Variant Requires Shipping': 'true',
    'Variant Taxable': 'true', 'Image Src': `${base}/tee-front.png`, 'Image Position': '1', 'Image Alt Text': 'Front', 'Gift Card': 'false',
    'Variant Weight Unit': 'kg', Status: 'active' },
  { Handle: 'harbour-tee', 'Option1 Value': 'S', 'Option2 Value': 'Red', 'Variant SKU': 'HT-S-RED', 'Variant Inventory Qty': '0', 'Variant Price': '25.00',
    'Variant Compare At Price': '30.00', 'Image Src': `${base}/tee-back.png`, 'Image Position': '2', 'Variant Image': `${base}/tee-red.png` },
  { Handle: 'harbour-tee', 'Option1 Value': 'M/L', 'Option2 Value': 'Blue', 'Variant SKU': '', 'Variant Inventory Qty': '-2', 'Variant Price': '25.00' },
  { Handle: 'harbour-tee', 'Option1 Value': 'M/L', 'Option2 Value': 'Red', 'Variant SKU': 'HT-ML-RED', 'Variant Inventory Qty': '7', 'Variant Price': '25.00' },
  { Handle: 'harbour-tee', 'Image Src': `${base}/tee-red.png`, 'Image Position': '3' },
  { Handle: 'enamel-mug', Title: 'Enamel Mug', 'Body (HTML)': 'Camp mug &amp; more', Vendor: 'Harbour Goods', Type: 'Kitchen', Published: 'true',
    'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant SKU': 'MUG-1', 'Variant Inventory Qty': '12', 'Variant Price': '14.50',
    'Image Src': `${base}/mug.png`, 'Image Position': '1', Status: 'active' },
  { Handle: 'winter-hat', Title: 'Winter Hat', Vendor: 'Harbour Goods', Type: 'Hats', Published: 'false', 'Option1 Name': 'Title',
    'Option1 Value': 'Default Title', 'Variant Price': '19.00', Status: 'draft' },
];

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '', CATALOG_FETCH_ALLOW_LOOPBACK: '1' };
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs('scripts/catalog.ts'), ...args], { cwd: serverDir, env, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
  });
}

async function refusal(run: () => Promise<unknown> | unknown): Promise<string> {
  try {
    await run();
  } catch (e) {
    return (e as { errors: string[] }).errors.join('\n');
  }
  assert.fail('not refused');
}

test('a Shopify export reads as it is: handles, variants by option values, image rows, a Default Title product; a draft is left out', () => {
  const { catalog, skipped } = readShopifyCsv(csv(exportRows()), 'CAD');
  assert.deepEqual(skipped, [{ handle: 'winter-hat', line: 8, why: 'its Status is draft' }]);
  const [tee, mug] = catalog.products;
  assert.equal(catalog.products.length, 2);
  assert.deepEqual({ sku: tee.sku, nameEn: tee.nameEn, nameZh: tee.nameZh, category: tee.category, brand: tee.brand, price: tee.price, listPrice: tee.listPrice, tags: tee.tags },
    { sku: 'harbour-tee', nameEn: 'Harbour Tee', nameZh: '', category: 'T-Shirts', brand: 'Harbour Goods', price: 2500, listPrice: 3000, tags: ['cotton', 'summer'] });
  assert.equal(tee.descEn, 'Soft cotton tee.\n• 100% cotton');
  assert.deepEqual(tee.options.map((o) => [o.name, o.nameContent.en, o.values.map((v) => v.value)]), [['size', 'Size', ['S', 'M L']], ['color', 'Color', ['Blue', 'Red']]]);
  assert.deepEqual(tee.stock.map((s) => [s.combination, s.sku, s.stock]), [
    ['color:Blue,size:S', 'HT-S-BLUE', 5], ['color:Red,size:S', 'HT-S-RED', 0], ['color:Blue,size:M L', 'harbour-tee-M-L-BLUE', 0], ['color:Red,size:M L', 'HT-ML-RED', 7],
  ]);
  assert.deepEqual(tee.images, [`${base}/tee-front.png`, `${base}/tee-back.png`, `${base}/tee-red.png`], 'by Image Position; a variant image once');
  assert.deepEqual({ sku: mug.sku, options: mug.options, stock: mug.stock, price: mug.price, descEn: mug.descEn }, { sku: 'enamel-mug', options: [], stock: [{ combination: '', sku: null, stock: 12 }], price: 1450, descEn: 'Camp mug & more' });
  assert.equal(htmlToText('a<br>b&#39;s &lt;c&gt;'), "a\nb's <c>");
});

test('imported: images fetched and stored as photos, English standing for Chinese, stock per combination; importing again updates in place', async () => {
  const { catalog } = readShopifyCsv(csv(exportRows()), 'CAD');
  const s = await importCatalog(d!, catalog, { imagesDir: null, dryRun: false });
  assert.deepEqual([s.productsAdded, s.productsUpdated, s.combinations, s.photosAdded], [2, 0, 5, 4]);
  const rows = (await d!.query(`SELECT id, sku, name_en, name_zh, desc_zh, category, price, list_price, images FROM products WHERE sku IN ('harbour-tee', 'enamel-mug') ORDER BY sku`)).rows;
  assert.deepEqual(rows.map((r) => [r.sku, r.name_zh, r.category, r.price, r.list_price]), [['enamel-mug', 'Enamel Mug', 'Kitchen', 1450, null], ['harbour-tee', 'Harbour Tee', 'T-Shirts', 2500, 3000]]);
  assert.equal(rows[1].desc_zh, 'Soft cotton tee.\n• 100% cotton');
  assert.equal(rows[1].images.length, 3);
  assert.ok(rows[1].images.every((n: string) => /^photo-[0-9a-f]{16}\.jpg$/.test(n)));
  const cat = (await d!.query(`SELECT name_zh FROM categories WHERE name = 'T-Shirts'`)).rows[0];
  assert.equal(cat.name_zh, 'T-Shirts', 'a new category shows its English name');

  // The operator names the tee in Chinese; a new export of the shop (still without Chinese) keeps that name.
  await d!.query(`UPDATE products SET name_zh = '海港T恤' WHERE sku = 'harbour-tee'`);
  await d!.query(`UPDATE categories SET name_zh = 'T恤' WHERE name = 'T-Shirts'`);
  const again = readShopifyCsv(csv(exportRows().map((r) => (r['Variant SKU'] === 'HT-ML-RED' ? { ...r, 'Variant Inventory Qty': '9' } : r))), 'CAD');
  const s2 = await importCatalog(d!, again.catalog, { imagesDir: null, dryRun: false });
  assert.deepEqual([s2.productsAdded, s2.productsUpdated, s2.photosAdded], [0, 2, 0]);
  const after = (await d!.query(`SELECT p.id, p.name_zh, c.name_zh AS cat_zh FROM products p JOIN categories c ON c.name = p.category WHERE p.sku = 'harbour-tee'`)).rows[0];
  assert.deepEqual([after.id, after.name_zh, after.cat_zh], [rows[1].id, '海港T恤', 'T恤']);
  const stock = (await d!.query(`SELECT stock FROM variants WHERE sku = 'HT-ML-RED'`)).rows[0];
  assert.equal(stock.stock, 9);
});

test('variants at different prices keep theirs: the product at its lowest, each variant read back at its own by the product page, the cart and an export', async () => {
  // The tee at 25.00 (struck 30.00) in S, 27.00 in M/L Blue and 28.50 (struck 32.00) in M/L Red; one at 25.00 without a
  // compare-at price is not struck through.
  const rows = exportRows().map((r) => ({ ...r, Handle: r.Handle === 'harbour-tee' ? 'priced-tee' : r.Handle,
    'Variant SKU': r['Variant SKU'] ? `P${r['Variant SKU']}` : r['Variant SKU'] }));
  rows[2] = { ...rows[2], 'Variant Price': '27.00' };
  rows[3] = { ...rows[3], 'Variant Price': '28.50', 'Variant Compare At Price': '32.00' };
  rows[1] = { ...rows[1], 'Variant Compare At Price': '' };
  const tee = readShopifyCsv(csv(rows.slice(0, 5)), 'CAD').catalog;
  assert.deepEqual([tee.products[0].price, tee.products[0].listPrice], [2500, 3000], 'the lowest variant price, struck through as that variant is');
  assert.deepEqual(tee.products[0].stock.map((x) => [x.combination, x.price ?? null, x.listPrice ?? null]), [
    ['color:Blue,size:S', null, null], ['color:Red,size:S', 2500, null], ['color:Blue,size:M L', 2700, null], ['color:Red,size:M L', 2850, 3200],
  ]);
  await importCatalog(d!, tee, { imagesDir: null, dryRun: false });
  const id = (await d!.query(`SELECT id FROM products WHERE sku = 'priced-tee'`)).rows[0].id;
  const stored = (await d!.query(`SELECT option_pair, price, list_price FROM variants WHERE product_id = $1 ORDER BY option_pair`, [id])).rows;
  assert.deepEqual(stored.map((r) => [r.option_pair, r.price, r.list_price]), [
    ['color:Blue,size:M L', 2700, null], ['color:Blue,size:S', null, null], ['color:Red,size:M L', 2850, 3200], ['color:Red,size:S', 2500, null],
  ]);
  // The storefront's read of the product's SKUs (productDetail's variants): each at its own price.
  const variants = await variantsOf(d!, id);
  assert.deepEqual(variants.map((v) => [v.optionPair, v.price, v.listPrice ?? null]), [
    ['color:Blue,size:M L', 2700, null], ['color:Blue,size:S', 2500, 3000], ['color:Red,size:M L', 2850, 3200], ['color:Red,size:S', 2500, null],
  ]);
  // Export and import again, as JSON and as CSV: the same prices, nothing changed.
  const exported = await exportCatalog(d!);
  for (const text of [writeCatalogJson(exported), writeCatalogCsv(exported)]) {
    const back = text.startsWith('{') ? readCatalogJson(text, 'CAD') : readCatalogCsv(text, 'CAD');
    const p = back.products.find((x) => x.sku === 'priced-tee')!;
    assert.deepEqual(p.stock.map((x) => [x.combination, x.price ?? null, x.listPrice ?? null]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))), [
      ['color:Blue,size:M L', 2700, null], ['color:Blue,size:S', null, null], ['color:Red,size:M L', 2850, 3200], ['color:Red,size:S', 2500, null],
    ]);
    await importCatalog(d!, back, { imagesDir: null, dryRun: false });
    const again = (await d!.query(`SELECT option_pair, price, list_price FROM variants WHERE product_id = $1 ORDER BY option_pair`, [id])).rows;
    assert.deepEqual(again, stored);
  }
  // A list price on a combination without its own price, or not above it, is refused with its line and field.
  assert.equal(await refusal(() => readCatalogJson(JSON.stringify({ format: 'istore-catalogue/1', currency: 'CAD', categories: [{ name: 'Kitchen' }],
    brands: [{ name: 'Harbour Goods' }], products: [{ sku: 'BAD-1', name: { en: 'Bowl' }, category: 'Kitchen', brand: 'Harbour Goods', price: '7.00',
      images: ['bowl.svg'], options: [{ name: 'size', label: { en: 'Size' }, values: [{ value: 'S', label: { en: 'Small' } }, { value: 'L', label: { en: 'Large' } }] }],
      stock: [{ combination: 'size:S', sku: 'BAD-1-S', stock: 1, listPrice: '9.00' }, { combination: 'size:L', sku: 'BAD-1-L', stock: 1, price: '9.00', listPrice: '8.00' }] }] }), 'CAD')), [
    "line 1, stock.listPrice: combination 'size:S': a list price goes with the combination's own price",
    "line 1, stock.listPrice: combination 'size:L': must be above its price (it is the price struck through)",
  ].join('\n'));
});

test('refused with line and column: a missing option value, images that are private, missing, not images or too slow', async () => {
  const rows = exportRows();
  rows[3] = { ...rows[3], 'Option2 Value': '' };
  const problems = await refusal(() => readShopifyCsv(csv(rows), 'CAD'));
  assert.equal(problems, [
    'line 5, Option2 Value: is required: harbour-tee has the option Color',
    "line 2, Option1 Value: missing: color:Red,size:M L (every combination of its options is listed with its stock)",
  ].join('\n'));
  assert.match(await refusal(() => readShopifyCsv('Title,Variant Price\nx,1\n', 'CAD')), /^line 1, header: missing column\(s\) Handle/);

  const mug = (src: string): Row[] => [{ ...exportRows()[5], 'Image Src': src }];
  const importing = (src: string) => refusal(() => importCatalog(d!, readShopifyCsv(csv(mug(src)), 'CAD').catalog, { imagesDir: null, dryRun: true }));
  assert.equal(await importing('http://10.1.2.3/mug.png'), "line 2, images: 'http://10.1.2.3/mug.png' is not fetched: 10.1.2.3 is a private address");
  assert.equal(await importing(`${base}/none.png`), `line 2, images: '${base}/none.png' answered HTTP 404`);
  assert.equal(await importing(`${base}/page.png`), `line 2, images: '${base}/page.png' is not a PNG, JPEG, GIF or WebP image`);
  assert.equal(await importing('ftp://example.com/mug.png'), "line 2, images: 'ftp://example.com/mug.png' is not an image file name");
  process.env.CATALOG_FETCH_ALLOW_LOOPBACK = '0';
  try {
    const port = new URL(base).port;
    assert.match(await importing(`http://localhost:${port}/mug.png`), new RegExp(`^line 2, images: 'http://localhost:${port}/mug.png' is not fetched: localhost is a loopback address \\((127\\.0\\.0\\.1|::1)\\)$`));
    assert.equal((await fetchImage(`${base}/mug.png`) as { refused: string }).refused, 'is not fetched: 127.0.0.1 is a loopback address');
  } finally {
    process.env.CATALOG_FETCH_ALLOW_LOOPBACK = '1';
  }
  assert.deepEqual(await fetchImage(`${base}/slow.png`, 300), { refused: 'did not arrive within 0.3 s' });
  for (const [ip, why] of [['192.168.1.5', 'a private address'], ['169.254.169.254', 'a link-local address'], ['::1', null], ['fd00::1', 'a private (unique-local) address'], ['8.8.8.8', null]] as const) {
    assert.equal(blockedAddress(ip, true), why, ip);
  }
  assert.equal(blockedAddress('::ffff:127.0.0.1', false), 'a loopback address');
});

test('in the store\'s own CSV and JSON too, Chinese is optional: the English stands for it', async () => {
  const row: Record<string, string> = { sku: 'ZH-LESS-1', name_en: 'Plain Mug', category: 'Kitchen', brand: 'Harbour Goods', price: '9.00',
    images: `${base}/mug.png`, options: 'size(Size)=S(Small)|L(Large/大号)' };
  const text = writeCsv([[...CSV_COLUMNS], CSV_COLUMNS.map((c) => row[c] ?? ''), ...['size:S', 'size:L'].map((pair, i) =>
    CSV_COLUMNS.map((c) => ({ sku: 'ZH-LESS-1', combination: pair, combination_sku: `ZH-LESS-1-${i}`, stock: '3' } as Record<string, string>)[c] ?? ''))]);
  const fromCsv = readCatalogCsv(text, 'CAD');
  assert.deepEqual(fromCsv.products[0].options[0].values.map((v) => v.label), [{ en: 'Small', zh: 'Small' }, { en: 'Large', zh: '大号' }]);
  assert.equal(fromCsv.products[0].nameZh, '');
  const json = readCatalogJson(JSON.stringify({ format: 'istore-catalogue/1', currency: 'CAD', categories: [{ name: 'Kitchen' }], brands: [{ name: 'Harbour Goods' }],
    products: [{ sku: 'ZH-LESS-2', name: { en: 'Plain Bowl' }, category: 'Kitchen', brand: 'Harbour Goods', price: '7.00', images: [`${base}/mug.png`], stock: 2 }] }), 'CAD');
  assert.equal(json.products[0].nameZh, '');
  await importCatalog(d!, fromCsv, { imagesDir: null, dryRun: false });
  await importCatalog(d!, json, { imagesDir: null, dryRun: false });
  const rows = (await d!.query(`SELECT sku, name_zh FROM products WHERE sku LIKE 'ZH-LESS-%' ORDER BY sku`)).rows;
  assert.deepEqual(rows.map((r) => [r.sku, r.name_zh]), [['ZH-LESS-1', 'Plain Mug'], ['ZH-LESS-2', 'Plain Bowl']]);
});

test('the CLI: --from shopify imports the export (dry run names what is left out), a bad --from is a usage error', async () => {
  await d!.close();
  d = null;
  const file = path.join(work, 'products_export_1.csv');
  fs.writeFileSync(file, csv(exportRows()));
  const dry = await cli('import', '--from', 'shopify', file, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /left out: winter-hat \(line 8\): its Status is draft/);
  assert.match(dry.stdout, /dry run, nothing changed: would add 0 product\(s\), update 2/);
  const bad = await cli('import', '--from', 'woocommerce', file);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--from takes shopify/);
});
