import { useCallback, useEffect, useState } from 'react'
import { cartApi } from '@/api/cart'
import { catalogApi, type Product } from '@/api/catalog'
import { useCart } from '@/stores/cart'

/** Products tagged this way are the store's add-ons (GET products/addon?tagName). */
export const ADD_ON_TAG = 'addon'

/**
 * Add-ons offered beside some products (the product page's one, the cart's goods): those their categories take, none beside
 * a membership alone (the server decides). No products (an empty cart), or none known yet (null): no add-ons, nothing asked.
 * Added through iCart; a failed add keeps the cart as it was; its message is kept here, next to the add-on list.
 */
export function useAddOns(besideProductIds: string[] | null) {
  const [addOns, setAddOns] = useState<Product[]>([])
  /** Whether the list has been asked for and answered (or failed): a page can keep what sits below it back until then. */
  const [loaded, setLoaded] = useState(false)
  const [addingId, setAddingId] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** The add-ons put in the cart from this list (their button says so). */
  const [addedIds, setAddedIds] = useState<string[]>([])
  const changeCart = useCart((s) => s.change)

  // One request per set of products, not per render (the cart's list is a new array whenever the cart changes).
  const besideKey = besideProductIds ? [...new Set(besideProductIds)].sort().join(',') : null

  useEffect(() => {
    if (besideKey === null) return
    let live = true
    const beside = besideKey ? besideKey.split(',') : []
    // Without the list the page still works; the add-on section is simply left out.
    const list = beside.length
      ? catalogApi.addons(ADD_ON_TAG, beside).then(
          (res) => res.products.filter((p) => !beside.includes(p.id) && !p.soldOut),
          () => [] as Product[]
        )
      : Promise.resolve([] as Product[])
    void list.then((found) => {
      if (!live) return
      setAddOns(found)
      setLoaded(true)
    })
    return () => {
      live = false
    }
  }, [besideKey])

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
