import { useCallback, useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { cartApi, type LineItem } from '@/api/cart'
import { clampQuantity } from '@/domain/options'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { selectLines, useCart } from '@/stores/cart'

/** A quantity the shopper asked for that is more than the line's stock; the line was set to the stock instead. */
export interface LineRejection {
  itemKey: string
  available: number
}

/**
 * The cart page (/checkout/cart): server totals, quantity changes limited by each line's stock, removal with an undo.
 * A change the server refuses keeps the previous cart and leaves the server's message in `error`.
 */
export function useCartPage() {
  const t = useT()
  const cart = useCart((s) => s.cart)
  const lines = useCart(selectLines)
  const error = useCart((s) => s.error)
  const pending = useCart((s) => s.pending)
  const change = useCart((s) => s.change)
  const clearError = useCart((s) => s.clearError)
  const [loaded, setLoaded] = useState(cart !== null)
  const [rejection, setRejection] = useState<LineRejection | null>(null)
  const [busyKey, setBusyKey] = useState<string | null>(null)
  /** The line removed last, until the shopper undoes it or changes the cart again. */
  const [removed, setRemoved] = useState<LineItem | null>(null)

  useEffect(() => {
    // Always fresh server totals on arrival; what the store held is shown meanwhile.
    void useCart.getState().load().finally(() => setLoaded(true))
  }, [])

  const setQuantity = useCallback(
    async (line: LineItem, requested: number) => {
      setRejection(null)
      setRemoved(null)
      if (requested < 1) return
      const { quantity, rejected } = clampQuantity(requested, line.available)
      // More than the stock: the line takes all there is, and says why.
      if (rejected) setRejection({ itemKey: line.itemKey, available: line.available })
      if (quantity < 1 || quantity === line.quantity) return
      setBusyKey(line.itemKey)
      await change(() => cartApi.setQuantity(line.itemKey, quantity))
      setBusyKey(null)
    },
    [change]
  )

  const remove = useCallback(
    async (line: LineItem) => {
      setRejection(null)
      setRemoved(null)
      setBusyKey(line.itemKey)
      const ok = await change(() => cartApi.remove(line.itemKey))
      setBusyKey(null)
      if (ok) setRemoved(line)
    },
    [change]
  )

  /** Puts the removed line back: the same product, options and quantity (the server limits it to the stock left). */
  const undoRemove = useCallback(async () => {
    if (!removed) return
    const line = removed
    setRemoved(null)
    const optionPair = line.optionPair || undefined
    await change(() => (line.addOn ? cartApi.addAddOn(line.productId, line.quantity, optionPair) : cartApi.add(line.productId, line.quantity, optionPair)))
  }, [change, removed])

  /** Typing 0 in a line's quantity asks whether to remove the line. */
  const askRemove = useCallback(
    async (line: LineItem) => {
      // Button texts stay within the platforms' limit of 4 Chinese characters (8 Latin ones).
      const answer = await Taro.showModal({
        title: t('cart.removeTitle'),
        content: t('cart.removeConfirm'),
        confirmText: t('cart.remove'),
        cancelText: t('cart.keep')
      }).catch(() => ({ confirm: false }))
      if (answer.confirm) await remove(line)
    },
    [remove, t]
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
    removed,
    undoRemove,
    askRemove,
    checkout,
    continueShopping
  }
}
