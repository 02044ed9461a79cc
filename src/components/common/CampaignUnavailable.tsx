import { EmptyState } from '@/components/common/EmptyState'
import { Shell } from '@/components/shell/Shell'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'

/**
 * Group-buy (fission) campaign pages: /store/groupCampaign/{id} and /checkout/campaignCart. The reference
 * server has no fission campaigns (its campaign routes answer 501), so the page says so plainly and sends
 * the shopper to the store instead of pretending to take a campaign order.
 */
export function CampaignUnavailable({ title }: { title: string }) {
  const t = useT()
  return (
    <Shell title={title}>
      <EmptyState message={t('checkout.campaignUnavailable')} action={{ label: t('checkout.goShopping'), onClick: () => platform.navigate('/store') }} />
    </Shell>
  )
}
