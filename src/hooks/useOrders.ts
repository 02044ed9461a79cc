/**
 * Order history (/user/orders): the count, then 10 orders at a time, more as the shopper reaches the bottom; coming back
 * to it (from an order, or the confirmation page's button) scrolls to where the shopper was.
 */
import { useEffect, useRef, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { ordersApi, type Order } from '@/api/orders'
import { messageOf } from '@/domain/errors'
import { useScrollRestore } from './useScrollRestore'

export function useOrders() {
  const [orders, setOrders] = useState<Order[]>([])
  const [count, setCount] = useState<number | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** The server says whether a page follows; the count is what the heading shows. */
  const [hasMore, setHasMore] = useState(false)
  const inFlight = useRef(false)

  const loadPage = async (startingPosition: number) => {
    if (inFlight.current) return
    inFlight.current = true
    setLoading(true)
    setError(null)
    try {
      const page = await ordersApi.list(startingPosition)
      setOrders((prev) => (startingPosition === 0 ? page.orders : [...prev, ...page.orders]))
      setHasMore(page.hasMore)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      inFlight.current = false
      setLoading(false)
    }
  }

  useEffect(() => {
    ordersApi
      .count()
      .then((res) => setCount(res.count))
      .catch(() => setCount(null))
    void loadPage(0)
  }, [])

  const loadMore = () => {
    if (hasMore && !loading) void loadPage(orders.length)
  }
  useReachBottom(loadMore)
  useScrollRestore('orders', orders)

  return { orders, count, loading, error, hasMore, loadMore, retry: () => loadPage(orders.length) }
}
