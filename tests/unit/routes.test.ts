import { pageLayout } from '@shared/pageLayout'
import { customRoutes, matchRoute, productUrl, toPagePath } from '@shared/routes'

describe('spec §2 routes', () => {
  it.each([
    ['/', 'pages/home/index', {}],
    ['/home', 'pages/home/index', {}],
    // spec §2 top-level route "main"
    ['/main', 'pages/home/index', {}],
    ['/blog', 'packages/blog/pages/index/index', {}],
    ['/blog?category=tea', 'packages/blog/pages/index/index', { category: 'tea' }],
    ['/blog/brewing-longjing-at-home', 'packages/blog/pages/post/index', { slug: 'brewing-longjing-at-home' }],
    ['/confirmation?from_source=ott_h5X12', 'pages/confirmation/index', { from_source: 'ott_h5X12' }],
    ['/confirmationa/alipay_h5/55', 'pages/confirmationa/index', { type: 'alipay_h5', order_id: '55' }],
    ['/store/productlist?cat=shoes&sort=date', 'packages/store/pages/productlist/index', { cat: 'shoes', sort: 'date' }],
    ['/store/tag/summer', 'packages/store/pages/productlist/index', { tag: 'summer' }],
    ['/store/clearance', 'packages/store/pages/productlist/index', { clearance: 'true' }],
    ['/store/groupCampaign/7?FissionSale=1', 'packages/store/pages/groupCampaign/index', { id: '7', FissionSale: '1' }],
    ['/checkout/cart', 'packages/checkout/pages/cart/index', {}],
    ['/user', 'packages/user/pages/list/index', {}],
    ['/user/orders/A1', 'packages/user/pages/order/index', { id: 'A1' }],
    ['/about', 'pages/general/index', { name: 'about' }],
    ['/contact', 'pages/contact/contact', {}],
    ['/orderlookup?order=100123', 'packages/user/pages/orderlookup/index', { order: '100123' }],
    ['/pages/contact/contact', 'pages/contact/contact', {}],
    ['/packages/store/pages/product/index?id=3', 'packages/store/pages/product/index', { id: '3' }]
  ])('%s renders %s', (url, page, params) => {
    const match = matchRoute(url)
    expect(match?.route.page).toBe(page)
    expect(match?.params).toEqual(params)
  })

  it.each([
    ['12', undefined, '/store/product/12'],
    ['12', '', '/store/product/12'],
    ['12', 'color:Red,size:M', '/store/product/12?option=color%3ARed%2Csize%3AM'],
    ['a/b', 'size:M & L', '/store/product/a%2Fb?option=size%3AM%20%26%20L']
  ])("a product's link: %s with %p → %s, which opens the product page with its id and option", (id, pair, url) => {
    expect(productUrl(id, pair)).toBe(url)
    expect(matchRoute(url)?.params).toEqual({ id, ...(pair ? { option: pair } : {}) })
    expect(toPagePath(url)).toBe(`/packages/store/pages/product/index?${pair ? `option=${encodeURIComponent(pair)}&` : ''}id=${encodeURIComponent(id)}`)
  })

  it('treats a deeper unknown path as unknown ("unknown path redirects to the empty path")', () => {
    expect(matchRoute('/foo/bar/baz')).toBeNull()
    expect(toPagePath('/foo/bar/baz')).toBe('/pages/home/index')
  })

  it('turns public URLs into mini-program page paths with every parameter in the query', () => {
    expect(toPagePath('/store/product/12?from=share')).toBe('/packages/store/pages/product/index?from=share&id=12')
    expect(toPagePath('/store/productlist?cat=a%26b')).toBe('/packages/store/pages/productlist/index?cat=a%26b')
    expect(toPagePath('/contact')).toBe('/pages/contact/contact')
    expect(toPagePath('/main')).toBe('/pages/home/index')
    expect(toPagePath('/blog/pour-over-basics')).toBe('/packages/blog/pages/post/index?slug=pour-over-basics')
  })

  it('keeps only the home page in the main package: lazy areas and the other pages are sub-packages', () => {
    const { pages, subPackages } = pageLayout(false)
    expect(pages).toEqual(['pages/home/index'])
    expect(subPackages.map((p) => p.root).sort()).toEqual([
      'packages/account',
      'packages/blog',
      'packages/checkout',
      'packages/store',
      'packages/user',
      'pages/confirmation',
      'pages/confirmationa',
      'pages/contact',
      'pages/general',
      'pages/processpay',
      'pages/wechatlivestreamrooms'
    ])
    // A page of its own sub-package keeps its page path (payment returns and the header helper open these).
    expect(subPackages.find((p) => p.root === 'pages/contact')?.pages).toEqual(['contact'])
    expect(subPackages.find((p) => p.root === 'pages/confirmation')?.pages).toEqual(['index'])
  })

  it('gives only the mini-programs the room page a tapped live room opens (spec §2 /pages/livestream/livestream)', () => {
    expect(pageLayout(true).subPackages.find((p) => p.root === 'pages/livestream')?.pages).toEqual(['livestream'])
    expect(pageLayout(false).subPackages.some((p) => p.root === 'pages/livestream')).toBe(false)
    expect(customRoutes()['/pages/livestream/livestream']).toBeUndefined()
    expect(toPagePath('/livestream?roomId=1202')).toBe('/pages/livestream/livestream?roomId=1202')
  })

  it('does not let the general-page catch-all swallow area roots on H5', () => {
    const general = customRoutes()['/pages/general/index'][0]
    const re = new RegExp(`^${general.replace(':name', '')}$`.replace('((?!', '((?!'))
    expect(re.test('/about')).toBe(true)
    expect(re.test('/user')).toBe(false)
    expect(re.test('/store')).toBe(false)
    expect(re.test('/blog')).toBe(false)
    expect(re.test('/main')).toBe(false)
    expect(re.test('/home')).toBe(false)
  })
})
