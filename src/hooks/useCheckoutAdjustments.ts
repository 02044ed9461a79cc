/** Changes to the server's draft while the shopper fills the form: order method, coupon, tip and store credit, each answered with the server's totals. */
import { useCallback, useState } from 'react'
import { checkoutApi, type CheckoutCart, type OrderMethod } from '@/api/checkout'
import { couponRefusal, secondCoupon, toMinorUnits, type CouponRefusal } from '@/domain/checkoutForm'
import { messageOf } from '@/domain/errors'
import type { CheckoutDraft } from './useCheckoutDraft'

export type Adjustment = 'method' | 'pickupDate' | 'coupon' | 'tip' | 'storeCredit'

interface Deps extends Pick<CheckoutDraft, 'form' | 'update' | 'setErrors'> {
  /** The code the server has applied to the cart, if any. */
  appliedCoupon: string | null
  setCart(cart: CheckoutCart): void
  setServerError(message: string | null): void
}

export function useCheckoutAdjustments({ form, update, setErrors, appliedCoupon, setCart, setServerError }: Deps) {
  const [adjusting, setAdjusting] = useState<Adjustment | null>(null)
  /** Shown under the coupon field, where the shopper is looking. */
  const [couponRefused, setCouponRefused] = useState<CouponRefusal | null>(null)

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

  /** Applies the typed code, or the one picked from the shopper's coupons (which also fills the field). */
  const applyCoupon = useCallback(async (picked?: string) => {
    if (picked !== undefined) update('couponCode', picked)
    const code = (picked ?? form.couponCode).trim()
    if (!code) return
    const refused = secondCoupon(code, appliedCoupon)
    setCouponRefused(refused)
    if (!refused) await adjust('coupon', () => checkoutApi.verifyCoupon(code), (message) => setCouponRefused(couponRefusal(message)))
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

  const applyStoreCredit = useCallback(async () => {
    const amount = toMinorUnits(form.storeCredit || '0')
    if (amount === null) setErrors((e) => ({ ...e, storeCredit: 'checkout.error.amount' }))
    else await adjust('storeCredit', () => checkoutApi.applyStoreCredit(amount))
  }, [adjust, form.storeCredit, setErrors])

  return { adjusting, chooseMethod, choosePickupDate, couponRefused, setCouponCode, applyCoupon, removeCoupon, chooseTip, applyStoreCredit }
}
