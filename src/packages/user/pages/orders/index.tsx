import { ComingSoon } from '@/components/common/ComingSoon'
import { Shell } from '@/components/shell/Shell'

export default function Page() {
  return (
    <Shell>
      <ComingSoon />
    </Shell>
  )
}
