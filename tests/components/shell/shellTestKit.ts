/** Shared set-up for the shell's component tests: store resets, a cart, the current URL. */
// Brings the jest-dom matcher types (toBeInTheDocument, toHaveClass ...) to the type checker; jest loads the matchers in setupComponents.
import '@testing-library/jest-dom'
import type { AppInfo } from '@/api/appInfo'
import type { Cart, LineItem } from '@/api/cart'
import type { Language } from '@/i18n'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'
import { useLocation } from '@/stores/location'
import { useUi } from '@/stores/ui'
import { emptyDraft } from '../../support/fixtures/catalog'

export const LANGS: Language[] = ['en', 'zh']

export function resetStores(info: AppInfo | null, language: Language, status: 'ready' | 'failed' = 'ready') {
  useAppInfo.setState({ info, status })
  useCart.setState({ cart: null, error: null, pending: false, version: 0 })
  useUi.setState({ sideMenuOpen: false, modal: null })
  useLocation.setState({ selected: null })
  useCurrency.setState({ base: 'CAD', current: 'CAD', rates: { USD: 0.73, CNY: 5.2 } })
  useLocale.setState({ language, serverMessages: {} })
}

/** A cart whose lines have the given quantities (itemCount is their sum, as the server computes it). */
export function cartWithQuantities(...quantities: number[]): Cart {
  const lineItems: Record<string, LineItem> = {}
  quantities.forEach((quantity, i) => {
    lineItems[`item-${i}`] = {
      itemKey: `item-${i}`,
      productId: `p-${i}`,
      name: `Product ${i}`,
      nameContent: { en: `Product ${i}`, zh: `商品 ${i}` },
      image: null,
      optionPair: '',
      optionLabels: [],
      quantity,
      unitPrice: 1000,
      lineTotal: 1000 * quantity,
      addOn: false,
      available: 10,
      soldOut: false
    }
  })
  const itemCount = quantities.reduce((a, b) => a + b, 0)
  return {
    itemCount,
    lineItems,
    currency: 'CAD',
    subtotal: 0,
    discount: 0,
    tip: 0,
    storeCredit: 0,
    tax: 0,
    shipping: 0,
    total: 0,
    coupon: null,
    orderMethod: null,
    checkout: emptyDraft()
  }
}

/** The H5 platform reads the route from the browser location. */
export function setUrl(url: string) {
  window.history.pushState({}, '', url)
}

export function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
}

export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
export const ALIPAY_UA =
  'Mozilla/5.0 (Linux; Android 12; Pixel 6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0 Mobile Safari/537.36 AlipayClient/10.3.0'
export const WECHAT_MP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 miniProgram'
