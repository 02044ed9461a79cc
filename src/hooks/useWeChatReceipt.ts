/**
 * "Confirm receipt" of an order paid in the WeChat mini-program (issue 40): where WeChat's order-shipping service has
 * the order's payment (the server's view: shipped, confirmed), and the action that opens WeChat's confirm-receipt
 * component through the platform, then has the server ask WeChat (get_order) before anything is shown as confirmed.
 * Nothing is asked on another platform, or for an order not handed over or not paid online.
 */
import { useCallback, useState } from 'react'
import { ordersApi, type Order } from '@/api/orders'
import { messageOf } from '@/domain/errors'
import { platform } from '@/platform'
import { useLoad } from './useLoad'

/** The order states in which the goods are with the shopper or waiting for them: a receipt can be confirmed. */
const HANDED_OVER = new Set(['READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'COMPLETED'])

export type ReceiptNotice = 'pending' | 'failed' | 'unavailable' | null

export function useWeChatReceipt(order: Pick<Order, 'orderID' | 'status' | 'paymentStatus'>) {
  const applies = platform.environment().weChatMiniProgram && HANDED_OVER.has(order.status) && order.paymentStatus === 'PAID_ONLINE'
  const load = useCallback(() => ordersApi.weChatReceipt(order.orderID), [order.orderID])
  const { data: receipt, setData } = useLoad(load, applies)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<ReceiptNotice>(null)
  const [error, setError] = useState<string | null>(null)

  const confirm = async () => {
    if (!receipt || busy) return
    setBusy(true)
    setNotice(null)
    setError(null)
    try {
      const outcome = await platform.confirmReceipt({ merchantId: receipt.merchantId, merchantTradeNo: receipt.merchantTradeNo })
      if (outcome === 'success') {
        const checked = await ordersApi.checkWeChatReceipt(order.orderID)
        setData(checked)
        if (!checked.confirmedAt) setNotice('pending')
      } else if (outcome === 'fail') setNotice('failed')
      else if (outcome === 'unavailable') setNotice('unavailable')
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return {
    /** Show the action: WeChat has the shipping and no confirmation yet. */
    confirmable: !!receipt && receipt.shipped && !receipt.confirmedAt,
    confirmedAt: receipt?.confirmedAt ?? null,
    busy,
    notice,
    error,
    confirm
  }
}
