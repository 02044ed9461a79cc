import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import CartPage from '@/packages/checkout/pages/cart/index'
import { useCart } from '@/stores/cart'
import { mockHttp } from '../../support/mockHttp'
import { cartOf, line } from '../../support/fixtures/catalog'
import { LANGS, pageBody, resetStore } from '../store/storeTestKit'

const TEXT = {
  en: { beans: 'House Blend Coffee Beans 340g', refused: 'Your cart was not changed: Network error, please check your connection', remove: 'Remove' },
  zh: { beans: '招牌混合咖啡豆 340克', refused: '购物车未更改：Network error, please check your connection', remove: '删除' }
}

const beans = line({ itemKey: '1001|', quantity: 2, unitPrice: 1699, available: 5 })
/** What the http client sees with no network: the transport itself fails (ApiError status 0). */
const noNetwork = () => {
  throw new TypeError('Failed to fetch')
}

describe.each(LANGS)('the cart offline (%s)', (lang) => {
  const text = TEXT[lang]

  /** A visit with the network: the cart page shows the cart of beans, which the app keeps. */
  async function visitOnline() {
    resetStore(lang, '/checkout/cart')
    mockHttp({ 'GET /shoppingManagement4/myCart': cartOf(beans) })
    render(<CartPage />)
    await screen.findByText(text.beans)
    cleanup()
  }

  it('shows the last cart seen online when the cart cannot be loaded, and refuses changes without losing it', async () => {
    await visitOnline()

    // A later visit with no network: a fresh app (empty store) still shows the saved cart.
    resetStore(lang, '/checkout/cart')
    const http = mockHttp({ 'GET /shoppingManagement4/myCart': noNetwork, 'POST /shoppingManagement4/myCart/delete': noNetwork })
    const { container } = render(<CartPage />)
    expect(await screen.findByText(text.beans)).toBeTruthy()

    const saved = useCart.getState().cart
    fireEvent.click(within(pageBody(container, '.cart-page')).getByText(text.remove))
    expect(await screen.findByText(text.refused)).toBeTruthy()
    expect(useCart.getState().cart).toBe(saved)
    expect(screen.getByText(text.beans)).toBeTruthy()
    expect(http.calls.filter((c) => c.path === '/shoppingManagement4/myCart/delete')).toHaveLength(1)
  })

  it('does not bring back a saved cart over a server answer (a server error is not "offline")', async () => {
    await visitOnline()

    resetStore(lang, '/checkout/cart')
    mockHttp({ 'GET /shoppingManagement4/myCart': cartOf() })
    render(<CartPage />)
    await screen.findByText(lang === 'en' ? 'Your cart is empty.' : '您的购物车是空的。')
    expect(useCart.getState().cart?.itemCount).toBe(0)
  })
})
