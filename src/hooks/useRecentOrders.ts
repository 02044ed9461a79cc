/**
 * My account's recent orders: the customer's newest orders through `customer/{userID}/orders` (spec §7 Checkout and
 * orders); the full history (/user/orders) pages through `orders/list` as the spec's order list says.
 */
import { useCallback } from 'react'
import { ordersApi } from '@/api/orders'
import { useAppInfo } from '@/stores/appInfo'
import { useLoad } from './useLoad'

export const RECENT_ORDERS = 3

export function useRecentOrders() {
  const userID = useAppInfo((s) => s.info?.userID)
  const load = useCallback(async () => (await ordersApi.customer(userID as string, RECENT_ORDERS)).orders, [userID])
  const { data, error } = useLoad(load, !!userID)
  // A summary: when it cannot load, my account leaves it out (the orders link leads to the full history and its errors).
  return { orders: error ? null : data }
}
