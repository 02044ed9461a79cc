/** Shared steps of the checkout page's component tests (checkout, saved addresses). */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import CheckoutPage from '@/pages/../packages/checkout/pages/index/index'
import { setUrl } from '../shell/shellTestKit'

/** Lets pending promises (the mocked server's answers) settle. */
export async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await Promise.resolve()
  })
}

/** The choice button of this value in the choice group of this name (order method, store, slot, province …). */
export function option(name: string, value: string) {
  const el = document.querySelector(`.checkout-choices__option[data-name="${name}"][data-value="${value}"]`)
  if (!el) throw new Error(`no option ${name}=${value}`)
  return el
}

/** The inner <input> / <textarea> of the field of this name, once Taro's element has rendered it. */
export function fieldInput(name: string): HTMLInputElement | null {
  const host = document.querySelector(`[name="${name}"]`) as HTMLElement | null
  if (!host) return null
  return (host.tagName === 'INPUT' || host.tagName === 'TEXTAREA' ? host : host.querySelector('input,textarea')) as HTMLInputElement | null
}

/** Types into a Taro Input found by its name attribute (its inner <input> appears once the element rendered). */
export async function type(name: string, value: string) {
  await waitFor(() => expect(fieldInput(name)).not.toBeNull())
  fireEvent.input(fieldInput(name) as HTMLInputElement, { target: { value } })
}

export function valueOf(name: string): string {
  return (fieldInput(name) as HTMLInputElement).value
}

/** Opens /checkout and waits for the contact fields. */
export async function renderCheckout() {
  setUrl('/checkout')
  const view = render(<CheckoutPage />)
  await settle()
  // Taro's Input is a custom element whose inner <input> appears once it has rendered.
  await waitFor(() => expect(document.querySelector('[name="email"] input, input[name="email"]')).not.toBeNull())
  return view
}

export async function click(el: Element) {
  fireEvent.click(el)
  await settle()
}
