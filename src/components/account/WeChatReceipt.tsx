import { View, Text } from '@tarojs/components'
import type { Order } from '@/api/orders'
import { useT } from '@/hooks/useT'
import { useWeChatReceipt } from '@/hooks/useWeChatReceipt'
import { formatDateTime } from './orderLabels'
import { BusyButton } from './BusyButton'
import { FormError } from './Field'
import './WeChatReceipt.scss'

const NOTICES = { pending: 'user.order.receiptPending', failed: 'user.order.receiptFailed', unavailable: 'user.order.receiptUnavailable' } as const

/** The WeChat mini-program's "Confirm receipt" of an order handed over (WeChat's component), or that it is confirmed. */
export function WeChatReceipt({ order }: { order: Order }) {
  const t = useT()
  const r = useWeChatReceipt(order)
  if (!r.confirmable && !r.confirmedAt) return null
  return (
    <View className="order-detail__receipt">
      {r.confirmedAt ? (
        <Text className="order-detail__receipt-done">{t('user.order.receiptConfirmed', { when: formatDateTime(r.confirmedAt) })}</Text>
      ) : (
        <BusyButton className="order-detail__confirm-receipt" busy={r.busy} disabled={r.busy} onClick={r.confirm}>
          {t('user.order.confirmReceipt')}
        </BusyButton>
      )}
      {r.notice ? <Text className="order-detail__receipt-notice" role="status">{t(NOTICES[r.notice])}</Text> : null}
      <FormError message={r.error} />
    </View>
  )
}
