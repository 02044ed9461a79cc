import { act, fireEvent, render, screen } from '@testing-library/react'
import { Header } from '@/components/shell/Header'
import type { Language } from '@/i18n'
import { useCart } from '@/stores/cart'
import { useUi } from '@/stores/ui'
import { appInfoFixture, loggedInFixture, withAppContent, withConfig } from '../../support/fixtures/appInfo'
import { navigations, testControl } from '../../support/taroMock'
import { cartWithQuantities, LANGS, resetStores, setUrl } from './shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { storeName: 'Maple Market', signIn: 'Sign in', myAccount: 'My account', newArrivals: 'New Arrivals', about: 'About Us', shop: 'Shoes', search: 'Search', menu: 'Open menu' },
  zh: { storeName: '枫叶市场', signIn: '登录', myAccount: '我的账户', newArrivals: '新品', about: '关于我们', shop: '鞋', search: '搜索', menu: '打开菜单' }
}

beforeEach(() => setUrl('/'))

describe.each(LANGS)('header (%s)', (lang) => {
  const text = TEXT[lang]

  it('full layout: store name (in the language) links home, top menu items follow the link mapping', () => {
    resetStores(appInfoFixture(), lang)
    const openSpy = jest.spyOn(window, 'open').mockImplementation(() => null)
    render(<Header />)
    fireEvent.click(screen.getByText(text.storeName))
    fireEvent.click(screen.getByText(text.newArrivals))
    fireEvent.click(screen.getByText(text.about))
    fireEvent.click(screen.getByText(text.shop))
    expect(navigations.map((n) => n.url)).toEqual(['/', '/store/productlist?cat=new&sort=newest', '/about', '/store/productlist?cat=shoes'])
    fireEvent.click(screen.getByText('Our Blog'))
    expect(openSpy).toHaveBeenCalledWith('https://blog.example.com', '_blank', 'noopener')
    openSpy.mockRestore()
  })

  it('full layout: a sub-menu opens on tap and one open at a time closes on the next tap', () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<Header />)
    const shopItem = () => container.querySelectorAll('.header__menu-item')[1]
    expect(shopItem()).not.toHaveClass('header__menu-item--open')
    // 'Shop' has no link of its own: tapping its label opens its sub-menu.
    fireEvent.click(screen.getByText(lang === 'en' ? 'Shop' : '商店'))
    expect(shopItem()).toHaveClass('header__menu-item--open')
    expect(shopItem().querySelector('.header__submenu-toggle')).toHaveAttribute('aria-expanded', 'true')
    fireEvent.click(shopItem().querySelector('.header__submenu-toggle') as Element)
    expect(shopItem()).not.toHaveClass('header__menu-item--open')
    expect(navigations).toEqual([])
  })

  it('floating layout: no top menu row, the toggle opens the side menu', () => {
    resetStores(withConfig(appInfoFixture(), { displayHeader: 'FLOATING' }), lang)
    const { container } = render(<Header />)
    expect(container.querySelector('.header--floating')).not.toBeNull()
    expect(screen.queryByText(text.newArrivals)).toBeNull()
    fireEvent.click(screen.getByLabelText(text.menu))
    expect(useUi.getState().sideMenuOpen).toBe(true)
  })

  it('guest: sign in goes to /account/login and no my-account entry', () => {
    resetStores(appInfoFixture(), lang)
    render(<Header />)
    expect(screen.queryByText(text.myAccount)).toBeNull()
    fireEvent.click(screen.getByText(text.signIn))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/account/login' }])
  })

  it('logged in: my account goes to /user/list and no sign-in entry', () => {
    resetStores(loggedInFixture(), lang)
    render(<Header />)
    expect(screen.queryByText(text.signIn)).toBeNull()
    fireEvent.click(screen.getByText(text.myAccount))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/user/list' }])
  })

  it('user accounts disabled: neither sign in nor my account, logged in or not', () => {
    for (const info of [appInfoFixture(), loggedInFixture()]) {
      resetStores(withConfig(info, { enableUserAccounts: false }), lang)
      const { unmount } = render(<Header />)
      expect(screen.queryByText(text.signIn)).toBeNull()
      expect(screen.queryByText(text.myAccount)).toBeNull()
      unmount()
    }
  })

  it('search opens /store/search', () => {
    resetStores(appInfoFixture(), lang)
    render(<Header />)
    fireEvent.click(screen.getByLabelText(text.search))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/store/search' }])
  })

  it("cart badge shows the cart's itemCount (units, the tab bar's number too) and is hidden with an empty cart", () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<Header />)
    expect(container.querySelector('.header__badge')).toBeNull()
    act(() => useCart.setState({ cart: cartWithQuantities(3, 1, 2) }))
    expect(container.querySelector('.header__badge')).toHaveTextContent(/^6$/)
    expect(screen.getByLabelText(lang === 'en' ? 'Cart, 6 items' : '购物车，6 件商品')).toBeInTheDocument()
  })

  it('cart follows the cart action: campaign cart on a group-campaign page, else /checkout/cart', () => {
    resetStores(appInfoFixture(), lang)
    const { container, unmount } = render(<Header />)
    fireEvent.click(container.querySelector('.header__cart') as Element)
    unmount()
    setUrl('/store/groupCampaign/77')
    const second = render(<Header />)
    fireEvent.click(second.container.querySelector('.header__cart') as Element)
    expect(navigations.map((n) => n.url)).toEqual(['/checkout/cart', '/checkout/campaignCart?FissionSale=77'])
  })

  it('is the banner landmark; its buttons take keyboard focus and Enter or Space presses them; home, account and cart are links', () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<Header />)
    expect(container.querySelector('.header')).toHaveAttribute('role', 'banner')
    // Links are anchors (Link.h5.tsx): the browser focuses them and follows them on Enter by itself.
    const links = [...container.querySelectorAll('.header__bar a')].map((a) => [a.className, a.getAttribute('href')])
    expect(links).toEqual([
      ['link header__brand', '/'],
      ['link header__account header__button', '/account/login'],
      ['link header__cart header__button', '/checkout/cart']
    ])
    for (const el of container.querySelectorAll('.header__button:not(a)')) {
      expect(el).toHaveAttribute('role', 'button')
      expect(el).toHaveAttribute('tabindex', '0')
    }
    const search = container.querySelector('.header__search') as HTMLElement
    fireEvent.keyDown(search, { key: 'a' })
    fireEvent.keyDown(search, { key: 'Enter', ctrlKey: true })
    fireEvent.keyDown(search, { key: ' ' })
    expect(navigations.map((n) => n.url)).toEqual(['/store/search'])
  })

  it('no cart icon when checkout is disabled', () => {
    resetStores(withConfig(appInfoFixture(), { enableCheckout: false }), lang)
    useCart.setState({ cart: cartWithQuantities(1) })
    const { container } = render(<Header />)
    expect(container.querySelector('.header__cart')).toBeNull()
  })

  it('truncates top menu labels over 20 characters and sub-menu labels over 24', () => {
    const long = lang === 'en' ? 'Seasonal Clearance Event Now' : '本季清仓特卖活动现在开始全场商品限时五折优惠快来'
    const longSub = lang === 'en' ? 'Outdoor Furniture and Garden Tools' : '户外家具和园艺工具以及各种庭院装饰用品全部八折优惠中'
    const info = appInfoFixture()
    const nav = info.appContent.navigation
    const withLong = withAppContent(info, {
      navigation: {
        ...nav,
        headerMenu: [{ name: long, nameContent: { [lang]: long }, link: 'clearance', subMenu: [{ name: longSub, nameContent: { [lang]: longSub }, link: 'tag/garden' }] }]
      }
    })
    resetStores(withLong, lang)
    render(<Header />)
    expect(screen.getByText(Array.from(long).slice(0, 20).join('') + '...')).toBeInTheDocument()
    expect(screen.getByText(Array.from(longSub).slice(0, 24).join('') + '...')).toBeInTheDocument()
  })

  it('logo image with the CDN path and the configured style, instead of the store name', () => {
    resetStores(withAppContent(appInfoFixture(), { logo: { imageURL: 'images/logo.png' }, storeLogo: '2' }), lang)
    const { container } = render(<Header />)
    const logo = container.querySelector('.header__logo')
    expect(logo).toHaveClass('header__logo--style2')
    expect(logo?.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/maple/images/logo.png')
    expect(logo?.querySelector('img')).toHaveAttribute('alt', text.storeName)
    expect(screen.queryByText(text.storeName)).toBeNull()
  })

  it('language/currency dropdown opens the modal; hidden with one language and no currencies', () => {
    resetStores(appInfoFixture(), lang)
    const { container, unmount } = render(<Header />)
    expect(container.querySelector('.header__chooser-label')).toHaveTextContent(lang === 'en' ? 'English / CAD' : '中文 / CAD')
    fireEvent.click(container.querySelector('.header__chooser') as Element)
    expect(useUi.getState().modal).toBe('languageCurrency')
    unmount()
    const single = withConfig(appInfoFixture(), { supportedLanguages: ['en'] })
    const info = withAppContent(single, { system: { ...single.appContent.system, payment: { ...single.appContent.system.payment, exchangeCurrencies: [] } } })
    resetStores(info, lang)
    const second = render(<Header />)
    expect(second.container.querySelector('.header__chooser')).toBeNull()
  })

  it('current store name truncated by screen width (15/13 narrow, 20/18 wide) opens the location modal', () => {
    resetStores(appInfoFixture(), lang)
    const name = lang === 'en' ? 'Vancouver Downtown' : '温哥华市中心店'
    const { container, unmount } = render(<Header />)
    const narrow = lang === 'en' ? 'Vancouver Dow...' : name
    expect(container.querySelector('.header__location-name')).toHaveTextContent(narrow)
    fireEvent.click(container.querySelector('.header__location') as Element)
    expect(useUi.getState().modal).toBe('location')
    unmount()
    testControl.setWindowWidth(1280)
    const wide = render(<Header />)
    expect(wide.container.querySelector('.header__location-name')).toHaveTextContent(name)
  })

  it('no store picker without enableMultiLocationSelection', () => {
    resetStores(withConfig(appInfoFixture(), { enableMultiLocationSelection: false }), lang)
    const { container } = render(<Header />)
    expect(container.querySelector('.header__location')).toBeNull()
  })
})
