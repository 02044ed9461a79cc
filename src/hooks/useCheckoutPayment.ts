/**
 * The payment methods the checkout offers (src/domain/paymentMethods.ts): those the store accepts that an enabled
 * channel carries; the one the platform makes obvious is chosen for the shopper, and a stored choice the store no
 * longer offers is dropped. Mini-programs pay with their own sheet: no method to choose there.
 */
import { useCallback, useEffect, useMemo } from 'react'
import type { PaymentConfigResponse } from '@/api/checkout'
import { carrierOf, offeredMethods, preselectedMethod, type PaymentMethod } from '@/domain/paymentMethods'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'
import type { CheckoutDraft } from './useCheckoutDraft'

export function useCheckoutPayment(paymentConfig: PaymentConfigResponse | null, { form, setForm }: Pick<CheckoutDraft, 'form' | 'setForm'>) {
  const flags = useAppInfo((s) => s.info?.appContent.system.payment)
  const environment = useMemo(() => platform.environment(), [])
  const channels = useMemo(() => (paymentConfig?.onlineProviders.enabled ? (paymentConfig.onlineProviders.h5Channels ?? []) : []), [paymentConfig])
  const methods = useMemo(() => offeredMethods(flags, channels), [flags, channels])
  const choosesMethod = !environment.miniProgram

  const chosen = form.paymentMethod
  useEffect(() => {
    if (!paymentConfig || !choosesMethod || (chosen && methods.includes(chosen))) return
    const preselected = preselectedMethod(methods, environment) ?? ''
    if (preselected !== chosen) setForm((f) => ({ ...f, paymentMethod: preselected }))
  }, [paymentConfig, choosesMethod, chosen, methods, environment, setForm])

  const carrier = useCallback((method: PaymentMethod | '') => (method ? (carrierOf(method, channels) ?? undefined) : undefined), [channels])

  return {
    methods,
    /** A browser chooses a method; a mini-program pays in its own sheet. */
    choosesMethod,
    carrierOf: carrier
  }
}
