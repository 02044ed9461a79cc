import { View, Text } from '@tarojs/components'
import type { Order } from '@/api/orders'
import { campaignShareUrl } from '@/features/campaigns/campaigns'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { useAppInfo } from '@/stores/appInfo'
import { CampaignProgress } from './CampaignProgress'
import './Campaigns.scss'
import { Link } from '@/components/common/Link'
import '@/components/common/EmptyState.scss'

/** On the confirmation of a campaign order: the group's progress and the invitation to share it (nothing otherwise). */
export function CampaignConfirmation({ order }: { order: Order }) {
  const t = useT()
  const localized = useLocalized()
  const myID = useAppInfo((s) => s.info?.myID)
  const campaign = order.campaign
  if (!campaign) return null
  const open = campaign.status === 'OPEN'
  return (
    <View className="confirmation-campaign" data-campaign-id={campaign.id}>
      <Text className="confirmation-campaign__name">{localized(campaign.nameContent, campaign.nameContent.en)}</Text>
      <CampaignProgress participants={campaign.participants} target={campaign.target} />
      {open ? <Text className="confirmation-campaign__invite">{t('campaign.invite')}</Text> : null}
      <Link className="empty-state__action" to={campaignShareUrl(campaign.id, myID)}>
        {t('campaign.open')}
      </Link>
    </View>
  )
}
