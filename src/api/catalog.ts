/**
 * Product calls (spec §7 "Product and cart"). Money is in minor units of `currency`; names and descriptions come in
 * both languages. Payload types: contract/catalog.ts.
 */
import type { Categories, Inventory, Product, ProductListQuery, ProductPage, Products } from '@contract/catalog'
import type { Count } from '@contract/common'
import type { ListFilter } from '@/domain/productQuery'
import { http, type Query } from './http'

export type { Category, Inventory, OptionValue, Product, ProductOption, ProductPage } from '@contract/catalog'

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
  addons: (tagName: string) => http.get<Products>('/productManagement2/products/addon', { tagName }),
  inventory: (productId: string, optionPair: string) =>
    http.get<Inventory>(`/inventoryManagement/inventoryByProductAndOptions/${encodeURIComponent(productId)}`, { optionPair })
}
