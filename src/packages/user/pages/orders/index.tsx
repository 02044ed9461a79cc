import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { OrderList } from '@/components/account/OrderList'
import { SignedIn } from '@/components/account/SignedIn'
import '@/i18n/more'

export default function Page() {
  const t = useT()
  return (
    <Shell title={t('user.orders.title')}>
      <SignedIn>
        <OrderList />
      </SignedIn>
    </Shell>
  )
}
