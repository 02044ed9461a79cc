import { Shell } from '@/components/shell/Shell'
import { OrderDetail } from '@/components/account/OrderDetail'
import { SignedIn } from '@/components/account/SignedIn'
import { useRoute } from '@/hooks/useRoute'

export default function Page() {
  const { params } = useRoute()
  return (
    <Shell>
      <SignedIn>
        <OrderDetail orderID={params.id} />
      </SignedIn>
    </Shell>
  )
}
