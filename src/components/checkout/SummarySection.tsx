import { View, Text } from '@tarojs/components'
import type { CheckoutCart } from '@/api/checkout'
import { CartTotals } from '@/components/cart/CartTotals'
import { Price } from '@/components/common/Price'
import { optionValuesText } from '@/domain/options'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { Link } from '@/components/common/Link'
import { CART_URL } from '@/domain/cartAction'
import { useLocale } from '@/stores/locale'
import { Section } from './Choices'
import './Checkout.scss'

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
      {/* A link back to the cart, in the summary's own type (issue 42 p-9: a 12 px grey button beside 26 px text). */}
      <Link className="checkout__edit-cart" to={CART_URL}>
        {t('checkout.editCart')}
      </Link>
      <CartTotals cart={cart} />
    </Section>
  )
}
