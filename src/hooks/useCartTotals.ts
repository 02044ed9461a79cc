/** The cart's totals as shown: the server's, or, in another display currency, the converted lines and rows added up. */
import type { Cart } from '@/api/cart'
import { convertedTotals } from '@/domain/currency'
import type { MessageKey } from '@/i18n'
import { usePrice } from './usePrice'

/** Amounts the server adds up; a zero discount, tip, credit or shipping is left out. */
const ROWS: { key: keyof Cart & ('discount' | 'tip' | 'storeCredit' | 'tax' | 'shipping'); label: MessageKey; negative?: boolean }[] = [
  { key: 'discount', label: 'cart.discount', negative: true },
  { key: 'tip', label: 'cart.tip' },
  { key: 'storeCredit', label: 'cart.storeCredit', negative: true },
  { key: 'shipping', label: 'cart.shipping' },
  { key: 'tax', label: 'cart.tax' }
]

/** Converted, the figures on screen add up (convertedTotals) rather than each being converted on its own. */
export function useCartTotals(cart: Cart) {
  const { converted, base, display, toDisplay } = usePrice()
  const rows = ROWS.filter((row) => cart[row.key] !== 0).map((row) => ({
    key: row.key,
    label: row.label,
    amount: row.negative ? -Math.abs(cart[row.key]) : cart[row.key]
  }))
  const shown = converted
    ? { currency: display, ...convertedTotals(Object.values(cart.lineItems).map((line) => line.lineTotal), rows, toDisplay) }
    : { currency: cart.currency, subtotal: cart.subtotal, rows, total: cart.total }
  return { ...shown, converted, base, display }
}
