import { useMemo } from 'react'
import { ConfirmationPanel } from '@/components/confirmation/ConfirmationPanel'
import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { confirmationSource } from '@/domain/confirmationSource'
import { useConfirmation } from '@/hooks/useConfirmation'
import { useRoute } from '@/hooks/useRoute'
import '@/i18n/more'

/** /confirmation and /confirmation/{id}: where every payment flow ends (spec §2 order confirmation). */
export default function Page() {
  const t = useT()
  const route = useRoute()
  const source = useMemo(() => confirmationSource(route.params), [route])
  const confirmation = useConfirmation(source)
  return (
    <Shell title={t('confirmation.title')}>
      <ConfirmationPanel {...confirmation} />
    </Shell>
  )
}
