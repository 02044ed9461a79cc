import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { CheckoutCart } from '@/api/checkout'
import { CartTotals } from '@/components/cart/CartTotals'
import { Price } from '@/components/common/Price'
import { optionValuesText } from '@/domain/options'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { useLocale } from '@/stores/locale'
import { Section } from './Choices'

export function SummarySection({ cart }: { cart: CheckoutCart }) {
  const t = useT()
  const localized = useLocalized()
  const language = useLocale((s) => s.language)
  return (
    <Section name="summary" title={t('checkout.summary')}>
      {Object.values(cart.lineItems).map((line) => (
        <View key={line.itemKey} className="checkout__line">
          <Text className="checkout__line-name">
            {localized(line.nameContent, line.name)}
            {line.optionPair ? ` (${optionValuesText(line.optionPair, line.optionLabels, language)})` : ''}
          </Text>
          <Text className="checkout__line-quantity"> × {line.quantity}</Text>
          <Price amount={line.lineTotal} currency={cart.currency} />
        </View>
      ))}
      <Button size="mini" className="checkout__edit-cart" onClick={() => platform.navigate('/checkout/cart')}>
        {t('checkout.editCart')}
      </Button>
      <CartTotals cart={cart} />
    </Section>
  )
}
