import { act, fireEvent, render, screen } from '@testing-library/react'
import type { FooterTab } from '@/api/appInfo'
import { TabBar } from '@/components/shell/TabBar'
import type { Language } from '@/i18n'
import { platform } from '@/platform'
import { useCart } from '@/stores/cart'
import { useUi } from '@/stores/ui'
import { appInfoFixture, withAppContent } from '../../support/fixtures/appInfo'
import { navigations } from '../../support/taroMock'
import { cartWithQuantities, LANGS, resetStores, setUrl } from './shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { home: 'Home', shop: 'Shop', cart: 'Cart', support: 'Support', account: 'Account', cart4: 'Cart, 4 items', deals: 'Deals' },
  zh: { home: '首页', shop: '商店', cart: '购物车', support: '客服', account: '我的', cart4: '购物车，4 件商品', deals: '优惠' }
}

const CONFIGURED_TABS: FooterTab[] = [
  { name: 'Deals', nameContent: { zh: '优惠' }, link: 'productlist?cat=deals', icon: 'icons/deals.png' },
  { name: 'Bag', link: 'checkout/cart' },
  { name: 'Chat', link: '/pages/messenger/index?room=1' },
  { name: 'Hotline' },
  { name: 'Find', link: 'search', icon: 'search' },
  { name: 'Story', link: 'about' }
]

function withTabs(tabs: FooterTab[]) {
  const info = appInfoFixture()
  return withAppContent(info, { navigation: { ...info.appContent.navigation, footerTabs: tabs } })
}

function activeLabels(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('.tab-bar__tab--active .tab-bar__label')).map((el) => el.textContent ?? '')
}

beforeEach(() => setUrl('/'))

describe.each(LANGS)('tab bar (%s)', (lang) => {
  const text = TEXT[lang]

  it('fixed tabs in order; the cart badge is hidden at zero and shows the itemCount', () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<TabBar />)
    const labels = Array.from(container.querySelectorAll('.tab-bar__label')).map((el) => el.textContent)
    expect(labels).toEqual([text.home, text.shop, text.cart, text.support, text.account])
    expect(container.querySelector('.tab-bar__badge')).toBeNull()
    act(() => useCart.setState({ cart: cartWithQuantities(0) }))
    expect(container.querySelector('.tab-bar__badge')).toBeNull()
    act(() => useCart.setState({ cart: cartWithQuantities(3, 1) }))
    expect(container.querySelector('.tab-bar__badge')).toHaveTextContent(/^4$/)
    expect(screen.getByLabelText(text.cart4)).toBeInTheDocument()
  })

  it('fixed tabs go to /home, /store, /checkout and /user/list; Support opens the support sheet on H5', () => {
    resetStores(appInfoFixture(), lang)
    render(<TabBar />)
    for (const label of [text.home, text.shop, text.cart, text.account]) fireEvent.click(screen.getByText(label))
    expect(navigations.map((n) => n.url)).toEqual(['/home', '/store', '/checkout', '/user/list'])
    fireEvent.click(screen.getByText(text.support))
    expect(useUi.getState().modal).toBe('support')
    expect(navigations).toHaveLength(4)
  })

  it('Support where the platform offers the contact page (Alipay) opens /contact; in WeChat it is the customer-service button', () => {
    const platformSupport = platform as { support: string }
    const h5 = platformSupport.support
    try {
      platformSupport.support = 'page'
      resetStores(appInfoFixture(), lang)
      const first = render(<TabBar />)
      fireEvent.click(screen.getByText(text.support))
      expect(navigations.map((n) => n.url)).toEqual(['/contact'])
      expect(useUi.getState().modal).toBeNull()
      first.unmount()

      platformSupport.support = 'conversation'
      const { container } = render(<TabBar />)
      const tab = screen.getByText(text.support).closest('.tab-bar__tab')
      expect(tab).toHaveClass('tab-bar__tab--button')
      expect(container.querySelectorAll('.tab-bar__tab--button')).toHaveLength(1)
    } finally {
      platformSupport.support = h5
    }
  })

  it('spec "Fixed tabs: … /checkout (Cart …)": the fixed Cart tab is /checkout on a group-campaign page and with FissionSale too', () => {
    setUrl('/store/groupCampaign/9')
    resetStores(appInfoFixture(), lang)
    const first = render(<TabBar />)
    fireEvent.click(screen.getByText(text.cart))
    first.unmount()
    setUrl('/store/productlist?cat=x&FissionSale=fs-2')
    render(<TabBar />)
    fireEvent.click(screen.getByText(text.cart))
    expect(navigations.map((n) => n.url)).toEqual(['/checkout', '/checkout'])
  })

  it.each([
    ['/', 'home'],
    ['/home', 'home'],
    ['/store/productlist?cat=shoes', 'shop'],
    ['/store/product/1023', 'shop'],
    ['/store/search', null],
    ['/store/clearance', null],
    ['/checkout/cart', 'cart'],
    ['/user/orders', 'account'],
    ['/account/login', 'account'],
    ['/about', null]
  ])('on %s the active tab is %s', (url, tab) => {
    setUrl(url)
    resetStores(appInfoFixture(), lang)
    const { container } = render(<TabBar />)
    expect(activeLabels(container)).toEqual(tab ? [text[tab]] : [])
  })

  it('configured footerTabs replace the fixed tabs, with every link rule (in a mini-program web-view)', async () => {
    resetStores(withTabs(CONFIGURED_TABS), lang)
    const environment = platform.environment()
    const inWebView = jest.spyOn(platform, 'environment').mockReturnValue({ ...environment, weChatBrowser: true, weChatMiniProgramWebView: true })
    const openMiniProgramPage = jest.spyOn(platform, 'openMiniProgramPage').mockResolvedValue(true)
    const { container } = render(<TabBar />)
    const labels = Array.from(container.querySelectorAll('.tab-bar__label')).map((el) => el.textContent)
    expect(labels).toEqual([text.deals, 'Bag', 'Chat', 'Hotline', 'Find', 'Story'])
    expect(container.querySelector('.tab-bar__icon img')).toHaveAttribute('src', 'https://cdn.example.com/maple/icons/deals.png')
    expect(container.querySelector('.tab-bar__icon img')).toHaveAttribute('alt', '')
    // An icon name is drawn from the icon set, not as a text glyph.
    expect(screen.getByText('Find').closest('.tab-bar__tab')?.querySelector('.icon--search')).not.toBeNull()
    expect(screen.getByText('Find').closest('.tab-bar__tab')?.textContent).toBe('Find')

    for (const label of [text.deals, 'Bag', 'Hotline', 'Find', 'Story']) fireEvent.click(screen.getByText(label))
    expect(navigations.map((n) => n.url)).toEqual(['/store/productlist?cat=deals', '/checkout/cart', '/store/search', '/about'])
    fireEvent.click(screen.getByText('Chat'))
    expect(openMiniProgramPage).toHaveBeenCalledWith('/pages/messenger/index?room=1')
    expect(navigations).toHaveLength(4)
    // The display-only tab is not a button.
    expect(screen.getByText('Hotline').closest('.tab-bar__tab')).toHaveClass('tab-bar__tab--static')
    expect(useUi.getState().modal).toBeNull()
    openMiniProgramPage.mockRestore()
    inWebView.mockRestore()
  })

  it('a mini-program tab in a web-view whose page does not open falls back to the support sheet', async () => {
    resetStores(withTabs(CONFIGURED_TABS), lang)
    const environment = platform.environment()
    const inWebView = jest.spyOn(platform, 'environment').mockReturnValue({ ...environment, weChatBrowser: true, weChatMiniProgramWebView: true })
    const openMiniProgramPage = jest.spyOn(platform, 'openMiniProgramPage').mockResolvedValue(false)
    render(<TabBar />)
    fireEvent.click(screen.getByText('Chat'))
    await act(async () => undefined)
    expect(openMiniProgramPage).toHaveBeenCalledWith('/pages/messenger/index?room=1')
    expect(useUi.getState().modal).toBe('support')
    expect(navigations).toHaveLength(0)
    openMiniProgramPage.mockRestore()
    inWebView.mockRestore()
  })

  it('in a plain browser a mini-program tab opens the support sheet without trying the page', () => {
    resetStores(withTabs(CONFIGURED_TABS), lang)
    const openMiniProgramPage = jest.spyOn(platform, 'openMiniProgramPage')
    render(<TabBar />)
    fireEvent.click(screen.getByText('Chat'))
    expect(openMiniProgramPage).not.toHaveBeenCalled()
    expect(useUi.getState().modal).toBe('support')
    expect(navigations).toHaveLength(0)
    openMiniProgramPage.mockRestore()
  })

  it('configured tabs: the cart-link tab carries the badge; active follows the current path', () => {
    setUrl('/store/productlist?cat=deals')
    resetStores(withTabs(CONFIGURED_TABS), lang)
    useCart.setState({ cart: cartWithQuantities(2) })
    const { container, unmount } = render(<TabBar />)
    expect(screen.getByText('Bag').closest('.tab-bar__tab')?.querySelector('.tab-bar__badge')).toHaveTextContent('2')
    // A category tab is lit on its own list only; on search only the search tab is lit.
    expect(activeLabels(container)).toEqual([text.deals])
    unmount()
    setUrl('/store/search')
    const onSearch = render(<TabBar />)
    expect(activeLabels(onSearch.container)).toEqual(['Find'])
    onSearch.unmount()
    for (const url of ['/store/productlist?cat=shoes', '/store/product/1023', '/store/influencers', '/store/groupCampaign/501']) {
      setUrl(url)
      const elsewhere = render(<TabBar />)
      expect(activeLabels(elsewhere.container)).toEqual([])
      elsewhere.unmount()
    }
  })

  it('configured tabs need styling: without app info css the fixed tabs stay', () => {
    const info = withTabs(CONFIGURED_TABS)
    resetStores(withAppContent(info, { css: undefined }), lang)
    const { container } = render(<TabBar />)
    expect(container.querySelectorAll('.tab-bar__label')[0]).toHaveTextContent(text.home)
    expect(screen.queryByText('Bag')).toBeNull()
  })
})
