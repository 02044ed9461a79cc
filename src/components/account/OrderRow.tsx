import { View, Text } from '@tarojs/components'
import type { Order } from '@/api/orders'
import { CampaignOrderState } from '@/features/campaigns/components/CampaignOrderState'
import { Link } from '@/components/common/Link'
import { Price } from '@/components/common/Price'
import { useT } from '@/hooks/useT'
import { formatDateTime, orderPaymentLabel, orderStatusLabel } from './orderLabels'
import './Orders.scss'

/** One order in a list (order history, my account's recent orders): number, date, status, payment, total; opens it. */
export function OrderRow({ order }: { order: Order }) {
  const t = useT()
  return (
    <Link className="order-row" to={`/user/orders/${order.orderID}`} data-order-id={order.orderID}>
      <View className="order-row__head">
        <Text className="order-row__id">{t('user.order.number', { id: order.orderID })}</Text>
        <Text className="order-row__date">{formatDateTime(order.createdAt)}</Text>
      </View>
      <View className="order-row__body">
        <Text className={`order-row__status order-status--${order.status.toLowerCase()}`}>{orderStatusLabel(t, order.status)}</Text>
        <Text className="order-row__payment">{orderPaymentLabel(t, order)}</Text>
        <Price className="order-row__total" amount={order.total} currency={order.currency} />
      </View>
      <CampaignOrderState order={order} />
    </Link>
  )
}
