/** Checkout's view of the store's clock and delivery rules (spec §7 POST /common3/timeZoneInfo/GMT, GET localDeliveryConfig). */
import { useCallback } from 'react'
import { checkoutApi } from '@/api/checkout'
import type { StoreClock } from '@/domain/storeClock'
import { useLoad } from './useLoad'

/** The store's clock once per checkout visit; null until known or when it cannot be read (dates are then unnamed). */
export function useStoreClock(): (StoreClock & { timeZone: string }) | null {
  return useLoad(checkoutApi.storeClock).data
}

/** The delivery rules as they are when the shopper chooses delivery (fresh slots, fee and minimum); null before or on failure. */
export function useLocalDelivery(delivery: boolean) {
  const load = useCallback(() => checkoutApi.localDeliveryConfig(), [])
  return useLoad(load, delivery).data
}
