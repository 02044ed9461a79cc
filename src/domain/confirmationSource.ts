/**
 * The confirmation pages (spec §2): which order and how its state is known, from the route — the mini-program
 * return (MP_paymentstatus, message, orderID, wmpoid; OK is confirmed by the server's status check), a provider's from_source with the order id after the marker X
 * (or weixin_js with oid), /confirmation/{id}, or /confirmationa/{type}/{order_id} where alipay_h5 checks the Alipay
 * payment — and the view a payment check result shows.
 */
import { returnsByPath, type StatusCheckProvider } from '@shared/hostedChannels'
import { orderIdFromQuery } from './fromSource'
import { miniProgramReturn } from './miniProgramReturn'
import type { PaymentView } from './paymentStatus'

export const ORDER_ID_ERROR = 'orderID error'

/** Confirmation providers (from_source without the order id), each with its status check (shared/hostedChannels.ts). */
export type { StatusCheckProvider } from '@shared/hostedChannels'

export type ConfirmationView =
  | { view: 'pending' }
  | { view: 'success'; orderID: string }
  | { view: 'inProcess'; orderID: string }
  | { view: 'failure'; message?: string }
  | { view: 'notFound'; orderID: string }

export type ConfirmationSource =
  | { kind: 'check'; provider: StatusCheckProvider; orderID: string; status?: string; weChatQr?: string }
  | { kind: 'order'; orderID: string }
  | { kind: 'known'; view: ConfirmationView }

const MINI_PROGRAM_KEYS = ['MP_paymentstatus', 'wmpoid'] as const

/** The confirmation page's parameter carrying WeChat Pay's Native code_url (a desktop browser pays by scanning it). */
export const WECHAT_QR_PARAM = 'wechat_qr'

/** The return URL of a Native payment, carrying the code_url the pending view shows as a QR code. */
export function withWeChatQr(returnUrl: string, codeUrl: string): string {
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${WECHAT_QR_PARAM}=${encodeURIComponent(codeUrl)}`
}

/** Only WeChat Pay's own scheme is drawn: the page never turns an arbitrary link from its URL into a code to scan. */
const weChatQrOf = (value: string | undefined) => (value && /^weixin:\/\/wxpay\//.test(value) ? value : undefined)

/** /confirmation and /confirmation/{id}. */
export function confirmationSource(params: Record<string, string | undefined>): ConfirmationSource {
  if (MINI_PROGRAM_KEYS.some((key) => params[key] !== undefined)) {
    const result = miniProgramReturn(params)
    // The sheet's OK is the device's word, not the payment: the page asks the server, which asks WeChat Pay (the
    // mini-program's payment is a JSAPI one, checked like the in-page payment), and shows paid once it says so.
    return result.outcome === 'success'
      ? { kind: 'check', provider: 'weixin_js', orderID: result.orderID }
      : { kind: 'known', view: { view: 'failure', message: result.message } }
  }
  if (params.from_source) {
    const parsed = orderIdFromQuery(params)
    if (!parsed.ok) return { kind: 'known', view: { view: 'failure', message: parsed.error } }
    const weChatQr = parsed.provider === 'weixin_h5' ? weChatQrOf(params[WECHAT_QR_PARAM]) : undefined
    return { kind: 'check', provider: parsed.provider, orderID: parsed.orderID, status: params.status, ...(weChatQr ? { weChatQr } : {}) }
  }
  if (params.id) return { kind: 'order', orderID: params.id }
  return { kind: 'known', view: { view: 'failure', message: ORDER_ID_ERROR } }
}

/** /confirmationa/{type}/{order_id}: a hosted channel's return by path (alipay_h5) checks its payment; other types read the order. */
export function alternateConfirmationSource(params: Record<string, string | undefined>): ConfirmationSource {
  const orderID = (params.order_id ?? '').trim()
  if (!orderID) return { kind: 'known', view: { view: 'failure', message: ORDER_ID_ERROR } }
  return returnsByPath(params.type) ? { kind: 'check', provider: params.type, orderID } : { kind: 'order', orderID }
}

/** The domain's check result as a view: a response error is a failure that shows its text. */
export function toConfirmationView(result: PaymentView, orderID: string): ConfirmationView {
  switch (result.view) {
    case 'success':
    case 'inProcess':
      return { view: result.view, orderID: result.orderID || orderID }
    case 'error':
      return { view: 'failure', message: result.message }
    case 'notFound':
      return { view: 'notFound', orderID }
    default:
      return result
  }
}
