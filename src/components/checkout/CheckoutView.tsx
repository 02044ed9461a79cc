import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { CheckoutCart } from '@/api/checkout'
import { CartTotals } from '@/components/cart/CartTotals'
import { EmptyState } from '@/components/common/EmptyState'
import { Price } from '@/components/common/Price'
import { Spinner } from '@/components/common/Spinner'
import { useLocalized } from '@/hooks/useLocalized'
import type { CheckoutState } from '@/hooks/useCheckout'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { Section } from './Choices'
import { ContactSection, ExtrasSection, FulfilmentSection, MethodSection, PaymentSection } from './CheckoutSections'
import './Checkout.scss'

function Summary({ cart }: { cart: CheckoutCart }) {
  const t = useT()
  const localized = useLocalized()
  return (
    <Section name="summary" title={t('checkout.summary')}>
      {Object.values(cart.lineItems).map((line) => (
        <View key={line.itemKey} className="checkout__line">
          <Text>
            {localized(line.nameContent, line.name)}
            {line.optionPair ? ` (${line.optionPair})` : ''} × {line.quantity}
          </Text>
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

/** /checkout: the whole form, the server's totals and the place-order button. */
export function CheckoutView({ c }: { c: CheckoutState }) {
  const t = useT()
  if (c.loading) return <Spinner label={t('checkout.loading')} />
  if (c.loadError) return <EmptyState tone="error" message={c.loadError} action={{ label: t('checkout.retry'), onClick: () => void c.reload() }} />
  if (!c.cart || c.cart.itemCount === 0) {
    return <EmptyState message={t('checkout.empty')} action={{ label: t('checkout.goShopping'), onClick: () => platform.navigate('/store') }} />
  }
  const hasFieldErrors = Object.values(c.errors).some(Boolean)
  return (
    <View className="checkout">
      <MethodSection c={c} />
      <FulfilmentSection c={c} />
      <ContactSection c={c} />
      <ExtrasSection c={c} />
      <Summary cart={c.cart} />
      <PaymentSection c={c} />
      {c.serverError ? (
        <View className="checkout__server-error" role="alert">
          {c.serverError}
        </View>
      ) : null}
      {hasFieldErrors ? (
        <View className="checkout__server-error" role="alert">
          {t('checkout.fixErrors')}
        </View>
      ) : null}
      {c.busy === 'placing' ? <Text className="checkout__note">{t('checkout.placing')}</Text> : null}
      {/* Stable label and no `disabled="false"` attribute: Taro's H5 Button breaks when text and spinner change together and styles any present disabled attribute. */}
      <Button className="checkout__place-order" id="checkout-place-order" disabled={c.busy !== null || undefined} onClick={() => void c.placeOrder()}>
        {t('checkout.placeOrder')}
      </Button>
    </View>
  )
}
