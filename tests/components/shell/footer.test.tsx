import { fireEvent, render, screen } from '@testing-library/react'
import { Footer } from '@/components/shell/Footer'
import type { Language } from '@/i18n'
import { appInfoFixture, withAppContent, withConfig, withPayment } from '../../support/fixtures/appInfo'
import { navigations } from '../../support/taroMock'
import { ALIPAY_UA, DESKTOP_UA, LANGS, resetStores, setUrl, setUserAgent } from './shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { storeName: 'Maple Market', care: 'Customer Care', shipping: 'Shipping', clearance: 'Clearance', followUs: 'Follow Us', payment: 'Payment', rights: '. All Rights Reserved', poweredBy: 'PWA POWERED BY', wechat: 'WeChat Pay', alipay: 'Alipay', visa: 'VISA', mastercard: 'Mastercard', paypal: 'PayPal', amex: 'AMEX', unionpay: 'UnionPay' },
  zh: { storeName: '枫叶市场', care: '客户服务', shipping: '配送', clearance: '清仓', followUs: '关注我们', payment: '支付方式', rights: ' 版权所有', poweredBy: 'PWA 技术支持', wechat: '微信支付', alipay: '支付宝', visa: 'VISA', mastercard: '万事达卡', paypal: 'PayPal', amex: '美国运通', unionpay: '银联' }
}

beforeEach(() => {
  setUrl('/')
  setUserAgent(DESKTOP_UA)
})

function paymentLabels(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('.footer__payment')).map((el) => el.textContent ?? '')
}

describe.each(LANGS)('footer (%s)', (lang) => {
  const text = TEXT[lang]

  it('menus use nameContent of the language (falling back to name); link-less entries are plain text', () => {
    resetStores(appInfoFixture(), lang)
    render(<Footer />)
    // The heading (phones get the accordion's toggle button of the same name, tested below).
    const care = screen.getByText(text.care, { selector: '.footer__links .footer__entry' })
    expect(care).toHaveClass('footer__entry--text')
    expect(screen.getByText('Call 604-555-0100')).toHaveClass('footer__entry--text')
    fireEvent.click(screen.getByText(text.shipping))
    fireEvent.click(screen.getByText(text.clearance))
    fireEvent.click(care)
    expect(navigations.map((n) => n.url)).toEqual(['/shipping', '/store/clearance'])
  })

  it("'Follow Us' icons: instagram only with a userName, the others only with a pageURL", () => {
    resetStores(appInfoFixture(), lang)
    const openSpy = jest.spyOn(window, 'open').mockImplementation(() => null)
    const { unmount } = render(<Footer />)
    expect(screen.getByText(text.followUs)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Instagram' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'YouTube' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'X (Twitter)' })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: 'Facebook' }))
    expect(openSpy).toHaveBeenCalledWith('https://www.facebook.com/maplemarket', '_blank', 'noopener')
    unmount()
    openSpy.mockRestore()

    const info = appInfoFixture()
    const noUserName = withAppContent(info, {
      system: { ...info.appContent.system, social: { instagram: { pageURL: 'https://www.instagram.com/maplemarket' }, facebook: { pageURL: '' } } }
    })
    resetStores(noUserName, lang)
    render(<Footer />)
    expect(screen.queryByRole('link', { name: 'Instagram' })).toBeNull()
    expect(screen.queryByText(text.followUs)).toBeNull()
  })

  it("'Payment' icons: each only when supported", () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<Footer />)
    expect(screen.getByText(text.payment)).toBeInTheDocument()
    expect(paymentLabels(container)).toEqual([text.visa, text.mastercard, text.paypal, text.wechat, text.alipay])
  })

  it("UnionPay's badge: the mark the API serves as a file (too large to bundle), decorative beside its name", () => {
    resetStores(withPayment(appInfoFixture(), { supportUnionPay: true }), lang)
    const { container } = render(<Footer />)
    expect(paymentLabels(container)).toEqual([text.visa, text.mastercard, text.paypal, text.wechat, text.alipay, text.unionpay])
    const badge = container.querySelector('.footer__payment--unionpay')!
    expect(badge.querySelector('.brand-mark--unionpay')).not.toBeNull()
    // The page's own origin on H5 (ISTORE_API_ORIGIN '' here); a mini-program build puts its API origin first.
    expect(badge.querySelector('img')).toHaveAttribute('src', '/api/istore/client/common3/brandMark/unionpay.svg')
    expect(badge.querySelector('img')).toHaveAttribute('alt', '')
  })

  it('inside the Alipay in-app browser only the alipay icon shows', () => {
    setUserAgent(ALIPAY_UA)
    resetStores(appInfoFixture(), lang)
    const { container, unmount } = render(<Footer />)
    expect(paymentLabels(container)).toEqual([text.alipay])
    unmount()
    // ...and even there alipay needs to be supported.
    resetStores(withPayment(appInfoFixture(), { supportAliPay: false }), lang)
    const second = render(<Footer />)
    expect(paymentLabels(second.container)).toEqual([])
    expect(screen.queryByText(text.payment)).toBeNull()
  })

  it('footer logo: a relative URL gets the CDN path, an https URL is used as is, none without a logo', () => {
    resetStores(appInfoFixture(), lang)
    const none = render(<Footer />)
    expect(none.container.querySelector('.footer__logo')).toBeNull()
    none.unmount()
    resetStores(withAppContent(appInfoFixture(), { footerLogo: { imageURL: 'images/footer-logo.png' } }), lang)
    const relative = render(<Footer />)
    expect(relative.container.querySelector('.footer__logo img')).toHaveAttribute('src', 'https://cdn.example.com/maple/images/footer-logo.png')
    relative.unmount()
    resetStores(withAppContent(appInfoFixture(), { footerLogo: { imageURL: 'https://img.example.org/logo.png' } }), lang)
    const absolute = render(<Footer />)
    expect(absolute.container.querySelector('.footer__logo img')).toHaveAttribute('src', 'https://img.example.org/logo.png')
  })

  it('copyright line: current year, store name in the language (storeNameContent), All Rights Reserved', () => {
    jest.useFakeTimers({ now: new Date('2031-03-15T12:00:00Z') })
    try {
      resetStores(appInfoFixture(), lang)
      const { container } = render(<Footer />)
      expect(container.querySelector('.footer__copyright')).toHaveTextContent(`© 2031 ${text.storeName}${text.rights}`)
    } finally {
      jest.useRealTimers()
    }
  })

  it("powered-by bar: default provider, '&' and the configured name linking to its URL", () => {
    resetStores(appInfoFixture(), lang)
    const openSpy = jest.spyOn(window, 'open').mockImplementation(() => null)
    const { container } = render(<Footer />)
    const bar = container.querySelector('.powered-by') as HTMLElement
    expect(bar).toHaveTextContent(`${text.poweredBy}iStore&Maple Digital`)
    fireEvent.click(screen.getByText('Maple Digital'))
    expect(openSpy).toHaveBeenCalledWith('https://maple.example.com', '_blank', 'noopener')
    openSpy.mockRestore()
  })

  it('the default provider links to its site when the store names it (defaultPowerByUrl); without it, it is plain text', () => {
    resetStores(withConfig(appInfoFixture(), { defaultPowerByUrl: 'https://istore.example.com' }), lang)
    const openSpy = jest.spyOn(window, 'open').mockImplementation(() => null)
    const linked = render(<Footer />)
    const provider = linked.container.querySelector('.powered-by__default') as HTMLElement
    expect(provider).toHaveTextContent('iStore')
    expect(provider.tagName).toBe('A')
    expect(provider).toHaveAttribute('href', 'https://istore.example.com')
    fireEvent.click(provider)
    expect(openSpy).toHaveBeenCalledWith('https://istore.example.com', '_blank', 'noopener')
    openSpy.mockRestore()
    linked.unmount()

    resetStores(appInfoFixture(), lang)
    const plain = render(<Footer />)
    expect(plain.container.querySelector('.powered-by__default')).toBeNull()
  })

  it("showPowerByNameOnly hides the '&' and the default provider; hidePowerBy hides the bar", () => {
    resetStores(withConfig(appInfoFixture(), { showPowerByNameOnly: true }), lang)
    const nameOnly = render(<Footer />)
    const bar = nameOnly.container.querySelector('.powered-by') as HTMLElement
    expect(bar).toHaveTextContent(`${text.poweredBy}Maple Digital`)
    expect(bar).not.toHaveTextContent('iStore')
    expect(bar.querySelector('.powered-by__joiner')).toBeNull()
    nameOnly.unmount()

    resetStores(withConfig(appInfoFixture(), { hidePowerBy: true }), lang)
    const hidden = render(<Footer />)
    expect(hidden.container.querySelector('.powered-by')).toBeNull()
    // Only a WeChat mini-program puts a spacer in its place (footerMiniProgram.test.tsx).
    expect(hidden.container.querySelector('.powered-by__spacer')).toBeNull()
  })
})

describe.each(LANGS)('footer accordion on phones (%s)', (lang) => {
  const text = TEXT[lang]
  const trackOrder = { en: 'Track an order', zh: '查询订单' }[lang]

  it('each group heading is a button with aria-expanded that opens its links, one group at a time; a heading link leads its group', () => {
    const info = appInfoFixture()
    const about = { name: 'About', nameContent: { en: 'About', zh: '关于' }, link: 'page/about', linkActionType: 'INTERNAL_LINK', subMenu: [{ name: 'Careers', nameContent: { en: 'Careers', zh: '招聘' }, link: 'page/careers', linkActionType: 'INTERNAL_LINK' }] }
    resetStores(withAppContent(info, { navigation: { ...info.appContent.navigation, footerMenu: [...info.appContent.navigation.footerMenu!, about] } } as never), lang)
    const { container } = render(<Footer />)
    const toggles = Array.from(container.querySelectorAll('.footer__toggle'))
    expect(toggles.map((el) => el.textContent)).toEqual([text.care, lang === 'en' ? 'About' : '关于'])
    for (const toggle of toggles) {
      expect(toggle).toHaveAttribute('role', 'button')
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
    }
    const [care, aboutToggle] = toggles
    const careColumn = care.closest('.footer__column')!
    fireEvent.click(care)
    expect(care).toHaveAttribute('aria-expanded', 'true')
    expect(careColumn).toHaveClass('footer__column--open')
    // The open group's links sit in the list the phone CSS shows only when the group is open.
    expect(careColumn.querySelector('.footer__links')?.textContent).toContain('604-555-0100')
    fireEvent.click(aboutToggle)
    expect(aboutToggle).toHaveAttribute('aria-expanded', 'true')
    expect(care).toHaveAttribute('aria-expanded', 'false')
    expect(container.querySelectorAll('.footer__column--open')).toHaveLength(1)
    // The heading's own link leads its group, then its links; a heading without a link is text the phone CSS hides.
    const aboutLinks = aboutToggle.closest('.footer__column')!.querySelectorAll('.footer__links .footer__entry--link')
    expect(Array.from(aboutLinks).map((el) => el.textContent)).toEqual(lang === 'en' ? ['About', 'Careers'] : ['关于', '招聘'])
    expect(aboutLinks[0]).toHaveClass('footer__entry--top')
    expect(careColumn.querySelector('.footer__links .footer__entry--top')).toHaveClass('footer__entry--text')
    fireEvent.click(aboutLinks[1])
    expect(navigations.map((n) => n.url)).toEqual(['/careers'])
    fireEvent.click(aboutToggle)
    expect(container.querySelectorAll('.footer__column--open')).toHaveLength(0)
  })

  it('links to the order lookup', () => {
    resetStores(appInfoFixture(), lang)
    render(<Footer />)
    fireEvent.click(screen.getByText(trackOrder))
    expect(navigations.map((n) => n.url)).toEqual(['/orderlookup'])
  })
})
