import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import SearchPage from '@/packages/store/pages/search/index'
import { fail, mockHttp } from '../../support/mockHttp'
import { pageOf, products } from '../../support/fixtures/catalog'
import { LANGS, pageBody, resetStore } from './storeTestKit'

const TEXT = {
  en: { placeholder: 'Search products', prompt: 'Type what you are looking for.', results: (n: number, term: string) => `${n} results for “${term}”`, empty: (term: string) => `Nothing matches “${term}”.`, failed: 'Could not load: Search is down', loadMore: 'Load more', item: (n: number) => `Item ${n}` },
  zh: { placeholder: '搜索商品', prompt: '输入您要找的商品。', results: (n: number, term: string) => `“${term}”共 ${n} 个结果`, empty: (term: string) => `没有与“${term}”匹配的商品。`, failed: '加载失败：Search is down', loadMore: '加载更多', item: (n: number) => `商品 ${n}` }
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
    expect(http.calls.length).toBe(0)
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
