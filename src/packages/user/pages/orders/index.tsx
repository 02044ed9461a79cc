import { Shell } from '@/components/shell/Shell'
import { OrderList } from '@/components/account/OrderList'
import { SignedIn } from '@/components/account/SignedIn'

export default function Page() {
  return (
    <Shell>
      <SignedIn>
        <OrderList />
      </SignedIn>
    </Shell>
  )
}
