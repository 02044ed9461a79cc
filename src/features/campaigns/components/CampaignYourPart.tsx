import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import type { CampaignParticipation, CampaignStatus } from '@/features/campaigns/api'
import { Link } from '@/components/common/Link'
import { campaignCartUrl } from '@/features/campaigns/campaigns'
import { useT } from '@/hooks/useT'
import './CampaignPage.scss'

interface Props {
  participation: CampaignParticipation
  /** The campaign's status as shown (CLOSING once the countdown reached 0). */
  status: CampaignStatus
  campaignId: string
  /** The pickup store's name in the shopper's language. */
  store: string
  /** The share actions: the invitation to fill the group goes with them while it is open. */
  share?: ReactNode
}

/**
 * The signed-in shopper's part in the group on the campaign page: "You're in" with their units and orders (a link to
 * the order), what happens to their order as the group stands, a reserved order still to pay, and while the group is
 * open the invitation to share it.
 */
export function CampaignYourPart({ participation: p, status, campaignId, store, share }: Props) {
  const t = useT()
  const units = t(p.units === 1 ? 'campaign.you.units.one' : 'campaign.you.units.other', { count: p.units })
  const orders = t(p.orderIDs.length === 1 ? 'campaign.you.orders.one' : 'campaign.you.orders.other', { orders: p.orderIDs.join(', ') })
  const joined = p.state === 'JOINED'
  const headline = joined
    ? t('campaign.you.in', { units, orders })
    : p.state === 'PAYMENT_PENDING'
      ? t('campaign.you.pending', { order: p.pendingOrderID ?? p.orderIDs[0] })
      : t('campaign.you.was', { units, orders })
  const outcome =
    p.state === 'REFUND_PENDING'
      ? t('campaign.order.refundPending')
      : p.state === 'REFUNDED'
        ? t('campaign.order.refunded')
        : !joined
          ? null
          : status === 'SUCCEEDED'
            ? t('campaign.you.succeeded', { store })
            : status === 'CLOSING'
              ? t('campaign.order.closing')
              : null
  const inviting = joined && status === 'OPEN'
  const orderLink = p.state === 'PAYMENT_PENDING' ? null : p.orderIDs.length === 1 ? `/user/orders/${encodeURIComponent(p.orderIDs[0])}` : '/user/orders'
  return (
    <View className={`campaign-you campaign-you--${p.state}`} data-participation={p.state}>
      <Text className="campaign-you__headline">{headline}</Text>
      {outcome ? <Text className="campaign-you__outcome">{outcome}</Text> : null}
      {joined && p.pendingOrderID ? <Text className="campaign-you__pending">{t('campaign.you.pending', { order: p.pendingOrderID })}</Text> : null}
      <View className="campaign-you__actions">
        {orderLink ? (
          <Link className="campaign-you__link" to={orderLink}>
            {t(p.orderIDs.length === 1 ? 'campaign.you.viewOrder' : 'campaign.you.viewOrders')}
          </Link>
        ) : null}
        {p.pendingOrderID && status === 'OPEN' ? (
          <Link className="campaign-you__link campaign-you__link--pay" to={campaignCartUrl(campaignId)}>
            {t('campaign.pay')}
          </Link>
        ) : null}
      </View>
      {inviting ? <Text className="campaign-you__invite">{t('campaign.invite')}</Text> : null}
      {inviting && share ? <View className="campaign-page__share">{share}</View> : null}
    </View>
  )
}
