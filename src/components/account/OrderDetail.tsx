import { View, Text } from '@tarojs/components'
import { Textarea } from '@/components/taro/FormComponents'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { platform } from '@/platform'
import { useOrder } from '@/hooks/useOrder'
import { useT } from '@/hooks/useT'
import { formatDateTime } from './orderLabels'
import { OrderView } from './OrderView'
import { WeChatReceipt } from './WeChatReceipt'
import { BusyButton } from './BusyButton'
import { BuyAgain } from './BuyAgain'
import { FormError } from './Field'
import './AccountPage.scss'
import './Orders.scss'

/** /user/orders/:id: lines, method, store, times, payment status and totals; cancel where allowed; comments. */
export function OrderDetail({ orderID }: { orderID: string | undefined }) {
  const t = useT()
  const o = useOrder(orderID)
  const { order } = o

  // Not this shopper's order, or no such order: say so, with the way to their orders rather than a retry.
  if (o.missing) return <EmptyState message={t('user.order.notFound', { id: orderID ?? '' })} action={{ label: t('user.orders.title'), onClick: () => platform.navigate('/user/orders') }} />
  if (o.loadError) return <EmptyState tone="error" message={t('common.error', { message: o.loadError })} action={{ label: t('common.retry'), onClick: o.reload }} />
  if (!order) return <Spinner label={t('common.loading')} />

  return (
    <View className="account-page order-detail">
      <OrderView order={order} />
      <WeChatReceipt order={order} />
      <BuyAgain order={order} />

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
