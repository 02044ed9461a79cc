import { Shell } from '@/components/shell/Shell'
import { MyAccount } from '@/components/account/MyAccount'
import { SignedIn } from '@/components/account/SignedIn'

export default function Page() {
  return (
    <Shell>
      <SignedIn>
        <MyAccount />
      </SignedIn>
    </Shell>
  )
}
