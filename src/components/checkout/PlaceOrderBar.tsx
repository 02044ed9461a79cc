import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { CheckoutCart } from '@/api/checkout'
import { Price } from '@/components/common/Price'
import { useCartTotals } from '@/hooks/useCartTotals'
import { useT } from '@/hooks/useT'
import './Checkout.scss'

/** The total and "Place order": fixed at the bottom of a phone's screen, under the summary on a wide one. */
export function PlaceOrderBar({ cart, busy, onPlace }: { cart: CheckoutCart; busy: boolean; onPlace(): void }) {
  const t = useT()
  const totals = useCartTotals(cart)
  return (
    <View className="checkout__place-bar">
      <View className="checkout__bar-total">
        <Text className="checkout__bar-label">{t('cart.total')}</Text>
        <Price className="checkout__bar-amount" amount={totals.total} currency={totals.currency} />
      </View>
      {/* Stable label and no `disabled="false"` attribute: Taro's H5 Button breaks when text and spinner change together and styles any present disabled attribute. */}
      <Button className="checkout__place-order" id="checkout-place-order" disabled={busy || undefined} onClick={onPlace}>
        {t('checkout.placeOrder')}
      </Button>
    </View>
  )
}
