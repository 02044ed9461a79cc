import { View, Text } from '@tarojs/components'
import { Textarea } from '@/components/taro/FormComponents'
import { EmptyState } from '@/components/common/EmptyState'
import { CampaignOrderState } from '@/components/campaigns/CampaignOrderState'
import { CampaignProgress } from '@/components/campaigns/CampaignProgress'
import { Price } from '@/components/common/Price'
import { Spinner } from '@/components/common/Spinner'
import { campaignUrl } from '@/domain/campaigns'
import { optionValuesText } from '@/domain/options'
import { platform } from '@/platform'
import { useLocalized } from '@/hooks/useLocalized'
import { useOrder } from '@/hooks/useOrder'
import { useT } from '@/hooks/useT'
import { useLocale } from '@/stores/locale'
import { formatDateTime, orderMethodLabel, orderStatusLabel, paymentStatusLabel } from './orderLabels'
import { BusyButton } from './BusyButton'
import { FormError } from './Field'
import './Orders.scss'

/** /user/orders/:id: lines, method, store, times, payment status and totals; cancel where allowed; comments. */
export function OrderDetail({ orderID }: { orderID: string | undefined }) {
  const t = useT()
  const localized = useLocalized()
  const language = useLocale((s) => s.language)
  const o = useOrder(orderID)
  const { order } = o

  // Not this shopper's order, or no such order: say so, with the way to their orders rather than a retry.
  if (o.missing) return <EmptyState message={t('user.order.notFound', { id: orderID ?? '' })} action={{ label: t('user.orders.title'), onClick: () => platform.navigate('/user/orders') }} />
  if (o.loadError) return <EmptyState tone="error" message={t('common.error', { message: o.loadError })} action={{ label: t('common.retry'), onClick: o.reload }} />
  if (!order) return <Spinner label={t('common.loading')} />

  const totals: [string, number][] = [
    [t('user.order.subtotal'), order.subtotal],
    [t('user.order.discount'), -order.discount],
    [t('user.order.tip'), order.tip],
    [t('user.order.tax'), order.tax],
    [t('user.order.shipping'), order.shipping],
    [t('user.order.storeCredit'), -order.storeCredit]
  ]

  return (
    <View className="account-page order-detail">
      <Text className="account-page__title">{t('user.order.number', { id: order.orderID })}</Text>
      <View className="order-detail__facts">
        <Fact label={t('user.order.status')} value={orderStatusLabel(t, order.status)} name="status" />
        <Fact label={t('user.order.payment')} value={paymentStatusLabel(t, order.paymentStatus)} name="payment" />
        <Fact label={t('user.order.method')} value={orderMethodLabel(t, order.method)} name="method" />
        {o.store ? <Fact label={t('user.order.store')} value={o.store} name="store" /> : null}
        {order.tableNumber ? <Fact label={t('user.order.table')} value={order.tableNumber} name="table" /> : null}
        <Fact label={t('user.order.placed')} value={formatDateTime(order.createdAt)} name="placed" />
        {order.pickupDateTime ? <Fact label={t('user.order.pickupTime')} value={order.pickupDateTime} name="pickup" /> : null}
        {order.deliveryDateTime ? <Fact label={t('user.order.deliveryTime')} value={order.deliveryDateTime} name="delivery" /> : null}
      </View>
      {order.campaign ? (
        <View className="order-detail__campaign" role="link" tabIndex={0} onClick={() => platform.navigate(campaignUrl(order.campaign!.id))}>
          <Text className="order-detail__campaign-name">{localized(order.campaign.nameContent, order.campaign.nameContent.en)}</Text>
          <CampaignOrderState order={order} />
          <CampaignProgress participants={order.campaign.participants} target={order.campaign.target} />
        </View>
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

      {order.cancellable ? (
        <BusyButton className="order-detail__cancel" busy={o.busy === 'cancel'} disabled={o.busy !== null} onClick={o.cancel}>
          {t('user.order.cancel')}
        </BusyButton>
      ) : null}
      <FormError message={o.actionError} />

      <View className="order-detail__comments">
        <Text className="order-detail__heading">{t('user.order.comments')}</Text>
        {order.customerComment ? <Text className="order-comment">{order.customerComment}</Text> : null}
        {order.comments.map((c, i) => (
          <View key={`${c.createdAt}-${i}`} className="order-comment">
            <Text className="order-comment__time">{formatDateTime(c.createdAt)}</Text>
            <Text className="order-comment__text">{c.text}</Text>
          </View>
        ))}
        <Textarea
          className="order-detail__comment-input"
          name="comment"
          value={o.comment}
          maxlength={1000}
          placeholder={t('user.order.commentPlaceholder')}
          nativeProps={{ 'aria-label': t('user.order.commentPlaceholder') }}
          onInput={(e) => o.setComment(e.detail.value)}
        />
        <FormError message={o.commentError} />
        <BusyButton className="order-detail__comment-submit" busy={o.busy === 'comment'} disabled={o.busy !== null} onClick={o.addComment}>
          {t('user.order.addComment')}
        </BusyButton>
      </View>
    </View>
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
