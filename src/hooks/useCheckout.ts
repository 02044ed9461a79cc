/**
 * /checkout: the order draft (method, store, date/time, delivery address, contact, coupon, tip, store credit,
 * comment), the server's totals, and placing the order. Composed of the draft (useCheckoutDraft), what it is built
 * from (useCheckoutData), the signed-in shopper's details (useCheckoutPrefill), changes answered with new totals
 * (useCheckoutAdjustments) and placing the order (useCheckoutOrder); the rules are src/domain/checkoutForm.ts.
 */
import { useCallback, useState } from 'react'
import type { CheckoutCart } from '@/api/checkout'
import { formFromServer, payAtStoreAllowed } from '@/domain/checkoutForm'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useCheckoutAdjustments } from './useCheckoutAdjustments'
import { useCheckoutData } from './useCheckoutData'
import { useCheckoutDraft } from './useCheckoutDraft'
import { useCheckoutOrder } from './useCheckoutOrder'
import { useCheckoutPayment } from './useCheckoutPayment'
import { useCheckoutPrefill } from './useCheckoutPrefill'

export type Busy = null | 'loading' | 'method' | 'coupon' | 'tip' | 'storeCredit' | 'placing'

export function useCheckout() {
  const loggedIn = useAppInfo(selectLoggedIn)
  const cart = useCart((s) => s.cart) as CheckoutCart | null
  const setCart = useCallback((next: CheckoutCart) => useCart.setState((s) => ({ cart: next, version: s.version + 1 })), [])
  const [serverError, setServerError] = useState<string | null>(null)

  const draft = useCheckoutDraft()
  const { setForm, restoredFromStorage } = draft
  const receiveBilling = useCallback(
    (billing: CheckoutCart) => {
      setCart(billing)
      if (!restoredFromStorage) setForm((f) => ({ ...f, ...formFromServer(billing) }))
    },
    [setCart, setForm, restoredFromStorage]
  )
  const data = useCheckoutData(receiveBilling)
  const prefill = useCheckoutPrefill(draft)

  const payment = useCheckoutPayment(data.paymentConfig, draft)

  const adjustments = useCheckoutAdjustments({ ...draft, appliedCoupon: cart?.coupon?.code ?? null, setCart, setServerError })
  const order = useCheckoutOrder({
    ...draft,
    config: data.config,
    needsMethod: payment.choosesMethod && payment.methods.length > 0,
    carrierOf: payment.carrierOf,
    loggedIn,
    savedAddressChosen: !!prefill.selectedSavedAddress,
    setCart,
    setServerError
  })

  const busy: Busy = data.loading ? 'loading' : order.placing ? 'placing' : adjustments.adjusting
  return {
    ...data,
    ...draft,
    ...prefill,
    ...adjustments,
    placeOrder: order.placeOrder,
    busy,
    cart,
    paymentMethods: payment.methods,
    choosesPaymentMethod: payment.choosesMethod,
    miniProgram: payment.miniProgram,
    loggedIn,
    payAtStoreAvailable: payAtStoreAllowed(draft.form.method, data.config?.payAtStoreMethods),
    serverError
  }
}

export type CheckoutState = ReturnType<typeof useCheckout>
