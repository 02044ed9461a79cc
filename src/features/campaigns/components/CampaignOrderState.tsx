import { Text } from '@tarojs/components'
import type { OrderCampaign } from '@/features/campaigns/api'
import { campaignOrderState } from '@/features/campaigns/campaigns'
import { useT } from '@/hooks/useT'
import '@/features/campaigns/i18n'
import './CampaignOrder.scss'

/** The group-buy state of a campaign order (orders list and detail; the user pages' sub-package carries its texts). */
export function CampaignOrderState({ order }: { order: { status: string; paymentStatus: string; campaign?: OrderCampaign } }) {
  const t = useT()
  if (!order.campaign) return null
  const state = campaignOrderState(order.status, order.paymentStatus, order.campaign.status)
  return (
    <Text className={`campaign-order-state campaign-order-state--${state}`} data-campaign-state={state}>
      {t(`campaign.order.${state}`)}
    </Text>
  )
}
