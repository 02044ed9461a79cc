import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { VerifyEmail } from '@/components/account/EmailConfirmation'
import '@/i18n/more'

export default function Page() {
  const t = useT()
  return (
    <Shell title={t('account.verify.title')}>
      <VerifyEmail />
    </Shell>
  )
}
