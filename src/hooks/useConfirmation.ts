/**
 * The confirmation pages (spec §2): which order and how its state is known, from the route —
 * the mini-program return (MP_paymentstatus, message, orderID, wmpoid), a provider's from_source with the order id
 * after the marker X (or weixin_js with oid), /confirmation/{id}, or /confirmationa/{type}/{order_id} where
 * alipay_h5 checks the Alipay payment — and what the views need (guest or signed in, store name).
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { paymentsApi, type StatusCheckProvider } from '@/api/payments'
import { orderIdFromQuery } from '@/domain/fromSource'
import { miniProgramReturn } from '@/domain/miniProgramReturn'
import { checkResult, type PaymentView } from '@/domain/paymentStatus'
import { platform } from '@/platform'
import { selectContent, selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { forgetPlacedOrderDraft } from './useCheckout'
import { transactionErrorOf, usePaymentStatus, type ConfirmationView } from './usePaymentStatus'

export const ORDER_ID_ERROR = 'orderID error'

export type ConfirmationSource =
  | { kind: 'check'; provider: StatusCheckProvider; orderID: string; status?: string }
  | { kind: 'order'; orderID: string }
  | { kind: 'known'; view: ConfirmationView }

const MINI_PROGRAM_KEYS = ['MP_paymentstatus', 'wmpoid'] as const

/** /confirmation and /confirmation/{id}. */
export function confirmationSource(params: Record<string, string | undefined>): ConfirmationSource {
  if (MINI_PROGRAM_KEYS.some((key) => params[key] !== undefined)) {
    const result = miniProgramReturn(params)
    return result.outcome === 'success'
      ? { kind: 'known', view: { view: 'success', orderID: result.orderID } }
      : { kind: 'known', view: { view: 'failure', message: result.message } }
  }
  if (params.from_source) {
    const parsed = orderIdFromQuery(params)
    if (!parsed.ok) return { kind: 'known', view: { view: 'failure', message: parsed.error } }
    return { kind: 'check', provider: parsed.provider, orderID: parsed.orderID, status: params.status }
  }
  if (params.id) return { kind: 'order', orderID: params.id }
  return { kind: 'known', view: { view: 'failure', message: ORDER_ID_ERROR } }
}

/** /confirmationa/{type}/{order_id}: alipay_h5 checks the Alipay payment; other types read the order. */
export function alternateConfirmationSource(params: Record<string, string | undefined>): ConfirmationSource {
  const orderID = (params.order_id ?? '').trim()
  if (!orderID) return { kind: 'known', view: { view: 'failure', message: ORDER_ID_ERROR } }
  return params.type === 'alipay_h5' ? { kind: 'check', provider: 'alipay_h5', orderID } : { kind: 'order', orderID }
}

/** Pay-at-store and coupon-covered (total 0) orders are placed without an online payment: the success view, not a failure. */
async function orderState(orderID: string): Promise<PaymentView> {
  const status = await paymentsApi.orderStatus(orderID)
  if (status.status === 'NEW' && (status.paymentStatus === 'PAY_AT_STORE' || status.paymentStatus === 'PAID_BY_DISCOUNT')) {
    return { view: 'success', orderID: status.orderID }
  }
  return checkResult(status)
}

export interface Confirmation {
  view: ConfirmationView
  loggedIn: boolean
  storeName: string
  go(path: '/user/orders' | '/user/list' | '/account/signup' | '/store' | '/checkout'): void
}

export function useConfirmation(source: ConfirmationSource): Confirmation {
  const loggedIn = useAppInfo(selectLoggedIn)
  const storeName = useAppInfo((s) => selectContent(s)?.storeName ?? '')
  const orderID = source.kind === 'known' ? '' : source.orderID
  const provider = source.kind === 'check' ? source.provider : null
  const status = source.kind === 'check' ? source.status : undefined
  const check = useCallback(async (): Promise<PaymentView> => {
    if (provider) return checkResult(await paymentsApi.checkStatus(provider, { orderID, returnUrlInfo: '', status }))
    return orderState(orderID)
  }, [provider, orderID, status])
  const polled = usePaymentStatus(source.kind === 'known' ? null : check, orderID)
  const view = source.kind === 'known' ? source.view : polled
  const paid = view.view === 'success'
  useEffect(() => {
    // The server emptied the cart when the order was paid: the badge and cart pages follow.
    if (!paid) return
    void useCart.getState().load()
    forgetPlacedOrderDraft()
  }, [paid])
  const go = useCallback<Confirmation['go']>((path) => platform.navigate(path, path === '/checkout' ? 'push' : 'relaunch'), [])
  return useMemo(() => ({ view, loggedIn, storeName, go }), [view, loggedIn, storeName, go])
}

export type ProcessPayState = { kind: 'processing' } | { kind: 'error'; message: string }

/**
 * /processpay?code=…&oid=… (spec §2 payment-pending page): WeChat's OAuth brought the shopper back with a code;
 * the in-page payment (provider WECHATPAY with that code) runs and leaves for the confirmation page.
 * Shows the first error message when it cannot.
 */
export function useProcessPay(params: Record<string, string | undefined>, noCodeMessage: string): ProcessPayState {
  const [state, setState] = useState<ProcessPayState>({ kind: 'processing' })
  const code = (params.code ?? '').trim()
  const orderID = (params.oid ?? '').trim()
  useEffect(() => {
    if (!orderID) return setState({ kind: 'error', message: ORDER_ID_ERROR })
    if (!code) return setState({ kind: 'error', message: noCodeMessage })
    let active = true
    platform.pay({ orderID, weChatCode: code }).catch((err: unknown) => {
      if (!active) return
      setState({ kind: 'error', message: transactionErrorOf(err) })
    })
    return () => {
      active = false
    }
  }, [code, orderID, noCodeMessage])
  return state
}
