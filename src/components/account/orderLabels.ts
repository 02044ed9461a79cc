import { ORDER_METHODS, ORDER_STATUS_READS, PAYMENT_STATUS_READS, STORE_CREDIT_REASONS } from '@contract/constants'
import type { Order } from '@contract/orders'
import { formatLocalDate } from '@/domain/dates'
import { storeDateLabel } from '@/domain/storeClock'
import { howPaid } from '@/domain/placedOrder'
import type { Language, MessageKey, Translate } from '@/i18n'


/**
 * Known codes get words; a code this client does not know yet is shown as the server sent it. The codes are the
 * contract's lists and `key` is typed, so a status added to the contract without its words in both languages does not
 * compile.
 */
function label<C extends string>(t: Translate, known: readonly C[], key: (code: C) => MessageKey, code: string): string {
  return (known as readonly string[]).includes(code) ? t(key(code as C)) : code
}

export const orderStatusLabel = (t: Translate, code: string) => label(t, ORDER_STATUS_READS, (c) => `user.status.${c}`, code)
export const paymentStatusLabel = (t: Translate, code: string) => label(t, PAYMENT_STATUS_READS, (c) => `user.payment.${c}`, code)
/** An order's payment: its status's words, except that one wholly paid with store credit says so (issue 42 N-4). */
export const orderPaymentLabel = (t: Translate, order: Pick<Order, 'paymentStatus' | 'total' | 'storeCredit'>) =>
  howPaid(order) === 'STORE_CREDIT' ? t('user.payment.STORE_CREDIT') : paymentStatusLabel(t, order.paymentStatus)
export const orderMethodLabel = (t: Translate, code: string) => label(t, ORDER_METHODS, (c) => `user.method.${c}`, code)
export const creditReasonLabel = (t: Translate, code: string) => label(t, STORE_CREDIT_REASONS, (c) => `user.credit.reason.${c}`, code)

/** Order times in the shopper's local time. */
export const formatDateTime = (iso: string) => formatLocalDate(iso, true)

/**
 * An order's time as the confirmation writes times, in the shopper's local time: "Tue, Dec 1, 16:51", "12月1日 16:51"
 * (issue 42 n-14: lists showed "2026-12-01 21:51").
 */
export const friendlyDateTime = (iso: string, language: Language) => storeDateLabel(formatLocalDate(iso, true), language)
