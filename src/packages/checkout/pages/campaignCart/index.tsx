import { CampaignUnavailable } from '@/components/common/CampaignUnavailable'
import { useT } from '@/hooks/useT'
import '@/i18n/more'

/** /checkout/campaignCart: the group-buy campaign cart. */
export default function Page() {
  const t = useT()
  return <CampaignUnavailable title={t('cart.title')} />
}
