/**
 * The spec's public URLs and the page that renders each (spec §2).
 * H5 shows the public URL (Taro customRoutes aliases); the mini-programs only know page paths,
 * so every navigation goes through `toPagePath`, and every page reads its params through `matchRoute`.
 */
export interface RouteDef {
  /** Page path as Taro knows it (no leading slash). */
  page: string
  /** Public URL patterns, `:name` marks a path parameter. The first one is canonical. */
  patterns: string[]
  /** Sub-package root when the page is lazy (spec: store, account, user, checkout, blog). */
  area?: 'store' | 'account' | 'user' | 'checkout' | 'blog'
  /**
   * A page outside the areas that the mini-programs still load on demand: its own folder is a sub-package of one
   * page, so its page path (the one payment returns, share cards and the header helper open) stays the same while its
   * code leaves the main package, which keeps only what the home page needs (issue 16: main package ≤ 1.3× Taro's
   * hello world).
   */
  lazy?: true
  /**
   * A page only the mini-programs have: the page path another page opens in the host mini-program (spec §2
   * /pages/livestream/livestream). H5 has no such page (it opens the host's page from a mini-program web-view).
   */
  miniProgramOnly?: true
}

export const ROUTES: RouteDef[] = [
  { page: 'pages/home/index', patterns: ['/', '/home', '/main'] },
  { page: 'pages/confirmation/index', lazy: true, patterns: ['/confirmation', '/confirmation/:id'] },
  { page: 'pages/confirmationa/index', lazy: true, patterns: ['/confirmationa/:type/:order_id'] },
  { page: 'pages/wechatlivestreamrooms/index', lazy: true, patterns: ['/wechatlivestreamrooms'] },
  { page: 'pages/processpay/index', lazy: true, patterns: ['/processpay'] },
  { page: 'packages/store/pages/index/index', area: 'store', patterns: ['/store'] },
  { page: 'packages/store/pages/search/index', area: 'store', patterns: ['/store/search', '/store/search/:term'] },
  {
    page: 'packages/store/pages/productlist/index',
    area: 'store',
    patterns: ['/store/productlist', '/store/tag/:tag', '/store/brand/:brand', '/store/clearance']
  },
  { page: 'packages/store/pages/product/index', area: 'store', patterns: ['/store/product/:id'] },
  { page: 'packages/store/pages/groupCampaign/index', area: 'store', patterns: ['/store/groupCampaign/:id'] },
  { page: 'packages/store/pages/influencers/index', area: 'store', patterns: ['/store/influencers'] },
  { page: 'packages/store/pages/influencer/index', area: 'store', patterns: ['/store/influencer/:id'] },
  { page: 'packages/checkout/pages/index/index', area: 'checkout', patterns: ['/checkout'] },
  { page: 'packages/checkout/pages/cart/index', area: 'checkout', patterns: ['/checkout/cart'] },
  { page: 'packages/checkout/pages/campaignCart/index', area: 'checkout', patterns: ['/checkout/campaignCart'] },
  { page: 'packages/account/pages/login/index', area: 'account', patterns: ['/account/login', '/account'] },
  { page: 'packages/account/pages/signup/index', area: 'account', patterns: ['/account/signup'] },
  { page: 'packages/account/pages/forgot/index', area: 'account', patterns: ['/account/forgot'] },
  { page: 'packages/account/pages/reset/index', area: 'account', patterns: ['/account/reset'] },
  { page: 'packages/account/pages/verify/index', area: 'account', patterns: ['/account/verify'] },
  { page: 'packages/user/pages/list/index', area: 'user', patterns: ['/user/list', '/user'] },
  { page: 'packages/user/pages/orders/index', area: 'user', patterns: ['/user/orders'] },
  { page: 'packages/user/pages/order/index', area: 'user', patterns: ['/user/orders/:id'] },
  { page: 'packages/user/pages/influencer/index', area: 'user', patterns: ['/user/influencer'] },
  { page: 'packages/blog/pages/index/index', area: 'blog', patterns: ['/blog'] },
  { page: 'packages/blog/pages/post/index', area: 'blog', patterns: ['/blog/:slug'] },
  { page: 'packages/user/pages/membership/index', area: 'user', patterns: ['/user/membership'] },
  { page: 'packages/user/pages/referrer/index', area: 'user', patterns: ['/user/referrer'] },
  // The guest order lookup (no sign-in needed): in the user area's sub-package beside the order page it shares its view with.
  { page: 'packages/user/pages/orderlookup/index', area: 'user', patterns: ['/orderlookup'] },
  // The contact form, a general page of its own; its page path is the one spec §2's header helper opens in the mini-programs.
  { page: 'pages/contact/contact', lazy: true, patterns: ['/contact'] },
  // One live room (?roomId=), the page spec §2 says a tapped room opens in the mini-program.
  { page: 'pages/livestream/livestream', lazy: true, miniProgramOnly: true, patterns: ['/livestream'] },
  // General pages (spec: "empty path — general pages area"); must stay last: it matches any single segment.
  { page: 'pages/general/index', lazy: true, patterns: ['/:name'] }
]

export const HOME_PATH = '/'

/**
 * A product's page; with an option pair ('color:Red,size:M'), the page opens with those options chosen (a cart line's
 * picture, the back-in-stock mail for one combination).
 */
export const productUrl = (id: string, optionPair?: string) =>
  `/store/product/${encodeURIComponent(id)}${toQueryString(optionPair ? { option: optionPair } : {})}`

/** The search for a term (/store/search/:term). */
export const searchUrl = (term: string) => `/store/search/${encodeURIComponent(term)}`

/** The store's live-stream rooms (spec §2), which the home page links to. */
export const LIVE_ROOMS_PATH = '/wechatlivestreamrooms'

export interface RouteMatch {
  route: RouteDef
  /** Path parameters merged with the query string; path parameters win. */
  params: Record<string, string>
}

function splitUrl(url: string): { pathname: string; query: Record<string, string> } {
  const hashless = url.split('#')[0]
  const q = hashless.indexOf('?')
  const rawPath = q < 0 ? hashless : hashless.slice(0, q)
  const query: Record<string, string> = {}
  if (q >= 0) {
    for (const part of hashless.slice(q + 1).split('&')) {
      if (!part) continue
      const eq = part.indexOf('=')
      const key = decodeComponent(eq < 0 ? part : part.slice(0, eq))
      query[key] = eq < 0 ? '' : decodeComponent(part.slice(eq + 1))
    }
  }
  let pathname = rawPath.startsWith('/') ? rawPath : `/${rawPath}`
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1)
  return { pathname, query }
}

/** One URL component decoded as browsers decode a query ('+' is a space); a malformed one is kept as it is. */
export function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return value
  }
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/')
  const have = pathname.split('/')
  if (want.length !== have.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!have[i]) return null
      params[want[i].slice(1)] = decodeComponent(have[i])
    } else if (want[i] !== have[i]) {
      return null
    }
  }
  return params
}

/** Resolves a public URL (or a page path) to its route; null means the spec's "unknown path". */
export function matchRoute(url: string): RouteMatch | null {
  const { pathname, query } = splitUrl(url)
  for (const route of ROUTES) {
    if (pathname === `/${route.page}`) return { route, params: query }
    for (const pattern of route.patterns) {
      const pathParams = matchPattern(pattern, pathname)
      if (pathParams) return { route, params: { ...query, ...pathParams, ...implicitParams(pattern) } }
    }
  }
  return null
}

/** Patterns that stand for a filter without naming it in a parameter. */
function implicitParams(pattern: string): Record<string, string> {
  return pattern === '/store/clearance' ? { clearance: 'true' } : {}
}

function toQueryString(params: Record<string, string>): string {
  const parts = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

/**
 * Mini-program URL for a public URL: the page path with every parameter in the query string.
 * Unknown paths go home (spec: "unknown path redirects to the empty path").
 */
export function toPagePath(url: string): string {
  const match = matchRoute(url)
  if (!match) return `/${ROUTES[0].page}`
  return `/${match.route.page}${toQueryString(match.params)}`
}

/**
 * Taro `customRoutes`: page path → public URL patterns (H5 keeps the spec's URLs).
 * Taro's H5 router tries main-package pages before sub-package ones, so the general-page
 * catch-all must not swallow the single-segment area roots (`/store`, `/user`, ...) nor other pages' one-segment URLs.
 */
export function customRoutes(): Record<string, string[]> {
  // Every other single-segment route (area roots, /home, /main, /contact ...) keeps its page whatever the order.
  const h5Routes = ROUTES.filter((r) => !r.miniProgramOnly)
  const roots = h5Routes.flatMap((r) => r.patterns).filter((p) => /^\/[^/:]+$/.test(p))
  const exclude = roots.map((p) => p.slice(1)).join('|')
  const result: Record<string, string[]> = {}
  for (const route of h5Routes) {
    result[`/${route.page}`] = route.patterns.map((p) => (p === '/:name' ? `/:name((?!(?:${exclude})$)[^/]+)` : p))
  }
  return result
}
