/**
 * The back office's products (issue 43; features/admin/products.ts): search; the owner's price change reaches the
 * storefront's product page, checked against the list and member prices as the importer checks them; a staff member
 * sets a combination's stock (the storefront shows it sold out) but may not change a price, a photo or the catalogue
 * file; a photo is checked as the catalogue importer checks it (type by its bytes, smallest side) and served resized; the
 * catalogue file goes out and back in through the importer (a dry run changes nothing, a bad row is refused by line).
 * Every change is in the activity with the staff member.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { priceRefusal, variantPriceRefusal } from '../src/features/admin/products.ts';
import { Staff } from './adminClient.ts';
import { deskOf, isError, ok, serverOnFreshDb } from './helpers.ts';

describe('priceRefusal (the importer\'s price rules)', () => {
  // [price, listPrice, memberPrice, refused?]
  const TABLE: [number, number | null, number | null, RegExp | null][] = [
    [1000, null, null, null],
    [1000, 1200, null, null],
    [1200, 1200, null, /below the list price 1200/],
    [1300, 1200, null, /below the list price 1200/],
    [1000, null, 900, null],
    [1000, null, 1000, null],
    [800, null, 900, /at least the member price 900/],
    [0, null, null, null],
  ];
  for (const [price, list, member, refused] of TABLE) {
    test(`${price} beside list ${list} and member ${member}: ${refused ? 'refused' : 'accepted'}`, () => {
      const why = priceRefusal(price, list, member);
      if (refused) assert.match(why ?? '', refused);
      else assert.equal(why, null);
    });
  }
});

describe('variantPriceRefusal (the importer\'s rules for a combination\'s own prices)', () => {
  // [price, listPrice, refused?]
  const TABLE: [number | null, number | null, RegExp | null][] = [
    [null, null, null],
    [1999, null, null],
    [1999, 2499, null],
    [1999, 1999, /must be above the price 1999/],
    [null, 2499, /goes with the combination's own price/],
  ];
  for (const [price, list, refused] of TABLE) {
    test(`${price} and list ${list}: ${refused ? 'refused' : 'accepted'}`, () => {
      const why = variantPriceRefusal(price, list);
      if (refused) assert.match(why ?? '', refused);
      else assert.equal(why, null);
    });
  }
});

const OWNER = 'owner@shop.example';
const CLERK = 'clerk@shop.example';
const PASSWORD = 'counter-password-1';

const { db, srv } = serverOnFreshDb();
const client = async (p: string) => {
  const r = await fetch(`${srv.base}/api/istore/client${p}`);
  return { status: r.status, type: r.headers.get('content-type') ?? '', body: r.headers.get('content-type')?.includes('json') ? await r.json() : Buffer.from(await r.arrayBuffer()) };
};

let owner: Staff;
let clerk: Staff;
async function staffOnce() {
  if (owner) return;
  const file = path.join(db.dataDir, 'pw-products');
  fs.writeFileSync(file, `${PASSWORD}\n`);
  for (const [email, role] of [[OWNER, 'owner'], [CLERK, 'staff']]) {
    const r = await deskOf(srv, 'staff')('add', email, '--role', role, '--password-file', file);
    assert.equal(r.code, 0, r.stderr);
  }
  owner = new Staff(srv.base);
  ok(await owner.signIn(OWNER, PASSWORD));
  clerk = new Staff(srv.base);
  ok(await clerk.signIn(CLERK, PASSWORD));
}

/** A demo product with options and no list or member price. */
async function productWithOptions(): Promise<{ id: number; name: string }> {
  const { rows } = await srv.app.db.query(
    `SELECT id, name_en FROM products WHERE product_type = 'PRODUCT' AND record_status = 'ACTIVE' AND jsonb_array_length(options) > 0
       AND list_price IS NULL AND member_price IS NULL AND sku IS NOT NULL ORDER BY id LIMIT 1`);
  assert.ok(rows[0], 'the demo catalogue has a product with options');
  return { id: rows[0].id, name: rows[0].name_en };
}

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();

describe('products in the back office', () => {
  test('search by name, SKU and id, for staff too', async () => {
    await staffOnce();
    const p = await productWithOptions();
    const byName = ok(await clerk.get(`/products?q=${encodeURIComponent(p.name.slice(0, 6))}`));
    assert.ok(byName.items.some((x: any) => x.id === String(p.id)), 'found by a part of its name');
    assert.ok(byName.total >= byName.items.length);
    const byId = ok(await owner.get(`/products?q=${p.id}`));
    assert.ok(byId.items.some((x: any) => x.id === String(p.id)));
    assert.deepEqual(ok(await owner.get('/products?q=%25%25no-such-thing')).items, [], 'a % is a character, not a wildcard');
    isError(await new Staff(srv.base).get('/products'), 401);
    isError(await owner.get('/products/999999'), 404);
  });

  test('the owner changes a price: the storefront\'s product page follows; refused beside a list price; staff may not (403)', async () => {
    await staffOnce();
    const p = await productWithOptions();
    const before = ok(await owner.get(`/products/${p.id}`));
    const price = before.price + 123;
    const after = ok(await owner.req('PUT', `/products/${p.id}/price`, { price }));
    assert.equal(after.price, price);
    const detail = await client(`/productDetailManagement/productDetail/${p.id}`);
    assert.equal(detail.body.product.price, price, 'the storefront shows the new price');
    isError(await clerk.req('PUT', `/products/${p.id}/price`, { price: 1 }), 403);
    isError(await owner.req('PUT', `/products/${p.id}/price`, { price: -5 }), 400);
    const act = ok(await owner.get('/activity?limit=10'));
    const line = act.items.find((a: any) => a.action === 'product.price' && a.subject === String(p.id));
    assert.equal(line?.actor, OWNER);
    assert.match(line.detail, new RegExp(`from: ${before.price}\\b`));
    assert.match(line.detail, new RegExp(`to: ${price}\\b`));

    await srv.app.db.query('UPDATE products SET list_price = $2 WHERE id = $1', [p.id, price + 100]);
    const refused = isError(await owner.req('PUT', `/products/${p.id}/price`, { price: price + 100 }), 400);
    assert.match(refused.message, /^price: must be below the list price/);
    await srv.app.db.query('UPDATE products SET list_price = NULL WHERE id = $1', [p.id]);
  });

  test('a staff member sets one combination\'s stock to 0: the storefront shows that option sold out; recorded with them', async () => {
    await staffOnce();
    const p = await productWithOptions();
    const page = ok(await clerk.get(`/products/${p.id}`));
    assert.ok(page.variants.length > 1, 'one row per option combination');
    const v = page.variants.find((x: any) => x.stock > 0);
    assert.ok(v, 'a combination in stock');
    assert.ok(v.label.en, 'a combination is labelled as shoppers read it');
    const after = ok(await clerk.req('PUT', `/products/${p.id}/stock`, { combination: v.combination, stock: 0 }));
    assert.equal(after.variants.find((x: any) => x.combination === v.combination).stock, 0);
    const detail = await client(`/productDetailManagement/productDetail/${p.id}`);
    assert.equal(detail.body.variants.find((x: any) => x.optionPair === v.combination).available, 0, 'the storefront: sold out');
    const act = ok(await owner.get('/activity?limit=10'));
    const line = act.items.find((a: any) => a.action === 'product.stock' && a.actor === CLERK && a.subject === String(p.id));
    assert.ok(line, JSON.stringify(act.items.slice(0, 3)));
    assert.match(line.detail, new RegExp(`from: ${v.stock}\\b`), 'the stock before, as it was');
    isError(await clerk.req('PUT', `/products/${p.id}/stock`, { combination: 'colour:Plaid', stock: 3 }), 400);
    isError(await clerk.req('PUT', `/products/${p.id}/stock`, { combination: v.combination, stock: -1 }), 400);
    ok(await clerk.req('PUT', `/products/${p.id}/stock`, { combination: v.combination, stock: v.stock }));
  });

  test('the owner gives one combination its own price: the storefront sells it at that price, the others as they were; back to the product\'s with null', async () => {
    await staffOnce();
    const p = await productWithOptions();
    const page = ok(await owner.get(`/products/${p.id}`));
    const v = page.variants[1];
    const others = page.variants.filter((x: any) => x.combination !== v.combination);
    isError(await clerk.req('PUT', `/products/${p.id}/variant-price`, { combination: v.combination, price: 2222, listPrice: null }), 403);
    const after = ok(await owner.req('PUT', `/products/${p.id}/variant-price`, { combination: v.combination, price: 2222, listPrice: 2599 }));
    assert.deepEqual([after.variants[1].price, after.variants[1].listPrice], [2222, 2599]);
    let detail = await client(`/productDetailManagement/productDetail/${p.id}`);
    const sold = detail.body.variants.find((x: any) => x.optionPair === v.combination);
    assert.deepEqual([sold.price, sold.listPrice], [2222, 2599], 'the storefront sells that combination at its own price');
    for (const o of others) assert.equal(detail.body.variants.find((x: any) => x.optionPair === o.combination).price, o.price ?? page.price, 'the others as they were');
    const refused = isError(await owner.req('PUT', `/products/${p.id}/variant-price`, { combination: v.combination, price: 2222, listPrice: 2000 }), 400);
    assert.match(refused.message, /^price: the list price 2000 must be above the price 2222/);
    isError(await owner.req('PUT', `/products/${p.id}/variant-price`, { combination: 'grind:Gravel', price: 1, listPrice: null }), 400);
    const act = ok(await owner.get('/activity?limit=5'));
    assert.ok(act.items.some((a: any) => a.action === 'product.variantPrice' && a.actor === OWNER && a.detail.includes('to: 2222')));
    ok(await owner.req('PUT', `/products/${p.id}/variant-price`, { combination: v.combination, price: null, listPrice: null }));
    detail = await client(`/productDetailManagement/productDetail/${p.id}`);
    assert.equal(detail.body.variants.find((x: any) => x.optionPair === v.combination).price, page.price, 'back at the product\'s price');
    ok(await owner.req('PUT', `/products/${p.id}/variant-price`, { combination: v.combination, price: v.price, listPrice: v.listPrice }));
  });

  test('a photo is checked as the importer checks it, stored in both sizes, shown on the storefront; staff may not upload', async () => {
    await staffOnce();
    const p = await productWithOptions();
    const data = (await png(900, 600)).toString('base64');
    isError(await clerk.post(`/products/${p.id}/photos`, { data }), 403);
    const after = ok(await owner.post(`/products/${p.id}/photos`, { data }));
    const name = after.images.at(-1);
    assert.match(name, /^photo-[0-9a-f]{16}\.jpg$/);
    const big = await client(`/common3/image/${name}`);
    assert.equal(big.status, 200);
    assert.match(big.type, /image\/jpeg/);
    assert.equal((await sharp(big.body as Buffer).metadata()).width, 800, 'resized to the product page\'s 800 px');
    assert.equal((await client(`/common3/image/${name.replace('.jpg', '-400.jpg')}`)).status, 200, 'and the cards\' 400 px');
    const detail = await client(`/productDetailManagement/productDetail/${p.id}`);
    assert.ok(JSON.stringify(detail.body.product).includes(name), 'the storefront lists the photo');
    assert.equal(ok(await owner.post(`/products/${p.id}/photos`, { data })).images.filter((x: string) => x === name).length, 1, 'the same photo twice is one');

    const small = isError(await owner.post(`/products/${p.id}/photos`, { data: (await png(300, 300)).toString('base64') }), 400);
    assert.match(small.message, /^photo: is 300×300 px; photos are at least 400 px each way$/);
    const text = isError(await owner.post(`/products/${p.id}/photos`, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') }), 400);
    assert.match(text.message, /^photo: is not a PNG, JPEG, GIF or WebP image$/);
    isError(await owner.post(`/products/${p.id}/photos`, { data: 'not base64!' }), 400);

    const kept = after.images.filter((x: string) => x !== name);
    assert.deepEqual(ok(await owner.req('PUT', `/products/${p.id}/photos`, { images: kept })).images, kept, 'removed');
    isError(await owner.req('PUT', `/products/${p.id}/photos`, { images: ['photo-0000000000000000.jpg'] }), 400);
    const act = ok(await owner.get('/activity?limit=20'));
    assert.ok(act.items.some((a: any) => a.action === 'product.photo' && a.actor === OWNER && a.detail.includes(name)));
  });

  test('the catalogue file: exported, imported back (a dry run changes nothing), a bad row refused by its line; owner only', async () => {
    await staffOnce();
    isError(await clerk.get('/products/export?format=csv'), 403);
    isError(await clerk.post('/products/import', { format: 'csv', text: 'x', dryRun: true }), 403);
    const csv = ok(await owner.get('/products/export?format=csv'));
    assert.equal(csv.name, 'catalogue.csv');
    assert.match(csv.text.split('\n')[0], /^sku,/);
    const json = ok(await owner.get('/products/export?format=json'));
    const products = JSON.parse(json.text).products.length;
    assert.ok(products > 0);

    const dry = ok(await owner.post('/products/import', { format: 'json', text: json.text, dryRun: true }));
    assert.deepEqual([dry.dryRun, dry.productsAdded, dry.productsUpdated], [true, 0, products]);
    const doc = JSON.parse(json.text);
    doc.products[0].name.en = 'Renamed by the import';
    const done = ok(await owner.post('/products/import', { format: 'json', text: JSON.stringify(doc), dryRun: false }));
    assert.deepEqual([done.dryRun, done.productsUpdated], [false, products]);
    const { rows } = await srv.app.db.query('SELECT name_en FROM products WHERE sku = $1', [doc.products[0].sku]);
    assert.equal(rows[0].name_en, 'Renamed by the import');
    const act = ok(await owner.get('/activity?limit=5'));
    assert.ok(act.items.some((a: any) => a.action === 'catalog.import' && a.actor === OWNER));

    doc.products[1].price = -1;
    const bad = isError(await owner.post('/products/import', { format: 'json', text: JSON.stringify(doc), dryRun: false }), 400);
    assert.ok(bad.errors.every((e: string) => /^line \d+, /.test(e)), JSON.stringify(bad.errors));
    assert.ok(bad.errors.some((e: string) => /price/.test(e)), JSON.stringify(bad.errors));
  });
});
