import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Text } from '@tarojs/components'
import { Shell } from '@/components/shell/Shell'
import dayjs from 'dayjs'
import type { Language } from '@/i18n'
import { platform } from '@/platform'
import { appInfoFixture, withAppContent, withConfig } from '../../support/fixtures/appInfo'
import { DESKTOP_UA, LANGS, resetStores, setUrl, setUserAgent, WECHAT_MP_UA } from './shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { storeName: 'Maple Market', fallback: 'Online Store', rights: '. All Rights Reserved', home: 'Home', install: 'Use this website as a free app.', installIcon: 'Install this store as an app', notNow: 'Not now', promo: 'Online offers with WeChat Pay', promoToggle: 'Offers' },
  zh: { storeName: '枫叶市场', fallback: '网上商店', rights: ' 版权所有', home: '首页', install: '将本网站作为免费应用使用。', installIcon: '将本店安装为应用', notNow: '暂不', promo: '微信支付线上优惠', promoToggle: '优惠' }
}

function page() {
  return (
    <Shell>
      <Text>Page body</Text>
    </Shell>
  )
}

/** A browser install offer as Chromium fires it. */
/** On H5 the prompt and pop-up are chunks loaded when needed (ShellModals.h5.tsx): let them arrive (works under fake timers too). */
async function lazyChunks() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  })
}

function fireInstallOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: jest.Mock; userChoice: Promise<unknown> }
  event.prompt = jest.fn(() => Promise.resolve())
  event.userChoice = Promise.resolve({ outcome })
  act(() => {
    window.dispatchEvent(event)
  })
  return event
}

beforeEach(() => {
  setUrl('/')
  setUserAgent(DESKTOP_UA)
})

describe.each(LANGS)('shell (%s)', (lang) => {
  const text = TEXT[lang]

  it('wraps the page body with header, footer and tab bar, themed by the app info css', async () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(page())
    expect(screen.getByText('Page body')).toBeInTheDocument()
    expect(container.querySelector('.header')).not.toBeNull()
    // On H5 the footer is a chunk of its own, fetched once the page has loaded (ShellFooter.h5.tsx).
    await waitFor(() => expect(container.querySelector('.footer')).not.toBeNull())
    expect(container.querySelector('.tab-bar')).not.toBeNull()
    // landmarks and the page's one level-one heading (the store's name on a page without a title)
    expect(container.querySelector('.footer')).toHaveAttribute('role', 'contentinfo')
    expect(container.querySelector('.tab-bar')).toHaveAttribute('role', 'navigation')
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName(text.storeName)
    expect(document.title).toBe(text.storeName)
    // the tab's icon is the store's favicon (app info favicon.imageURL, CDN path prefixed), in place of the built-in one
    expect([...document.head.querySelectorAll('link[rel="icon"]')].map((l) => l.getAttribute('href'))).toEqual(['https://cdn.example.com/maple/images/favicon.png'])
    const root = container.firstElementChild as HTMLElement
    expect(root.style.getPropertyValue('--varFooter')).toBe('#4a4a4a')
    expect(root.style.getPropertyValue('--varPrimary')).toBe('#b71c1c')
  })

  it('renders with the store-name fallback when app info failed to load', async () => {
    resetStores(null, lang, 'failed')
    const { container } = render(page())
    expect(screen.getByText('Page body')).toBeInTheDocument()
    expect(container.querySelector('.header__store-name')).toHaveTextContent(text.fallback)
    await waitFor(() => expect(container.querySelector('.footer__copyright')).not.toBeNull())
    expect(container.querySelector('.footer__copyright')).toHaveTextContent(`© ${dayjs().year()} ${text.fallback}${text.rights}`)
    expect(container.querySelectorAll('.tab-bar__tab')).toHaveLength(5)
  })

  it('hides the header for the device kind per headerControl (this window is mobile-sized)', () => {
    const info = appInfoFixture()
    resetStores(withAppContent(info, { headerControl: { ...info.appContent.headerControl, notDisplayheaderInMobile: true } }), lang)
    const { container, unmount } = render(page())
    expect(container.querySelector('.header')).toBeNull()
    expect(screen.getByText('Page body')).toBeInTheDocument()
    unmount()
    resetStores(withAppContent(info, { headerControl: { ...info.appContent.headerControl, notDisplayheaderInMP: true } }), lang)
    expect(render(page()).container.querySelector('.header')).not.toBeNull()
  })

  it('add-to-home: banner on the browser offer, icon after 3 seconds, accepting hides it and clears the offer', async () => {
    jest.useFakeTimers()
    try {
      resetStores(appInfoFixture(), lang)
      const { container } = render(page())
      expect(screen.queryByText(text.install)).toBeNull()
      const offer = fireInstallOffer('accepted')
      expect(offer.defaultPrevented).toBe(true)
      await lazyChunks()
      expect(screen.getByText(text.install)).toBeInTheDocument()
      act(() => jest.advanceTimersByTime(2999))
      expect(screen.getByText(text.install)).toBeInTheDocument()
      act(() => jest.advanceTimersByTime(1))
      expect(screen.queryByText(text.install)).toBeNull()
      const icon = screen.getByLabelText(text.installIcon)
      await act(async () => {
        fireEvent.click(icon)
      })
      expect(offer.prompt).toHaveBeenCalledTimes(1)
      expect(container.querySelector('.add-to-home__icon')).toBeNull()
      expect(container.querySelector('.add-to-home')).toBeNull()
      // The stored offer is gone: a new page shows no prompt.
      const next = render(page())
      expect(next.container.querySelector('.add-to-home, .add-to-home__icon')).toBeNull()
    } finally {
      jest.useRealTimers()
    }
  })

  // Issue 42 n-8: the prompt floated over the cart's total and the cards; it is docked now, with room kept for it.
  it('add-to-home: docked (banner and icon alike), with room of its height at the end of the page', async () => {
    jest.useFakeTimers()
    try {
      resetStores(appInfoFixture(), lang)
      const { container } = render(page())
      fireInstallOffer('dismissed')
      await lazyChunks()
      const banner = container.querySelector('.add-to-home')!
      expect(banner.closest('.add-to-home__dock')).not.toBeNull()
      expect(container.querySelector('.shell > .add-to-home__room')).not.toBeNull()
      act(() => jest.advanceTimersByTime(3000))
      const icon = screen.getByLabelText(text.installIcon)
      expect(icon.closest('.add-to-home__dock--slim')).not.toBeNull()
      expect(container.querySelector('.shell > .add-to-home__room--slim')).not.toBeNull()
      // The room follows the page's footer, so the page's end scrolls clear of the dock.
      const room = container.querySelector('.add-to-home__room--slim')!
      expect(container.querySelector('.footer')!.compareDocumentPosition(room) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    } finally {
      jest.useRealTimers()
    }
  })

  it('add-to-home: dismissing the banner hides it without asking the browser', async () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(page())
    const offer = fireInstallOffer('dismissed')
    fireEvent.click(await screen.findByText(text.notNow))
    expect(container.querySelector('.add-to-home, .add-to-home__icon')).toBeNull()
    expect(offer.prompt).not.toHaveBeenCalled()
  })
})

describe.each(LANGS)('promo pop-up (%s)', (lang) => {
  const text = TEXT[lang]
  const promoStore = (enableMiniProgramPage: boolean) => {
    const info = withConfig(appInfoFixture(), { enablePromotion: true, enableWeChatMiniProgramPromotion: enableMiniProgramPage })
    return withAppContent(info, { appDetail: { ...info.appContent.appDetail, partnerType: 'JINWAI' } })
  }

  it('red-pack button toggles the offers bar, which opens the promotion mini-program page', async () => {
    setUserAgent(WECHAT_MP_UA)
    resetStores(promoStore(true), lang)
    const openPage = jest.spyOn(platform, 'openMiniProgramPage').mockResolvedValue(true)
    render(page())
    await screen.findByLabelText(text.promoToggle)
    expect(screen.queryByText(text.promo)).toBeNull()
    fireEvent.click(screen.getByLabelText(text.promoToggle))
    fireEvent.click(screen.getByText(text.promo))
    expect(openPage).toHaveBeenCalledWith('/pages/jinwaiPromotion/promotion')
    fireEvent.click(screen.getByLabelText(text.promoToggle))
    expect(screen.queryByText(text.promo)).toBeNull()
    openPage.mockRestore()
  })

  it('the bar does not open the page without enableWeChatMiniProgramPromotion', async () => {
    setUserAgent(WECHAT_MP_UA)
    resetStores(promoStore(false), lang)
    const openPage = jest.spyOn(platform, 'openMiniProgramPage').mockResolvedValue(true)
    render(page())
    fireEvent.click(await screen.findByLabelText(text.promoToggle))
    fireEvent.click(screen.getByText(text.promo))
    expect(openPage).not.toHaveBeenCalled()
    openPage.mockRestore()
  })

  it('not shown for another partner type, with the promo flag off, or outside WeChat', async () => {
    setUserAgent(WECHAT_MP_UA)
    const other = promoStore(true)
    resetStores(withAppContent(other, { appDetail: { ...other.appContent.appDetail, partnerType: 'STANDARD' } }), lang)
    const first = render(page())
    await lazyChunks()
    expect(first.container.querySelector('.promo, .add-to-home')).toBeNull()
    expect(screen.queryByLabelText(text.promoToggle)).toBeNull()
    first.unmount()
    resetStores(withConfig(promoStore(true), { enablePromotion: false }), lang)
    const second = render(page())
    await lazyChunks()
    expect(screen.queryByLabelText(text.promoToggle)).toBeNull()
    second.unmount()
    setUserAgent(DESKTOP_UA)
    resetStores(promoStore(true), lang)
    render(page())
    await lazyChunks()
    expect(screen.queryByLabelText(text.promoToggle)).toBeNull()
  })
})
