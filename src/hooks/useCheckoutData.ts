/** What the checkout form is built from: the store's checkout and payment set-up, its stores and delivery areas, the cart with the server's totals, and the signed-in shopper's store credit. */
import { useCallback } from 'react'
import { accountApi } from '@/api/account'
import { checkoutApi, type CheckoutCart } from '@/api/checkout'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useLoad } from './useLoad'

/** `onBilling` (stable) receives the cart of every load. */
export function useCheckoutData(onBilling: (billing: CheckoutCart) => void) {
  const loadAll = useCallback(async () => {
    const [config, paymentConfig, stores, delivery, billing] = await Promise.all([
      checkoutApi.config(),
      checkoutApi.paymentConfig(),
      checkoutApi.pickupLocations(),
      checkoutApi.deliveryLocations(),
      checkoutApi.billing(false)
    ])
    onBilling(billing)
    return { config, paymentConfig, stores, deliveryLocations: delivery.locations }
  }, [onBilling])
  const loaded = useLoad(loadAll)

  const loggedIn = useAppInfo(selectLoggedIn)
  const credit = useLoad(accountApi.storeCredit, loggedIn)

  return {
    loading: loaded.loading,
    loadError: loaded.error,
    reload: loaded.reload,
    config: loaded.data?.config ?? null,
    paymentConfig: loaded.data?.paymentConfig ?? null,
    /** Null until loaded. */
    stores: loaded.data?.stores ?? null,
    deliveryLocations: loaded.data?.deliveryLocations ?? [],
    // Without a balance the store-credit section is not offered.
    storeCreditBalance: credit.error ? null : (credit.data?.balance ?? null)
  }
}
