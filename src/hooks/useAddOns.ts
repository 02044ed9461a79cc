import { useCallback, useEffect, useState } from 'react'
import { cartApi } from '@/api/cart'
import { catalogApi, type Product } from '@/api/catalog'
import { useCart } from '@/stores/cart'

/** Products tagged this way are the store's add-ons (GET products/addon?tagName). */
export const ADD_ON_TAG = 'addon'

/**
 * Add-ons offered beside a product (those for its kind of product) or the cart, added through iCart. A failed add keeps the cart as it
 * was; its message is kept here, next to the add-on list.
 */
export function useAddOns(excludeProductId?: string) {
  const [addOns, setAddOns] = useState<Product[]>([])
  /** Whether the list has been asked for and answered (or failed): a page can keep what sits below it back until then. */
  const [loaded, setLoaded] = useState(false)
  const [addingId, setAddingId] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** The add-ons put in the cart from this list (their button says so). */
  const [addedIds, setAddedIds] = useState<string[]>([])
  const changeCart = useCart((s) => s.change)

  useEffect(() => {
    let live = true
    // Without the list the page still works; the add-on section is simply left out.
    catalogApi
      .addons(ADD_ON_TAG, excludeProductId)
      .then(
        (res) => res.products.filter((p) => p.id !== excludeProductId && !p.soldOut),
        () => [] as Product[]
      )
      .then((list) => {
        if (!live) return
        setAddOns(list)
        setLoaded(true)
      })
    return () => {
      live = false
    }
  }, [excludeProductId])

  const add = useCallback(
    async (addOn: Product) => {
      setAddingId(addOn.id)
      setError(null)
      const ok = await changeCart(() => cartApi.addAddOn(addOn.id, 1))
      setAddingId(null)
      if (ok) setAddedIds((ids) => (ids.includes(addOn.id) ? ids : [...ids, addOn.id]))
      else {
        setError(useCart.getState().error)
        useCart.getState().clearError()
      }
      return ok
    },
    [changeCart]
  )

  return { addOns, loaded, add, addingId, addedIds, error }
}
