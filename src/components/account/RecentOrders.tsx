import { View, Text } from '@tarojs/components'
import { useRecentOrders } from '@/hooks/useRecentOrders'
import { useT } from '@/hooks/useT'
import { OrderRow } from './OrderRow'
import { TextLink } from './TextLink'
import './MyAccount.scss'

/** My account's newest orders, each opening its detail, and the way to the whole history; nothing before the first order. */
export function RecentOrders() {
  const t = useT()
  const { orders } = useRecentOrders()
  if (!orders?.length) return null
  return (
    <View className="my-account__section recent-orders">
      <Text className="my-account__heading">{t('user.orders.recent')}</Text>
      {orders.map((order) => (
        <OrderRow key={order.orderID} order={order} />
      ))}
      <TextLink to="/user/orders" label={t('user.orders.all')} className="recent-orders__all" />
    </View>
  )
}
