import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { SignUpForm } from '@/components/account/SignUpForm'
import '@/i18n/more'

export default function Page() {
  const t = useT()
  return (
    <Shell title={t('account.signup.title')}>
      <SignUpForm />
    </Shell>
  )
}
