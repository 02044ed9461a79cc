/**
 * The H5 app as a whole, with @tarojs/test-utils-react: createApp() from src/app.ts and src/app.config.ts on Taro's
 * real H5 runtime and router (adapted to Taro 4 in tests/support/setupApp.ts), the API mocked at http.ts.
 * Navigation between real pages under the spec's public URLs, with the pages underneath kept in the stack.
 */
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { act, waitFor } from '@testing-library/react'
import { mockHttp } from '../support/mockHttp'
import { appInfoFixture } from '../support/fixtures/appInfo'
import { cartOf, homeSections, line, pageOf, product } from '../support/fixtures/catalog'

const testUtils = new TestUtils()
const TEA = [product({ id: '1101', en: 'Jasmine Pearls', category: 'Tea' }), product({ id: '1102', en: 'Sencha', category: 'Tea' })]

/** The page the router shows now (the pages underneath stay in the document, shaded). */
const shownPage = () => document.querySelector<HTMLElement>('.taro_page.taro_page_show:not(.taro_page_shade)') ?? document.body
const shows = (text: string) => waitFor(() => expect(shownPage().textContent).toContain(text), { timeout: 4000 })

function clickText(text: string) {
  const target = [...shownPage().querySelectorAll<HTMLElement>('*')].find((el) => el.children.length === 0 && el.textContent?.trim() === text)
  if (!target) throw new Error(`nothing shows "${text}" on ${window.location.pathname}`)
  act(() => target.click())
}

it('createApp() launches the app from app.config; home → product list → product → cart, and back through the kept pages', async () => {
  const http = mockHttp({
    'GET /common3/appInfoInit': appInfoFixture(),
    'GET /common3/exchangeRates/': { rates: {} },
    'GET /common3/sectionTemplateByType/home': { sections: homeSections },
    'GET /productManagement2/products': (req: { query: Record<string, string> }) => pageOf(TEA, req.query),
    'GET /productManagement2/products/listCount': { count: TEA.length },
    'GET /productManagement/product/1101': TEA[0],
    'GET /productManagement2/products/relatedProducts/1101': { products: [] },
    'GET /productManagement2/products/addon': { products: [] },
    'GET /shoppingManagement4/myCart': cartOf(line())
  })
  // Taro's test utils render the app root themselves: inside act, so React applies those updates before we look.
  await act(async () => {
    await testUtils.createApp()
    await testUtils.AppLifecycle.onLaunch()
  })
  await shows('Shop by category')
  expect(window.location.pathname).toBe('/')

  const teaListRequests = () => http.calls.filter((c) => c.path === '/productManagement2/products' && c.query.categoryName === 'Tea').length
  clickText('Tea')
  // The list page has asked for its products and shows them (home may show the same product names in its sections).
  await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toMatch(/^\/store\/productlist\?cat=Tea/))
  await waitFor(() => expect(teaListRequests()).toBeGreaterThan(0))
  await shows('Jasmine Pearls')
  const listRequests = teaListRequests()

  clickText('Jasmine Pearls')
  await shows('Jasmine Pearls description')
  expect(window.location.pathname).toBe('/store/product/1101')

  act(() => void Taro.navigateTo({ url: '/checkout/cart' }))
  await shows('Shopping cart')
  await shows('House Blend Coffee Beans 340g')
  expect(window.location.pathname).toBe('/checkout/cart')
  expect(Taro.getCurrentPages()).toHaveLength(4)

  act(() => void Taro.navigateBack())
  await waitFor(() => expect(window.location.pathname).toBe('/store/product/1101'))
  await shows('Jasmine Pearls description')
  act(() => void Taro.navigateBack())
  await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toMatch(/^\/store\/productlist\?cat=Tea/))
  await shows('Sencha')
  // The list page was kept, not loaded again.
  expect(teaListRequests()).toBe(listRequests)
  expect(Taro.getCurrentPages()).toHaveLength(2)
}, 30_000)
