/**
 * The display currency assumes no shop (issue 37 item 4): before app info it is unknown ('') and an amount is shown in
 * the currency it came with; the moment app info is stored the base is the shop's, in the same render (no frame shows
 * another shop's currency), and start-up then loads the rates. A shopper's saved choice counts once its rate is known.
 */
import { act, render, screen } from '@testing-library/react'
import { usePrice } from '@/hooks/usePrice'
import { startApp } from '@/hooks/useStartup'
import { useAppInfo } from '@/stores/appInfo'
import { useCurrency } from '@/stores/currency'
import { testControl } from '../../support/taroMock'
import { mockHttp } from '../../support/mockHttp'
import { appInfoFixture } from '../../support/fixtures/appInfo'
import { cartOf } from '../../support/fixtures/catalog'

function shopIn(currencyType: string, currencyCode: string) {
  const info = appInfoFixture()
  info.appContent.system.payment = { ...info.appContent.system.payment, defaultCurrency: { currencyType, currencyCode }, exchangeCurrencies: [] }
  return info
}

/** Every render: the base the price hook used, the shop's currency app info had, and the amount as shown. */
const renders: { base: string; shop: string | undefined; shown: string }[] = []
function Amount({ minor, currency }: { minor: number; currency: string }) {
  const price = usePrice()
  const shop = useAppInfo((s) => s.info?.appContent.system.payment?.defaultCurrency?.currencyType)
  const shown = price.format(minor, currency)
  renders.push({ base: price.base, shop, shown })
  return <span data-testid="amount">{shown}</span>
}

describe('the display currency before and after app info', () => {
  beforeEach(() => {
    renders.length = 0
  })

  it('starts unknown, shows an amount in its own currency, and takes the shop\'s currency with app info in the same render', async () => {
    expect(useAppInfo.getState().info).toBeNull()
    expect(useCurrency.getState()).toMatchObject({ base: '', current: '', rates: {} })
    // A saved choice from an earlier visit waits for the shop's currency and its rate.
    testControl.storage.set('istore.currency', 'EUR')
    render(<Amount minor={1999} currency="USD" />)
    expect(screen.getByTestId('amount').textContent).toBe('$19.99')
    expect(renders.at(-1)).toMatchObject({ base: '', shop: undefined })

    mockHttp({
      'GET /common3/appInfoInit': shopIn('USD', 'US$'),
      'GET /common3/exchangeRates/': { base: 'USD', rates: { EUR: 0.9 }, symbols: { USD: 'US$', EUR: '€' }, decimals: { USD: 2, EUR: 2 } },
      'GET /shoppingManagement4/myCart': { ...cartOf(), currency: 'USD' }
    })
    // App info alone (start-up's first step): the base is the shop's before start-up goes on to the rates.
    await act(() => useAppInfo.getState().load())
    expect(useCurrency.getState()).toMatchObject({ base: 'USD', current: 'EUR', rates: {} })
    expect(screen.getByTestId('amount').textContent).toBe('US$19.99')
    await act(() => startApp())
    expect(useCurrency.getState()).toMatchObject({ base: 'USD', current: 'EUR', rates: { EUR: 0.9 } })
    expect(screen.getByTestId('amount').textContent).toBe('€17.99')
    // No render had app info with a base other than the shop's.
    expect(renders.filter((r) => r.shop !== undefined && r.base !== r.shop)).toEqual([])
    expect(renders.map((r) => r.shown)).not.toContain('CA$19.99')
  })

  it('app info of another shop stored later: the base follows it at once, with no rates of the old one', () => {
    act(() => useAppInfo.setState({ info: shopIn('CNY', '¥'), status: 'ready' }))
    expect(useCurrency.getState()).toMatchObject({ base: 'CNY', rates: {} })
    render(<Amount minor={3400} currency="CNY" />)
    expect(screen.getByTestId('amount').textContent).toBe('¥34.00')
    expect(renders.every((r) => r.base === 'CNY')).toBe(true)
  })
})
