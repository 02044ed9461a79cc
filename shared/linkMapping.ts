/**
 * Spec §2 "Menu link mapping (header, side menu, footer)".
 * Turns a configured menu entry (link + linkActionType) into where tapping it goes. Shared: the storefront follows
 * it, and the shop file's rules (server/src/shop/rules.ts) refuse a link that goes nowhere by it.
 */
export type MenuLinkTarget =
  | { kind: 'internal'; url: string }
  | { kind: 'external'; url: string }
  /** A `tel:` link: the store's phone number, dialled rather than opened as a page. */
  | { kind: 'phone'; number: string }
  | { kind: 'none' }

export interface MenuLinkItem {
  link?: string
  linkActionType?: string
}

/** Link prefixes that live under /store (spec: "search, tag, brand, product/ or clearance"). */
export const STORE_LINK_PREFIXES = ['search', 'tag', 'brand', 'product/', 'clearance'] as const

export function isStoreLink(link: string): boolean {
  return STORE_LINK_PREFIXES.some((p) => link.startsWith(p))
}

export function isExternalUrl(link: string): boolean {
  return /^https?:\/\//i.test(link)
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Reads `a=1&b=2` into a map, decoding each value once (so `%26` becomes `&`). */
function parseQuery(query: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of query.split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    const key = safeDecode(eq < 0 ? part : part.slice(0, eq))
    if (!(key in out)) out[key] = eq < 0 ? '' : safeDecode(part.slice(eq + 1))
  }
  return out
}

/** `/store/productlist` with cat and sort, each properly encoded; empty ones left out. */
export function productListUrl(cat?: string, sort?: string): string {
  const parts: string[] = []
  if (cat) parts.push(`cat=${encodeURIComponent(cat)}`)
  if (sort) parts.push(`sort=${encodeURIComponent(sort)}`)
  return `/store/productlist${parts.length ? `?${parts.join('&')}` : ''}`
}

/** A brand's product list (spec §2 store paths: link 'brand/...' becomes /store/brand/...). */
export function brandListUrl(brand: string): string {
  return `/store/brand/${encodeURIComponent(brand)}`
}

/**
 * Reading of the spec: a leading '/' is ignored when looking at a link's prefix
 * ('/products/x' is the same as 'products/x'); prefixes are matched literally ("starting with").
 */
export function mapMenuLink(item: MenuLinkItem): MenuLinkTarget {
  const link = (item.link ?? '').trim()
  if (!link) return { kind: 'none' }
  if (/^tel:/i.test(link)) return { kind: 'phone', number: safeDecode(link.slice('tel:'.length)) }
  if (item.linkActionType === 'EXTERNAL_LINK' || isExternalUrl(link)) return { kind: 'external', url: link }

  const bare = link.replace(/^\/+/, '')
  if (bare.startsWith('productlist?')) {
    const q = parseQuery(bare.slice('productlist?'.length))
    return { kind: 'internal', url: productListUrl(q.cat, q.sort) }
  }
  if (bare.startsWith('products/')) {
    return { kind: 'internal', url: productListUrl(safeDecode(bare.slice('products/'.length))) }
  }
  if (bare.startsWith('page/')) return { kind: 'internal', url: `/${bare.slice('page/'.length)}` }
  if (isStoreLink(bare)) return { kind: 'internal', url: `/store/${bare}` }
  return { kind: 'internal', url: `/${bare}` }
}

/**
 * A query string with `key` set to `value` (encoded), the other parameters kept as they were written: a page's state
 * (the sort of a list) goes into its address so that a reload or a shared link keeps it.
 */
export function withQueryParam(search: string, key: string, value: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part && safeDecode(part.split('=')[0]) !== key)
  return `?${[...kept, `${key}=${encodeURIComponent(value)}`].join('&')}`
}
