/**
 * The back office's products (issue 43): search and a product's page for every staff member; stock per option
 * combination for staff and owner (stock.edit, through the stock CLI's own setStockIn, so the restock worker writes to
 * whoever waits); the price, photos and the catalogue file for the owner (catalog.edit). Photos pass the catalogue
 * importer's checks (catalog/images.ts preparePhoto: type by its bytes, size, pixels, smallest side) and are stored and
 * resized as it stores them; the catalogue file goes out and in through the importer's own export and import. Every
 * change is recorded in the activity with the staff member, and the catalogue's cache is bumped so the storefront
 * follows at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { allOptionPairs, normalizeOptionPair, optionLabels } from '../../lib/options.ts';
import { bumpCatalog } from '../../services/catalogCache.ts';
import { setStockIn } from '../../services/restock.ts';
import { storeCurrency } from '../../services/storeCurrency.ts';
import { shopMissing } from '../../shop/apply.ts';
import { readCatalog, writeCatalogCsv, writeCatalogJson } from '../../catalog/format.ts';
import { applyCatalog, exportCatalog, preparePhotos } from '../../catalog/import.ts';
import { isPhotoName } from '../../catalog/images.ts';
import { checkedPhoto, storePhotos } from './photos.ts';
import type { ProductOption } from '../../../../contract/catalog.ts';
import {
  AdminCatalogExportQuery, AdminCatalogFile, AdminCatalogImportBody, AdminCatalogImported, AdminPhotoBody, AdminPhotosBody, AdminPriceBody,
  AdminProduct, AdminProductId, AdminProductList, AdminProductQuery, AdminStockBody, AdminVariantPriceBody,
} from '../../../../contract/adminProducts.ts';
import { recordActivity, type StaffMember } from './service.ts';

/** Why a price cannot be the product's beside its list and member prices (the catalogue importer's rules, format.ts), or null. */
export function priceRefusal(price: number, listPrice: number | null, memberPrice: number | null): string | null {
  if (listPrice !== null && listPrice <= price) return `must be below the list price ${listPrice} (the price struck through)`;
  if (memberPrice !== null && memberPrice > price) return `must be at least the member price ${memberPrice}`;
  return null;
}

/** Why a combination cannot have this price and list price of its own (the importer's rules, format.ts), or null. */
export function variantPriceRefusal(price: number | null, listPrice: number | null): string | null {
  if (price === null && listPrice !== null) return 'a list price goes with the combination\'s own price';
  if (price !== null && listPrice !== null && listPrice <= price) return `the list price ${listPrice} must be above the price ${price} (it is the price struck through)`;
  return null;
}

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchProducts(q: Queryable, query: AdminProductQuery): Promise<AdminProductList> {
  const text = (query.q ?? '').trim();
  const where = `p.product_type = 'PRODUCT' AND p.record_status = 'ACTIVE'
    AND ($1 = '' OR p.name_en ILIKE $2 OR p.name_zh ILIKE $2 OR p.sku ILIKE $2 OR p.id::text = $1)`;
  const args = [text, likeText(text)];
  const [{ rows }, { rows: [{ n }] }] = await Promise.all([
    q.query(`SELECT p.id, p.sku, p.name_en, p.name_zh, p.price, p.currency, p.images,
               COALESCE((SELECT sum(v.stock) FROM variants v WHERE v.product_id = p.id), 0)::int AS stock,
               (SELECT count(*) FROM variants v WHERE v.product_id = p.id AND v.stock <= 0)::int AS sold_out
             FROM products p WHERE ${where} ORDER BY p.name_en, p.id LIMIT $3 OFFSET $4`, [...args, query.limit ?? 20, query.offset ?? 0]),
    q.query(`SELECT count(*)::int AS n FROM products p WHERE ${where}`, args),
  ]);
  return {
    total: n,
    items: rows.map((r: any) => ({
      id: String(r.id), sku: r.sku, name: { en: r.name_en, zh: r.name_zh }, price: r.price, currency: r.currency,
      image: (r.images as string[])[0] ?? null, stock: r.stock, soldOut: r.sold_out,
    })),
  };
}

async function productRow(q: Queryable, id: number, lock = false) {
  const { rows } = await q.query(
    `SELECT * FROM products WHERE id = $1 AND product_type = 'PRODUCT' AND record_status = 'ACTIVE'${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound(`Product ${id} not found`);
  return rows[0];
}

export async function productPage(q: Queryable, id: number): Promise<AdminProduct> {
  const p = await productRow(q, id);
  const options = p.options as ProductOption[];
  const { rows: variants } = await q.query('SELECT option_pair, sku, stock, price, list_price FROM variants WHERE product_id = $1', [id]);
  const of = new Map(variants.map((v: any) => [v.option_pair, v]));
  return {
    id: String(p.id), sku: p.sku, name: { en: p.name_en, zh: p.name_zh }, category: p.category, brand: p.brand,
    price: p.price, listPrice: p.list_price, currency: p.currency, images: p.images,
    variants: allOptionPairs(options).map((pair) => {
      const labels = optionLabels(pair, options);
      const v = of.get(pair);
      return {
        combination: pair, sku: v?.sku ?? null, stock: v?.stock ?? 0, price: v?.price ?? null, listPrice: v?.list_price ?? null,
        label: { en: labels.map((l) => l.en).join(', '), zh: labels.map((l) => l.zh || l.en).join(', ') },
      };
    }),
  };
}

export async function setPrice(db: Db, staff: StaffMember, id: number, price: number): Promise<AdminProduct> {
  const page = await db.tx(async (q) => {
    const p = await productRow(q, id, true);
    const why = priceRefusal(price, p.list_price, p.member_price);
    if (why) throw badRequest(`price: ${why}`);
    if (p.price !== price) {
      await q.query('UPDATE products SET price = $2 WHERE id = $1', [id, price]);
      await recordActivity(q, staff, 'product.price', String(id), { from: p.price, to: price });
    }
    return productPage(q, id);
  });
  bumpCatalog();
  return page;
}

/** Sets one combination's own price and list price (null: the product's), as a catalogue import would. */
export async function setVariantPrice(db: Db, staff: StaffMember, id: number, combination: string, price: number | null, listPrice: number | null): Promise<AdminProduct> {
  const why = variantPriceRefusal(price, listPrice);
  if (why) throw badRequest(`price: ${why}`);
  const page = await db.tx(async (q) => {
    const p = await productRow(q, id, true);
    const options = p.options as ProductOption[];
    if (!options.length) throw badRequest('combination: a product without options has its price on the product');
    const pair = normalizeOptionPair(combination, options);
    const { rows } = await q.query('SELECT price, list_price FROM variants WHERE product_id = $1 AND option_pair = $2 FOR UPDATE', [id, pair]);
    const before = rows[0] ?? { price: null, list_price: null };
    if (before.price !== price || before.list_price !== listPrice) {
      await q.query(`INSERT INTO variants (product_id, option_pair, stock, price, list_price) VALUES ($1, $2, 0, $3, $4)
        ON CONFLICT (product_id, option_pair) DO UPDATE SET price = EXCLUDED.price, list_price = EXCLUDED.list_price`, [id, pair, price, listPrice]);
      await recordActivity(q, staff, 'product.variantPrice', String(id), { combination: pair, from: before.price, to: price, listPrice });
    }
    return productPage(q, id);
  });
  bumpCatalog();
  return page;
}

export async function setCombinationStock(db: Db, staff: StaffMember, id: number, combination: string, stock: number): Promise<AdminProduct> {
  const page = await db.tx(async (q) => {
    await productRow(q, id);
    const { optionPair, before } = await setStockIn(q, id, combination, stock);
    if (before !== stock) await recordActivity(q, staff, 'product.stock', String(id), { combination: optionPair || '-', from: before, to: stock });
    return productPage(q, id);
  });
  bumpCatalog(); // again after the commit: a storefront read between setStockIn's bump and the commit saw the old stock
  return page;
}

/** Checks and stores an uploaded photo (both sizes, named by its hash) and adds it to the product's photos, last. */
export async function addPhoto(db: Db, staff: StaffMember, id: number, base64: string): Promise<AdminProduct> {
  await productRow(db, id);
  const photos = await checkedPhoto(base64);
  const name = photos[0].name;
  const page = await db.tx(async (q) => {
    const p = await productRow(q, id, true);
    await storePhotos(q, photos);
    const images = p.images as string[];
    if (!images.includes(name)) {
      await q.query('UPDATE products SET images = $2::jsonb WHERE id = $1', [id, JSON.stringify([...images, name])]);
      await recordActivity(q, staff, 'product.photo', String(id), { added: name });
    }
    return productPage(q, id);
  });
  bumpCatalog();
  return page;
}

/** Sets the product's photos to `images`, in order: only names it has now (a photo is removed or moved, never invented). */
export async function setPhotos(db: Db, staff: StaffMember, id: number, images: string[]): Promise<AdminProduct> {
  const page = await db.tx(async (q) => {
    const p = await productRow(q, id, true);
    const have = p.images as string[];
    const unknown = images.filter((x) => !have.includes(x));
    if (unknown.length) throw badRequest(`images: ${unknown.map((x) => `'${x.slice(0, 100)}'`).join(', ')} is not a photo of this product`);
    if (new Set(images).size !== images.length) throw badRequest('images: a photo is listed twice');
    if (JSON.stringify(images) !== JSON.stringify(have)) {
      await q.query('UPDATE products SET images = $2::jsonb WHERE id = $1', [id, JSON.stringify(images)]);
      await recordActivity(q, staff, 'product.photos', String(id), { removed: have.filter((x) => !images.includes(x)), order: images.filter(isPhotoName).length });
    }
    return productPage(q, id);
  });
  bumpCatalog();
  return page;
}

export async function catalogFile(q: Queryable, format: 'csv' | 'json'): Promise<AdminCatalogFile> {
  const catalog = await exportCatalog(q);
  return { format, name: `catalogue.${format}`, text: format === 'csv' ? writeCatalogCsv(catalog) : writeCatalogJson(catalog) };
}

class DryRun extends Error {
  constructor(readonly summary: Omit<AdminCatalogImported, 'dryRun'>) {
    super('dry run');
  }
}

/**
 * Imports a catalogue file as `npm run catalog -- import` does (checked whole: every problem as `line N, field: why`,
 * nothing applied on any); its images are URLs (fetched with the importer's limits) or photos the store has: a file name
 * needs the CLI's --images folder, which an upload has not.
 */
export async function importCatalogFile(db: Db, staff: StaffMember, body: AdminCatalogImportBody): Promise<AdminCatalogImported> {
  const missing = await shopMissing(db);
  if (missing) throw badRequest(missing);
  const catalog = readCatalog(body.text, body.format, await storeCurrency(db));
  const prepared = await preparePhotos(catalog, null);
  try {
    const summary = await db.tx(async (q) => {
      const s = await applyCatalog(q, prepared);
      if (body.dryRun) throw new DryRun(s);
      await recordActivity(q, staff, 'catalog.import', `${catalog.products.length} products`, { ...s, format: body.format });
      return s;
    });
    return { ...summary, dryRun: false };
  } catch (e) {
    if (e instanceof DryRun) return { ...e.summary, dryRun: true };
    throw e;
  }
}

/** The product routes, registered inside the admin API (routes.ts). */
export function productRoutes(app: FastifyInstance) {
  const read = { permission: 'orders.read' as const };
  const stock = { permission: 'stock.edit' as const };
  const owner = { permission: 'catalog.edit' as const };
  app.get<{ Querystring: AdminProductQuery }>('/products', { config: read, schema: { summary: 'Search the products by name, SKU or id', querystring: AdminProductQuery, response: { 200: AdminProductList } } },
    async (req) => searchProducts(app.db, req.query));

  app.get<{ Querystring: AdminCatalogExportQuery }>('/products/export', { config: owner, schema: { summary: 'The catalogue file, as `npm run catalog -- export` writes it (owner)', querystring: AdminCatalogExportQuery, response: { 200: AdminCatalogFile } } },
    async (req) => catalogFile(app.db, req.query.format));

  app.post<{ Body: AdminCatalogImportBody }>('/products/import',
    { config: owner, bodyLimit: 14 * 1024 * 1024, schema: { summary: 'Import a catalogue file through the importer: checked whole, every problem by line and field; a dry run changes nothing (owner)', body: AdminCatalogImportBody, response: { 200: AdminCatalogImported } } },
    async (req) => importCatalogFile(app.db, req.staff!, req.body));

  app.get<{ Params: AdminProductId }>('/products/:id', { config: read, schema: { summary: "A product: its price, photos and each option combination's stock", params: AdminProductId, response: { 200: AdminProduct } } },
    async (req) => productPage(app.db, Number(req.params.id)));

  app.put<{ Params: AdminProductId; Body: AdminPriceBody }>('/products/:id/price',
    { config: owner, schema: { summary: "Set the product's price, in minor units (owner)", params: AdminProductId, body: AdminPriceBody, response: { 200: AdminProduct } } },
    async (req) => setPrice(app.db, req.staff!, Number(req.params.id), req.body.price));

  app.put<{ Params: AdminProductId; Body: AdminVariantPriceBody }>('/products/:id/variant-price',
    { config: owner, schema: { summary: "Set one option combination's own price and list price (null: the product's) (owner)", params: AdminProductId, body: AdminVariantPriceBody, response: { 200: AdminProduct } } },
    async (req) => setVariantPrice(app.db, req.staff!, Number(req.params.id), req.body.combination, req.body.price, req.body.listPrice));

  app.put<{ Params: AdminProductId; Body: AdminStockBody }>('/products/:id/stock',
    { config: stock, schema: { summary: "Set one option combination's stock (shoppers waiting for it are told when it comes back)", params: AdminProductId, body: AdminStockBody, response: { 200: AdminProduct } } },
    async (req) => setCombinationStock(app.db, req.staff!, Number(req.params.id), req.body.combination, req.body.stock));

  app.post<{ Params: AdminProductId; Body: AdminPhotoBody }>('/products/:id/photos',
    { config: owner, bodyLimit: 28 * 1024 * 1024, schema: { summary: "Upload a photo: checked and resized as the catalogue importer does, added last to the product's photos (owner)", params: AdminProductId, body: AdminPhotoBody, response: { 200: AdminProduct } } },
    async (req) => addPhoto(app.db, req.staff!, Number(req.params.id), req.body.data));

  app.put<{ Params: AdminProductId; Body: AdminPhotosBody }>('/products/:id/photos',
    { config: owner, schema: { summary: "Reorder or remove the product's photos (owner)", params: AdminProductId, body: AdminPhotosBody, response: { 200: AdminProduct } } },
    async (req) => setPhotos(app.db, req.staff!, Number(req.params.id), req.body.images));
}
