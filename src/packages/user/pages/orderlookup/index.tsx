import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { OrderLookup } from '@/components/account/OrderLookup'
import '@/i18n/more'

/** /orderlookup: a guest's order, found by its number and the checkout e-mail or phone; no sign-in needed. */
export default function Page() {
  const t = useT()
  return (
    <Shell title={t('lookup.title')}>
      <OrderLookup />
    </Shell>
  )
}
