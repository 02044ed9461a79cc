import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { Cart } from '@/api/cart'
import { Price } from '@/components/common/Price'
import { onlyWhen } from '@/components/common/booleanAttribute'
import { useCartTotals } from '@/hooks/useCartTotals'
import { useT } from '@/hooks/useT'
import '@/components/common/PrimaryButton.scss'
import './CartCheckoutBar.scss'

/**
 * The cart's total and Checkout (issue 42 n-6): on a phone fixed at the foot of the screen, standing on the tab bar,
 * as the product page's buy bar and the checkout's Place order bar are; on a desktop at the end of the summary beside
 * the lines, which already shows the total.
 */
export function CartCheckoutBar({ cart, busy, onCheckout }: { cart: Cart; busy: boolean; onCheckout(): void }) {
  const t = useT()
  const totals = useCartTotals(cart)
  return (
    <View className="cart-bar">
      <View className="cart-bar__total">
        <Text className="cart-bar__label">{t('cart.total')}</Text>
        <Price className="cart-bar__amount" amount={totals.total} currency={totals.currency} />
      </View>
      <Button className="primary-button cart-page__checkout" disabled={onlyWhen(busy)} onClick={onCheckout}>
        {t('cart.checkout')}
      </Button>
    </View>
  )
}
