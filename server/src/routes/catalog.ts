/** Products, categories, brands, tags, search, add-ons, inventory (client: src/api/catalog.ts). */
import type { FastifyInstance } from 'fastify';
import { Type, obj, ProductSchema, Paging, Bilingual, AnyObject } from '../lib/schemas.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { normalizeOptionPair } from '../lib/options.ts';
import { cachedCatalog } from '../services/catalogCache.ts';
import { countProducts, getProduct, listProducts, NOT_AN_ADD_ON, parseProductId, SORTS, type ListFilter } from '../services/catalog.ts';

const Products = Type.Array(ProductSchema);
const ListQuery = Type.Object({
  categoryName: Type.Optional(Type.String({ maxLength: 100 })),
  brandName: Type.Optional(Type.String({ maxLength: 100 })),
  tagName: Type.Optional(Type.String({ maxLength: 100 })),
  clearance: Type.Optional(Type.Boolean()),
  sortby: Type.Optional(Type.String({ maxLength: 40 })),
  productType: Type.Optional(Type.String({ maxLength: 40 })),
  recordStatus: Type.Optional(Type.String({ maxLength: 40 })),
  ...Paging,
});
type LQ = { categoryName?: string; brandName?: string; tagName?: string; clearance?: boolean; sortby?: string; productType?: string; recordStatus?: string; numberToLoad?: number; startingPosition?: number };

function sortOf(s?: string) {
  const sort = s || 'default';
  if (!(sort in SORTS)) throw badRequest(`Unknown sortby '${sort}' (use default, priceLowToHigh, priceHighToLow or name)`);
  return sort;
}
const filterOf = (q: LQ): ListFilter => ({
  categoryName: q.categoryName, brandName: q.brandName, tagName: q.tagName, clearance: q.clearance,
  productType: q.productType, recordStatus: q.recordStatus,
});
const PageResponse = obj({ products: Products, startingPosition: Type.Integer(), numberToLoad: Type.Integer(), hasMore: Type.Boolean() });
const termParam = Type.Object({ term: Type.String({ minLength: 1, maxLength: 100 }) });

export default async function catalogRoutes(app: FastifyInstance) {
  const db = app.db;
  // Every catalogue answer goes through the read-through cache (keyed by URL; dropped on any stock change).
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (this: unknown, req: any, reply: any) => Promise<unknown>;
    route.handler = function (this: unknown, req: any, reply: any) {
      return cachedCatalog(req.url, () => handler.call(this, req, reply));
    } as any;
  });

  async function page(f: ListFilter, sort: string, n = 12, start = 0) {
    const products = await listProducts(db, f, sort, n + 1, start);
    return { products: products.slice(0, n), startingPosition: start, numberToLoad: n, hasMore: products.length > n };
  }

  app.get('/productManagement2/products', { schema: { querystring: ListQuery, response: { 200: PageResponse } } }, async (req) => {
    const q = req.query as LQ;
    return page(filterOf(q), sortOf(q.sortby), q.numberToLoad, q.startingPosition);
  });

  app.get('/productManagement2/products/listCount', { schema: { querystring: ListQuery, response: { 200: obj({ count: Type.Integer() }) } } }, async (req) => ({
    count: await countProducts(db, filterOf(req.query as LQ)),
  }));

  app.get('/productManagement2/products/search/:term', {
    schema: { params: termParam, querystring: Type.Object({ ...Paging, sortby: Type.Optional(Type.String({ maxLength: 40 })) }), response: { 200: PageResponse } },
  }, async (req) => {
    const { term } = req.params as { term: string };
    const q = req.query as LQ;
    return page({ search: term.trim() }, sortOf(q.sortby), q.numberToLoad, q.startingPosition);
  });

  app.get('/productManagement2/products/searchCount/:term', { schema: { params: termParam, response: { 200: obj({ count: Type.Integer() }) } } }, async (req) => ({
    count: await countProducts(db, { search: (req.params as { term: string }).term.trim() }),
  }));

  app.get('/productManagement2/products/addon', {
    schema: { querystring: Type.Object({ tagName: Type.Optional(Type.String({ maxLength: 100 })), ...Paging }), response: { 200: obj({ products: Products }) } },
  }, async (req) => {
    const q = req.query as LQ;
    const products = await listProducts(db, { tagName: q.tagName || 'addon' }, 'priceLowToHigh', q.numberToLoad ?? 20, q.startingPosition ?? 0);
    return { products };
  });

  app.get('/productManagement2/products/relatedProducts/:id', {
    schema: { params: Type.Object({ id: Type.String({ maxLength: 20 }) }), querystring: Type.Object(Paging), response: { 200: obj({ products: Products }) } },
  }, async (req) => {
    const id = parseProductId((req.params as any).id);
    const p = await getProduct(db, id);
    const n = (req.query as LQ).numberToLoad ?? 8;
    const products = await listProducts(db, { categoryName: p.category, excludeId: id }, 'default', n, 0);
    return { products };
  });

  app.get('/productManagement/product/:id', { schema: { params: Type.Object({ id: Type.String({ maxLength: 20 }) }), response: { 200: ProductSchema } } }, async (req) =>
    getProduct(db, parseProductId((req.params as any).id)));

  app.get('/productDetailManagement/productDetail/:id', {
    schema: {
      params: Type.Object({ id: Type.String({ maxLength: 20 }) }),
      response: { 200: obj({ product: ProductSchema, variants: Type.Array(obj({ optionPair: Type.String(), available: Type.Integer() })), relatedProductIds: Type.Array(Type.String()) }) },
    },
  }, async (req) => {
    const id = parseProductId((req.params as any).id);
    const product = await getProduct(db, id);
    const { rows } = await db.query('SELECT option_pair, stock FROM variants WHERE product_id = $1 ORDER BY option_pair', [id]);
    const related = await db.query(`SELECT id FROM products WHERE category = $1 AND id <> $2 AND record_status = 'ACTIVE' ORDER BY created_at DESC LIMIT 8`, [product.category, id]);
    return {
      product,
      variants: rows.map((r: any) => ({ optionPair: r.option_pair, available: r.stock })),
      relatedProductIds: related.rows.map((r: any) => String(r.id)),
    };
  });

  const Category = obj({ name: Type.String(), nameContent: Bilingual, image: Type.String(), productCount: Type.Integer() });
  const categoriesSql = `SELECT c.name, c.name_en, c.name_zh, c.image,
    (SELECT count(*)::int FROM products p WHERE p.category = c.name AND p.record_status = 'ACTIVE' AND ${NOT_AN_ADD_ON}) AS n FROM categories c`;
  const toCategory = (r: any) => ({ name: r.name, nameContent: { en: r.name_en, zh: r.name_zh }, image: r.image ?? '', productCount: r.n });

  app.get('/productManagement/categories/:x', {
    schema: { params: Type.Object({ x: Type.String({ maxLength: 100 }) }), response: { 200: obj({ categories: Type.Array(Category) }) } },
  }, async () => {
    const { rows } = await db.query(`${categoriesSql} ORDER BY c.sort, c.name`);
    return { categories: rows.map(toCategory) };
  });
  app.get('/productManagement/categories', { schema: { response: { 200: obj({ categories: Type.Array(Category) }) } } }, async () => {
    const { rows } = await db.query(`${categoriesSql} ORDER BY c.sort, c.name`);
    return { categories: rows.map(toCategory) };
  });

  app.get('/productManagement2/category/:name', {
    schema: {
      params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }),
      querystring: Type.Object({ ...Paging, sortby: Type.Optional(Type.String({ maxLength: 40 })) }),
      response: { 200: obj({ category: Category, products: Products, startingPosition: Type.Integer(), numberToLoad: Type.Integer(), hasMore: Type.Boolean() }) },
    },
  }, async (req) => {
    const { name } = req.params as { name: string };
    const q = req.query as LQ;
    const { rows } = await db.query(`${categoriesSql} WHERE lower(c.name) = lower($1)`, [name]);
    if (!rows[0]) throw notFound(`Category '${name}' not found`);
    return { category: toCategory(rows[0]), ...(await page({ categoryName: rows[0].name }, sortOf(q.sortby), q.numberToLoad, q.startingPosition)) };
  });

  app.get('/productManagement/brands', {
    schema: { response: { 200: obj({ brands: Type.Array(obj({ name: Type.String(), nameContent: Bilingual, productCount: Type.Integer() })) }) } },
  }, async () => {
    const { rows } = await db.query(`SELECT b.name, b.name_zh, (SELECT count(*)::int FROM products p WHERE p.brand = b.name AND p.record_status = 'ACTIVE') AS n
      FROM brands b ORDER BY b.name`);
    return { brands: rows.map((r: any) => ({ name: r.name, nameContent: { en: r.name, zh: r.name_zh ?? r.name }, productCount: r.n })) };
  });

  app.get('/productManagement2/tag/:name', {
    schema: {
      params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }),
      querystring: Type.Object({ ...Paging, sortby: Type.Optional(Type.String({ maxLength: 40 })) }),
      response: { 200: obj({ tag: Type.String(), count: Type.Integer(), products: Products, startingPosition: Type.Integer(), numberToLoad: Type.Integer(), hasMore: Type.Boolean() }) },
    },
  }, async (req) => {
    const tag = (req.params as { name: string }).name.toLowerCase();
    const q = req.query as LQ;
    return { tag, count: await countProducts(db, { tagName: tag }), ...(await page({ tagName: tag }, sortOf(q.sortby), q.numberToLoad, q.startingPosition)) };
  });

  app.get('/inventoryManagement/inventoryByProductAndOptions/:id', {
    schema: {
      params: Type.Object({ id: Type.String({ maxLength: 20 }) }),
      querystring: Type.Object({ optionPair: Type.Optional(Type.String({ maxLength: 200 })) }),
      response: { 200: obj({ productId: Type.String(), optionPair: Type.String(), available: Type.Integer(), variants: Type.Optional(AnyObject) }) },
    },
  }, async (req) => {
    const id = parseProductId((req.params as any).id);
    const product = await getProduct(db, id);
    const pair = normalizeOptionPair((req.query as any).optionPair, product.options as any, { allowEmpty: true });
    if (!pair) return { productId: String(id), optionPair: '', available: product.stock };
    const { rows } = await db.query('SELECT stock FROM variants WHERE product_id = $1 AND option_pair = $2', [id, pair]);
    return { productId: String(id), optionPair: pair, available: rows[0]?.stock ?? 0 };
  });
}
