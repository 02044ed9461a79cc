import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { ResetPasswordForm } from '@/components/account/PasswordForms'
import '@/i18n/more'

export default function Page() {
  const t = useT()
  return (
    <Shell title={t('account.reset.title')}>
      <ResetPasswordForm />
    </Shell>
  )
}
