import { CheckoutView } from '@/components/checkout/CheckoutView'
import { Shell } from '@/components/shell/Shell'
import { useCheckout } from '@/hooks/useCheckout'

/** /checkout: order method, store and time, delivery, contact, coupon, tip, store credit, summary, payment. */
export default function Page() {
  const checkout = useCheckout()
  return (
    <Shell>
      <CheckoutView c={checkout} />
    </Shell>
  )
}
