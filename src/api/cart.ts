/** Cart calls (spec §7 Product and cart: myCart, iCart, myCart/delete). Money in minor units of `currency`. */
import type { Localized } from './appInfo'
import { http } from './http'

export interface LineItem {
  itemKey: string
  productId: string
  name: string
  nameContent?: Localized
  image?: string | null
  /** '' for a product without options. */
  optionPair?: string
  /** The chosen option values in each language, in the pair's order. */
  optionLabels?: Localized[]
  quantity: number
  unitPrice: number
  lineTotal: number
  addOn: boolean
  /** Stock of this line's option pair. */
  available: number
}

export interface Cart {
  itemCount: number
  lineItems: Record<string, LineItem>
  currency: string
  subtotal: number
  discount: number
  tip: number
  storeCredit: number
  tax: number
  shipping: number
  total: number
  coupon: { code: string; description?: string } | null
  orderMethod: 'PICKUP' | 'DELIVERY' | 'EAT_IN' | null
}

export const cartApi = {
  get: () => http.get<Cart>('/shoppingManagement4/myCart'),
  add: (productId: string, quantity: number, optionPair?: string) =>
    http.post<Cart>('/shoppingManagement4/myCart', { productId, quantity, optionPair }),
  setQuantity: (itemKey: string, quantity: number) => http.put<Cart>('/shoppingManagement4/myCart', { itemKey, quantity }),
  remove: (itemKey: string) => http.post<Cart>('/shoppingManagement4/myCart/delete', { itemKey }),
  addAddOn: (productId: string, quantity: number, optionPair?: string) =>
    http.post<Cart>('/shoppingManagement4/iCart', { productId, quantity, optionPair })
}
