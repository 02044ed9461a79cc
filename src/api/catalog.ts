/**
 * Product calls (spec §7 "Product and cart"). Money is in minor units of `currency`; names and
 * descriptions come in both languages (`nameContent`, `descriptionContent`).
 */
import type { Localized } from './appInfo'
import type { ListFilter, ProductListQuery } from '@/domain/productQuery'
import { http, type Query } from './http'

export interface OptionValue {
  value: string
  label: Localized
}

/** One choice a product offers (size, colour, grind...). */
export interface ProductOption {
  name: string
  nameContent: Localized
  values: OptionValue[]
}

export interface Product {
  id: string
  name: string
  nameContent: Localized
  description: string
  descriptionContent: Localized
  category: string
  categoryContent: Localized
  brand: string
  tags: string[]
  clearance: boolean
  price: number
  /** Price before the clearance reduction, when there is one. */
  listPrice?: number
  currency: string
  images: string[]
  /** Total stock over all option pairs. */
  stock: number
  soldOut: boolean
  options: ProductOption[]
  createdAt: string
}

export interface Category {
  name: string
  nameContent: Localized
  image: string
  productCount: number
}

/** One page of a list or a search; `hasMore` is the server's word on whether another page exists. */
export interface ProductPage {
  products: Product[]
  startingPosition: number
  numberToLoad: number
  hasMore: boolean
}

/** Stock of one option pair ('' for a product without options: its total stock). */
export interface Inventory {
  productId: string
  optionPair: string
  available: number
}

/** Interfaces carry no index signature; a spread copy is a plain Query. */
const asQuery = (query: ListFilter): Query => ({ ...query })

export const catalogApi = {
  products: (query: ProductListQuery) => http.get<ProductPage>('/productManagement2/products', asQuery(query)),
  listCount: (filter: ListFilter) => http.get<{ count: number }>('/productManagement2/products/listCount', asQuery(filter)),
  product: (id: string) => http.get<Product>(`/productManagement/product/${encodeURIComponent(id)}`),
  categories: () => http.get<{ categories: Category[] }>('/productManagement/categories/all'),
  related: (id: string) => http.get<{ products: Product[] }>(`/productManagement2/products/relatedProducts/${encodeURIComponent(id)}`),
  search: (term: string, page: { startingPosition: number; numberToLoad: number }) =>
    http.get<ProductPage>(`/productManagement2/products/search/${encodeURIComponent(term)}`, page),
  searchCount: (term: string) => http.get<{ count: number }>(`/productManagement2/products/searchCount/${encodeURIComponent(term)}`),
  addons: (tagName: string) => http.get<{ products: Product[] }>('/productManagement2/products/addon', { tagName }),
  inventory: (productId: string, optionPair: string) =>
    http.get<Inventory>(`/inventoryManagement/inventoryByProductAndOptions/${encodeURIComponent(productId)}`, { optionPair })
}
