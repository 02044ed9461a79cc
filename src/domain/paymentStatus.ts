/** Spec §4 "Payment check result" and §8 transaction errors. */
import type { Translate } from '@/i18n'
import { messageOf } from './errors'

export interface OrderStatusResponse {
  status?: string
  paymentStatus?: string
  orderID?: string
  qrCodeScan?: boolean
}

export const NO_STATUS_ERROR = 'no status or no payment status'

export type PaymentView =
  | { view: 'pending' }
  | { view: 'success'; orderID: string }
  | { view: 'failure' }
  | { view: 'inProcess'; orderID: string }
  | { view: 'error'; message: typeof NO_STATUS_ERROR }
  /** Our addition: /confirmation/{id} of an order that is not this visitor's (another browser's, or none). */
  | { view: 'notFound' }

export type PaymentViewKind = PaymentView['view']

/** "Pending (recheck every 2 seconds, repeating)". */
export const POLL_INTERVAL_MS = 2000

/**
 * A payment still pending after this long was most likely left at the provider: the page says so and offers a way out
 * (and keeps checking). Within about 2 s, as WeChat says 支付未完成 at once (issue 42 n-4: a spinner alone for 10 s).
 */
export const PAYMENT_STALLED_AFTER_MS = 2_000

/**
 * The spec names three combinations; the rest is our reading:
 * - qrCodeScan with an orderID → in-process, checked first (such a response may carry no status yet).
 * - status or paymentStatus missing → error 'no status or no payment status'.
 * - NEW + PAID_ONLINE → success (orderID '' if the response has none; the caller knows the order it asked for).
 * - INTERIM + NOT_PAID → pending; INTERIM with any other paymentStatus except FAILED is also pending
 *   (the order is not final yet, so keep checking).
 * - everything else (FAILED + FAILED, any FAILED, NEW + NOT_PAID, unknown values) → failure.
 */
export function checkResult(response: OrderStatusResponse | null | undefined): PaymentView {
  const r = response ?? {}
  const orderID = (r.orderID ?? '').trim()
  if (r.qrCodeScan && orderID) return { view: 'inProcess', orderID }
  if (!r.status || !r.paymentStatus) return { view: 'error', message: NO_STATUS_ERROR }
  if (r.status === 'NEW' && r.paymentStatus === 'PAID_ONLINE') return { view: 'success', orderID }
  if (r.status === 'INTERIM' && r.paymentStatus !== 'FAILED') return { view: 'pending' }
  return { view: 'failure' }
}

/** Only the pending view is rechecked. */
export function shouldPoll(view: PaymentView | PaymentViewKind): boolean {
  return (typeof view === 'string' ? view : view.view) === 'pending'
}

/** "first message of the response error list"; falls back to the body's message, else undefined. */
export function transactionErrorMessage(body: { errors?: unknown[] | null; message?: string | null } | null | undefined): string | undefined {
  const first = body?.errors?.find((e) => typeof e === 'string' && e.trim() !== '')
  if (typeof first === 'string') return first
  const message = body?.message
  return typeof message === 'string' && message.trim() ? message : undefined
}

/**
 * Spec §8: the first message of a failed call's response (an ApiError keeps the response as `body`), else its message
 * (the app's own failures in the shopper's language, with `t`).
 */
export function transactionErrorOf(err: unknown, t?: Translate): string {
  if (!(err instanceof Error)) return String(err)
  const body = 'body' in err ? (err.body as Parameters<typeof transactionErrorMessage>[0]) : undefined
  return transactionErrorMessage(body) ?? messageOf(err, t)
}
