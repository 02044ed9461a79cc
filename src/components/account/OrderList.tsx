import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { useOrders } from '@/hooks/useOrders'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { OrderRow } from './OrderRow'
import './AccountPage.scss'
import './Orders.scss'

/** /user/orders: the count, then rows 10 at a time; reaching the bottom (or "Load more") fetches the next page. */
export function OrderList() {
  const t = useT()
  const { orders, count, loading, error, hasMore, loadMore, retry } = useOrders()

  return (
    <View className="account-page order-list">
      <Text className="account-page__title">{t('user.orders.title')}</Text>
      {count !== null ? <Text className="order-list__count">{t('user.orders.count', { count })}</Text> : null}
      {!loading && !error && orders.length === 0 ? (
        <EmptyState message={t('user.orders.empty')} action={{ label: t('user.orders.shop'), onClick: () => platform.navigate('/store') }} />
      ) : null}
      {orders.map((order) => (
        <OrderRow key={order.orderID} order={order} />
      ))}
      {error ? <EmptyState tone="error" message={t('common.error', { message: error })} action={{ label: t('common.retry'), onClick: retry }} /> : null}
      {loading ? <Spinner label={t('common.loading')} /> : null}
      {hasMore && !loading && !error ? (
        <Button className="order-list__more" onClick={loadMore}>
          {t('user.orders.loadMore')}
        </Button>
      ) : null}
    </View>
  )
}
