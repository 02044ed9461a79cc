import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { OrderDetail } from '@/components/account/OrderDetail'
import { OrderOfPayment } from '@/components/account/OrderOfPayment'
import { platform } from '@/platform'
import { SignedIn } from '@/components/account/SignedIn'
import { useRoute } from '@/hooks/useRoute'
import '@/i18n/more'

export default function Page() {
  const t = useT()
  const { params } = useRoute()
  // Opened from WeChat's shipping message: the payment's number instead of the order's (platform: WeChat only).
  const paymentNumber = params.id ? null : platform.paymentOfMessage(params)
  return (
    <Shell title={t('user.order.number', { id: params.id ?? '' })}>
      <SignedIn>
        {paymentNumber ? <OrderOfPayment paymentNumber={paymentNumber} /> : <OrderDetail orderID={params.id} />}
      </SignedIn>
    </Shell>
  )
}
