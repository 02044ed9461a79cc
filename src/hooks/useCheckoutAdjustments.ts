/** Changes to the server's draft while the shopper fills the form: order method, coupon, tip and store credit, each answered with the server's totals. */
import { useCallback, useState } from 'react'
import { checkoutApi, type CheckoutCart, type OrderMethod } from '@/api/checkout'
import { toMinorUnits } from '@/domain/checkoutForm'
import { messageOf } from '@/domain/errors'
import type { CheckoutDraft } from './useCheckoutDraft'

export type Adjustment = 'method' | 'coupon' | 'tip' | 'storeCredit'

interface Deps extends Pick<CheckoutDraft, 'form' | 'update' | 'setErrors'> {
  setCart(cart: CheckoutCart): void
  setServerError(message: string | null): void
}

export function useCheckoutAdjustments({ form, update, setErrors, setCart, setServerError }: Deps) {
  const [adjusting, setAdjusting] = useState<Adjustment | null>(null)

  /** A call that changes the server's draft and totals; a failure keeps the form and shows the message. */
  const adjust = useCallback(
    async (kind: Adjustment, call: () => Promise<CheckoutCart>) => {
      setAdjusting(kind)
      setServerError(null)
      try {
        setCart(await call())
        return true
      } catch (err) {
        setServerError(messageOf(err))
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

  const applyCoupon = useCallback(async () => {
    const code = form.couponCode.trim()
    if (code) await adjust('coupon', () => checkoutApi.verifyCoupon(code))
  }, [adjust, form.couponCode])

  const removeCoupon = useCallback(async () => {
    if (await adjust('coupon', () => checkoutApi.removeCoupon())) update('couponCode', '')
  }, [adjust, update])

  const chooseTip = useCallback((percent: number) => adjust('tip', () => checkoutApi.tips(percent)), [adjust])

  const applyStoreCredit = useCallback(async () => {
    const amount = toMinorUnits(form.storeCredit || '0')
    if (amount === null) setErrors((e) => ({ ...e, storeCredit: 'checkout.error.amount' }))
    else await adjust('storeCredit', () => checkoutApi.applyStoreCredit(amount))
  }, [adjust, form.storeCredit, setErrors])

  return { adjusting, chooseMethod, applyCoupon, removeCoupon, chooseTip, applyStoreCredit }
}
