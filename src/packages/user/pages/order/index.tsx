import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { OrderDetail } from '@/components/account/OrderDetail'
import { SignedIn } from '@/components/account/SignedIn'
import { useRoute } from '@/hooks/useRoute'
import '@/i18n/more'

export default function Page() {
  const t = useT()
  const { params } = useRoute()
  return (
    <Shell title={t('user.order.number', { id: params.id ?? '' })}>
      <SignedIn>
        <OrderDetail orderID={params.id} />
      </SignedIn>
    </Shell>
  )
}
