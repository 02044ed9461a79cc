import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { MembershipView } from '@/features/memberships/components/MembershipView'
import '@/i18n/more'
import '@/features/memberships/i18n'

/** Open to guests too: the offer is for everyone, buying asks them to sign in. */
export default function Page() {
  const t = useT()
  return (
    <Shell title={t('members.title')}>
      <MembershipView />
    </Shell>
  )
}
