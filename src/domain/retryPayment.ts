/**
 * Retry payment (issue 42 n-4): the confirmation page reopens the payment of the same order on the same channel in one
 * tap, as JD's and Taobao's 重新支付 reopen their cashier, when this device started paying that order (the checkout
 * keeps which order it handed to the platform's payment, and on which channel). Otherwise the checkout, whose kept form
 * and reserved order pay the same order with Place order.
 */

/** Under this key in platform.storage: the order the checkout last handed to the platform's payment. */
export const STARTED_PAYMENT_KEY = 'istore.startedPayment'

export interface StartedPayment<Channel extends string = string> {
  orderID: string
  /** The H5 channel (the provider's page); none on the mini-programs, whose sheet pays the order. */
  channel?: Channel
  /** When (ms since the epoch). */
  at: number
}

/** A reservation never lasts longer than this: a started payment older than that is for an order no longer held. */
export const STARTED_PAYMENT_TTL_MS = 24 * 60 * 60 * 1000

export type RetryStep<Channel extends string = string> = { kind: 'pay'; channel?: Channel } | { kind: 'checkout' }

export function retryPaymentStep<Channel extends string>(started: StartedPayment<Channel> | null | undefined, orderID: string, now: number): RetryStep<Channel> {
  if (!orderID || !started || started.orderID !== orderID) return { kind: 'checkout' }
  if (!(now - started.at >= 0 && now - started.at < STARTED_PAYMENT_TTL_MS)) return { kind: 'checkout' }
  return started.channel ? { kind: 'pay', channel: started.channel } : { kind: 'pay' }
}
