import { View, Text } from '@tarojs/components'
import type { Order } from '@/api/orders'
import { CampaignOrderState } from '@/features/campaigns/components/CampaignOrderState'
import { CampaignProgress } from '@/features/campaigns/components/CampaignProgress'
import { Link } from '@/components/common/Link'
import { Price } from '@/components/common/Price'
import { campaignUrl } from '@/features/campaigns/campaigns'
import { optionValuesText } from '@/domain/options'
import { useLocalized } from '@/hooks/useLocalized'
import { useOrderPlace } from '@/hooks/useOrderPlace'
import { useT } from '@/hooks/useT'
import { useLocale } from '@/stores/locale'
import { formatDateTime, orderMethodLabel, orderPaymentLabel, orderStatusLabel } from './orderLabels'
import './AccountPage.scss'
import './Orders.scss'

/**
 * One order, read-only: number, status, payment, method, store and address (or delivery address), times, lines and
 * totals. The order page of My account (with its actions) and the guest order lookup show it alike.
 */
export function OrderView({ order }: { order: Order }) {
  const t = useT()
  const localized = useLocalized()
  const language = useLocale((s) => s.language)
  const place = useOrderPlace(order)
  const totals: [string, number][] = [
    [t('user.order.subtotal'), order.subtotal],
    [t('user.order.discount'), -order.discount],
    [t('user.order.tip'), order.tip],
    [t('user.order.tax'), order.tax],
    [t('user.order.shipping'), order.shipping],
    [t('user.order.storeCredit'), -order.storeCredit]
  ]

  return (
    <>
      <Text className="account-page__title">{t('user.order.number', { id: order.orderID })}</Text>
      <View className="order-detail__facts">
        <Fact label={t('user.order.status')} value={orderStatusLabel(t, order.status)} name="status" />
        <Fact label={t('user.order.payment')} value={orderPaymentLabel(t, order)} name="payment" />
        <Fact label={t('user.order.method')} value={orderMethodLabel(t, order.method)} name="method" />
        {place && place.method !== 'DELIVERY' && place.store ? <Fact label={t('user.order.store')} value={place.store} name="store" /> : null}
        {place?.address ? <Fact label={t('user.order.address')} value={place.address} name="address" /> : null}
        {order.tableNumber ? <Fact label={t('user.order.table')} value={order.tableNumber} name="table" /> : null}
        <Fact label={t('user.order.placed')} value={formatDateTime(order.createdAt)} name="placed" />
        {order.pickupDateTime ? <Fact label={t('user.order.pickupTime')} value={order.pickupDateTime} name="pickup" /> : null}
        {order.deliveryDateTime ? <Fact label={t('user.order.deliveryTime')} value={order.deliveryDateTime} name="delivery" /> : null}
      </View>
      {order.campaign ? (
        <Link className="order-detail__campaign" to={campaignUrl(order.campaign.id)}>
          <Text className="order-detail__campaign-name">{localized(order.campaign.nameContent, order.campaign.nameContent.en)}</Text>
          <CampaignOrderState order={order} />
          <CampaignProgress participants={order.campaign.participants} target={order.campaign.target} />
        </Link>
      ) : null}

      <View className="order-detail__lines">
        {order.lines.map((line) => (
          <View key={line.itemKey} className="order-line">
            <View className="order-line__name">
              <Text>{localized(line.nameContent, line.name)}</Text>
              {line.optionPair ? <Text className="order-line__options">{optionValuesText(line.optionPair, line.optionLabels, language)}</Text> : null}
            </View>
            <Text className="order-line__qty">× {line.quantity}</Text>
            <Price className="order-line__total" amount={line.lineTotal} currency={order.currency} />
          </View>
        ))}
      </View>

      <View className="order-detail__totals">
        {totals
          .filter(([, amount]) => amount !== 0)
          .map(([label, amount]) => (
            <View key={label} className="order-total">
              <Text>{label}</Text>
              <Price amount={amount} currency={order.currency} />
            </View>
          ))}
        <View className="order-total order-total--grand">
          <Text>{t('user.order.total')}</Text>
          <Price amount={order.total} currency={order.currency} />
        </View>
      </View>
    </>
  )
}

function Fact({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <View className={`order-fact order-fact--${name}`}>
      <Text className="order-fact__label">{label}</Text>
      <Text className="order-fact__value">{value}</Text>
    </View>
  )
}
