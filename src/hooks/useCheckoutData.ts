/** What the checkout form is built from: the store's checkout and payment set-up, its stores and delivery areas, the cart with the server's totals, and the signed-in shopper's store credit. */
import { useCallback } from 'react'
import { accountApi } from '@/api/account'
import { checkoutApi, type CheckoutCart, type DeliveryLocation } from '@/api/checkout'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'
import { useLoad } from './useLoad'

/** `onBilling` (stable) receives the cart of every load. */
/** One empty list while the delivery areas load (the same one each render, so effects on it do not rerun). */
const NO_LOCATIONS: DeliveryLocation[] = []

export function useCheckoutData(onBilling: (billing: CheckoutCart) => void) {
  const loadAll = useCallback(async () => {
    const [config, paymentConfig, stores, billing] = await Promise.all([
      checkoutApi.config(),
      checkoutApi.paymentConfig(),
      checkoutApi.pickupLocations(),
      checkoutApi.billing(false)
    ])
    onBilling(billing)
    return { config, paymentConfig, stores }
  }, [onBilling])
  const loaded = useLoad(loadAll)
  // The server names the cities in the shopper's language: asked again when it changes, without reloading the rest.
  const language = useLocale((s) => s.language)
  const loadDeliveryLocations = useCallback(() => checkoutApi.deliveryLocations(language), [language])
  const delivery = useLoad(loadDeliveryLocations)

  const loggedIn = useAppInfo(selectLoggedIn)
  const credit = useLoad(accountApi.storeCredit, loggedIn)

  return {
    // The form does not wait for the areas: their city choices appear when they arrive.
    loading: loaded.loading,
    loadError: loaded.error ?? delivery.error,
    reload: async () => {
      await Promise.all([loaded.reload(), delivery.reload()])
    },
    config: loaded.data?.config ?? null,
    paymentConfig: loaded.data?.paymentConfig ?? null,
    /** Null until loaded. */
    stores: loaded.data?.stores ?? null,
    deliveryLocations: delivery.data?.locations ?? NO_LOCATIONS,
    // Without a balance the store-credit section is not offered.
    storeCreditBalance: credit.error ? null : (credit.data?.balance ?? null)
  }
}
