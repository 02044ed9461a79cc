/**
 * The public API GETs a page's first screen starts with, by its public URL (issue 16): the server answers them ahead
 * and writes the answers into the HTML it serves (server/src/lib/firstScreen.ts), the app's http client takes them from
 * there (shared/initialAnswers.ts). Only public data: app info, which carries the shopper's session, is the server's
 * to add. Each path is exactly what the page's hook asks for (tests/unit/firstScreen.test.ts holds them to it).
 */
import { buildQuery } from './apiQuery.ts'
import { DEFAULT_PAGE_SIZE, listCountQuery, listFilter, listQuery, sortChoice, type ListFilter } from './productQuery.ts'
import { matchRoute } from './routes.ts'

export const APP_INFO_GET = '/common3/appInfoInit'
export const HOME_TEMPLATE_GET = '/common3/sectionTemplateByType/home'
/** The group campaigns home shows a row of (HomeCampaignRow). */
export const CAMPAIGN_LIST_GET = '/common3/campaign/fissionList'
/** Products per home row (useHome). */
export const HOME_ROW_SIZE = 8
/** The `list` of the new arrivals' own list, as home's "See all" opens it; titled by the app, not the template. */
export const NEW_ARRIVALS_LIST = 'new'

const PRODUCTS = '/productManagement2/products'

/** A product list page's GET: the first `size` products of `filter` in `sort` order. */
export const productPageGet = (filter: ListFilter, sort: string | undefined, size: number) => `${PRODUCTS}${buildQuery(listQuery(filter, sort, 0, size))}`

/** The home rows below the template's own carousels: the newest products and the clearance ones. */
export const HOME_NEWEST_FILTER: ListFilter = {}
export const HOME_CLEARANCE_FILTER: ListFilter = { clearance: true }

/** The part of a home template section these rules read (contract/content.ts Section). */
export interface HomeSectionShape {
  kind: string
  tagName?: string
  numberToLoad?: number
}

/** The rows of the home template's product carousels, in the template's order. */
export const homeCarouselFilter = (section: HomeSectionShape): { filter: ListFilter; size: number } => ({
  filter: { tagName: section.tagName },
  size: section.numberToLoad ?? HOME_ROW_SIZE
})

/** What the home page asks for once it has its template (none when the request for it failed). */
export function homeGetsAfterTemplate(sections: HomeSectionShape[]): string[] {
  const gets = sections.filter((s) => s.kind === 'productCarousel' && s.tagName).map((s) => {
    const { filter, size } = homeCarouselFilter(s)
    return productPageGet(filter, 'date', size)
  })
  if (!sections.some((s) => s.kind === 'featuredCategories')) gets.push('/productManagement/categories/all')
  gets.push(productPageGet(HOME_NEWEST_FILTER, 'date', HOME_ROW_SIZE), productPageGet(HOME_CLEARANCE_FILTER, 'date', HOME_ROW_SIZE))
  return gets
}

/**
 * The live rooms' list: spec §7 has it as a POST, though it only reads (the rooms are public). Its first page is
 * written into the page like a GET's answer, keyed by its body (shared/initialAnswers.ts writtenKey); the body is
 * the one src/api/wechat.ts liveRooms sends for the first page (tests/unit/firstScreen.test.ts holds them to it).
 */
export const LIVE_ROOMS_POST = '/wechat/weChatlivestreaminfo'
/** The first 10 rooms (spec §7 and §9; LIVE_LIST_LIMIT of shared/productQuery.ts). */
export const LIVE_ROOMS_FIRST_BODY = { start: 0, limit: 10 }

/** A POST that only reads, with its body. */
export interface ReadPost {
  path: string
  body: unknown
}

export interface FirstScreen {
  page: 'home' | 'productList' | 'product' | 'campaign' | 'blogPost' | 'liveRooms'
  gets: string[]
  /**
   * Of `gets`, those whose answer also carries the shopper's own part (the campaign detail's participation): the server
   * answers them with the shopper's cookies, as it does app info (the page is private to the shopper anyway).
   */
  personal?: string[]
  /** Reads the API has as POSTs (the live rooms). */
  posts?: ReadPost[]
}

const segment = encodeURIComponent

/**
 * The GETs of the first screen of `url` (path and query; public but for `personal`), or null for a page with nothing public to answer
 * ahead (cart, account, checkout: theirs is the shopper's own data). Home lists its template; the rest of home follows
 * from the template's answer (homeGetsAfterTemplate).
 */
export function firstScreenOf(url: string): FirstScreen | null {
  const match = matchRoute(url)
  if (!match) return null
  const { route, params } = match
  switch (route.page) {
    case 'pages/home/index':
      return { page: 'home', gets: [HOME_TEMPLATE_GET, CAMPAIGN_LIST_GET] }
    case 'packages/store/pages/productlist/index': {
      const filter = listFilter(params)
      const gets = [productPageGet(filter, sortChoice(params.sort), DEFAULT_PAGE_SIZE), `${PRODUCTS}/listCount${buildQuery({ ...listCountQuery(filter) })}`]
      // The list's heading (useListHeading) and a home section's title (useListTitle).
      if (filter.categoryName) gets.push(`/productManagement2/category/${segment(filter.categoryName)}${buildQuery({ numberToLoad: 1 })}`)
      else if (filter.tagName) gets.push(`/productManagement2/tag/${segment(filter.tagName)}${buildQuery({ numberToLoad: 1 })}`)
      if (params.list && params.list !== NEW_ARRIVALS_LIST) gets.push(HOME_TEMPLATE_GET)
      return { page: 'productList', gets }
    }
    case 'packages/store/pages/product/index':
      return params.id ? { page: 'product', gets: [`/productManagement/product/${segment(params.id)}`, `${PRODUCTS}/relatedProducts/${segment(params.id)}`] } : null
    case 'packages/store/pages/groupCampaign/index': {
      if (!params.id) return null
      const detail = `/common3/campaign/fission/${segment(params.id)}`
      return {
        page: 'campaign',
        gets: [
          detail,
          `/productManagement2/campaignProductItem/list/all${buildQuery({ fissionCampaignId: params.id })}`,
          `/common3/orders/list${buildQuery({ fissionCampaignId: params.id })}`
        ],
        personal: [detail]
      }
    }
    case 'packages/blog/pages/post/index':
      return params.slug ? { page: 'blogPost', gets: [`/common3/blog/post/${segment(params.slug)}`] } : null
    case 'pages/wechatlivestreamrooms/index':
      return { page: 'liveRooms', gets: [], posts: [{ path: LIVE_ROOMS_POST, body: LIVE_ROOMS_FIRST_BODY }] }
    default:
      return null
  }
}
