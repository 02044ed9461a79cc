/**
 * The shopper's cart. The server computes every total; a failed change keeps the previous cart
 * and reports the error (nothing typed or chosen is lost).
 */
import { create } from 'zustand'
import { cartApi, type Cart, type LineItem } from '@/api/cart'
import { ApiError } from '@/api/http'
import { platform } from '@/platform'

/** The last cart the server returned, so the cart still renders offline (PWA); the server stays the truth. */
const SAVED_CART = 'istore.cart'

interface CartState {
  cart: Cart | null
  /** Spec §3 client state "cart-updated flag": bumps on every change so lists can refresh. */
  version: number
  error: string | null
  pending: boolean
  load(): Promise<void>
  /** Runs a cart-changing call; on failure the previous cart stays and the message is kept. */
  change(call: () => Promise<Cart>): Promise<boolean>
  clearError(): void
}

export const useCart = create<CartState>((set, get) => ({
  cart: null,
  version: 0,
  error: null,
  pending: false,
  async load() {
    const asked = get().version
    try {
      const cart = await cartApi.get()
      // A change answered meanwhile is newer than this read (asked before it): keep the change's cart.
      if (get().version !== asked) return
      set({ cart })
      platform.storage.set(SAVED_CART, cart)
    } catch (err) {
      // Spec §8: cart load errors are ignored silently. Offline (status 0) the last saved cart stands in.
      if (err instanceof ApiError && err.status === 0 && get().cart === null) {
        set({ cart: platform.storage.get<Cart>(SAVED_CART) ?? null })
      }
    }
  },
  async change(call) {
    set({ pending: true, error: null })
    try {
      const cart = await call()
      set({ cart, version: get().version + 1, pending: false })
      platform.storage.set(SAVED_CART, cart)
      return true
    } catch (err) {
      set({ pending: false, error: err instanceof ApiError ? err.message : String(err) })
      return false
    }
  },
  clearError: () => set({ error: null })
}))

const NO_LINES: LineItem[] = []
let linesOf: { items: Cart['lineItems'] | undefined; lines: LineItem[] } = { items: undefined, lines: NO_LINES }

/** Line items in the server's order; the same array until the cart changes (safe as a zustand selector). */
export function selectLines(s: Pick<CartState, 'cart'>): LineItem[] {
  const items = s.cart?.lineItems
  if (items !== linesOf.items) linesOf = { items, lines: items ? Object.values(items) : NO_LINES }
  return linesOf.lines
}
