/** One order (/user/orders/:id): its detail, cancelling where the server allows, and adding a comment. */
import { useCallback, useState } from 'react'
import Taro from '@tarojs/taro'
import { ordersApi } from '@/api/orders'
import { messageOf } from '@/domain/errors'
import { useLoad } from './useLoad'
import { useT } from './useT'

export function useOrder(orderID: string | undefined) {
  const t = useT()
  const load = useCallback(() => ordersApi.detail(orderID as string), [orderID])
  const { data: order, error: loadError, missing, reload, setData: setOrder } = useLoad(load, !!orderID)
  const [actionError, setActionError] = useState<string | null>(null)
  const [comment, setComment] = useState('')
  const [commentError, setCommentError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'cancel' | 'comment' | null>(null)

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

  return { order, loadError, missing, reload, cancel, actionError, comment, setComment, commentError, addComment, busy }
}
