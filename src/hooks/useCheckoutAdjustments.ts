/** Changes to the server's draft while the shopper fills the form: order method, coupon, tip and store credit, each answered with the server's totals. */
import { useCallback, useState } from 'react'
import { checkoutApi, type CheckoutCart, type OrderMethod } from '@/api/checkout'
import { couponRefusal, secondCoupon, type CouponRefusal } from '@/domain/checkoutForm'
import { messageOf } from '@/domain/errors'
import { mostStoreCredit, storeCreditRefusal, storeCreditRequest, type StoreCreditProblem } from '@/domain/storeCredit'
import type { CheckoutDraft } from './useCheckoutDraft'

export type Adjustment = 'method' | 'pickupDate' | 'coupon' | 'tip' | 'storeCredit'

interface Deps extends Pick<CheckoutDraft, 'form' | 'update'> {
  /** The code the server has applied to the cart, if any. */
  appliedCoupon: string | null
  /** The signed-in shopper's store credit (minor units), null when none is offered. */
  storeCreditBalance: number | null
  /** The server's totals: what store credit can still cover. */
  cart: { total: number; storeCredit: number } | null
  setCart(cart: CheckoutCart): void
  setServerError(message: string | null): void
}

export function useCheckoutAdjustments({ form, update, appliedCoupon, storeCreditBalance, cart, setCart, setServerError }: Deps) {
  const [adjusting, setAdjusting] = useState<Adjustment | null>(null)
  /** Shown under the coupon field, where the shopper is looking. */
  const [couponRefused, setCouponRefused] = useState<CouponRefusal | null>(null)
  /** Shown under the store-credit field: an empty amount, not an amount, or the server's refusal (issue 42 N-4). */
  const [storeCreditRefused, setStoreCreditRefused] = useState<StoreCreditProblem | null>(null)

  /** A call that changes the server's draft and totals; a failure keeps the form and shows the message (by default at the bottom). */
  const adjust = useCallback(
    async (kind: Adjustment, call: () => Promise<CheckoutCart>, showError: (message: string) => void = setServerError) => {
      setAdjusting(kind)
      setServerError(null)
      try {
        setCart(await call())
        return true
      } catch (err) {
        showError(messageOf(err))
        return false
      } finally {
        setAdjusting(null)
      }
    },
    [setCart, setServerError]
  )

  const chooseMethod = useCallback(
    async (method: OrderMethod) => {
      update('method', method, ['method'])
      if (method === 'DELIVERY') update('payment', 'ONLINE')
      await adjust('method', () => checkoutApi.updateOrderMethod(method))
    },
    [adjust, update]
  )

  const setCouponCode = useCallback(
    (code: string) => {
      update('couponCode', code)
      setCouponRefused(null)
    },
    [update]
  )

  /**
   * Applies the typed code, or the one picked from the shopper's coupons (which also fills the field); once applied the
   * field is emptied, the applied line under it says which code is on (issue 42 p-7).
   */
  const applyCoupon = useCallback(async (picked?: string) => {
    if (picked !== undefined) update('couponCode', picked)
    const code = (picked ?? form.couponCode).trim()
    if (!code) return
    const refused = secondCoupon(code, appliedCoupon)
    setCouponRefused(refused)
    if (!refused && (await adjust('coupon', () => checkoutApi.verifyCoupon(code), (message) => setCouponRefused(couponRefusal(message))))) update('couponCode', '')
  }, [adjust, update, form.couponCode, appliedCoupon])

  const removeCoupon = useCallback(async () => {
    if (await adjust('coupon', () => checkoutApi.removeCoupon())) setCouponCode('')
  }, [adjust, setCouponCode])

  /** A pickup date is kept on the server's draft as soon as it is picked, so a day that closed meanwhile is said at once. */
  const choosePickupDate = useCallback(
    async (date: string) => {
      update('pickupDate', date)
      update('pickupTime', '')
      await adjust('pickupDate', () => checkoutApi.pickupDate(date))
    },
    [adjust, update]
  )

  const chooseTip = useCallback((percent: number) => adjust('tip', () => checkoutApi.tips(percent)), [adjust])

  const setStoreCreditAmount = useCallback(
    (amount: string) => {
      update('storeCredit', amount, ['storeCredit'])
      setStoreCreditRefused(null)
    },
    [update]
  )

  /** The most this order can take, said when the amount is empty. */
  const storeCreditMost = storeCreditBalance === null ? 0 : mostStoreCredit(storeCreditBalance, cart ?? { total: 0, storeCredit: 0 })

  /**
   * Uses the typed amount: an empty (or 0) amount or one that is not money is said at once and nothing is sent; the
   * server's refusal (more than the balance, more than the order) is said under the field and the applied credit stays
   * as the summary shows it. Once applied, the field empties: the section says what is used.
   */
  const applyStoreCredit = useCallback(async () => {
    const request = storeCreditRequest(form.storeCredit, storeCreditMost)
    if ('reason' in request) {
      setStoreCreditRefused(request)
      return
    }
    setStoreCreditRefused(null)
    if (await adjust('storeCredit', () => checkoutApi.applyStoreCredit(request.amount), (message) => setStoreCreditRefused(storeCreditRefusal(message)))) {
      update('storeCredit', '')
    }
  }, [adjust, update, form.storeCredit, storeCreditMost])

  /** Takes the applied credit off the order (an amount of 0). */
  const removeStoreCredit = useCallback(async () => {
    setStoreCreditRefused(null)
    await adjust('storeCredit', () => checkoutApi.applyStoreCredit(0), (message) => setStoreCreditRefused({ reason: 'other', message }))
  }, [adjust])

  return {
    adjusting,
    chooseMethod,
    choosePickupDate,
    couponRefused,
    setCouponCode,
    applyCoupon,
    removeCoupon,
    chooseTip,
    storeCreditRefused,
    setStoreCreditAmount,
    applyStoreCredit,
    removeStoreCredit
  }
}
