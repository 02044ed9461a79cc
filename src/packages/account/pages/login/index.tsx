import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { LoginForm } from '@/components/account/LoginForm'
import '@/i18n/more'

export default function Page() {
  const t = useT()
  return (
    <Shell title={t('account.login.title')}>
      <LoginForm />
    </Shell>
  )
}
