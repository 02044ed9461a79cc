/**
 * The confirmation pages (spec §2): the order's payment state from its source (src/domain/confirmationSource.ts),
 * and what the views need (guest or signed in, store name).
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { accountApi, sessionFields } from '@/api/account'
import { ApiError } from '@/api/http'
import { ordersApi, type Order } from '@/api/orders'
import { paymentsApi } from '@/api/payments'
import { signInUrlFor } from '@/domain/accountForms'
import { ORDER_ID_ERROR, type ConfirmationSource, type ConfirmationView } from '@/domain/confirmationSource'
import { checkResult, PAYMENT_STALLED_AFTER_MS, transactionErrorOf, type PaymentView } from '@/domain/paymentStatus'
import { signUpPath, type OrderPlace } from '@/domain/placedOrder'
import { retryPaymentStep, STARTED_PAYMENT_KEY, type StartedPayment } from '@/domain/retryPayment'
import { isLoggedIn } from '@/domain/session'
import { platform, type H5PaymentChannel } from '@/platform'
import { pay } from '@/payment/pay'
import { useAppInfo, type AppInfoState } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { forgetPlacedOrderDraft } from './useCheckoutDraft'
import { useLoad } from './useLoad'
import { useOrderPlace } from './useOrderPlace'
import { usePaymentStatus } from './usePaymentStatus'
import { useStoreName } from './useShellAccount'
import { useT } from './useT'

/**
 * Pay-at-store and coupon-covered (total 0) orders are placed without an online payment: the success view, not a failure. An order this visitor
 * cannot see (placed in another browser) is not a failed payment.
 */
async function orderState(orderID: string): Promise<PaymentView> {
  const status = await paymentsApi.orderStatus(orderID).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  })
  if (!status) return { view: 'notFound' }
  if (status.status === 'NEW' && (status.paymentStatus === 'PAY_AT_STORE' || status.paymentStatus === 'PAID_BY_DISCOUNT')) {
    return { view: 'success', orderID: status.orderID }
  }
  return checkResult(status)
}

export interface Confirmation {
  view: ConfirmationView
  /** The paid (or pay-at-store) order, once loaded: the success view shows its items, total and where it goes. */
  order: Order | null
  place: OrderPlace | null
  /** Pending for a while: the shopper probably left the provider's page without paying. */
  stalled: boolean
  /** WeChat Pay's Native code_url, shown as a QR code while the payment is pending (desktop browsers). */
  weChatQr?: string
  /** null until app info says who the shopper is: the buttons for a guest and for an account differ. */
  loggedIn: boolean | null
  storeName: string
  go(path: '/user/orders' | '/user/list' | '/store' | '/checkout' | '/checkout/cart'): void
  /** Sign-up with the order's e-mail and name filled in. */
  register(): void
  /** Sign-in, then the account's orders. */
  signIn(): void
  /**
   * Retry payment (issue 42 n-4): the provider's page (the platform's sheet) for this same order, at once, when this
   * device started paying it; else the checkout, whose kept form pays the same reserved order.
   */
  retry(): void
  /** While the provider's page is being asked for. */
  retrying: boolean
  /** Why the payment could not be reopened (the order no longer held, the provider refusing), in the shopper's language. */
  retryError: string | null
}

/** Signed in, signed out, or not known yet (app info still on its way): the buttons for each wait for it. */
const selectSignedIn = (s: AppInfoState): boolean | null => (s.info ? isLoggedIn(s.info) : s.status === 'failed' ? false : null)

/** True once the view has been pending for PAYMENT_STALLED_AFTER_MS. */
function useStalled(pending: boolean): boolean {
  const [stalled, setStalled] = useState(false)
  useEffect(() => {
    setStalled(false)
    if (!pending) return undefined
    const timer = setTimeout(() => setStalled(true), PAYMENT_STALLED_AFTER_MS)
    return () => clearTimeout(timer)
  }, [pending])
  return stalled
}

export function useConfirmation(source: ConfirmationSource): Confirmation {
  const loggedIn = useAppInfo(selectSignedIn)
  const storeName = useStoreName('')
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
  const stalled = useStalled(view.view === 'pending')
  useEffect(() => {
    // The server emptied the cart when the order was paid: the badge and cart pages follow.
    if (!paid) return
    void useCart.getState().load()
    forgetPlacedOrderDraft()
    // A paid membership shows in app info at once (member prices, the membership page), without a reload.
    if (useAppInfo.getState().info?.userID) {
      accountApi.userInfo().then((fields) => useAppInfo.getState().setSession(sessionFields(fields)), () => undefined)
    }
  }, [paid])
  const paidID = view.view === 'success' ? view.orderID : ''
  const loadOrder = useCallback(() => ordersApi.placed(paidID), [paidID])
  // Without the order (an old order of another session), the view still confirms the order number.
  const order = useLoad(loadOrder, !!paidID).data
  const place = useOrderPlace(order)
  const go = useCallback<Confirmation['go']>((path) => platform.navigate(path, path === '/checkout' ? 'push' : 'relaunch'), [])
  const register = useCallback(() => platform.navigate(signUpPath(order?.contact), 'relaunch'), [order])
  const signIn = useCallback(() => platform.navigate(signInUrlFor('/user/orders'), 'push'), [])
  const weChatQr = source.kind === 'check' ? source.weChatQr : undefined
  const t = useT()
  const [retrying, setRetrying] = useState(false)
  const [retryError, setRetryError] = useState<string | null>(null)
  const retry = useCallback(() => {
    const step = retryPaymentStep(platform.storage.get<StartedPayment<H5PaymentChannel>>(STARTED_PAYMENT_KEY), orderID, Date.now())
    if (step.kind === 'checkout') return go('/checkout')
    setRetrying(true)
    setRetryError(null)
    // H5 leaves for the provider's page; a mini-program's sheet ends on this page again with its outcome.
    pay({ orderID, channel: step.channel }).then(
      () => setRetrying(false),
      (err: unknown) => {
        setRetrying(false)
        setRetryError(transactionErrorOf(err, t))
      }
    )
  }, [orderID, go, t])
  return useMemo(
    () => ({ view, order, place, stalled, weChatQr, loggedIn, storeName, go, register, signIn, retry, retrying, retryError }),
    [view, order, place, stalled, weChatQr, loggedIn, storeName, go, register, signIn, retry, retrying, retryError]
  )
}

export type ProcessPayState = { kind: 'processing' } | { kind: 'error'; message: string }

/**
 * /processpay?code=…&oid=… (spec §2 payment-pending page): WeChat's OAuth brought the shopper back with a code;
 * the in-page payment (provider WECHATPAY with that code) runs and leaves for the confirmation page.
 * Shows the first error message when it cannot.
 */
export function useProcessPay(params: Record<string, string | undefined>, noCodeMessage: string): ProcessPayState {
  const t = useT()
  const [state, setState] = useState<ProcessPayState>({ kind: 'processing' })
  const code = (params.code ?? '').trim()
  const orderID = (params.oid ?? '').trim()
  useEffect(() => {
    if (!orderID) return setState({ kind: 'error', message: ORDER_ID_ERROR })
    if (!code) return setState({ kind: 'error', message: noCodeMessage })
    let active = true
    pay({ orderID, weChatCode: code }).catch((err: unknown) => {
      if (!active) return
      setState({ kind: 'error', message: transactionErrorOf(err, t) })
    })
    return () => {
      active = false
    }
  }, [code, orderID, noCodeMessage, t])
  return state
}
