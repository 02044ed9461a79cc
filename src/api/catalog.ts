/**
 * Product calls (spec §7 "Product and cart"). Money is in minor units of `currency`; names and descriptions come in
 * both languages. Payload types: contract/catalog.ts.
 */
import type {
  Brands, Categories, CategoryPage, Inventory, Product, ProductDetail, ProductListQuery, ProductPage, Products, TagPage
} from '@contract/catalog'
import type { Count } from '@contract/common'
import type { ListFilter } from '@shared/productQuery'
import { http, type Query } from './http'

export type { Brand, Category, DetailBlock, Inventory, ListHeading, OptionValue, Product, ProductOption, ProductPage } from '@contract/catalog'

/** Interfaces carry no index signature; a spread copy is a plain Query. */
const asQuery = (query: ListFilter): Query => ({ ...query })

export const catalogApi = {
  products: (query: ProductListQuery) => http.get<ProductPage>('/productManagement2/products', asQuery(query)),
  listCount: (filter: ListFilter) => http.get<Count>('/productManagement2/products/listCount', asQuery(filter)),
  product: (id: string) => http.get<Product>(`/productManagement/product/${encodeURIComponent(id)}`),
  categories: () => http.get<Categories>('/productManagement/categories/all'),
  related: (id: string) => http.get<Products>(`/productManagement2/products/relatedProducts/${encodeURIComponent(id)}`),
  search: (term: string, page: { startingPosition: number; numberToLoad: number }) =>
    http.get<ProductPage>(`/productManagement2/products/search/${encodeURIComponent(term)}`, page),
  searchCount: (term: string) => http.get<Count>(`/productManagement2/products/searchCount/${encodeURIComponent(term)}`),
  /** Add-ons; beside a product (`productId`), those for its kind of product only. */
  /** The add-ons offered beside these products (the product page's one, the cart's): those their categories take. */
  addons: (tagName: string, productIds: string[]) => http.get<Products>('/productManagement2/products/addon', { tagName, productIds: productIds.join(',') }),
  /** The brands and how many products each lists (spec §7 GET /productManagement/brands). */
  brands: () => http.get<Brands>('/productManagement/brands'),
  /** A category list's first product and its heading (title, text, banner): asked for the heading only. */
  categoryHeading: (name: string) => http.get<CategoryPage>(`/productManagement2/category/${encodeURIComponent(name)}`, { numberToLoad: 1 }),
  /** A tag list's first product, count and heading: asked for the heading only. */
  tagHeading: (name: string) => http.get<TagPage>(`/productManagement2/tag/${encodeURIComponent(name)}`, { numberToLoad: 1 }),
  /** The product's variants and rich detail (spec §7 GET /productDetailManagement/productDetail/{id}). */
  productDetail: (id: string) => http.get<ProductDetail>(`/productDetailManagement/productDetail/${encodeURIComponent(id)}`),
  inventory: (productId: string, optionPair: string) =>
    http.get<Inventory>(`/inventoryManagement/inventoryByProductAndOptions/${encodeURIComponent(productId)}`, { optionPair })
}
