import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useLocale } from '@/stores/locale'
import SearchPage from '@/packages/store/pages/search/index'
import { fail, mockHttp } from '../../support/mockHttp'
import { pageOf, products } from '../../support/fixtures/catalog'
import { navigations } from '../../support/taroMock'
import { LANGS, pageBody, resetStore } from './storeTestKit'

const TEXT = {
  en: { placeholder: 'Search products', prompt: 'Type what you are looking for.', results: (n: number, term: string) => `${n} results for “${term}”`, empty: (term: string) => `Nothing matches “${term}”.`, failed: 'Could not load: Search is down', loadMore: 'Load more', item: (n: number) => `Item ${n}`, recent: 'Recent searches', popular: 'Popular searches', clear: 'Clear', didYouMean: 'Did you mean:', corrected: (from: string, term: string) => `Nothing matches “${from}”. Showing results for “${term}”.` },
  zh: { placeholder: '搜索商品', prompt: '输入您要找的商品。', results: (n: number, term: string) => `“${term}”共 ${n} 个结果`, empty: (term: string) => `没有与“${term}”匹配的商品。`, failed: '加载失败：Search is down', loadMore: '加载更多', item: (n: number) => `商品 ${n}`, recent: '最近搜索', popular: '热门搜索', clear: '清除', didYouMean: '您是不是要找：', corrected: (from: string, term: string) => `没有找到“${from}”，以下是“${term}”的结果。` }
}

/** The native field inside Taro's H5 Input (rendered once the web component has loaded). */
async function searchField(container: HTMLElement): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = pageBody(container, '.search-page__input').querySelector('input')
    if (!input) throw new Error('search field not rendered yet')
    return input
  })
}

/** Types a term into the page's search field and submits it. */
async function search(container: HTMLElement, term: string) {
  fireEvent.input(await searchField(container), { target: { value: term } })
  fireEvent.click(pageBody(container, '.search-page__submit'))
}

describe.each(LANGS)('search (%s)', (lang) => {
  const text = TEXT[lang]

  it('asks for a term first, then shows the results with searchCount and pages on', async () => {
    resetStore(lang, '/store/search')
    const all = products(15)
    const http = mockHttp({
      'GET /productManagement2/products/search/tea': (req: { query: Record<string, string> }) => pageOf(all, req.query),
      'GET /productManagement2/products/searchCount/tea': { count: 15 }
    })
    const { container } = render(<SearchPage />)
    expect(screen.getByText(text.prompt)).toBeTruthy()
    // No search before a term (the popular searches are asked for the help under the field).
    expect(http.calls.filter((c) => /\/products\/search(Count)?\//.test(c.path))).toEqual([])
    // Opened without a term, the field has the focus (the phone keyboard comes up).
    const field = await searchField(container)
    await waitFor(() => expect(document.activeElement).toBe(field))
    await search(container, ' tea ')
    expect(await screen.findByText(text.results(15, 'tea'))).toBeTruthy()
    // The term is in the address, so a reload or a shared link keeps it.
    expect(window.location.pathname).toBe('/store/search/tea')
    expect(container.querySelectorAll('.product-card').length).toBe(12)
    fireEvent.click(screen.getByText(text.loadMore))
    await screen.findByText(text.item(15))
    expect(http.calls.filter((c) => c.path.startsWith('/productManagement2/products/search/')).map((c) => c.query.startingPosition)).toEqual(['0', '12'])
  })

  it('searches the term of /store/search/:term at once', async () => {
    resetStore(lang, '/store/search/mug')
    mockHttp({
      'GET /productManagement2/products/search/mug': (req: { query: Record<string, string> }) => pageOf(products(2), req.query),
      'GET /productManagement2/products/searchCount/mug': { count: 2 }
    })
    render(<SearchPage />)
    expect(await screen.findByText(text.results(2, 'mug'))).toBeTruthy()
  })

  it('opened without a term: the recent searches (kept on the device; Clear forgets them) and the popular ones, a tap searches', async () => {
    localStorage.clear()
    resetStore(lang, '/store/search')
    const found = (term: string) => ({
      [`GET /productManagement2/products/search/${term}`]: (req: { query: Record<string, string> }) => pageOf(products(2), req.query),
      [`GET /productManagement2/products/searchCount/${term}`]: { count: 2 }
    })
    const http = mockHttp({ 'GET /productManagement2/products/popularSearches': { terms: ['coffee', '咖啡', 'tea'] }, ...found('coffee'), ...found('mug') })
    const first = render(<SearchPage />)
    const popular = await waitFor(() => pageBody(first.container, '.search-help__group--popular'))
    expect(screen.getByText(text.popular)).toBeTruthy()
    expect([...popular.querySelectorAll('.search-help__term')].map((e) => e.textContent)).toEqual(['coffee', '咖啡', 'tea'])
    expect(first.container.querySelector('.search-help__group--recent')).toBeNull()
    // Asked in the shopper's language (the server answers its terms in that language only).
    expect(http.calls.filter((c) => c.path.endsWith('/popularSearches')).map((c) => c.query)).toEqual([{ locale: lang }])
    fireEvent.click(screen.getByText('coffee'))
    expect(await screen.findByText(text.results(2, 'coffee'))).toBeTruthy()
    expect(window.location.pathname).toBe('/store/search/coffee')
    expect(http.calls.some((c) => c.path === '/productManagement2/products/searchCount/coffee')).toBe(true)
    await search(first.container, 'mug')
    expect(await screen.findByText(text.results(2, 'mug'))).toBeTruthy()
    first.unmount()

    // The next time the field opens, the shopper's own searches come first, newest first.
    resetStore(lang, '/store/search')
    const second = render(<SearchPage />)
    const recent = await waitFor(() => pageBody(second.container, '.search-help__group--recent'))
    expect(screen.getByText(text.recent)).toBeTruthy()
    expect([...recent.querySelectorAll('.search-help__term')].map((e) => e.textContent)).toEqual(['mug', 'coffee'])
    fireEvent.click(screen.getByRole('button', { name: text.clear }))
    await waitFor(() => expect(second.container.querySelector('.search-help__group--recent')).toBeNull())
    second.unmount()
    resetStore(lang, '/store/search')
    const third = render(<SearchPage />)
    await waitFor(() => pageBody(third.container, '.search-help__group--popular'))
    expect(third.container.querySelector('.search-help__group--recent')).toBeNull()
  })

  it('popular searches follow a change of language', async () => {
    resetStore(lang, '/store/search')
    const other = lang === 'en' ? 'zh' : 'en'
    const terms = { en: ['coffee', 'tea'], zh: ['咖啡', '茶'] }
    mockHttp({ 'GET /productManagement2/products/popularSearches': (req: { query: Record<string, string> }) => ({ terms: terms[req.query.locale as 'en' | 'zh'] }) })
    const { container } = render(<SearchPage />)
    const shown = () => [...container.querySelectorAll('.search-help__group--popular .search-help__term')].map((e) => e.textContent)
    await waitFor(() => expect(shown()).toEqual(terms[lang]))
    act(() => useLocale.setState({ language: other }))
    await waitFor(() => expect(shown()).toEqual(terms[other]))
  })

  // Issue 42 n-11: "cofee" found nothing and asked for one more tap; its closest match is searched at once.
  it('nothing found: its closest match is searched at once, and the page says so', async () => {
    localStorage.clear()
    resetStore(lang, '/store/search')
    const http = mockHttp({
      'GET /productManagement2/products/popularSearches': { terms: ['tea'] },
      'GET /productManagement2/products/search/cofee': { products: [], startingPosition: 0, numberToLoad: 12, hasMore: false },
      'GET /productManagement2/products/searchCount/cofee': { count: 0 },
      'GET /productManagement2/products/searchSuggestions/cofee': { suggestions: ['coffee', 'toffee'] },
      'GET /productManagement2/products/search/coffee': (req: { query: Record<string, string> }) => pageOf(products(3), req.query),
      'GET /productManagement2/products/searchCount/coffee': { count: 3 }
    })
    const { container } = render(<SearchPage />)
    await search(container, 'cofee')
    expect(await screen.findByText(text.results(3, 'coffee'))).toBeTruthy()
    expect(screen.getByText(text.corrected('cofee', 'coffee'))).toBeTruthy()
    expect(navigations).toEqual([])
    expect(window.location.pathname).toBe('/store/search/coffee')
    expect(screen.queryByText(text.didYouMean)).toBeNull()
    expect(http.calls.filter((c) => c.path.includes('searchSuggestions')).map((c) => c.path)).toEqual(['/productManagement2/products/searchSuggestions/cofee'])
  })

  it('nothing found, nor for the closest match: "did you mean" offers the matches, and a tap searches one', async () => {
    localStorage.clear()
    resetStore(lang, '/store/search')
    const http = mockHttp({
      'GET /productManagement2/products/popularSearches': { terms: ['tea'] },
      'GET /productManagement2/products/search/cofee': { products: [], startingPosition: 0, numberToLoad: 12, hasMore: false },
      'GET /productManagement2/products/searchCount/cofee': { count: 0 },
      'GET /productManagement2/products/searchSuggestions/cofee': { suggestions: ['coffee', 'toffee'] },
      'GET /productManagement2/products/search/coffee': { products: [], startingPosition: 0, numberToLoad: 12, hasMore: false },
      'GET /productManagement2/products/searchCount/coffee': { count: 0 },
      'GET /productManagement2/products/searchSuggestions/coffee': { suggestions: ['toffee'] },
      'GET /productManagement2/products/search/toffee': (req: { query: Record<string, string> }) => pageOf(products(2), req.query),
      'GET /productManagement2/products/searchCount/toffee': { count: 2 }
    })
    const { container } = render(<SearchPage />)
    await search(container, 'cofee')
    // The closest match was tried once; it found nothing too, so its own matches are offered, not searched.
    expect(await screen.findByText(text.empty('coffee'))).toBeTruthy()
    const didYouMean = await screen.findByText(text.didYouMean)
    const help = didYouMean.closest('[role="status"]') as HTMLElement
    expect(within(help).getByRole('link', { name: 'toffee' })).toHaveAttribute('href', '/store/search/toffee')
    fireEvent.click(within(help).getByRole('link', { name: 'toffee' }))
    expect(await screen.findByText(text.results(2, 'toffee'))).toBeTruthy()
    expect(window.location.pathname).toBe('/store/search/toffee')
    expect(http.calls.filter((c) => c.path.includes('searchSuggestions')).map((c) => c.path)).toEqual([
      '/productManagement2/products/searchSuggestions/cofee',
      '/productManagement2/products/searchSuggestions/coffee'
    ])
  })

  it('says when nothing matches', async () => {
    resetStore(lang, '/store/search')
    mockHttp({
      'GET /productManagement2/products/search/zzz': { products: [], startingPosition: 0, numberToLoad: 12, hasMore: false },
      'GET /productManagement2/products/searchCount/zzz': { count: 0 }
    })
    const { container } = render(<SearchPage />)
    await search(container, 'zzz')
    expect(await screen.findByText(text.empty('zzz'))).toBeTruthy()
    expect(container.querySelectorAll('.product-card').length).toBe(0)
  })

  it("shows the server's error and keeps the typed term", async () => {
    resetStore(lang, '/store/search')
    mockHttp({
      'GET /productManagement2/products/search/tea': fail(500, 'Search is down'),
      'GET /productManagement2/products/searchCount/tea': fail(500, 'Search is down')
    })
    const { container } = render(<SearchPage />)
    await search(container, 'tea')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(text.failed)
    expect((await searchField(container)).value).toBe('tea')
  })
})
