import { useCallback, useEffect, useState } from 'react'
import { cartApi, type LineItem } from '@/api/cart'
import { clampQuantity } from '@/domain/options'
import { platform } from '@/platform'
import { selectLines, useCart } from '@/stores/cart'

/** A quantity the shopper asked for that is more than the line's stock; nothing was sent. */
export interface LineRejection {
  itemKey: string
  available: number
}

/**
 * The cart page (/checkout/cart): server totals, quantity changes limited by each line's stock, removal.
 * A change the server refuses keeps the previous cart and leaves the server's message in `error`.
 */
export function useCartPage() {
  const cart = useCart((s) => s.cart)
  const lines = useCart(selectLines)
  const error = useCart((s) => s.error)
  const pending = useCart((s) => s.pending)
  const change = useCart((s) => s.change)
  const clearError = useCart((s) => s.clearError)
  const [loaded, setLoaded] = useState(cart !== null)
  const [rejection, setRejection] = useState<LineRejection | null>(null)
  const [busyKey, setBusyKey] = useState<string | null>(null)

  useEffect(() => {
    // Always fresh server totals on arrival; what the store held is shown meanwhile.
    void useCart.getState().load().finally(() => setLoaded(true))
  }, [])

  const setQuantity = useCallback(
    async (line: LineItem, requested: number) => {
      setRejection(null)
      if (requested < 1) return
      const { quantity, rejected } = clampQuantity(requested, line.available)
      if (rejected) {
        setRejection({ itemKey: line.itemKey, available: line.available })
        return
      }
      if (quantity === line.quantity) return
      setBusyKey(line.itemKey)
      await change(() => cartApi.setQuantity(line.itemKey, quantity))
      setBusyKey(null)
    },
    [change]
  )

  const remove = useCallback(
    async (line: LineItem) => {
      setRejection(null)
      setBusyKey(line.itemKey)
      await change(() => cartApi.remove(line.itemKey))
      setBusyKey(null)
    },
    [change]
  )

  const checkout = useCallback(() => platform.navigate('/checkout'), [])
  const continueShopping = useCallback(() => platform.navigate('/store'), [])

  return {
    cart,
    lines,
    loading: !loaded && cart === null,
    empty: loaded && lines.length === 0,
    error,
    clearError,
    pending,
    busyKey,
    rejection,
    setQuantity,
    remove,
    checkout,
    continueShopping
  }
}
