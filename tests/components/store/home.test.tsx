import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import GeneralPage from '@/pages/general/index'
import HomePage from '@/pages/home/index'
import { fail, mockHttp } from '../../support/mockHttp'
import { navigations } from '../../support/taroMock'
import { homeSections, pageOf, product } from '../../support/fixtures/catalog'
import { LANGS, pageBody, resetStore } from './storeTestKit'

const TEXT = {
  en: { banner: 'New autumn roasts', categories: 'Shop by category', tea: 'Tea', bestsellers: 'Bestsellers', newest: 'New arrivals', clearance: 'Clearance', failed: 'Could not load: Catalogue offline', about: 'About us', aboutBody: 'A neighbourhood shop', shopNow: 'Shop now', gifts: 'Gift boxes' },
  zh: { banner: '秋季新品烘焙', categories: '按分类选购', tea: '茶', bestsellers: '热销商品', newest: '新品上架', clearance: '清仓特卖', failed: '加载失败：Catalogue offline', about: '关于我们', aboutBody: '社区小店', shopNow: '立即选购', gifts: '礼盒' }
}

function serveHome(overrides: Record<string, unknown> = {}) {
  return mockHttp({
    'GET /common3/sectionTemplateByType/home': { type: 'home', sections: homeSections },
    'GET /productManagement2/products': (req: { query: Record<string, string> }) => {
      if (req.query.tagName === 'bestseller') return pageOf([product({ id: '11', en: 'Best One', zh: '热销一' })], req.query)
      if (req.query.clearance === 'true') return pageOf([product({ id: '12', en: 'Cheap One', zh: '特价一', clearance: true, listPrice: 2299 })], req.query)
      return pageOf([product({ id: '13', en: 'Fresh One', zh: '新品一' })], req.query)
    },
    ...overrides
  })
}

describe.each(LANGS)('home (%s)', (lang) => {
  const text = TEXT[lang]

  it("builds the landing page from the 'home' template: banner, featured categories, carousel, new and clearance products", async () => {
    resetStore(lang, '/')
    const http = serveHome()
    const { container } = render(<HomePage />)
    expect(await screen.findByText(text.banner)).toBeTruthy()
    const page = pageBody(container, '.home-page')
    expect(within(page).getByText(text.categories)).toBeTruthy()
    expect(within(page).getByText(text.bestsellers)).toBeTruthy()
    // The rows after the first come in a render after the first paint (hooks/afterFirstPaint.h5.ts).
    expect(await within(page).findByText(text.newest)).toBeTruthy()
    expect(within(page).getByText(text.clearance)).toBeTruthy()
    expect(within(page).getByText(lang === 'en' ? 'Cheap One' : '特价一')).toBeTruthy()
    expect(http.calls.filter((c) => c.path === '/productManagement2/products').map((c) => c.query.numberToLoad)).toEqual(['4', '8', '8'])

    fireEvent.click(within(page).getByText(text.tea))
    expect(navigations.at(-1)?.url).toBe('/store/productlist?cat=Tea')
    fireEvent.click(within(page).getByText(text.banner))
    expect(navigations.at(-1)?.url).toBe('/store/clearance')
    fireEvent.click(within(page).getByText(lang === 'en' ? 'Fresh One' : '新品一'))
    expect(navigations.at(-1)?.url).toBe('/store/product/13')
  })

  it('every hero slide has a Shop now button: its own link, or the shop when the operator set none', async () => {
    resetStore(lang, '/')
    const banner = homeSections[0] as Extract<(typeof homeSections)[number], { kind: 'banner' }>
    const withPlainSlide = { ...banner, slides: [...banner.slides, { image: 'banner-gifts.svg', title: { en: 'Gift boxes', zh: '礼盒' } }] }
    serveHome({ 'GET /common3/sectionTemplateByType/home': { type: 'home', sections: [withPlainSlide, ...homeSections.slice(1)] } })
    const { container } = render(<HomePage />)
    await screen.findByText(text.gifts)
    const slides = [...pageBody(container, '.home-banner').querySelectorAll('.home-banner__slide')] as HTMLElement[]
    expect(slides.map((s) => within(s).getByText(text.shopNow).classList.contains('home-banner__cta'))).toEqual([true, true])
    fireEvent.click(within(slides[0]).getByText(text.shopNow))
    expect(navigations.at(-1)?.url).toBe('/store/clearance')
    fireEvent.click(within(slides[1]).getByText(text.shopNow))
    expect(navigations.at(-1)?.url).toBe('/store')
  })

  it("a section's See all opens that section's own list (named by ?list= for its title)", async () => {
    resetStore(lang, '/')
    serveHome()
    render(<HomePage />)
    await screen.findByText(text.bestsellers)
    await screen.findByText(text.newest) // a later row: after the first paint
    const seeAll = (title: string) => (screen.getByText(title).closest('.product-row') as HTMLElement).querySelector('.product-row__action') as HTMLElement
    fireEvent.click(seeAll(text.bestsellers))
    expect(navigations.at(-1)?.url).toBe('/store/tag/bestseller?list=home-bestsellers')
    fireEvent.click(seeAll(text.newest))
    expect(navigations.at(-1)?.url).toBe('/store/productlist?cat=all&sort=date&list=new')
  })

  it("shows the live rooms' entry only when the home template has it (a shop without live rooms shows none)", async () => {
    resetStore(lang, '/')
    serveHome()
    const without = render(<HomePage />)
    await screen.findByText(text.bestsellers)
    expect(without.container.querySelector('.home-page__live')).toBeNull()
    without.unmount()

    resetStore(lang, '/')
    serveHome({ 'GET /common3/sectionTemplateByType/home': { type: 'home', sections: [...homeSections, { kind: 'liveRooms', id: 'home-live' }] } })
    const withLive = render(<HomePage />)
    await screen.findByText(text.bestsellers)
    const entry = withLive.container.querySelector('.home-page__live') as HTMLElement
    expect(entry).not.toBeNull()
    fireEvent.click(entry)
    expect(navigations.at(-1)?.url).toBe('/wechatlivestreamrooms')
  })

  it('still shows the catalogue rows when the template is missing, and an error when the catalogue fails', async () => {
    resetStore(lang, '/')
    const http = serveHome({ 'GET /common3/sectionTemplateByType/home': fail(404, "No section template of type 'home'"), 'GET /productManagement/categories/all': { categories: [] } })
    const first = render(<HomePage />)
    expect(await screen.findByText(text.newest)).toBeTruthy()
    first.unmount()

    resetStore(lang, '/')
    http.set('GET /productManagement2/products', fail(503, 'Catalogue offline'))
    render(<HomePage />)
    expect((await screen.findByRole('alert')).textContent).toContain(text.failed)
  })
})

describe.each(LANGS)('general page (%s)', (lang) => {
  const text = TEXT[lang]

  it("shows the store's page in the language", async () => {
    resetStore(lang, '/about')
    mockHttp({
      'GET /common3/pageContent': {
        pageName: 'about',
        title: { en: 'About us', zh: '关于我们' },
        content: { en: '<p>A neighbourhood shop for coffee</p>', zh: '<p>一家社区小店</p>' }
      }
    })
    const { container } = render(<GeneralPage />)
    expect(await screen.findByText(text.about, { selector: '.general-page__title' })).toBeTruthy()
    // Taro's H5 RichText renders its nodes after the web component upgrades.
    await waitFor(() => expect(pageBody(container, '.general-page').textContent).toContain(text.aboutBody), { timeout: 5000 })
  })

  it('an unknown page name goes home, replacing the entry', async () => {
    resetStore(lang, '/nosuchpage')
    const http = mockHttp({ 'GET /common3/pageContent': fail(404, "Page 'nosuchpage' not found") })
    render(<GeneralPage />)
    await screen.findByText(lang === 'en' ? /Loading/ : /加载中/)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(http.calls[0].query).toEqual({ pageName: 'nosuchpage' })
    expect(navigations).toEqual([{ kind: 'redirectTo', url: '/' }])
  })
})
