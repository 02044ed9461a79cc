import { CheckoutHeader } from '@/components/checkout/CheckoutHeader'
import { CheckoutView } from '@/components/checkout/CheckoutView'
import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { useCheckout } from '@/hooks/useCheckout'
import '@/i18n/more'
import '@/i18n/browse'

/** /checkout: order method, store and time, delivery, contact, coupon, tip, store credit, summary, payment. */
export default function Page() {
  const t = useT()
  const checkout = useCheckout()
  return (
    <Shell title={t('checkout.title')} focusedHeader={<CheckoutHeader />}>
      <CheckoutView c={checkout} />
    </Shell>
  )
}
