/**
 * The operator's catalogue in and out (npm run catalog; the demo store's own catalogue goes through the same import on a
 * fresh database). Import is an upsert by SKU in one transaction: a product whose SKU the store knows keeps its id (the
 * one its URLs, carts and orders use) and takes the file's fields; a new SKU becomes a new product. Products the file
 * does not name are left as they are. Any problem anywhere (a row, a field, a photo, a SKU another product holds) refuses
 * the whole file with every problem's line and field, and nothing changes. Stock is one number per product or option
 * combination (no per-store stock); an empty stock keeps what the store has.
 */
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from '../db/index.ts';
import { allOptionPairs } from '../lib/options.ts';
import { isImageName } from '../lib/svg.ts';
import { CatalogProblems, type Catalog, type CatalogProduct, type RowProblem } from './format.ts';
import { isPhotoName, PHOTO_MAX_BYTES, preparePhoto, type ResizedPhoto } from './images.ts';
import { fetchImage, isImageUrl } from './fetchImage.ts';
import { bumpCatalog } from '../services/catalogCache.ts';
import { storeCurrency } from '../services/storeCurrency.ts';

export interface ImportSummary {
  productsAdded: number;
  productsUpdated: number;
  combinations: number;
  categoriesAdded: number;
  brandsAdded: number;
  photosAdded: number;
  dryRun: boolean;
}

export interface PreparedCatalog {
  catalog: Catalog;
  /** resized photos of the files the catalogue names, each size */
  photos: ResizedPhoto[];
}

/**
 * A supplier's image file, read only if it is a regular file inside `dir` (security probe 2026-12-01 N7): a symlink
 * may point within the folder but never out of it (a hostile archive would publish any file the operator can read), and
 * a FIFO, device or folder is refused rather than read (a FIFO hung the import). The file is opened without following
 * a link and without blocking, then checked by its handle, so it cannot be swapped between the check and the read; its
 * size is capped before reading.
 */
export async function readImageFile(dir: string, name: string): Promise<{ data: Buffer } | { refused: string }> {
  const root = await fs.realpath(dir);
  const real = await fs.realpath(path.join(dir, name));
  if (path.relative(root, real).startsWith('..') || path.isAbsolute(path.relative(root, real))) {
    return { refused: `is a link to a file outside ${dir}` };
  }
  const handle = await fs.open(real, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
  try {
    const st = await handle.stat();
    if (!st.isFile()) return { refused: 'is not a regular file' };
    if (st.size > PHOTO_MAX_BYTES) return { refused: `is ${(st.size / 1048576).toFixed(1)} MB, more than ${PHOTO_MAX_BYTES / 1048576} MB` };
    return { data: await handle.readFile() };
  } finally {
    await handle.close();
  }
}

/**
 * Resolves each product image: a drawn demo image (name.svg) and an already stored photo (photo-<hash>.jpg) stay as
 * they are; an http(s) URL is fetched (fetchImage.ts); any other name is a file in `imagesDir`; each checked and
 * resized, and the product lists its stored name.
 */
export async function preparePhotos(catalog: Catalog, imagesDir: string | null): Promise<PreparedCatalog> {
  const problems: RowProblem[] = [];
  const byFile = new Map<string, Promise<{ photos: ResizedPhoto[] } | { refused: string }>>();
  const photos = new Map<string, ResizedPhoto>();
  const products: CatalogProduct[] = [];
  for (const p of catalog.products) {
    const images: string[] = [];
    for (const img of p.images) {
      if (isPhotoName(img) || (img.endsWith('.svg') && isImageName(img))) {
        images.push(img);
        continue;
      }
      if (isImageUrl(img)) {
        // An image named by URL is fetched (fetchImage.ts: no private address, a time limit, the size capped).
        if (!byFile.has(img)) byFile.set(img, fetchImage(img).then((got) => ('refused' in got ? got : preparePhoto(got.data))));
      } else if (!imagesDir) {
        problems.push({ line: p.line, field: 'images', message: `'${img}' is a file: give its folder with --images DIR` });
        continue;
      } else if (!byFile.has(img)) {
        byFile.set(img, readImageFile(imagesDir, img).then(
          (read) => ('refused' in read ? read : preparePhoto(read.data)),
          (e: NodeJS.ErrnoException) => ({ refused: e.code === 'ENOENT' ? `is not in ${imagesDir}` : `cannot be read: ${e.message}` }),
        ));
      }
      const result = await byFile.get(img)!;
      if ('refused' in result) problems.push({ line: p.line, field: 'images', message: `'${img}' ${result.refused}` });
      else {
        for (const photo of result.photos) photos.set(photo.name, photo);
        images.push(result.photos[0].name);
      }
    }
    // A choice's picture follows its image to the name it is stored under (a URL or a file becomes a photo's name).
    const stored = new Map(p.images.map((img, i) => [img, images[i]]));
    const options = p.options.map((o) => ({ ...o, values: o.values.map((v) => (v.image ? { ...v, image: stored.get(v.image) ?? v.image } : v)) }));
    products.push({ ...p, images, options });
  }
  if (problems.length) throw new CatalogProblems(problems);
  return { catalog: { ...catalog, products }, photos: [...photos.values()] };
}

export interface ApplyOptions {
  /** the demo seed's arrival times: how many hours ago the n-th new product was added (default: now) */
  createdHoursAgo?: (index: number) => number;
}

/** Writes a checked, prepared catalogue in the caller's transaction; throws CatalogProblems before writing anything. */
export async function applyCatalog(q: Queryable, { catalog, photos }: PreparedCatalog, opts: ApplyOptions = {}): Promise<Omit<ImportSummary, 'dryRun'>> {
  const problems: RowProblem[] = [];
  const currency = await storeCurrency(q);
  // Prices are minor units of the store currency: a file priced in another is refused, never converted.
  if (catalog.currency !== currency) problems.push({ line: 1, field: 'currency', message: `the store sells in ${currency}, and this file's prices are in ${catalog.currency}` });
  const skus = catalog.products.map((p) => p.sku);
  const { rows: known } = await q.query<{ id: number; sku: string; product_type: string }>(
    'SELECT id, sku, product_type FROM products WHERE sku = ANY($1::text[])', [skus]);
  const idOf = new Map(known.map((r) => [r.sku, r]));
  for (const p of catalog.products) {
    const row = idOf.get(p.sku);
    if (row && row.product_type !== 'PRODUCT') problems.push({ line: p.line, field: 'sku', message: `'${p.sku}' is a ${row.product_type.toLowerCase()} product, not the importer's` });
  }
  const combinationSkus = catalog.products.flatMap((p) => p.stock.map((s) => s.sku).filter((s): s is string => !!s));
  const { rows: taken } = await q.query<{ sku: string; product_id: number }>(
    'SELECT sku, product_id FROM variants WHERE sku = ANY($1::text[]) AND NOT (product_id = ANY($2::int[]))',
    [combinationSkus, known.map((r) => r.id)]);
  for (const t of taken) {
    const p = catalog.products.find((x) => x.stock.some((s) => s.sku === t.sku))!;
    problems.push({ line: p.line, field: 'combination_sku', message: `'${t.sku}' is the SKU of an option of product ${t.product_id}, which this file does not name` });
  }
  const named = catalog.products.flatMap((p) => p.images.filter(isPhotoName));
  const fresh = new Set(photos.map((x) => x.name));
  const { rows: stored } = await q.query<{ name: string }>('SELECT name FROM catalog_images WHERE name = ANY($1::text[])', [named]);
  const storedNames = new Set(stored.map((r) => r.name));
  for (const p of catalog.products) {
    for (const img of p.images) {
      if (isPhotoName(img) && !fresh.has(img) && !storedNames.has(img)) problems.push({ line: p.line, field: 'images', message: `'${img}' is not a photo this store has` });
    }
  }
  if (problems.length) throw new CatalogProblems(problems);

  let photosAdded = 0;
  for (const photo of photos) {
    const { rowCount } = await q.query(
      'INSERT INTO catalog_images (name, mime, width, height, bytes) VALUES ($1,$2,$3,$4,$5) ON CONFLICT (name) DO NOTHING',
      [photo.name, photo.mime, photo.width, photo.height, photo.bytes]);
    photosAdded += rowCount && photo.name.endsWith('-400.jpg') ? 0 : rowCount;
  }
  const { rows: sortRows } = await q.query<{ next: number }>('SELECT COALESCE(max(sort) + 1, 0)::int AS next FROM categories');
  let categoriesAdded = 0;
  for (const [i, c] of catalog.categories.entries()) {
    const { rows } = await q.query<{ added: boolean }>(
      `INSERT INTO categories (name, name_en, name_zh, image, sort) VALUES ($1,$1,COALESCE(NULLIF($2,''),$1),$3,$4)
       ON CONFLICT (name) DO UPDATE SET name_zh = COALESCE(NULLIF($2,''), categories.name_zh),
         image = CASE WHEN $5 THEN EXCLUDED.image ELSE categories.image END RETURNING (xmax = 0) AS added`,
      [c.name, c.nameZh, c.image ?? null, sortRows[0].next + i, c.image !== undefined]);
    if (rows[0].added) categoriesAdded++;
  }
  let brandsAdded = 0;
  for (const b of catalog.brands) {
    const { rows } = await q.query<{ added: boolean }>(
      `INSERT INTO brands (name, name_zh) VALUES ($1,COALESCE(NULLIF($2,''),$1))
       ON CONFLICT (name) DO UPDATE SET name_zh = COALESCE(NULLIF($2,''), brands.name_zh) RETURNING (xmax = 0) AS added`,
      [b.name, b.nameZh]);
    if (rows[0].added) brandsAdded++;
  }
  // combination SKUs may move between combinations (or products) of this file: free them all first
  if (known.length) await q.query('UPDATE variants SET sku = NULL WHERE product_id = ANY($1::int[])', [known.map((r) => r.id)]);
  let productsAdded = 0;
  let combinations = 0;
  for (const p of catalog.products) {
    const fields = [p.nameEn, p.nameZh, p.descEn, p.descZh, p.category, p.brand, JSON.stringify(p.tags), p.clearance, p.price,
      p.listPrice, p.memberPrice, catalog.currency, JSON.stringify(p.images), JSON.stringify(p.options)];
    let id = idOf.get(p.sku)?.id;
    if (id === undefined) {
      const { rows } = await q.query<{ id: number }>(
        `INSERT INTO products (name_en, name_zh, desc_en, desc_zh, category, brand, tags, clearance, price, list_price, member_price,
          currency, images, options, sku, created_at)
         VALUES ($1,COALESCE(NULLIF($2,''),$1),$3,COALESCE(NULLIF($4,''),$3),$5,$6,$7::jsonb,$8,$9,$10,$11,$12,$13::jsonb,$14::jsonb,$15,
           now() - make_interval(hours => $16::int)) RETURNING id`,
        [...fields, p.sku, opts.createdHoursAgo?.(productsAdded) ?? 0]);
      id = rows[0].id;
      productsAdded++;
    } else {
      await q.query(
        `UPDATE products SET name_en = $1, name_zh = COALESCE(NULLIF($2,''), name_zh), desc_en = $3, desc_zh = COALESCE(NULLIF($4,''), desc_zh), category = $5, brand = $6, tags = $7::jsonb,
          clearance = $8, price = $9, list_price = $10, member_price = $11, currency = $12, images = $13::jsonb, options = $14::jsonb
         WHERE id = $15`,
        [...fields, id]);
    }
    // the file lists every combination, in the order allOptionPairs gives them on export
    const pairs = allOptionPairs(p.options);
    for (const s of p.stock) {
      // A combination's price is the file's: its own, or none (its product's), whatever the store had.
      await q.query(
        `INSERT INTO variants (product_id, option_pair, stock, sku, price, list_price) VALUES ($1, $2, COALESCE($3::int, 0), $4, $5, $6)
         ON CONFLICT (product_id, option_pair) DO UPDATE SET sku = EXCLUDED.sku, stock = COALESCE($3::int, variants.stock),
           price = EXCLUDED.price, list_price = EXCLUDED.list_price`,
        [id, s.combination, s.stock, s.sku, s.price ?? null, s.price == null ? null : s.listPrice ?? null]);
      combinations++;
    }
    await q.query('DELETE FROM variants WHERE product_id = $1 AND NOT (option_pair = ANY($2::text[]))', [id, pairs]);
  }
  bumpCatalog();
  return { productsAdded, productsUpdated: catalog.products.length - productsAdded, combinations, categoriesAdded, brandsAdded, photosAdded };
}

class DryRun extends Error {
  constructor(readonly summary: Omit<ImportSummary, 'dryRun'>) {
    super('dry run');
  }
}

/** The CLI's import: photos prepared, then everything in one transaction; a dry run checks and counts, then rolls back. */
export async function importCatalog(db: Db, catalog: Catalog, opts: { imagesDir: string | null; dryRun: boolean }): Promise<ImportSummary> {
  const prepared = await preparePhotos(catalog, opts.imagesDir);
  try {
    const summary = await db.tx(async (q) => {
      const s = await applyCatalog(q, prepared);
      if (opts.dryRun) throw new DryRun(s);
      return s;
    });
    return { ...summary, dryRun: false };
  } catch (e) {
    if (e instanceof DryRun) return { ...e.summary, dryRun: true };
    throw e;
  }
}

/** The store's importable catalogue as a file model: every product with a SKU, every category and brand. */
export async function exportCatalog(q: Queryable): Promise<Catalog> {
  const [{ rows: categories }, { rows: brands }, { rows: products }, { rows: variants }] = await Promise.all([
    q.query('SELECT name, name_zh, image FROM categories ORDER BY sort, name'),
    q.query('SELECT name, name_zh FROM brands ORDER BY name'),
    q.query(`SELECT id, sku, name_en, name_zh, desc_en, desc_zh, category, brand, tags, clearance, price, list_price, member_price,
               currency, images, options FROM products WHERE sku IS NOT NULL AND product_type = 'PRODUCT' ORDER BY id`),
    q.query(`SELECT v.product_id, v.option_pair, v.sku, v.stock, v.price, v.list_price FROM variants v JOIN products p ON p.id = v.product_id
             WHERE p.sku IS NOT NULL AND p.product_type = 'PRODUCT'`),
  ]);
  const stockOf = new Map<string, { sku: string | null; stock: number; price: number | null; list_price: number | null }>(
    variants.map((v) => [`${v.product_id}|${v.option_pair}`, v]));
  return {
    currency: await storeCurrency(q),
    categories: categories.map((c) => ({ name: c.name, nameZh: c.name_zh, image: c.image })),
    brands: brands.map((b) => ({ name: b.name, nameZh: b.name_zh ?? '' })),
    products: products.map((p) => ({
      sku: p.sku, nameEn: p.name_en, nameZh: p.name_zh, descEn: p.desc_en, descZh: p.desc_zh, category: p.category, brand: p.brand,
      tags: p.tags, clearance: p.clearance, price: p.price, listPrice: p.list_price, memberPrice: p.member_price, images: p.images,
      options: p.options,
      stock: allOptionPairs(p.options).map((pair) => {
        const v = stockOf.get(`${p.id}|${pair}`);
        return { combination: pair, sku: pair ? v?.sku ?? null : null, stock: v?.stock ?? 0, price: pair ? v?.price ?? null : null, listPrice: pair ? v?.list_price ?? null : null };
      }),
      line: 0,
    })),
  };
}

/** A stored photo's bytes (the image route serves them), or null. */
export async function storedPhoto(q: Queryable, name: string): Promise<{ mime: string; bytes: Buffer } | null> {
  const { rows } = await q.query<{ mime: string; bytes: Uint8Array }>('SELECT mime, bytes FROM catalog_images WHERE name = $1', [name]);
  return rows[0] ? { mime: rows[0].mime, bytes: Buffer.from(rows[0].bytes) } : null;
}
