/** Shared set-up for the account screens' component tests. */
import '@testing-library/jest-dom'
import { act, fireEvent, waitFor } from '@testing-library/react'
import type { AppInfo } from '@/api/appInfo'
import type { Order } from '@/api/orders'
import type { Language } from '@/i18n'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'
import { useSession } from '@/stores/session'
import { appInfoFixture, loggedInFixture } from '../../support/fixtures/appInfo'

export const LANGS: Language[] = ['en', 'zh']

export const guest = (): AppInfo => appInfoFixture()
export const signedIn = (): AppInfo => loggedInFixture()

export function resetStores(info: AppInfo | null, language: Language, url = '/') {
  window.history.pushState({}, '', url)
  useAppInfo.setState({ info, status: 'ready' })
  useCart.setState({ cart: null, error: null, pending: false, version: 0 })
  useCurrency.setState({ base: 'CAD', current: 'CAD', rates: {} })
  useLocale.setState({ language, serverMessages: {} })
  useSession.setState({ weChatOpenId: null, pendingIdentity: null })
}

/**
 * Types into a Taro Input / Textarea the way its H5 element reports it (a CustomEvent with detail.value), once the
 * element has rendered: a value set before that crashes Taro's input (its value watcher reads the inner <input>).
 */
export async function type(container: HTMLElement, name: string, value: string) {
  const el = container.querySelector(`[name="${name}"]`)
  if (!el) throw new Error(`No field named ${name}`)
  await waitFor(() => expect(el.querySelector('input, textarea')).not.toBeNull())
  act(() => {
    fireEvent(el, new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}

export const valueOf = (container: HTMLElement, name: string) => container.querySelector(`[name="${name}"]`)?.getAttribute('value')

/** Lets pending promises (mocked calls) settle. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

export const sessionAnswer = {
  user: { firstName: 'Lin', lastName: 'Chen', emailID: 'lin@example.com', profileImage: '' },
  userID: '10001',
  lastLoginDate: '2026-11-22T08:00:00.000Z',
  myID: 'RABC',
  referrerUserGroup: null,
  membership: null
}

export const emptyCart = { itemCount: 0, lineItems: {}, currency: 'CAD', subtotal: 0, discount: 0, tip: 0, storeCredit: 0, tax: 0, shipping: 0, total: 0, coupon: null, orderMethod: null }

export function order(id: string, patch: Partial<Order> = {}): Order {
  return {
    orderID: id,
    status: 'NEW',
    paymentStatus: 'PAY_AT_STORE',
    method: 'PICKUP',
    localStoreName: 'Downtown',
    tableNumber: null,
    contact: null,
    delivery: null,
    pickupDateTime: '2026-11-23 12:30',
    deliveryDateTime: null,
    lines: [
      { itemKey: '1001|grind:Espresso', productId: '1001', name: 'House Blend', nameContent: { en: 'House Blend', zh: '招牌拼配' }, optionPair: 'grind:Espresso', quantity: 2, unitPrice: 1699, lineTotal: 3398 }
    ],
    subtotal: 3398,
    discount: 0,
    tip: 0,
    tax: 442,
    shipping: 0,
    storeCredit: 0,
    total: 3840,
    currency: 'CAD',
    customerComment: '',
    comments: [],
    cancellable: true,
    createdAt: '2026-11-22T08:00:00.000Z',
    storeName: 'Maple Market',
    ...patch
  }
}
