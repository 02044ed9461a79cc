import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { usePageShare } from '@/hooks/usePageShare'
import { useReferralLink } from '@/features/referral/hooks/useReferrer'
import { ReferrerView } from '@/features/referral/components/ReferrerView'
import { SignedIn } from '@/components/account/SignedIn'
import '@/i18n/more'
import '@/i18n/browse'
import '@/features/referral/i18n'

export default function Page() {
  const t = useT()
  // Mini-programs: the share menu of this page shares the store with my referral id.
  usePageShare(useReferralLink())
  return (
    <Shell title={t('referral.title')}>
      <SignedIn>
        <ReferrerView />
      </SignedIn>
    </Shell>
  )
}
