import { ProcessPayPanel } from '@/components/confirmation/ProcessPayPanel'
import { Shell } from '@/components/shell/Shell'
import { useProcessPay } from '@/hooks/useConfirmation'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import '@/i18n/more'

/** /processpay?code=: the WeChat browser's in-page payment bridge (spec §2 payment-pending page). */
export default function Page() {
  const t = useT()
  const route = useRoute()
  const state = useProcessPay(route.params, t('processpay.noCode'))
  return (
    <Shell title={t('processpay.title')}>
      <ProcessPayPanel state={state} />
    </Shell>
  )
}
