import { Shell } from '@/components/shell/Shell'
import { ForgotPasswordForm } from '@/components/account/PasswordForms'

export default function Page() {
  return (
    <Shell>
      <ForgotPasswordForm />
    </Shell>
  )
}
