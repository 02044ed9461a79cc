/** Shared set-up for the account screens' component tests. */
import '@testing-library/jest-dom'
import { act, fireEvent, waitFor } from '@testing-library/react'
import type { AppInfo } from '@/api/appInfo'
import type { Language } from '@/i18n'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'
import { useSession } from '@/stores/session'
import { appInfoFixture, loggedInFixture } from '../../support/fixtures/appInfo'
import { cartOf } from '../../support/fixtures/catalog'
export { order } from '../../support/fixtures/orders'

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
  user: { firstName: 'Lin', lastName: 'Chen', emailID: 'lin@example.com', profileImage: '', phone: '' },
  userID: '10001',
  lastLoginDate: '2026-11-22T08:00:00.000Z',
  myID: 'RABC',
  referrerUserGroup: null,
  membership: null
}

export const emptyCart = cartOf()


/** The inner <input> / <textarea> of the field of this name, once Taro's element has rendered it. */
export async function renderedInput(container: HTMLElement, name: string): Promise<HTMLElement> {
  await waitFor(() => expect(container.querySelector(`[name="${name}"] input, [name="${name}"] textarea`)).not.toBeNull())
  return container.querySelector(`[name="${name}"] input, [name="${name}"] textarea`) as HTMLElement
}

/**
 * After a refused submit: the field of this name has the focus, is marked invalid, names `message` as its
 * description, and the page was scrolled to it (window.scrollTo is recorded in jsdom: setupComponents).
 */
export async function expectFocusedInvalid(container: HTMLElement, name: string, message: string) {
  const input = await renderedInput(container, name)
  expect(document.activeElement).toBe(input)
  // Taro's input element takes its new attributes on its next render.
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
  expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message)
  expect(input.closest('.field--invalid')).not.toBeNull()
  expect(window.scrollTo).toHaveBeenCalled()
}
