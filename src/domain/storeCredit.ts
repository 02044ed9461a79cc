/**
 * Store credit at checkout (issue 42 N-4): what the typed amount asks of the server, what the shopper is told when it
 * cannot (an empty amount, not an amount, the server's refusals), and what is applied. Money in minor units; the
 * hooks (useCheckoutAdjustments) hold the state and call the server, the view (StoreCreditSection) only words it.
 */
import { toMinorUnits } from './checkoutForm'

export type StoreCreditProblem =
  /** Nothing (or 0) typed: say how much the shopper can use. */
  | { reason: 'empty'; most: number }
  /** Not an amount ("abc", "5.123"). */
  | { reason: 'format' }
  /** The server: more than the balance, which it names. */
  | { reason: 'balance'; balance: number }
  /** The server: more than the order's total before credit, which it names. */
  | { reason: 'total'; total: number }
  /** Any other refusal of the server, shown as it said it. */
  | { reason: 'other'; message: string }

/** The most store credit this order can take: the balance, but no more than the order's total before credit. */
export function mostStoreCredit(balance: number, cart: { total: number; storeCredit: number }): number {
  return Math.max(0, Math.min(balance, cart.total + cart.storeCredit))
}

/** The typed amount as the amount to send, or why nothing is sent (an empty or 0 amount would silently remove it). */
export function storeCreditRequest(typed: string, most: number): { amount: number } | StoreCreditProblem {
  if (!typed.trim()) return { reason: 'empty', most }
  const amount = toMinorUnits(typed)
  if (amount === null) return { reason: 'format' }
  if (amount === 0) return { reason: 'empty', most }
  return { amount }
}

/**
 * The server's refusal of POST applyStoreCredit (server/src/routes/checkout.ts) as a reason, keeping the amount it
 * names ("40.00": two decimals, as the server writes it), so the shopper reads it in their language; a refusal worded
 * otherwise is shown as the server said it.
 */
export function storeCreditRefusal(serverMessage: string): StoreCreditProblem {
  const balance = toMinorUnits(/balance is only (\d+\.\d{2})\b/i.exec(serverMessage)?.[1] ?? '')
  if (balance !== null) return { reason: 'balance', balance }
  const total = toMinorUnits(/cannot exceed the order total \((\d+\.\d{2})\)/i.exec(serverMessage)?.[1] ?? '')
  if (total !== null) return { reason: 'total', total }
  return { reason: 'other', message: serverMessage }
}

/** The credit the server has applied to the cart, or null when none is. */
export function appliedStoreCredit(cart: { storeCredit: number } | null | undefined): number | null {
  return cart && cart.storeCredit > 0 ? cart.storeCredit : null
}
