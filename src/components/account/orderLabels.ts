import dayjs from 'dayjs'
import { STORE_CREDIT_REASONS, type StoreCreditReason } from '@contract/constants'
import type { MessageKey, Translate } from '@/i18n'

const STATUS = ['NEW', 'INTERIM', 'COMPLETED', 'CANCELLED', 'FAILED', 'REFUND_PENDING', 'REFUNDED'] as const
const PAYMENT = ['NOT_PAID', 'PAY_AT_STORE', 'PAID', 'PAID_ONLINE', 'PAID_BY_DISCOUNT', 'FAILED', 'REFUNDED'] as const
const METHOD = ['PICKUP', 'DELIVERY', 'EAT_IN'] as const

/** Known codes get words; a code this client does not know yet is shown as the server sent it. */
function label(t: Translate, known: readonly string[], prefix: string, code: string): string {
  return known.includes(code) ? t(`${prefix}.${code}` as MessageKey) : code
}

export const orderStatusLabel = (t: Translate, code: string) => label(t, STATUS, 'user.status', code)
export const paymentStatusLabel = (t: Translate, code: string) => label(t, PAYMENT, 'user.payment', code)
export const orderMethodLabel = (t: Translate, code: string) => label(t, METHOD, 'user.method', code)
/** Typed, so a reason added to the contract without its words in both languages does not compile. */
const creditReasonKey = (code: StoreCreditReason): MessageKey => `user.credit.reason.${code}`
export const creditReasonLabel = (t: Translate, code: string) =>
  (STORE_CREDIT_REASONS as readonly string[]).includes(code) ? t(creditReasonKey(code as StoreCreditReason)) : code

/** Order times in the shopper's local time. */
export const formatDateTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm')
