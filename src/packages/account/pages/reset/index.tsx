import { Shell } from '@/components/shell/Shell'
import { ResetPasswordForm } from '@/components/account/PasswordForms'

export default function Page() {
  return (
    <Shell>
      <ResetPasswordForm />
    </Shell>
  )
}
