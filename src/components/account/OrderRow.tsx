import { View, Text } from '@tarojs/components'
import type { Order } from '@/api/orders'
import { CampaignOrderState } from '@/features/campaigns/components/CampaignOrderState'
import { Link } from '@/components/common/Link'
import { Price } from '@/components/common/Price'
import { LazyImage } from '@/components/common/LazyImage'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { useLocale } from '@/stores/locale'
import { friendlyDateTime, orderPaymentLabel, orderStatusLabel } from './orderLabels'
import './Orders.scss'

/**
 * One order in a list (order history, my account's recent orders): number, date, its first item with its picture (and
 * how many more), status, payment, total; opens it.
 */
export function OrderRow({ order }: { order: Order }) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const language = useLocale((s) => s.language)
  const first = order.lines[0]
  const firstName = first ? localized(first.nameContent, first.name) : ''
  return (
    <Link className="order-row" to={`/user/orders/${order.orderID}`} data-order-id={order.orderID}>
      <View className="order-row__head">
        <Text className="order-row__id">{t('user.order.number', { id: order.orderID })}</Text>
        <Text className="order-row__date">{friendlyDateTime(order.createdAt, language)}</Text>
      </View>
      {first ? (
        <View className="order-row__item">
          <View className="order-row__thumb">
            <LazyImage src={image(first.image)} alt="" />
          </View>
          <Text className="order-row__item-name">
            {order.lines.length > 1 ? t('user.order.firstAndMore', { name: firstName, n: order.lines.length - 1 }) : firstName}
          </Text>
        </View>
      ) : null}
      <View className="order-row__body">
        <Text className={`order-row__status order-status--${order.status.toLowerCase()}`}>{orderStatusLabel(t, order.status)}</Text>
        <Text className="order-row__payment">{orderPaymentLabel(t, order)}</Text>
        <Price className="order-row__total" amount={order.total} currency={order.currency} />
      </View>
      <CampaignOrderState order={order} />
    </Link>
  )
}
