import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { clearListCaches } from '@/hooks/useProductList'
import ProductListPage from '@/packages/store/pages/productlist/index'
import { fail, mockHttp } from '../../support/mockHttp'
import { homeSections, pageOf, product, products } from '../../support/fixtures/catalog'
import { LANGS, pageBody, resetStore, texts } from './storeTestKit'

const TEXT = {
  en: { loadMore: 'Load more', count: (n: number) => `${n} products`, soldOut: 'Sold out', empty: 'No products here yet.', failed: 'Could not load: Database unavailable', retry: 'Try again', coffee: 'Coffee', newest: 'Newest', low: 'Price: low to high', item1: 'Item 1', end: 'That is everything' },
  zh: { loadMore: '加载更多', count: (n: number) => `共 ${n} 件商品`, soldOut: '已售罄', empty: '这里还没有商品。', failed: '加载失败：Database unavailable', retry: '重试', coffee: '咖啡', newest: '最新', low: '价格从低到高', item1: '商品 1', end: '已经到底了' }
}

describe.each(LANGS)('product list (%s)', (lang) => {
  const text = TEXT[lang]

  it('shows a spinner, then cards with name, price and CDN image; total from listCount; date sent as default', async () => {
    resetStore(lang, '/store/productlist?cat=Coffee&sort=date')
    const all = products(20)
    const http = mockHttp({
      'GET /productManagement2/products': (req: { query: Record<string, string> }) => pageOf(all, req.query),
      'GET /productManagement2/products/listCount': { count: 20 }
    })
    const { container } = render(<ProductListPage />)
    expect(screen.getByRole('status').textContent).toContain(lang === 'en' ? 'Loading' : '加载中')
    // Issue 42 n-7: grey cards in the grid's columns under the list's title while it loads, not a spinner.
    expect(container.querySelectorAll('.skeleton-card').length).toBe(6)
    expect(container.querySelector('.spinner')).toBeNull()
    // The list's title stays above them (the category's English name until its Chinese one arrives).
    expect(container.querySelector('.store-page__title')?.textContent).toMatch(/\S/)
    await screen.findByText(text.item1)
    expect(container.querySelector('.skeleton')).toBeNull()
    const page = pageBody(container, '.store-page')
    expect(within(page).getByText(text.count(20))).toBeTruthy()
    expect(within(page).getByText(text.coffee, { selector: '.store-page__title' })).toBeTruthy()
    expect(page.querySelectorAll('.product-card').length).toBe(12)
    expect(texts(page, '.product-card .price__now')[0]).toBe('$16.99')
    const firstImage = page.querySelector('.product-card .lazy-image__img')
    expect(firstImage?.getAttribute('src')).toBe('https://cdn.example.com/maple/product-3001.svg')
    const listCall = http.calls.find((c) => c.path === '/productManagement2/products')
    expect(listCall?.query).toMatchObject({ categoryName: 'Coffee', sortby: 'default', startingPosition: '0', numberToLoad: '12', infiniteLoad: 'true' })
    expect(http.calls.find((c) => c.path === '/productManagement2/products/listCount')?.query).toEqual({ categoryName: 'Coffee' })
  })

  it("loads the next 12 from startingPosition 12 and stops at the end; category 'all' sends no filter", async () => {
    resetStore(lang, '/store/productlist?cat=all')
    const all = products(20)
    const http = mockHttp({
      'GET /productManagement2/products': (req: { query: Record<string, string> }) => pageOf(all, req.query),
      'GET /productManagement2/products/listCount': { count: 20 }
    })
    const { container } = render(<ProductListPage />)
    fireEvent.click(await screen.findByText(text.loadMore))
    await screen.findByText(lang === 'en' ? 'Item 20' : '商品 20')
    expect(container.querySelectorAll('.product-card').length).toBe(20)
    const calls = http.calls.filter((c) => c.path === '/productManagement2/products')
    expect(calls.map((c) => c.query.startingPosition)).toEqual(['0', '12'])
    expect(calls[0].query.categoryName).toBeUndefined()
    expect(screen.getByText(text.end)).toBeTruthy()
    expect(screen.queryByText(text.loadMore)).toBeNull()
  })

  it('marks sold-out products and re-sorts on a sort choice', async () => {
    resetStore(lang, '/store/clearance')
    const http = mockHttp({
      'GET /productManagement2/products': (req: { query: Record<string, string> }) =>
        pageOf(req.query.sortby === 'priceLowToHigh' ? [product({ id: '9', en: 'Cheap', zh: '便宜' })] : [product({ id: '7', en: 'Gone', zh: '没了', soldOut: true, stock: 0 })], req.query),
      'GET /productManagement2/products/listCount': { count: 1 }
    })
    const { container } = render(<ProductListPage />)
    await screen.findByText(lang === 'en' ? 'Gone' : '没了')
    const card = container.querySelector('.product-card') as HTMLElement
    expect(card.className).toContain('product-card--sold-out')
    expect(within(card).getByText(text.soldOut)).toBeTruthy()
    expect(http.calls[0].query.clearance).toBe('true')
    // every choice takes keyboard focus (there is no arrow-key roving), and the keyboard presses it
    for (const choice of container.querySelectorAll('.sort-bar__choice')) expect(choice).toHaveAttribute('tabindex', '0')
    fireEvent.keyDown(screen.getByText(text.low), { key: ' ' })
    await screen.findByText(lang === 'en' ? 'Cheap' : '便宜')
    expect(http.calls.filter((c) => c.path === '/productManagement2/products').map((c) => c.query.sortby)).toEqual(['default', 'priceLowToHigh'])
    // The sort is in the address, so a reload or a shared link keeps it.
    expect(`${window.location.pathname}${window.location.search}`).toBe('/store/clearance?sort=priceLowToHigh')
  })

  it.each([
    ['/store/tag/bestseller?list=home-bestsellers', { en: 'Bestsellers', zh: '热销商品' }],
    ['/store/productlist?cat=all&sort=date&list=new', { en: 'New arrivals', zh: '新品上架' }],
    ['/store/tag/summer', { en: 'Summer tags', zh: 'Summer tags' }]
  ])('a list opened from a named place is titled with its name: %s', async (url, title) => {
    resetStore(lang, url)
    mockHttp({
      'GET /common3/sectionTemplateByType/home': { type: 'home', sections: homeSections },
      'GET /productManagement2/products': (req: { query: Record<string, string> }) => pageOf([product({ id: '1', en: 'One', zh: '一' })], req.query),
      'GET /productManagement2/products/listCount': { count: 1 }
    })
    const { container } = render(<ProductListPage />)
    await screen.findByText(lang === 'en' ? 'One' : '一')
    await waitFor(() => expect(pageBody(container, '.store-page__title').textContent).toBe(title[lang]))
  })

  it('says so when the list is empty', async () => {
    resetStore(lang, '/store/tag/nothing')
    mockHttp({
      'GET /productManagement2/products': { products: [], startingPosition: 0, numberToLoad: 12, hasMore: false },
      'GET /productManagement2/products/listCount': { count: 0 }
    })
    render(<ProductListPage />)
    expect(await screen.findByText(text.empty)).toBeTruthy()
  })

  it("shows the server's error with a retry that loads the list", async () => {
    resetStore(lang, '/store/brand/Jade%20Leaf')
    const all = products(3)
    const http = mockHttp({
      'GET /productManagement2/products': fail(503, 'Database unavailable'),
      'GET /productManagement2/products/listCount': { count: 3 }
    })
    render(<ProductListPage />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(text.failed)
    http.set('GET /productManagement2/products', (req: { query: Record<string, string> }) => pageOf(all, req.query))
    fireEvent.click(within(alert).getByText(text.retry))
    expect(await screen.findByText(text.item1)).toBeTruthy()
    expect(http.calls[0].query.brandName).toBe('Jade Leaf')
  })

  it('shows the list at once on a revisit (no spinner, no new request)', async () => {
    resetStore(lang, '/store/productlist?cat=Coffee')
    const all = products(5)
    const http = mockHttp({
      'GET /productManagement2/products': (req: { query: Record<string, string> }) => pageOf(all, req.query),
      'GET /productManagement2/products/listCount': { count: 5 }
    })
    const first = render(<ProductListPage />)
    await screen.findByText(text.item1)
    first.unmount()
    const callsBefore = http.calls.length
    render(<ProductListPage />)
    expect(screen.getByText(text.item1)).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
    await act(async () => undefined)
    expect(http.calls.length).toBe(callsBefore)
  })

  it('after a restart shows the stored first page at once, then the fresh one', async () => {
    resetStore(lang, '/store/productlist?cat=Coffee')
    const http = mockHttp({
      'GET /productManagement2/products': (req: { query: Record<string, string> }) => pageOf(products(3), req.query),
      'GET /productManagement2/products/listCount': { count: 3 }
    })
    const first = render(<ProductListPage />)
    await screen.findByText(text.item1)
    first.unmount()

    clearListCaches({ keepStored: true })
    let answer: (page: unknown) => void = () => undefined
    http.set('GET /productManagement2/products', () => new Promise((resolve) => (answer = resolve)))
    http.set('GET /productManagement2/products/listCount', { count: 1 })
    render(<ProductListPage />)
    expect(screen.getByText(text.item1)).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
    await act(async () => answer(pageOf([product({ id: '42', en: 'Fresh Beans', zh: '新鲜咖啡豆' })], {})))
    expect(await screen.findByText(lang === 'en' ? 'Fresh Beans' : '新鲜咖啡豆')).toBeTruthy()
    expect(screen.queryByText(text.item1)).toBeNull()
  })
})
