import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { ReferrerView } from '@/components/members/ReferrerView'
import { SignedIn } from '@/components/account/SignedIn'
import '@/i18n/more'
import '@/i18n/members'

export default function Page() {
  const t = useT()
  return (
    <Shell title={t('referral.title')}>
      <SignedIn>
        <ReferrerView />
      </SignedIn>
    </Shell>
  )
}
