import { Text } from '@tarojs/components'
import type { OrderCampaign } from '@/api/campaigns'
import { campaignOrderState } from '@/domain/campaigns'
import { useT } from '@/hooks/useT'

/** The group-buy state of a campaign order (orders list and detail, confirmation). */
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
