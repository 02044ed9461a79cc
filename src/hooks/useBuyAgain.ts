/**
 * Buy again (issue 42 n-14), on every platform: the order's lines go back into the cart through the cart's own calls
 * (myCart for products, iCart for add-ons), in one cart change; when every line went in the shopper is taken to the
 * cart, otherwise the hook says which lines could not be added and why.
 */
import { useState } from 'react'
import type { Cart } from '@/api/cart'
import { cartApi } from '@/api/cart'
import { ApiError } from '@/api/http'
import type { Order } from '@/api/orders'
import { buyAgainItems, buyAgainOutcome, type BuyAgainOutcome, type BuyAgainReason, type BuyAgainResult } from '@/domain/buyAgain'
import { messageOf } from '@/domain/errors'
import { platform } from '@/platform'
import { useCart } from '@/stores/cart'
import { useLocalized } from './useLocalized'
import { useT } from './useT'

export const CART_PATH = '/checkout/cart'

const REASONS = {
  gone: 'user.order.buyAgain.gone',
  stock: 'user.order.buyAgain.stock',
  signIn: 'user.order.buyAgain.signIn',
  offline: 'user.order.buyAgain.offline'
} as const

export function useBuyAgain(order: Order | null | undefined) {
  const t = useT()
  const localized = useLocalized()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<BuyAgainOutcome | null>(null)

  const buyAgain = async () => {
    if (!order || busy) return
    setBusy(true)
    setOutcome(null)
    const results: BuyAgainResult[] = []
    // One change of the cart store: the cart answered by the last addition that went in (else read afresh).
    await useCart.getState().change(async () => {
      let cart: Cart | null = null
      for (const item of buyAgainItems(order.lines)) {
        const optionPair = item.optionPair || undefined
        try {
          cart = await (item.addOn ? cartApi.addAddOn(item.productId, item.quantity, optionPair) : cartApi.add(item.productId, item.quantity, optionPair))
          results.push({ item, refused: null })
        } catch (err) {
          results.push({ item, refused: { status: err instanceof ApiError ? err.status : null, message: messageOf(err, t) } })
        }
      }
      return cart ?? cartApi.get()
    })
    useCart.getState().clearError()
    const done = buyAgainOutcome(results)
    setBusy(false)
    if (done.kind === 'all') platform.navigate(CART_PATH)
    else setOutcome(done)
  }

  const reasonText = (reason: BuyAgainReason, message: string) => (reason === 'other' ? message : t(REASONS[reason]))

  /** The refused lines, each as "name (options): why", in the shopper's language. */
  const refusedLines = (outcome?.refused ?? []).map(({ item, reason, message }) => {
    const options = item.line.optionLabels.map((label) => localized(label, '')).filter(Boolean)
    const name = localized(item.line.nameContent, item.line.name)
    return {
      key: `${item.productId}:${item.optionPair}:${item.addOn}`,
      text: t('user.order.buyAgain.refusedLine', { name: options.length ? `${name} (${options.join(', ')})` : name, reason: reasonText(reason, message) })
    }
  })

  return {
    /** False while the order has no line to add (nothing to buy again). */
    available: !!order && buyAgainItems(order.lines).length > 0,
    busy,
    buyAgain,
    outcome,
    refusedLines,
    goToCart: () => platform.navigate(CART_PATH)
  }
}
