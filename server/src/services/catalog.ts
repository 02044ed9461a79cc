import type { Queryable } from '../db/index.ts';
import { notFound, badRequest } from '../lib/errors.ts';
import type { Brand, Category, DetailBlock, ListHeading, Product, Variant } from '../../../contract/catalog.ts';
import { MEMBER_DISCOUNT_SQL, memberUnitPrice, variantPricing } from './pricing.ts';
import { STORE_CURRENCY_SQL } from './storeCurrency.ts';
import { addOnsBeside } from '../catalog/addOnsBeside.ts';

const PRODUCT_COLUMNS = `SELECT p.id, p.name_en, p.name_zh, p.desc_en, p.desc_zh, p.category, c.name_en AS cat_en,
  c.name_zh AS cat_zh, p.brand, p.tags, p.clearance, p.price, p.list_price, ${STORE_CURRENCY_SQL} AS currency, p.images, p.options,
  p.product_type, p.created_at, p.member_price, ${MEMBER_DISCOUNT_SQL} AS member_discount,
  mp.duration AS plan_duration, mp.level_en AS plan_level_en, mp.level_zh AS plan_level_zh, mp.benefits AS plan_benefits,
  COALESCE((SELECT sum(v.stock) FROM variants v WHERE v.product_id = p.id), 0)::int AS stock`;
/** Products as toProduct() reads them, from `products p` or a subquery named p. */
const productSelect = (from: string) =>
  `${PRODUCT_COLUMNS} FROM ${from} JOIN categories c ON c.name = p.category LEFT JOIN membership_plans mp ON mp.product_id = p.id`;
export const PRODUCT_SELECT = productSelect('products p');

export function toProduct(r: any): Product {
  const memberPrice = memberUnitPrice({ price: r.price, memberPrice: r.member_price ?? null, productType: r.product_type }, r.member_discount ?? 0);
  const iso = r.created_at instanceof Date ? r.created_at.toISOString() : new Date(r.created_at).toISOString();
  return {
    id: String(r.id),
    name: r.name_en,
    nameContent: { en: r.name_en, zh: r.name_zh },
    description: r.desc_en,
    descriptionContent: { en: r.desc_en, zh: r.desc_zh },
    category: r.category,
    categoryContent: { en: r.cat_en, zh: r.cat_zh },
    brand: r.brand,
    tags: r.tags ?? [],
    clearance: !!r.clearance,
    price: r.price,
    ...(r.list_price != null ? { listPrice: r.list_price } : {}),
    currency: r.currency,
    images: r.images ?? [],
    stock: r.stock,
    soldOut: r.stock <= 0,
    options: r.options ?? [],
    productType: r.product_type,
    ...(memberPrice != null ? { memberPrice } : {}),
    ...(r.plan_duration
      ? { membershipPlan: { duration: r.plan_duration, level: { en: r.plan_level_en, zh: r.plan_level_zh }, benefits: r.plan_benefits ?? [] } }
      : {}),
    createdAt: iso,
  };
}

/** The catalogue's reads run often with the same text: prepared once per connection (db/index.ts), planned once. */
const PREPARED = { prepare: true } as const;

/** Parses a product id from a path/body: digits only, within int range; else 400. */
export function parseProductId(raw: unknown): number {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,9}$/.test(s)) throw badRequest(`Invalid product id '${String(raw).slice(0, 40)}'`);
  return Number(s);
}

export async function getProduct(q: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<Product> {
  const { rows } = await q.query(`${PRODUCT_SELECT} WHERE p.id = $1 AND p.record_status = 'ACTIVE'`, [id], PREPARED);
  if (!rows[0]) throw notFound(`Product ${id} not found`);
  void opts;
  return toProduct(rows[0]);
}

export interface ListFilter {
  categoryName?: string;
  brandName?: string;
  tagName?: string;
  clearance?: boolean;
  productType?: string;
  recordStatus?: string;
  search?: string;
  excludeId?: number;
  /** Add-ons for products of these categories: those tagged 'for:<one of them>', and those tagged for no category. */
  addOnsFor?: string[];
}

/** An add-on tagged 'for:coffee' is offered beside coffee only; one without a 'for:' tag beside anything. */
export const ADD_ON_FOR_PREFIX = 'for:';

/** Add-ons (tag 'addon') are offered beside other products, never listed in the catalogue, its counts or search. */
export const ADD_ON_TAG = 'addon';
export const NOT_AN_ADD_ON = `NOT p.tags @> '["${ADD_ON_TAG}"]'::jsonb`;

/**
 * What a (lower-case) term must find in a product's search_grams (migration 330) for the product to be read at all: its pairs of
 * neighbouring characters, or its one character. Characters are code points, as PostgreSQL's substr counts them.
 */
export function searchGrams(term: string): string[] {
  const chars = [...term];
  if (chars.length < 2) return chars;
  return [...new Set(chars.slice(1).map((c, i) => chars[i] + c))];
}

/** Words that say nothing on their own: dropped from a query of several words (a query of only these keeps them). */
const SEARCH_STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', '&', '+', '和', '的']);

/**
 * A search term's words (issue 42 n-11): lower case, split at spaces, each once, in the term's order; the stop words
 * dropped when another word remains. One word searches as the whole term always has; several words find the products
 * holding any of them, those holding the most first ("oolong tea" finds the oolong first, then the other teas).
 */
export function searchWords(term: string): string[] {
  const words = [...new Set(term.toLowerCase().split(/\s+/u).filter(Boolean))];
  const meaningful = words.filter((w) => !SEARCH_STOP_WORDS.has(w));
  return meaningful.length ? meaningful : words;
}

export function buildWhere(f: ListFilter): { where: string; params: unknown[]; rank?: string } {
  const conds: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    conds.push(sql.replace('?', `$${params.length}`));
  };
  if (f.categoryName && f.categoryName.toLowerCase() !== 'all') add('lower(p.category) = lower(?)', f.categoryName);
  if (f.brandName) add('lower(p.brand) = lower(?)', f.brandName);
  if (f.tagName) add('p.tags @> ?::jsonb', JSON.stringify([f.tagName.toLowerCase()]));
  if (f.tagName?.toLowerCase() !== ADD_ON_TAG) conds.push(NOT_AN_ADD_ON);
  if (f.clearance) conds.push('p.clearance');
  add('p.product_type = ?', (f.productType ?? 'PRODUCT').toUpperCase());
  // The spec's client sends recordStatus=ACTIVE; a shopper never lists withdrawn or draft products, whatever it asks.
  add('p.record_status = ?', 'ACTIVE');
  let rank: string | undefined;
  if (f.search) {
    // Migration 330: the GIN index narrows the products to those holding a word's characters, the stored search_doc
    // (all fields in one) to those holding the word, and each field decides. Several words: any of them (n-11), and
    // the rank (how many of them a product holds) puts those holding all first.
    const words = searchWords(f.search);
    const holds = words.map((word) => {
      params.push(searchGrams(word));
      const grams = `$${params.length}`;
      params.push(`%${word.replace(/[\\%_]/g, (m) => '\\' + m)}%`);
      const n = `$${params.length}`;
      const fields = `(lower(p.name_en) LIKE ${n} OR p.name_zh LIKE ${n} OR lower(p.brand) LIKE ${n} OR lower(p.tags::text) LIKE ${n} OR lower(p.category) LIKE ${n})`;
      return { match: `search_grams(p.search_doc) @> ${grams}::text[] AND p.search_doc LIKE ${n} AND ${fields}`, fields };
    });
    if (holds.length === 1) conds.push(holds[0].match);
    else {
      conds.push(`(${holds.map((h) => `(${h.match})`).join(' OR ')})`);
      rank = holds.map((h) => `${h.fields}::int`).join(' + ');
    }
  }
  if (f.excludeId) add('p.id <> ?', f.excludeId);
  if (f.addOnsFor) {
    add(`(EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.tags) t WHERE t = ANY(?::text[]))
      OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.tags) t WHERE t LIKE '${ADD_ON_FOR_PREFIX}%'))`,
      f.addOnsFor.map((category) => `${ADD_ON_FOR_PREFIX}${category.toLowerCase()}`));
  }
  return { where: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params, rank };
}

export const SORTS: Record<string, string> = {
  default: 'p.created_at DESC, p.id DESC',
  date: 'p.created_at DESC, p.id DESC',
  priceLowToHigh: 'p.price ASC, p.id ASC',
  priceHighToLow: 'p.price DESC, p.id ASC',
  name: 'lower(p.name_en) ASC, p.id ASC',
};

/**
 * How many products, first in a list's order, a search reads before it asks the index for every match. The index
 * (migration 330) finds a term few products hold at once, but a term that a fifth of the catalogue holds ("coffee")
 * would have it read and sort thousands of products for a page of 12, and PostgreSQL cannot tell the two apart: it
 * estimates a term's products from its character pairs as if they were independent, which they never are. So a search
 * first looks through the first SEARCH_WINDOW products in the list's order (an index walk); when they hold the whole
 * page, those are the first matches of all. Otherwise the term is rare enough for the index.
 */
export const SEARCH_WINDOW = 2000;

export async function listProducts(q: Queryable, f: ListFilter, sort: string, limit: number, offset: number): Promise<Product[]> {
  const { where, params, rank } = buildWhere(f);
  // Several words: those holding the most of them first, each rank in the list's order (n-11).
  const order = `${rank ? `${rank} DESC, ` : ''}${SORTS[sort] ?? SORTS.default}`;
  // A search is planned for its term (a plan made once for any term could not tell a rare one from a common one).
  const page = (from: string) => q.query(`${productSelect(from)} ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset], f.search ? undefined : PREPARED);
  // The window holds the first matches in the list's order, not the best ranked: a ranked search asks the index.
  if (f.search && !rank && offset + limit <= SEARCH_WINDOW) {
    const { rows } = await page(`(SELECT * FROM products p ORDER BY ${order} LIMIT ${SEARCH_WINDOW}) p`);
    if (rows.length === limit) return rows.map(toProduct);
  }
  const { rows } = await page('products p');
  return rows.map(toProduct);
}

/**
 * The add-ons (tag `tagName`) offered beside these products (addOnsBeside): none beside a membership alone, every one
 * when none of the products is found.
 */
export async function addOnsBesideProducts(q: Queryable, productIds: number[], tagName: string, limit: number, offset: number): Promise<Product[]> {
  const { rows } = productIds.length
    ? await q.query(`SELECT category, product_type, tags FROM products WHERE id = ANY($1::int[]) AND record_status = 'ACTIVE'`, [productIds])
    : { rows: [] };
  const offer = addOnsBeside(rows.map((r: any) => ({ category: r.category, productType: r.product_type, tags: r.tags ?? [] })), ADD_ON_TAG);
  if (offer.offer === 'none') return [];
  return listProducts(q, { tagName, ...(offer.offer === 'for' ? { addOnsFor: offer.categories } : {}) }, 'priceLowToHigh', limit, offset);
}

export async function countProducts(q: Queryable, f: ListFilter): Promise<number> {
  const { where, params } = buildWhere(f);
  const { rows } = await q.query(`SELECT count(*)::int AS n FROM products p ${where}`, params);
  return rows[0].n;
}

/**
 * Each option pair of a product with its stock and what it sells at (variantPricing: its own price, else the
 * product's; memberPrice as the product's, memberUnitPrice).
 */
export async function variantsOf(q: Queryable, productId: number): Promise<Variant[]> {
  const { rows } = await q.query(
    `SELECT v.option_pair, v.stock, v.price AS v_price, v.list_price AS v_list_price, p.price, p.list_price, p.member_price, p.product_type,
       ${MEMBER_DISCOUNT_SQL} AS member_discount
     FROM variants v JOIN products p ON p.id = v.product_id WHERE v.product_id = $1 ORDER BY v.option_pair`, [productId], PREPARED);
  return rows.map((r: any) => {
    const priced = variantPricing({ price: r.price, listPrice: r.list_price ?? null, memberPrice: r.member_price ?? null }, { price: r.v_price ?? null, listPrice: r.v_list_price ?? null });
    const memberPrice = memberUnitPrice({ price: priced.price, memberPrice: priced.memberPrice, productType: r.product_type }, r.member_discount ?? 0);
    return {
      optionPair: r.option_pair as string,
      available: r.stock as number,
      price: priced.price,
      ...(priced.listPrice != null ? { listPrice: priced.listPrice } : {}),
      ...(memberPrice != null ? { memberPrice } : {}),
    };
  });
}

/** Stock of one option pair (0 when the product has no such pair). */
export async function stockOf(q: Queryable, productId: number, optionPair: string): Promise<number> {
  const { rows } = await q.query('SELECT stock FROM variants WHERE product_id = $1 AND option_pair = $2', [productId, optionPair]);
  return rows[0]?.stock ?? 0;
}

/** Up to 8 other active products of the same category, newest first. */
export async function relatedProductIds(q: Queryable, product: Product): Promise<string[]> {
  const { rows } = await q.query(`SELECT id FROM products WHERE category = $1 AND id <> $2 AND record_status = 'ACTIVE' AND product_type = 'PRODUCT' ORDER BY created_at DESC LIMIT 8`,
    [product.category, Number(product.id)], PREPARED);
  return rows.map((r: any) => String(r.id));
}

const CATEGORIES_SQL = `SELECT c.name, c.name_en, c.name_zh, c.image,
  (SELECT count(*)::int FROM products p WHERE p.category = c.name AND p.record_status = 'ACTIVE' AND p.product_type = 'PRODUCT' AND ${NOT_AN_ADD_ON}) AS n FROM categories c`;
const toCategory = (r: any): Category => ({ name: r.name, nameContent: { en: r.name_en, zh: r.name_zh }, image: r.image ?? '', productCount: r.n });

export async function categories(q: Queryable): Promise<Category[]> {
  const { rows } = await q.query(`${CATEGORIES_SQL} ORDER BY c.sort, c.name`);
  return rows.map(toCategory);
}

/** The category of this name in any case, or null. */
export async function categoryNamed(q: Queryable, name: string): Promise<Category | null> {
  const { rows } = await q.query(`${CATEGORIES_SQL} WHERE lower(c.name) = lower($1)`, [name]);
  return rows[0] ? toCategory(rows[0]) : null;
}

export async function brands(q: Queryable): Promise<Brand[]> {
  // Counted as the brand's list counts them (listCount?brandName=): listed products only, not add-ons or memberships.
  const { rows } = await q.query(`SELECT b.name, b.name_zh, (SELECT count(*)::int FROM products p WHERE p.brand = b.name AND p.record_status = 'ACTIVE'
      AND p.product_type = 'PRODUCT' AND ${NOT_AN_ADD_ON}) AS n
    FROM brands b ORDER BY b.name`);
  return rows.map((r: any) => ({ name: r.name, nameContent: { en: r.name, zh: r.name_zh ?? r.name }, productCount: r.n }));
}

/**
 * The heading of a category or tag list: the operator's (list_headings) when there is one; otherwise a category is
 * headed by its own name and image, a tag by nothing (the client names it by the tag).
 */
export async function listHeading(q: Queryable, kind: 'category' | 'tag', name: string, fallback: { title: { en: string; zh: string } | null; banner: string | null }): Promise<ListHeading> {
  const { rows } = await q.query('SELECT * FROM list_headings WHERE kind = $1 AND name = lower($2)', [kind, name]);
  const r = rows[0];
  if (!r) return { title: fallback.title, blurb: null, banner: fallback.banner };
  return {
    title: { en: r.title_en, zh: r.title_zh },
    blurb: r.blurb_en || r.blurb_zh ? { en: r.blurb_en, zh: r.blurb_zh || r.blurb_en } : null,
    banner: r.banner ?? fallback.banner,
  };
}

/** A product's rich detail blocks, in order (none when it has no detail). */
export async function productDetailBlocks(q: Queryable, id: number): Promise<DetailBlock[]> {
  const { rows } = await q.query('SELECT blocks FROM product_details WHERE product_id = $1', [id], PREPARED);
  return rows[0]?.blocks ?? [];
}
