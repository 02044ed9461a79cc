import { useCallback, useEffect } from 'react'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { ordersApi } from '@/api/orders'
import { platform } from '@/platform'
import { useLoad } from '@/hooks/useLoad'
import { useT } from '@/hooks/useT'

/**
 * The order page opened from a WeChat shipping or confirm-receipt message (issue 40): WeChat names the payment
 * (merchant_trade_no), the server answers the shopper's order it paid, and the page becomes that order's own.
 */
export function OrderOfPayment({ paymentNumber }: { paymentNumber: string }) {
  const t = useT()
  const load = useCallback(() => ordersApi.ofPayment(paymentNumber), [paymentNumber])
  const { data: order, error, missing, reload } = useLoad(load)
  useEffect(() => {
    if (order) platform.navigate(`/user/orders/${order.orderID}`, 'replace')
  }, [order])
  if (missing) return <EmptyState message={t('user.order.paymentNotFound')} action={{ label: t('user.orders.title'), onClick: () => platform.navigate('/user/orders') }} />
  if (error) return <EmptyState tone="error" message={t('common.error', { message: error })} action={{ label: t('common.retry'), onClick: reload }} />
  return <Spinner label={t('common.loading')} />
}
