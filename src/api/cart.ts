/** Cart calls (spec §7 Product and cart: myCart, iCart, myCart/delete). Money in minor units of `currency`. Types: contract/cart.ts. */
import type { Cart } from '@contract/cart'
import { http } from './http'

export type { Cart, CartCoupon, CheckoutDraft, LineItem } from '@contract/cart'

export const cartApi = {
  get: () => http.get<Cart>('/shoppingManagement4/myCart'),
  add: (productId: string, quantity: number, optionPair?: string) =>
    http.post<Cart>('/shoppingManagement4/myCart', { productId, quantity, optionPair }),
  setQuantity: (itemKey: string, quantity: number) => http.put<Cart>('/shoppingManagement4/myCart', { itemKey, quantity }),
  remove: (itemKey: string) => http.post<Cart>('/shoppingManagement4/myCart/delete', { itemKey }),
  addAddOn: (productId: string, quantity: number, optionPair?: string) =>
    http.post<Cart>('/shoppingManagement4/iCart', { productId, quantity, optionPair })
}
