import { wechatApi } from '@/api/wechat'
import { http } from '@/api/http'
import { APP_INFO_GET, CAMPAIGN_LIST_GET, firstScreenOf, homeGetsAfterTemplate, HOME_TEMPLATE_GET, LIVE_ROOMS_POST } from '@shared/firstScreen'

jest.mock('@/api/http', () => ({ http: { post: jest.fn(() => Promise.resolve({ room_info: [], total: 0 })) } }))

const PRODUCTS = '/productManagement2/products'
const newest = `${PRODUCTS}?sortby=default&infiniteLoad=true&numberToLoad=8&startingPosition=0`
const clearance = `${PRODUCTS}?clearance=true&sortby=default&infiniteLoad=true&numberToLoad=8&startingPosition=0`

describe('firstScreenOf: the public GETs a page starts with, by its URL', () => {
  it.each([
    ['/', 'home', [HOME_TEMPLATE_GET, CAMPAIGN_LIST_GET]],
    ['/home', 'home', [HOME_TEMPLATE_GET, CAMPAIGN_LIST_GET]],
    ['/main?from=share', 'home', [HOME_TEMPLATE_GET, CAMPAIGN_LIST_GET]],
    [
      '/store/productlist?cat=Tea',
      'productList',
      [`${PRODUCTS}?categoryName=Tea&sortby=default&infiniteLoad=true&numberToLoad=12&startingPosition=0`, `${PRODUCTS}/listCount?categoryName=Tea`, '/productManagement2/category/Tea?numberToLoad=1']
    ],
    // a home section's own list is titled from the home template; the new arrivals' by the app
    [
      '/store/tag/bestseller?list=home-bestsellers&sort=priceLowToHigh',
      'productList',
      [
        `${PRODUCTS}?tagName=bestseller&sortby=priceLowToHigh&infiniteLoad=true&numberToLoad=12&startingPosition=0`,
        `${PRODUCTS}/listCount?tagName=bestseller`,
        '/productManagement2/tag/bestseller?numberToLoad=1',
        HOME_TEMPLATE_GET
      ]
    ],
    ['/store/productlist?cat=all&list=new', 'productList', [`${PRODUCTS}?sortby=default&infiniteLoad=true&numberToLoad=12&startingPosition=0`, `${PRODUCTS}/listCount`]],
    // a ?sort= the list does not know is the default order, as the page shows it
    ['/store/productlist?cat=all&sort=bogus', 'productList', [`${PRODUCTS}?sortby=default&infiniteLoad=true&numberToLoad=12&startingPosition=0`, `${PRODUCTS}/listCount`]],
    [
      '/store/tag/new%20in',
      'productList',
      [`${PRODUCTS}?tagName=new%20in&sortby=default&infiniteLoad=true&numberToLoad=12&startingPosition=0`, `${PRODUCTS}/listCount?tagName=new%20in`, '/productManagement2/tag/new%20in?numberToLoad=1']
    ],
    ['/store/clearance', 'productList', [`${PRODUCTS}?clearance=true&sortby=default&infiniteLoad=true&numberToLoad=12&startingPosition=0`, `${PRODUCTS}/listCount?clearance=true`]],
    ['/store/product/1003', 'product', ['/productManagement/product/1003', `${PRODUCTS}/relatedProducts/1003`]],
    ['/blog/spring%20tea', 'blogPost', ['/common3/blog/post/spring%20tea']]
  ])('%s: %s', (url, page, gets) => {
    expect(firstScreenOf(url)).toEqual({ page, gets })
  })

  it('/store/groupCampaign/7: the campaign, its items and participants; the detail answered with the shopper\'s own part', () => {
    expect(firstScreenOf('/store/groupCampaign/7')).toEqual({
      page: 'campaign',
      gets: ['/common3/campaign/fission/7', '/productManagement2/campaignProductItem/list/all?fissionCampaignId=7', '/common3/orders/list?fissionCampaignId=7'],
      personal: ['/common3/campaign/fission/7']
    })
  })

  it('/wechatlivestreamrooms: no GET, the live rooms\' POST with the body the page sends for its first 10 rooms', async () => {
    const screen = firstScreenOf('/wechatlivestreamrooms')
    expect(screen).toEqual({ page: 'liveRooms', gets: [], posts: [{ path: LIVE_ROOMS_POST, body: { start: 0, limit: 10 } }] })
    await wechatApi.liveRooms(0)
    expect(http.post).toHaveBeenCalledWith(screen?.posts?.[0].path, screen?.posts?.[0].body)
    // the same JSON, key order included: the written answer's key holds the body's JSON
    expect(JSON.stringify((http.post as jest.Mock).mock.calls[0][1])).toBe(JSON.stringify(screen?.posts?.[0].body))
  })

  it.each(['/checkout/cart', '/user/list', '/account/login', '/checkout'])(
    '%s has no public GET to answer ahead (the shopper\'s own data)',
    (url) => {
      expect(firstScreenOf(url)).toBeNull()
    }
  )

  it('never lists app info: it carries the session, the server adds it with the shopper\'s cookies', () => {
    for (const url of ['/', '/store/productlist?cat=Tea', '/store/product/1']) expect(firstScreenOf(url)?.gets).not.toContain(APP_INFO_GET)
  })
})

describe('homeGetsAfterTemplate: the rows the home template asks for', () => {
  it('the carousels in order, then the newest and clearance rows; the categories only without a featured section', () => {
    const carousel = { kind: 'productCarousel', tagName: 'bestseller', numberToLoad: 4 }
    expect(homeGetsAfterTemplate([{ kind: 'banner' }, carousel, { kind: 'featuredCategories' }])).toEqual([
      `${PRODUCTS}?tagName=bestseller&sortby=default&infiniteLoad=true&numberToLoad=4&startingPosition=0`,
      newest,
      clearance
    ])
    expect(homeGetsAfterTemplate([{ kind: 'productCarousel', tagName: 'x' }])).toEqual([
      `${PRODUCTS}?tagName=x&sortby=default&infiniteLoad=true&numberToLoad=8&startingPosition=0`,
      '/productManagement/categories/all',
      newest,
      clearance
    ])
  })
})
