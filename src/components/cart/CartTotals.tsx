import { View, Text } from '@tarojs/components'
import type { Cart } from '@/api/cart'
import { ChargedInBaseNote, Price } from '@/components/common/Price'
import { useCartTotals } from '@/hooks/useCartTotals'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import './CartTotals.scss'

/**
 * The server's totals (useCartTotals), with the note that the base currency is charged.
 */
export function CartTotals({ cart }: { cart: Cart }) {
  const t = useT()
  const { format } = usePrice()
  const shown = useCartTotals(cart)
  const { converted, display, base } = shown
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
