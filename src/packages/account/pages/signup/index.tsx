import { Shell } from '@/components/shell/Shell'
import { SignUpForm } from '@/components/account/SignUpForm'

export default function Page() {
  return (
    <Shell>
      <SignUpForm />
    </Shell>
  )
}
