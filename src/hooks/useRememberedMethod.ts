/**
 * The shopper's choices from their last order start the next checkout: the draft kept after a paid order
 * (draftAfterPlacedOrder) holds its method, store and payment method, so they come pre-selected. Its method is not yet
 * on the new cart: it is sent once both are loaded (rememberedMethodStep), so the totals are the method's.
 */
import { useEffect, useRef } from 'react'
import type { CheckoutCart, CheckoutConfig, OrderMethod } from '@/api/checkout'
import { rememberedMethodStep } from '@/domain/checkoutForm'
import type { CheckoutDraft } from './useCheckoutDraft'

interface Deps extends Pick<CheckoutDraft, 'form' | 'update'> {
  config: CheckoutConfig | null
  cart: CheckoutCart | null
  chooseMethod(method: OrderMethod): Promise<void>
}

export function useRememberedMethod({ form, update, config, cart, chooseMethod }: Deps) {
  const decided = useRef(false)
  useEffect(() => {
    if (decided.current || !config || !cart) return
    decided.current = true
    const step = rememberedMethodStep(form.method, config.orderMethods, cart.orderMethod)
    if (step === 'send' && form.method) void chooseMethod(form.method)
    if (step === 'drop') update('method', null)
  }, [config, cart, form.method, chooseMethod, update])
}
