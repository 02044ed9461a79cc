/**
 * A store that sells in CNY (issue 25 item 8: the store currency is the server's `payment` setting, which app info
 * hands over as defaultCurrency): after the start-up, the base currency is CNY and the cart shows ¥ with 2 decimals,
 * with no "charged in another currency" note.
 */
import { render, screen } from '@testing-library/react'
import CartPage from '@/packages/checkout/pages/cart/index'
import { startApp } from '@/hooks/useStartup'
import { useCurrency } from '@/stores/currency'
import { mockHttp } from '../../support/mockHttp'
import { appInfoFixture } from '../../support/fixtures/appInfo'
import { cartOf, line } from '../../support/fixtures/catalog'
import { LANGS, pageBody, resetStore, texts } from './storeTestKit'

function cnyAppInfo() {
  const info = appInfoFixture()
  info.appContent.system.payment = {
    ...info.appContent.system.payment,
    defaultCurrency: { currencyType: 'CNY', currencyCode: '¥' },
    exchangeCurrencies: [{ currencyType: 'CAD', currencyCode: '$' }]
  }
  return info
}

describe.each(LANGS)('a CNY store (%s)', (lang) => {
  it('starts with CNY as the base currency and shows the cart in ¥ with 2 decimals', async () => {
    resetStore(lang, '/checkout/cart')
    const info = cnyAppInfo()
    info.appContent.system.appMessage.currentLocale = lang
    const beans = line({ itemKey: '1001|', quantity: 2, unitPrice: 1699 })
    const cart = { ...cartOf(beans), currency: 'CNY', tax: 5, total: 3403 }
    mockHttp({
      'GET /common3/appInfoInit': info,
      'GET /shoppingManagement4/myCart': cart,
      'GET /common3/exchangeRates/': { base: 'CNY', rates: { CAD: 0.19 }, symbols: { CNY: '¥', CAD: '$' }, decimals: { CNY: 2, CAD: 2 } },
      'GET /productManagement2/products/addon': { products: [] }
    })
    await startApp()
    expect(useCurrency.getState()).toMatchObject({ base: 'CNY', current: 'CNY', rates: { CAD: 0.19 } })

    const { container } = render(<CartPage />)
    await screen.findByText(beans.nameContent[lang])
    expect(texts(pageBody(container, '.cart-totals'), '.price__now')).toEqual(['¥33.98', '¥0.05', '¥34.03'])
    expect(texts(pageBody(container, '.cart-line'), '.price__now')).toContain('¥16.99')
    expect(pageBody(container, '.cart-page').textContent).not.toMatch(/CAD|\$/)
  })
})
