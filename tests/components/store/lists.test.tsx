/**
 * Issue 15 item 5 in the store: the brand list on /store linking to each brand's list, the heading and banner of
 * category, tag and brand lists, and a product's rich detail rendered as text and images (never as HTML) — en and zh.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { clearListHeadings } from '@/hooks/useListHeading'
import { clearListCaches } from '@/hooks/useProductList'
import ProductPage from '@/packages/store/pages/product/index'
import ProductListPage from '@/packages/store/pages/productlist/index'
import StorePage from '@/packages/store/pages/index/index'
import { fail, mockHttp } from '../../support/mockHttp'
import { navigations } from '../../support/taroMock'
import { pageOf, product, products } from '../../support/fixtures/catalog'
import { LANGS, pageBody, resetStore, texts } from './storeTestKit'

const TEXT = {
  en: {
    brands: 'Brands', maple: 'Maple Roasters', jade: 'Jade Leaf', count8: '8 products', tea: 'Tea', teaBlurb: 'Leaves from the gardens we buy from.',
    gifts: 'Gifts', taggedNew: 'Tagged “new”', details: 'Details', brewing: 'Brewing', para1: 'Pan-fired green tea.', para2: '<img src=x onerror=alert(1)> stays text',
    caption: 'Flat leaves.', item1: 'Item 1'
  },
  zh: {
    brands: '品牌', maple: '枫叶烘焙坊', jade: '翠叶', count8: '8 件商品', tea: '茶', teaBlurb: '来自我们采购的茶园。',
    gifts: '礼品', taggedNew: '标签“new”', details: '商品详情', brewing: '冲泡', para1: '炒青绿茶。', para2: '<img src=x onerror=alert(1)> 仍是文本',
    caption: '扁平的茶叶。', item1: '商品 1'
  }
}

const BRANDS = {
  brands: [
    { name: 'Maple Roasters', nameContent: { en: 'Maple Roasters', zh: '枫叶烘焙坊' }, productCount: 8 },
    { name: 'Jade Leaf', nameContent: { en: 'Jade Leaf', zh: '翠叶' }, productCount: 10 },
    { name: 'Empty Co', nameContent: { en: 'Empty Co', zh: '空品牌' }, productCount: 0 }
  ]
}
const PAGE = { startingPosition: 0, numberToLoad: 1, hasMore: true }
const TEA = { name: 'Tea', nameContent: { en: 'Tea', zh: '茶' }, image: 'category-tea.svg', productCount: 10 }

const listRoutes = (extra: Record<string, unknown> = {}) => ({
  'GET /productManagement2/products': (req: { query: Record<string, string> }) => pageOf(products(3), req.query),
  'GET /productManagement2/products/listCount': { count: 3 },
  ...extra
})

describe.each(LANGS)('store lists (%s)', (lang) => {
  const text = TEXT[lang]

  it('the store lists the brands that have products, each opening its brand list', async () => {
    resetStore(lang, '/store')
    const http = mockHttp(listRoutes({ 'GET /productManagement/categories/all': { categories: [] }, 'GET /productManagement/brands': BRANDS }))
    const { container } = render(<StorePage />)
    const list = within(await screen.findByLabelText(text.brands))
    expect(texts(pageBody(container, '.brand-list'), '.brand-list__name')).toEqual([text.maple, text.jade])
    expect(list.getByText(text.count8)).toBeTruthy()
    fireEvent.click(list.getByText(text.jade))
    expect(navigations.at(-1)?.url).toContain('/store/brand/Jade%20Leaf')
    expect(http.calls.filter((c) => c.path === '/productManagement/brands')).toHaveLength(1)
  })

  it('without brands (the call failed) the store shows its products and no brand list', async () => {
    resetStore(lang, '/store')
    mockHttp(listRoutes({ 'GET /productManagement/categories/all': { categories: [] }, 'GET /productManagement/brands': fail(503, 'busy') }))
    const { container } = render(<StorePage />)
    await screen.findByText(text.item1)
    expect(container.querySelector('.brand-list')).toBeNull()
  })

  it('a category list is headed by the category heading: title, banner and text', async () => {
    resetStore(lang, '/store/productlist?cat=tea')
    const http = mockHttp(listRoutes({
      'GET /productManagement2/category/tea': {
        category: TEA, products: [], ...PAGE,
        heading: { title: { en: 'Tea', zh: '茶' }, blurb: { en: 'Leaves from the gardens we buy from.', zh: '来自我们采购的茶园。' }, banner: 'banner-tea-list.svg' }
      }
    }))
    const { container } = render(<ProductListPage />)
    expect(await screen.findByText(text.teaBlurb)).toBeTruthy()
    expect(within(pageBody(container, '.store-page')).getByText(text.tea, { selector: '.store-page__title' })).toBeTruthy()
    expect(pageBody(container, '.list-banner').querySelector('.lazy-image__img')?.getAttribute('src')).toBe('https://cdn.example.com/maple/banner-tea-list.svg')
    expect(http.calls.find((c) => c.path === '/productManagement2/category/tea')?.query).toEqual({ numberToLoad: '1' })
  })

  it('a first visit shows the cards only with the heading known; after a restart the stored list and banner show at once', async () => {
    resetStore(lang, '/store/productlist?cat=tea')
    let answerHeading: (heading: unknown) => void = () => undefined
    const heading = {
      category: TEA, products: [], ...PAGE,
      heading: { title: { en: 'Tea', zh: '茶' }, blurb: { en: 'Leaves from the gardens we buy from.', zh: '来自我们采购的茶园。' }, banner: 'banner-tea-list.svg' }
    }
    const http = mockHttp(listRoutes({ 'GET /productManagement2/category/tea': () => new Promise((resolve) => (answerHeading = resolve)) }))
    const first = render(<ProductListPage />)
    // the cards are loaded, the heading is not: nothing is shown that its banner would push down
    await waitFor(() => expect(http.calls.some((c) => c.path === '/productManagement2/products/listCount')).toBe(true))
    await act(async () => undefined)
    expect(screen.queryByText(text.item1)).toBeNull()
    expect(first.container.querySelector('.sort-bar')).toBeNull()
    await act(async () => answerHeading(heading))
    expect(await screen.findByText(text.item1)).toBeTruthy()
    expect(first.container.querySelector('.list-banner')).not.toBeNull()
    first.unmount()

    // a cold start: the device's first page and heading, shown at once while both are asked again
    clearListCaches({ keepStored: true })
    clearListHeadings({ keepStored: true })
    http.set('GET /productManagement2/category/tea', () => new Promise(() => undefined))
    http.set('GET /productManagement2/products', () => new Promise(() => undefined))
    const { container } = render(<ProductListPage />)
    expect(screen.getByText(text.item1)).toBeTruthy()
    expect(pageBody(container, '.list-banner').querySelector('.lazy-image__img')?.getAttribute('src')).toBe('https://cdn.example.com/maple/banner-tea-list.svg')
  })

  it("a tag list takes the operator's title; a tag without one is named by the tag, with no banner", async () => {
    resetStore(lang, '/store/tag/gift')
    mockHttp(listRoutes({
      'GET /productManagement2/tag/gift': { tag: 'gift', count: 3, products: [], ...PAGE, heading: { title: { en: 'Gifts', zh: '礼品' }, blurb: null, banner: null } },
      'GET /productManagement2/tag/new': { tag: 'new', count: 3, products: [], ...PAGE, heading: { title: null, blurb: null, banner: null } }
    }))
    const first = render(<ProductListPage />)
    expect(await screen.findByText(text.gifts, { selector: '.store-page__title' })).toBeTruthy()
    first.unmount()
    resetStore(lang, '/store/tag/new')
    const { container } = render(<ProductListPage />)
    await screen.findByText(text.item1)
    expect(within(pageBody(container, '.store-page')).getByText(text.taggedNew, { selector: '.store-page__title' })).toBeTruthy()
    expect(container.querySelector('.list-banner')).toBeNull()
  })

  it('a brand list is titled with the brand’s name in the language', async () => {
    resetStore(lang, '/store/brand/Maple%20Roasters')
    mockHttp(listRoutes({ 'GET /productManagement/brands': BRANDS }))
    expect(await screen.findByText(text.maple, { selector: '.store-page__title' }, { container: render(<ProductListPage />).container })).toBeTruthy()
  })

  it("a product's rich detail: headings, paragraphs line by line and captioned images, markup shown as text", async () => {
    resetStore(lang, '/store/product/1078')
    const tea = product({ id: '1078', en: 'West Lake Longjing', zh: '西湖龙井' })
    mockHttp({
      'GET /productManagement/product/1078': tea,
      'GET /productManagement2/products/relatedProducts/1078': { products: [] },
      'GET /productManagement2/products/addon': { products: [] },
      'GET /inventoryManagement/inventoryByProductAndOptions/1078': { productId: '1078', optionPair: '', available: 5 },
      'GET /productDetailManagement/productDetail/1078': {
        product: tea, variants: [], relatedProductIds: [],
        detail: [
          { kind: 'heading', text: { en: 'Brewing', zh: '冲泡' } },
          { kind: 'paragraph', text: { en: 'Pan-fired green tea.\n<img src=x onerror=alert(1)> stays text', zh: '炒青绿茶。\n<img src=x onerror=alert(1)> 仍是文本' } },
          { kind: 'image', image: 'detail-longjing-leaves.svg', caption: { en: 'Flat leaves.', zh: '扁平的茶叶。' } }
        ]
      }
    })
    const { container } = render(<ProductPage />)
    const detail = within(await screen.findByText(text.details).then(() => pageBody(container, '.rich-detail')))
    expect(detail.getByRole('heading', { name: text.brewing })).toBeTruthy()
    // Issue 42 p-8: "Details" is a level-2 heading under the page's h1, its own headings level 3 (axe heading-order).
    expect(detail.getByRole('heading', { name: text.details }).getAttribute('aria-level')).toBe('2')
    expect(detail.getByRole('heading', { name: text.brewing }).getAttribute('aria-level')).toBe('3')
    expect(texts(pageBody(container, '.rich-detail'), '.rich-detail__line')).toEqual([text.para1, text.para2])
    expect(pageBody(container, '.rich-detail').querySelector('img[src="x"]')).toBeNull()
    expect(detail.getByText(text.caption)).toBeTruthy()
    expect(pageBody(container, '.rich-detail__figure').querySelector('.lazy-image__img')?.getAttribute('src')).toBe('https://cdn.example.com/maple/detail-longjing-leaves.svg')
  })
})
