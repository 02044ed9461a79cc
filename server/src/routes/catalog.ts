/** Products, categories, brands, tags, search, add-ons, inventory (client: src/api/catalog.ts). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Count, IdParam } from '../../../contract/common.ts';
import {
  AddonQuery, Brands, Categories, CategoriesParams, CategoryPage, Inventory, InventoryQuery, NameParams, Product, ProductDetail,
  POPULAR_SEARCHES_LIMIT, PopularSearches, PopularSearchesQuery, ProductListQuery, ProductPage, Products, RelatedQuery, SearchSuggestions, SortedPagingQuery, TagPage,
  TermParams,
} from '../../../contract/catalog.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { normalizeOptionPair } from '../lib/options.ts';
import { cachedCatalog } from '../services/catalogCache.ts';
import {
  addOnsBesideProducts, brands, categories, categoryNamed, countProducts, getProduct, listHeading, listProducts, parseProductId, productDetailBlocks, relatedProductIds, SORTS,
  stockOf, variantsOf,
  type ListFilter,
} from '../services/catalog.ts';
import { didYouMean, popularSearches, recordSearch } from '../services/search.ts';
import { visitorLocale } from '../lib/session.ts';

function sortOf(s?: string) {
  const sort = s || 'default';
  if (!(sort in SORTS)) throw badRequest(`Unknown sortby '${sort}' (use default, priceLowToHigh, priceHighToLow or name)`);
  return sort;
}
const filterOf = (q: ProductListQuery): ListFilter => ({
  categoryName: q.categoryName, brandName: q.brandName, tagName: q.tagName, clearance: q.clearance,
  productType: q.productType, recordStatus: q.recordStatus,
});

export default async function catalogRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  // Every catalogue answer goes through the read-through cache (keyed by URL; dropped on any stock change).
  // A route with config.uncached caches what it may itself (searchCount records each search; popular searches change).
  app.addHook('onRoute', (route) => {
    if ((route.config as { uncached?: boolean } | undefined)?.uncached) return;
    const handler = route.handler as (this: unknown, req: any, reply: any) => Promise<unknown>;
    route.handler = function (this: unknown, req: any, reply: any) {
      return cachedCatalog(req.url, () => handler.call(this, req, reply));
    } as any;
  });

  async function page(f: ListFilter, sort: string, n = 12, start = 0) {
    const products = await listProducts(db, f, sort, n + 1, start);
    return { products: products.slice(0, n), startingPosition: start, numberToLoad: n, hasMore: products.length > n };
  }

  app.get('/productManagement2/products', { schema: { querystring: ProductListQuery, response: { 200: ProductPage } } }, async (req) => {
    const q = req.query;
    return page(filterOf(q), sortOf(q.sortby), q.numberToLoad, q.startingPosition);
  });

  app.get('/productManagement2/products/listCount', { schema: { querystring: ProductListQuery, response: { 200: Count } } }, async (req) => ({
    count: await countProducts(db, filterOf(req.query)),
  }));

  app.get('/productManagement2/products/search/:term', {
    schema: { params: TermParams, querystring: SortedPagingQuery, response: { 200: ProductPage } },
  }, async (req) => {
    const { term } = req.params;
    const q = req.query;
    return page({ search: term.trim() }, sortOf(q.sortby), q.numberToLoad, q.startingPosition);
  });

  app.get('/productManagement2/products/searchCount/:term', { config: { uncached: true }, schema: { params: TermParams, response: { 200: Count } } }, async (req) => {
    const term = req.params.term.trim();
    const count = await cachedCatalog(req.url, () => countProducts(db, { search: term }));
    // Asked once per search the shopper makes: one that found something counts towards the popular searches.
    if (count > 0) await recordSearch(db, term);
    return { count };
  });

  app.get('/productManagement2/products/searchSuggestions/:term', { schema: { params: TermParams, response: { 200: SearchSuggestions } } }, async (req) => ({
    suggestions: await didYouMean(db, req.params.term),
  }));

  app.get('/productManagement2/products/popularSearches', { config: { uncached: true }, schema: { querystring: PopularSearchesQuery, response: { 200: PopularSearches } } }, async (req) => ({
    terms: await popularSearches(db, req.query.locale ?? (await visitorLocale(req)), POPULAR_SEARCHES_LIMIT),
  }));

  app.get('/productManagement2/products/addon', {
    schema: { querystring: AddonQuery, response: { 200: Products } },
  }, async (req) => {
    const q = req.query;
    // Beside a product (productId) or the cart's products (productIds): those ids that are numbers; an unknown one is ignored.
    const beside = [q.productId ?? '', ...(q.productIds?.split(',') ?? [])].filter((id) => /^\d{1,9}$/.test(id)).map(Number);
    const products = await addOnsBesideProducts(db, beside, q.tagName || 'addon', q.numberToLoad ?? 20, q.startingPosition ?? 0);
    return { products };
  });

  app.get('/productManagement2/products/relatedProducts/:id', {
    schema: { params: IdParam, querystring: RelatedQuery, response: { 200: Products } },
  }, async (req) => {
    const id = parseProductId(req.params.id);
    const p = await getProduct(db, id);
    const n = req.query.numberToLoad ?? 8;
    const products = await listProducts(db, { categoryName: p.category, excludeId: id }, 'default', n, 0);
    return { products };
  });

  app.get('/productManagement/product/:id', { schema: { params: IdParam, response: { 200: Product } } }, async (req) =>
    getProduct(db, parseProductId(req.params.id)));

  app.get('/productDetailManagement/productDetail/:id', {
    schema: {
      params: IdParam,
      response: { 200: ProductDetail },
    },
  }, async (req) => {
    const id = parseProductId(req.params.id);
    const product = await getProduct(db, id);
    return { product, variants: await variantsOf(db, id), relatedProductIds: await relatedProductIds(db, product), detail: await productDetailBlocks(db, id) };
  });

  app.get('/productManagement/categories/:x', {
    schema: { params: CategoriesParams, response: { 200: Categories } },
  }, async () => ({ categories: await categories(db) }));
  app.get('/productManagement/categories', { schema: { response: { 200: Categories } } }, async () => ({ categories: await categories(db) }));

  app.get('/productManagement2/category/:name', {
    schema: {
      params: NameParams,
      querystring: SortedPagingQuery,
      response: { 200: CategoryPage },
    },
  }, async (req) => {
    const { name } = req.params;
    const q = req.query;
    const category = await categoryNamed(db, name);
    if (!category) throw notFound(`Category '${name}' not found`);
    // Without the operator's heading, no banner: the category's image is a square tile picture, which the list's 10:3
    // banner cropped to a giant slice (issue 42 p-6: the Bakery list's croissant).
    const heading = await listHeading(db, 'category', category.name, { title: category.nameContent, banner: null });
    return { category, heading, ...(await page({ categoryName: category.name }, sortOf(q.sortby), q.numberToLoad, q.startingPosition)) };
  });

  app.get('/productManagement/brands', {
    schema: { response: { 200: Brands } },
  }, async () => ({ brands: await brands(db) }));

  app.get('/productManagement2/tag/:name', {
    schema: {
      params: NameParams,
      querystring: SortedPagingQuery,
      response: { 200: TagPage },
    },
  }, async (req) => {
    const tag = req.params.name.toLowerCase();
    const q = req.query;
    const heading = await listHeading(db, 'tag', tag, { title: null, banner: null });
    return { tag, count: await countProducts(db, { tagName: tag }), heading, ...(await page({ tagName: tag }, sortOf(q.sortby), q.numberToLoad, q.startingPosition)) };
  });

  app.get('/inventoryManagement/inventoryByProductAndOptions/:id', {
    schema: {
      params: IdParam,
      querystring: InventoryQuery,
      response: { 200: Inventory },
    },
  }, async (req) => {
    const id = parseProductId(req.params.id);
    const product = await getProduct(db, id);
    const pair = normalizeOptionPair(req.query.optionPair, product.options as any, { allowEmpty: true });
    if (!pair) return { productId: String(id), optionPair: '', available: product.stock };
    return { productId: String(id), optionPair: pair, available: await stockOf(db, id, pair) };
  });
}
