import { cartBadge, DEFAULT_TABS, footerTabTarget, hasConfiguredFooter, isTabActive, reachableTabTarget, TabTarget } from '@/domain/footerTabs'

describe('spec "Fixed tabs: /home (Home), /store (Shop), /checkout (Cart, count badge…), Support (…no route), /user/list (Account)"', () => {
  it('has the five tabs in order with their routes and label keys', () => {
    expect(DEFAULT_TABS.map((t) => [t.id, t.route, t.labelKey, t.badge])).toEqual([
      ['home', '/home', 'tab.home', false],
      ['store', '/store', 'tab.shop', false],
      ['cart', '/checkout', 'tab.cart', true],
      ['support', null, 'tab.support', false],
      ['account', '/user/list', 'tab.account', false]
    ])
  })

  it('Support triggers the support action instead of a route', () => {
    expect(DEFAULT_TABS.find((t) => t.id === 'support')?.target).toEqual({ kind: 'support' })
  })
})

describe('spec "count badge of cart itemCount, hidden when zero"', () => {
  it.each([
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [250, '99+']
  ])('itemCount %p → %p', (count, badge) => {
    expect(cartBadge(count)).toBe(badge)
  })
})

describe('spec configurable footer tab links', () => {
  const route = (url: string): TabTarget => ({ kind: 'route', url })

  it.each([
    ['search', route('/store/search')],
    ['tag/summer', route('/store/tag/summer')],
    ['brand/acme', route('/store/brand/acme')],
    ['product/12', route('/store/product/12')],
    ['clearance', route('/store/clearance')]
  ])('"link starting with search, tag, brand, product/ or clearance is prefixed /store/": %s', (link, target) => {
    expect(footerTabTarget(link)).toEqual(target)
  })

  it.each([
    ['about', route('/about')],
    ['/about', route('/about')],
    ['user/list', route('/user/list')],
    ['home', route('/home')],
    ['/', route('/')]
  ])('"otherwise prefixed /" (a leading slash is not doubled): %s', (link, target) => {
    expect(footerTabTarget(link)).toEqual(target)
  })

  it.each([
    ['productlist?cat=shoes', route('/store/productlist?cat=shoes')],
    ['productlist?cat=shoes&sort=price', route('/store/productlist?cat=shoes&sort=price')],
    ['productlist?cat=Food%26Drink', route('/store/productlist?cat=Food%26Drink')],
    ['/productlist?cat=hats', route('/store/productlist?cat=hats')],
    ['productlist?cat=', route('/store/productlist?cat=')]
  ])('"link starting with productlist? goes to /store/productlist with query cat taken from the link after its first 16 characters": %s', (link, target) => {
    expect(footerTabTarget(link)).toEqual(target)
  })

  it.each([['checkout/cart'], ['/checkout/cart']])('"link checkout/cart opens the cart": %s', (link) => {
    expect(footerTabTarget(link)).toEqual({ kind: 'cart' })
  })

  it('checkout links other than checkout/cart are ordinary routes', () => {
    expect(footerTabTarget('checkout')).toEqual(route('/checkout'))
  })

  it.each([['/pages/messenger/index'], ['/pages/messenger']])(
    '"link starting with /pages/messenger opens via the mini-program navigation": %s',
    (link) => {
      expect(footerTabTarget(link)).toEqual({ kind: 'miniProgram', path: link })
    }
  )

  it('"pages/messenger" without the leading slash is an ordinary route', () => {
    expect(footerTabTarget('pages/messenger')).toEqual(route('/pages/messenger'))
  })

  it.each([[undefined], [''], ['  ']])('"a tab without link is display only": %p', (link) => {
    expect(footerTabTarget(link)).toEqual({ kind: 'none' })
  })
})

describe('spec "replaces/augments it only when styling, language and at least one tab exist"', () => {
  const tab = { link: 'home', name: 'Home' }
  it.each([
    [{ styling: { color: 'red' }, language: 'en', tabs: [tab] }, true],
    [{ styling: {}, language: 'zh', tabs: [tab, tab] }, true],
    [{ styling: { color: 'red' }, language: 'en', tabs: [] }, false],
    [{ styling: { color: 'red' }, language: 'en' }, false],
    [{ language: 'en', tabs: [tab] }, false],
    [{ styling: null, language: 'en', tabs: [tab] }, false],
    [{ styling: { color: 'red' }, tabs: [tab] }, false],
    [{ styling: { color: 'red' }, language: '', tabs: [tab] }, false]
  ])('%o → %p', (config, expected) => {
    expect(hasConfiguredFooter(config)).toBe(expected)
  })
})

describe('spec "Active tab highlighting follows the current path (account/user tabs; store tabs except clearance/search; home at root)"', () => {
  it.each([
    ['home', '/', true],
    ['home', '/home', true],
    ['home', '/home?x=1', true],
    ['home', '/about', false],
    ['home', '/store', false],
    ['store', '/store', true],
    ['store', '/store/product/1', true],
    ['store', '/store/productlist?cat=Bakery', true],
    ['store', '/store/search', false],
    ['store', '/store/clearance', false],
    ['store', '/stores', false],
    ['store', '/', false],
    ['cart', '/checkout/cart', true],
    ['cart', '/store', false],
    ['account', '/user/list', true],
    ['account', '/user', true],
    ['account', '/account/login', true],
    ['account', '/users', false],
    ['account', '/store', false]
  ] as const)('fixed %s tab on %s → %p', (tab, path, active) => {
    expect(isTabActive(tab, path)).toBe(active)
  })

  it.each([
    ['user/list', '/user/orders', true],
    ['account/login', '/user/list', true],
    ['user/list', '/store', false],
    // A tab to one store list is lit only on that list: same path, same category, tag or brand.
    ['productlist?cat=Coffee', '/store/productlist?cat=Coffee', true],
    ['productlist?cat=Coffee', '/store/productlist?cat=Coffee&sort=price_asc', true],
    ['productlist?cat=Coffee', '/store/productlist?cat=Bakery', false],
    ['productlist?cat=Coffee', '/store/productlist', false],
    ['productlist?cat=Coffee', '/store/tag/Coffee', false],
    ['productlist?cat=Coffee', '/store', false],
    ['productlist?cat=Coffee', '/store/product/1023', false],
    ['productlist?cat=Coffee', '/store/influencers', false],
    ['productlist?cat=Coffee', '/store/groupCampaign/501', false],
    ['productlist?cat=Coffee', '/store/search', false],
    ['productlist?cat=Coffee', '/store/clearance', false],
    ['productlist?cat=Food%26Drink', '/store/productlist?cat=Food%26Drink', true],
    ['tag/summer', '/store/tag/summer', true],
    ['tag/summer', '/store/tag/winter', false],
    ['tag/summer', '/store', false],
    ['tag/summer', '/store/product/3', false],
    ['brand/acme', '/store/brand/acme', true],
    ['brand/acme', '/store/brand/other', false],
    ['product/12', '/store/product/12', true],
    ['product/12', '/store/product/13', false],
    ['store/influencers', '/store/influencers', true],
    ['store/influencers', '/store/influencer/7', false],
    // A tab to the store itself is lit on store pages except clearance and search, which have their own tabs.
    ['store', '/store', true],
    ['store', '/store/productlist?cat=Bakery', true],
    ['store', '/store/product/1023', true],
    ['store', '/store/influencers', true],
    ['store', '/store/groupCampaign/501', true],
    ['store', '/store/search', false],
    ['store', '/store/clearance', false],
    ['store', '/home', false],
    ['clearance', '/store/clearance', true],
    ['clearance', '/store', false],
    ['clearance', '/store/product/1', false],
    ['search', '/store/search', true],
    ['search', '/store/search/shoes', true],
    ['search', '/store/clearance', false],
    ['search', '/store/productlist?cat=Coffee', false],
    ['home', '/', true],
    ['home', '/home/', true],
    ['home', '/about', false],
    ['/', '/', true],
    ['about', '/about', true],
    ['about', '/about-us', false],
    ['checkout/cart', '/checkout/cart', true],
    ['checkout/cart', '/store', false],
    [undefined, '/', false],
    ['/pages/messenger/index', '/pages/messenger/index', false]
  ])('configured tab %p on %s → %p', (link, path, active) => {
    expect(isTabActive({ link }, path)).toBe(active)
  })

  it('the route\'s own params say which list a page is (the mini-programs pass them apart from the path)', () => {
    expect(isTabActive({ link: 'productlist?cat=Coffee' }, '/store/productlist', { cat: 'Coffee' })).toBe(true)
    expect(isTabActive({ link: 'productlist?cat=Coffee' }, '/store/productlist', { cat: 'Bakery' })).toBe(false)
  })

  it('on search only the search tab is lit among the seed\'s kind of tabs', () => {
    const tabs = [{ link: 'productlist?cat=Coffee' }, { link: 'store' }, { link: 'search' }, { link: 'clearance' }]
    expect(tabs.filter((tab) => isTabActive(tab, '/store/search')).map((tab) => tab.link)).toEqual(['search'])
  })
})

describe('a tab that can do nothing where the store runs opens support instead', () => {
  const chat: TabTarget = { kind: 'miniProgram', path: '/pages/messenger/index' }
  it.each<[TabTarget, boolean, TabTarget]>([
    [chat, true, chat],
    [chat, false, { kind: 'support' }],
    [{ kind: 'route', url: '/store' }, false, { kind: 'route', url: '/store' }],
    [{ kind: 'none' }, false, { kind: 'none' }]
  ])('%o (mini-program pages open: %p) → %o', (target, canOpenMiniProgramPages, expected) => {
    expect(reachableTabTarget(target, { canOpenMiniProgramPages })).toEqual(expected)
  })
})
