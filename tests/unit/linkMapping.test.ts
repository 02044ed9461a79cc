import { brandListUrl, mapMenuLink, MenuLinkTarget, withQueryParam } from '@/domain/linkMapping'
import { matchRoute } from '@shared/routes'

const internal = (url: string): MenuLinkTarget => ({ kind: 'internal', url })

describe('spec "Menu link mapping (header, side menu, footer)"', () => {
  describe('"productlist? links: /store/productlist with query cat and sort (encoded ampersand in cat decoded)"', () => {
    it.each([
      ['productlist?cat=shoes', '/store/productlist?cat=shoes'],
      ['productlist?cat=shoes&sort=price', '/store/productlist?cat=shoes&sort=price'],
      ['productlist?sort=date&cat=shoes', '/store/productlist?cat=shoes&sort=date'],
      // %26 is decoded to '&' as part of the category, then encoded again so it stays inside cat
      ['productlist?cat=Food%26Drink&sort=price', '/store/productlist?cat=Food%26Drink&sort=price'],
      ['productlist?cat=Men%27s Shoes', '/store/productlist?cat=Men\'s%20Shoes'],
      ['/productlist?cat=hats', '/store/productlist?cat=hats'],
      ['productlist?sort=price', '/store/productlist?sort=price'],
      ['productlist?cat=bad%E0%A4%A', '/store/productlist?cat=bad%25E0%25A4%25A']
    ])('%s → %s', (link, url) => {
      expect(mapMenuLink({ link, linkActionType: 'INTERNAL_LINK' })).toEqual(internal(url))
    })
  })

  it.each([
    ['products/shoes', '/store/productlist?cat=shoes'],
    ['products/Food%26Drink', '/store/productlist?cat=Food%26Drink'],
    ['products/', '/store/productlist']
  ])('"products/{cat} becomes /store/productlist?cat={cat}": %s → %s', (link, url) => {
    expect(mapMenuLink({ link })).toEqual(internal(url))
  })

  it.each([
    ['page/about-us', '/about-us'],
    ['/page/faq', '/faq']
  ])('"page/{name} becomes /{name}": %s → %s', (link, url) => {
    expect(mapMenuLink({ link })).toEqual(internal(url))
  })

  it.each([
    ['search', '/store/search'],
    ['search/red shoes', '/store/search/red shoes'],
    ['tag/summer', '/store/tag/summer'],
    ['brand/acme', '/store/brand/acme'],
    ['product/123', '/store/product/123'],
    ['clearance', '/store/clearance'],
    ['/clearance', '/store/clearance']
  ])('"links starting with search, tag, brand, product/ or clearance become /store/{link}": %s → %s', (link, url) => {
    expect(mapMenuLink({ link })).toEqual(internal(url))
  })

  it.each([
    ['about', '/about'],
    ['/about', '/about'],
    ['//about', '/about'],
    ['store', '/store'],
    ['checkout/cart', '/checkout/cart'],
    ['user/orders', '/user/orders'],
    // 'product' without the slash is not a store link
    ['productinfo', '/productinfo']
  ])('"anything else becomes /{link}" (never a double slash): %s → %s', (link, url) => {
    expect(mapMenuLink({ link })).toEqual(internal(url))
  })

  it.each([
    [{ link: 'https://example.com/a', linkActionType: 'EXTERNAL_LINK' }, 'https://example.com/a'],
    [{ link: 'www.example.com', linkActionType: 'EXTERNAL_LINK' }, 'www.example.com'],
    [{ link: 'http://example.com' }, 'http://example.com'],
    [{ link: 'HTTPS://EXAMPLE.COM', linkActionType: 'INTERNAL_LINK' }, 'HTTPS://EXAMPLE.COM']
  ])('"External links open in a new tab": %o → external', (item, url) => {
    expect(mapMenuLink(item)).toEqual({ kind: 'external', url })
  })

  it.each([[{}], [{ link: '' }], [{ link: '   ' }], [{ linkActionType: 'EXTERNAL_LINK' }]])(
    'an entry without link is a no-link entry: %o → none',
    (item) => {
      expect(mapMenuLink(item)).toEqual({ kind: 'none' })
    }
  )
})

describe('a tel: link is the store phone number, dialled (not a page of the store, not a new tab)', () => {
  it.each([
    [{ link: 'tel:+18005550199' }, '+18005550199'],
    [{ link: 'TEL:1-800-555-0199', linkActionType: 'EXTERNAL_LINK' }, '1-800-555-0199'],
    [{ link: 'tel:%2B1%20800', linkActionType: 'INTERNAL_LINK' }, '+1 800']
  ])('%o → phone %s', (item, number) => {
    expect(mapMenuLink(item)).toEqual({ kind: 'phone', number })
  })
})

describe('withQueryParam: a page state kept in its address', () => {
  it.each([
    ['', 'sort', 'name', '?sort=name'],
    ['?cat=Coffee', 'sort', 'priceLowToHigh', '?cat=Coffee&sort=priceLowToHigh'],
    ['?cat=Home%20%26%20Kitchen&sort=name', 'sort', 'date', '?cat=Home%20%26%20Kitchen&sort=date'],
    ['?sort=name&cat=Tea', 'sort', 'price high', '?cat=Tea&sort=price%20high']
  ])('%s + %s=%s → %s', (search, key, value, expected) => {
    expect(withQueryParam(search, key, value)).toBe(expected)
  })
})

describe('brandListUrl: a brand list the store page links to opens the brand filter', () => {
  it.each([
    ['Maple Roasters', '/store/brand/Maple%20Roasters'],
    ['Lakeside Goods', '/store/brand/Lakeside%20Goods'],
    ['A/B & Co', '/store/brand/A%2FB%20%26%20Co']
  ])('%s → %s, whose route gives back the brand', (brand, url) => {
    expect(brandListUrl(brand)).toBe(url)
    expect(matchRoute(url)?.params.brand).toBe(brand)
  })
})
