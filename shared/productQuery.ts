/** Spec §5 sort/category rules, §7 product list query, §9 page sizes. */
import type { ProductListQuery } from '../contract/catalog.ts'

export const DEFAULT_PAGE_SIZE = 12
export const ORDER_PAGE_SIZE = 10
export const LIVE_LIST_LIMIT = 10
export const DEFAULT_SORT = 'default'

/** The list's sort choices (?sort=); 'date' first, the default. */
export const SORT_CHOICES = ['date', 'priceLowToHigh', 'priceHighToLow', 'name'] as const
export type SortChoice = (typeof SORT_CHOICES)[number]

/** A ?sort= the list knows, else 'date'. */
export function sortChoice(sort: string | undefined): SortChoice {
  return (SORT_CHOICES as readonly string[]).includes(sort ?? '') ? (sort as SortChoice) : 'date'
}

/** "Sort value 'date' is sent as 'default'"; no sort → 'default'. */
export function sortValue(sort?: string | null): string {
  const s = (sort ?? '').trim()
  return !s || s === 'date' ? DEFAULT_SORT : s
}

export interface ListFilter {
  categoryName?: string
  brandName?: string
  tagName?: string
  clearance?: boolean
}

/**
 * From route params cat / brand / tag / clearance. "Category 'all' means no category filter in counts and lists".
 * clearance is on when the param is present and not 'false'/'0'. Blank values are ignored.
 */
export function listFilter(params: Record<string, string | undefined>): ListFilter {
  const filter: ListFilter = {}
  const cat = (params.cat ?? '').trim()
  const brand = (params.brand ?? '').trim()
  const tag = (params.tag ?? '').trim()
  if (cat && cat !== 'all') filter.categoryName = cat
  if (brand) filter.brandName = brand
  if (tag) filter.tagName = tag
  if (params.clearance !== undefined && !['false', '0'].includes(params.clearance.trim().toLowerCase())) filter.clearance = true
  return filter
}

/** Query for GET /productManagement2/products (the contract's ProductListQuery). */
export function listQuery(filter: ListFilter, sort: string | undefined, startingPosition = 0, numberToLoad = DEFAULT_PAGE_SIZE): ProductListQuery {
  return { ...filter, sortby: sortValue(sort), infiniteLoad: true, numberToLoad, startingPosition }
}

/** Query for GET /productManagement2/products/listCount: the filter only. */
export function listCountQuery(filter: ListFilter): ListFilter {
  return { ...filter }
}

/** Query for GET /admin/orderManagement/orders/list: page size 10, infinite load on. */
export function orderListQuery(startingPosition = 0): { numberToLoad: number; startingPosition: number; infiniteLoad: true } {
  return { numberToLoad: ORDER_PAGE_SIZE, startingPosition, infiniteLoad: true }
}

/** Live-stream info request: 10 rooms from `start` (0 first, the next 10 on scroll). */
export function liveListQuery(start = 0): { start: number; limit: number } {
  return { start, limit: LIVE_LIST_LIMIT }
}

export function hasMore(loaded: number, total: number): boolean {
  return loaded < total
}
