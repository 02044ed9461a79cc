import { CampaignUnavailable } from '@/components/common/CampaignUnavailable'
import { useT } from '@/hooks/useT'
import '@/i18n/more'

/** /store/groupCampaign/{id}: a group-buy campaign. */
export default function Page() {
  const t = useT()
  return <CampaignUnavailable title={t('store.title')} />
}
