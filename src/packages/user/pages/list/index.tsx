import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { MyAccount } from '@/components/account/MyAccount'
import { SignedIn } from '@/components/account/SignedIn'
import '@/i18n/more'

export default function Page() {
  const t = useT()
  return (
    <Shell title={t('user.title')}>
      <SignedIn>
        <MyAccount />
      </SignedIn>
    </Shell>
  )
}
