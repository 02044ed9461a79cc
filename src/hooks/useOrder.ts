/** One order (/user/orders/:id): its detail, cancelling where the server allows, and adding a comment. */
import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { ApiError } from '@/api/http'
import { ordersApi, type Order } from '@/api/orders'
import { useT } from './useT'

const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err))

export function useOrder(orderID: string | undefined) {
  const t = useT()
  const [order, setOrder] = useState<Order | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  const [comment, setComment] = useState('')
  const [commentError, setCommentError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'cancel' | 'comment' | null>(null)

  const load = () => {
    if (!orderID) return
    setLoadError(null)
    ordersApi.detail(orderID).then(setOrder).catch((err: unknown) => setLoadError(messageOf(err)))
  }
  useEffect(load, [orderID])

  const cancel = async () => {
    if (!order?.cancellable) return
    // Button texts stay within the platforms' limit of 4 Chinese characters (8 Latin ones).
    const answer = await Taro.showModal({
      title: t('user.order.cancelTitle'),
      content: t('user.order.cancelConfirm', { id: order.orderID }),
      confirmText: t('user.order.cancelYes'),
      cancelText: t('user.order.cancelNo')
    }).catch((err: { errMsg?: string }) => {
      setActionError(err.errMsg ?? String(err))
      return { confirm: false }
    })
    if (!answer.confirm) return
    setBusy('cancel')
    setActionError(null)
    try {
      setOrder(await ordersApi.cancel(order.orderID))
    } catch (err) {
      setActionError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  const addComment = async () => {
    if (!order) return
    const text = comment.trim()
    if (!text) {
      setCommentError(t('account.error.required'))
      return
    }
    setBusy('comment')
    setCommentError(null)
    try {
      setOrder(await ordersApi.addComment(order.orderID, text))
      setComment('')
    } catch (err) {
      setCommentError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  return { order, loadError, reload: load, cancel, actionError, comment, setComment, commentError, addComment, busy }
}
