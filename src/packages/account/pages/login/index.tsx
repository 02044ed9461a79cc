import { Shell } from '@/components/shell/Shell'
import { LoginForm } from '@/components/account/LoginForm'

export default function Page() {
  return (
    <Shell>
      <LoginForm />
    </Shell>
  )
}
