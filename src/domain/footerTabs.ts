/** Spec §2 "Mobile footer tab bar (small screens only)". */
import { matchRoute } from '@shared/routes'
import { isStoreLink } from './linkMapping'

export type TabTarget =
  | { kind: 'route'; url: string }
  | { kind: 'cart' }
  | { kind: 'miniProgram'; path: string }
  | { kind: 'support' }
  | { kind: 'none' }

export type DefaultTabId = 'home' | 'store' | 'cart' | 'support' | 'account'
export type TabLabelKey = 'tab.home' | 'tab.shop' | 'tab.cart' | 'tab.support' | 'tab.account'

export interface DefaultTab {
  id: DefaultTabId
  labelKey: TabLabelKey
  /** Route of the tab; null for Support, which triggers an action instead. */
  route: string | null
  target: TabTarget
  /** Cart shows the cart itemCount badge (see cartBadge). */
  badge: boolean
}

/** Fixed tabs: /home Home, /store Shop, /checkout Cart (badge), Support (action), /user/list Account. */
export const DEFAULT_TABS: readonly DefaultTab[] = [
  { id: 'home', labelKey: 'tab.home', route: '/home', target: { kind: 'route', url: '/home' }, badge: false },
  { id: 'store', labelKey: 'tab.shop', route: '/store', target: { kind: 'route', url: '/store' }, badge: false },
  { id: 'cart', labelKey: 'tab.cart', route: '/checkout', target: { kind: 'route', url: '/checkout' }, badge: true },
  { id: 'support', labelKey: 'tab.support', route: null, target: { kind: 'support' }, badge: false },
  { id: 'account', labelKey: 'tab.account', route: '/user/list', target: { kind: 'route', url: '/user/list' }, badge: false }
]

export const MINI_PROGRAM_LINK_PREFIX = '/pages/messenger'
const PRODUCT_LIST_PREFIX = 'productlist?'
/** Spec: "query cat taken from the link after its first 16 characters" ('productlist?cat=' is 16 long). */
export const PRODUCT_LIST_CAT_OFFSET = 16

/**
 * Where a configured footer tab goes. A leading '/' is ignored when matching prefixes
 * (except '/pages/messenger', which is a mini-program page path and checked first).
 */
export function footerTabTarget(link?: string): TabTarget {
  const raw = (link ?? '').trim()
  if (!raw) return { kind: 'none' }
  if (raw.startsWith(MINI_PROGRAM_LINK_PREFIX)) return { kind: 'miniProgram', path: raw }
  const bare = raw.replace(/^\/+/, '')
  if (!bare) return { kind: 'route', url: '/' }
  if (bare === 'checkout/cart') return { kind: 'cart' }
  if (bare.startsWith(PRODUCT_LIST_PREFIX)) {
    return { kind: 'route', url: `/store/productlist?cat=${bare.slice(PRODUCT_LIST_CAT_OFFSET)}` }
  }
  if (isStoreLink(bare)) return { kind: 'route', url: `/store/${bare}` }
  return { kind: 'route', url: `/${bare}` }
}

/**
 * What a tab does where the store runs. A mini-program page (Chat...) opens only inside a mini-program or a WeChat
 * mini-program web-view; elsewhere the tab opens the store's support instead (the sheet or the contact page, which
 * always has the contact form), rather than being a tab that does nothing.
 */
export function reachableTabTarget(target: TabTarget, where: { canOpenMiniProgramPages: boolean }): TabTarget {
  if (target.kind !== 'miniProgram' || where.canOpenMiniProgramPages) return target
  return { kind: 'support' }
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== ''
}

/** The configured footer is used only when styling, language and at least one tab exist. */
export function hasConfiguredFooter(config: { styling?: unknown; language?: string; tabs?: unknown[] }): boolean {
  return present(config.styling) && present(config.language) && Array.isArray(config.tabs) && config.tabs.length > 0
}

function pathnameOf(path: string): string {
  let p = path.split('#')[0].split('?')[0]
  if (!p.startsWith('/')) p = `/${p}`
  if (p.length > 1) p = p.replace(/\/+$/, '')
  return p || '/'
}

/** '/store' is under '/store', so is '/store/x'; '/stores' is not. */
function under(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`)
}

function isHomePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/home'
}

function isAccountPath(pathname: string): boolean {
  return under(pathname, '/account') || under(pathname, '/user')
}

const STORE = '/store'
/** Store pages with a tab of their own (spec: "store tabs except clearance/search"). */
const OWN_TAB_STORE_PATHS = ['/store/clearance', '/store/search']
/** The params that say which list a store list is (a category, tag or brand); sort and paging do not. */
const LIST_IDENTITY = ['cat', 'tag', 'brand'] as const

function hasOwnTab(pathname: string): boolean {
  return OWN_TAB_STORE_PATHS.some((root) => under(pathname, root))
}

/** A tab to the store itself is lit on store pages except those with a tab of their own. */
function isStorePage(pathname: string): boolean {
  return under(pathname, STORE) && !hasOwnTab(pathname)
}

/** The same store page: same path and the same category, tag or brand (`?cat=Coffee` is not `?cat=Bakery`). */
function isSameStorePage(target: string, pathname: string, params: Record<string, string>): boolean {
  const own = matchRoute(target)
  if (!own || pathnameOf(target) !== pathname) return false
  return LIST_IDENTITY.every((key) => (own.params[key] ?? '') === (params[key] ?? ''))
}

/**
 * Active highlighting. Spec: "Active tab highlighting follows the current path (account/user tabs; store tabs except
 * clearance/search; home at root)", read as: the tab whose link is the current page is lit.
 * - home: at '/' and '/home'; account/user tabs: on /account… and /user…; cart: on /checkout…
 * - a tab to the store itself (/store): on /store… except the clearance and search pages, which are their own tabs'
 * - clearance and search tabs: on their own path (and below it, /store/search/:term)
 * - a tab to one store page (a category, tag or brand list, a product): only on that page, with the same
 *   category/tag/brand; a category's products light nothing (the tab bar knows the path, not the product)
 * - any other routed tab: on its own path; display-only, support and mini-program tabs never.
 * Prefixes match whole path segments ('/users' is not under '/user'). `currentParams` are the route's params
 * (query and path parameters); by default read from `currentPath`.
 */
export function isTabActive(
  tab: { link?: string } | 'home' | 'store' | 'cart' | 'account',
  currentPath: string,
  currentParams: Record<string, string> = matchRoute(currentPath)?.params ?? {}
): boolean {
  const path = pathnameOf(currentPath)
  if (tab === 'home') return isHomePath(path)
  if (tab === 'store') return isStorePage(path)
  if (tab === 'cart') return under(path, '/checkout')
  if (tab === 'account') return isAccountPath(path)

  const target = footerTabTarget(tab.link)
  if (target.kind === 'cart') return under(path, '/checkout')
  if (target.kind !== 'route') return false
  const own = pathnameOf(target.url)
  if (isHomePath(own)) return isHomePath(path)
  if (under(own, '/account') || under(own, '/user')) return isAccountPath(path)
  if (own === STORE) return isStorePage(path)
  if (hasOwnTab(own)) return under(path, own)
  if (under(own, STORE)) return isSameStorePage(target.url, path, currentParams)
  return path === own
}

/** Cart count badge: hidden when zero (or less), '99+' above 99. */
export function cartBadge(itemCount: number): string | null {
  if (!Number.isFinite(itemCount) || itemCount <= 0) return null
  if (itemCount > 99) return '99+'
  return String(Math.floor(itemCount))
}
