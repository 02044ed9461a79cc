import { EmptyState } from '@/components/common/EmptyState'
import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'

/**
 * /checkout/campaignCart: group-buy (fission) campaign carts. The reference server has no fission campaigns
 * (its myCart/fc routes answer 501), so the page says so plainly instead of pretending to take an order.
 */
export default function Page() {
  const t = useT()
  return (
    <Shell title={t('cart.title')}>
      <EmptyState message={t('checkout.campaignUnavailable')} action={{ label: t('checkout.goShopping'), onClick: () => platform.navigate('/store') }} />
    </Shell>
  )
}
