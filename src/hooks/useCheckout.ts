/**
 * /checkout: the order draft (method, store, date/time, delivery address, contact, coupon, tip, store credit,
 * comment), the server's totals, and placing the order. Composed of the draft (useCheckoutDraft), what it is built
 * from (useCheckoutData), the signed-in shopper's details (useCheckoutPrefill), the last order's choices
 * (useRememberedMethod), changes answered with new totals (useCheckoutAdjustments) and placing the order (useCheckoutOrder); the rules are src/domain/checkoutForm.ts.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { CheckoutCart } from '@/api/checkout'
import { formFromServer, messageOnLeaving, needsPaymentMethod, payAtStoreAllowed, withoutErrors, type TypedField } from '@/domain/checkoutForm'
import { deliveryCountry } from '@/domain/deliveryAreas'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { useCheckoutAdjustments } from './useCheckoutAdjustments'
import { useCoupons } from './useCoupons'
import { useLocalDelivery, useStoreClock } from './useStoreClock'
import { useCheckoutData } from './useCheckoutData'
import { useCheckoutDraft } from './useCheckoutDraft'
import { useCheckoutOrder } from './useCheckoutOrder'
import { useCheckoutPayment } from './useCheckoutPayment'
import { useCheckoutPrefill } from './useCheckoutPrefill'
import { useRememberedMethod } from './useRememberedMethod'

export type Busy = null | 'loading' | 'method' | 'pickupDate' | 'coupon' | 'tip' | 'storeCredit' | 'placing'

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
  const prefill = useCheckoutPrefill(draft, data.stores)
  // The delivery address's country is one the shop delivers to (its settings' delivery areas): a new form, or an address
  // in another country, starts at the first of them, with no province chosen.
  const { deliveryLocations } = data
  useEffect(() => {
    setForm((f) => {
      const country = deliveryCountry(f.address.country, deliveryLocations)
      return country === f.address.country ? f : { ...f, address: { ...f.address, country, province: '' } }
    })
  }, [deliveryLocations, setForm])
  const payment = useCheckoutPayment(data.paymentConfig, draft)
  /** The shopper's coupons for the picker; without them the code field still works. */
  const coupons = useCoupons()
  const storeClock = useStoreClock()
  const localDelivery = useLocalDelivery(draft.form.method === 'DELIVERY')
  const adjustments = useCheckoutAdjustments({
    ...draft,
    appliedCoupon: cart?.coupon?.code ?? null,
    storeCreditBalance: data.storeCreditBalance,
    cart,
    setCart,
    setServerError
  })
  useRememberedMethod({ ...draft, config: data.config, cart, chooseMethod: adjustments.chooseMethod })
  const tableNumberPattern = data.config?.eatIn.tableNumberPattern
  const needsMethod = needsPaymentMethod(payment.choosesMethod, payment.methods.length, cart?.total)
  const validation = useMemo(() => ({ needsMethod, tableNumberPattern }), [needsMethod, tableNumberPattern])
  const { form, setErrors } = draft
  /** Checks a typed field as the shopper leaves it. */
  const leaveField = useCallback(
    (name: TypedField) => {
      const message = messageOnLeaving(form, name, validation)
      setErrors((e) => (message ? { ...e, [name]: message } : withoutErrors(e, (field) => field === name)))
    },
    [form, validation, setErrors]
  )
  const order = useCheckoutOrder({
    ...draft,
    config: data.config,
    validation,
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
    leaveField,
    busy,
    cart,
    paymentMethods: payment.methods,
    choosesPaymentMethod: payment.choosesMethod,
    loggedIn,
    payAtStoreAvailable: payAtStoreAllowed(draft.form.method, data.config?.payAtStoreMethods),
    serverError,
    coupons: coupons.data,
    storeClock,
    /** The delivery rules asked when delivery was chosen, else those checkout loaded with. */
    deliveryRules: localDelivery ?? data.config?.delivery
  }
}

export type CheckoutState = ReturnType<typeof useCheckout>
