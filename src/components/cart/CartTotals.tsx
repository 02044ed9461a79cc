import { View, Text } from '@tarojs/components'
import type { Cart } from '@/api/cart'
import { ChargedInBaseNote, Price } from '@/components/common/Price'
import { convertedTotals } from '@/domain/currency'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import type { MessageKey } from '@/i18n'
import './CartTotals.scss'

/** Amounts the server adds up; a zero discount, tip, credit or shipping is left out. */
const ROWS: { key: keyof Cart & ('discount' | 'tip' | 'storeCredit' | 'tax' | 'shipping'); label: MessageKey; negative?: boolean }[] = [
  { key: 'discount', label: 'cart.discount', negative: true },
  { key: 'tip', label: 'cart.tip' },
  { key: 'storeCredit', label: 'cart.storeCredit', negative: true },
  { key: 'shipping', label: 'cart.shipping' },
  { key: 'tax', label: 'cart.tax' }
]

/**
 * The server's totals, with the note that the base currency is charged. Shown in another currency, they are the
 * converted lines and rows added up (convertedTotals), so the figures on screen add up.
 */
export function CartTotals({ cart }: { cart: Cart }) {
  const t = useT()
  const { converted, base, display, toDisplay, format } = usePrice()
  const rows = ROWS.filter((row) => cart[row.key] !== 0).map((row) => ({
    key: row.key,
    label: row.label,
    amount: row.negative ? -Math.abs(cart[row.key]) : cart[row.key]
  }))
  const shown = converted
    ? { currency: display, ...convertedTotals(Object.values(cart.lineItems).map((line) => line.lineTotal), rows, toDisplay) }
    : { currency: cart.currency, subtotal: cart.subtotal, rows, total: cart.total }
  return (
    <View className="cart-totals">
      <View className="cart-totals__row">
        <Text>{t('cart.subtotal')}</Text>
        <Price amount={shown.subtotal} currency={shown.currency} />
      </View>
      {shown.rows.map((row) => (
        <View key={row.key} className="cart-totals__row">
          <Text>{t(row.label)}</Text>
          <Price amount={row.amount} currency={shown.currency} />
        </View>
      ))}
      <View className="cart-totals__row cart-totals__row--total">
        <Text>{t('cart.total')}</Text>
        <Price className="cart-totals__total" amount={shown.total} currency={shown.currency} />
      </View>
      {cart.memberSavings ? (
        <Text className="cart-totals__member">
          {cart.member ? `${t('store.memberSaved')}: ${format(cart.memberSavings, cart.currency)}` : t('store.memberSaves', { amount: format(cart.memberSavings, cart.currency) })}
        </Text>
      ) : null}
      <ChargedInBaseNote text={converted ? t('currency.chargedInBase', { display, base }) : null} />
    </View>
  )
}
