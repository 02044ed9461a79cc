/** Where and when the shopper gets an order, with the store's name and address in the shopper's language. */
import { useMemo } from 'react'
import type { Order } from '@/api/orders'
import { storeName } from '@/domain/locations'
import { orderPlace, type OrderPlace } from '@/domain/placedOrder'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'

export function useOrderPlace(order: Order | null | undefined): OrderPlace | null {
  const stores = useAppInfo((s) => s.info?.appContent.system.storeLocations)
  const language = useLocale((s) => s.language)
  return useMemo(() => (order ? orderPlace(order, stores ?? [], (location) => storeName(location, language)) : null), [order, stores, language])
}
