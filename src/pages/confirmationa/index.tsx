import { useMemo } from 'react'
import { ConfirmationPanel } from '@/components/confirmation/ConfirmationPanel'
import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { alternateConfirmationSource } from '@/domain/confirmationSource'
import { useConfirmation } from '@/hooks/useConfirmation'
import { useRoute } from '@/hooks/useRoute'
import '@/i18n/more'

/** /confirmationa/{type}/{order_id}: alipay_h5 checks the Alipay payment (spec §2). */
export default function Page() {
  const t = useT()
  const route = useRoute()
  const source = useMemo(() => alternateConfirmationSource(route.params), [route])
  const confirmation = useConfirmation(source)
  return (
    <Shell title={t('confirmation.title')}>
      <ConfirmationPanel {...confirmation} />
    </Shell>
  )
}
