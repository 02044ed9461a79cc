/**
 * Spec §4/§9: an order's payment state, rechecked every 2 seconds while Pending — and only while the page is on
 * screen (stops on useDidHide and when the page goes away; resumes on useDidShow). Spec §8: a transaction error
 * shows the failure view with the response's first message and scrolls to the top.
 */
import { useEffect, useRef, useState } from 'react'
import Taro, { useDidHide, useDidShow } from '@tarojs/taro'
import { ApiError } from '@/api/http'
import { toConfirmationView, type ConfirmationView } from '@/domain/confirmationSource'
import { POLL_INTERVAL_MS, shouldPoll, transactionErrorOf, type PaymentView } from '@/domain/paymentStatus'

/** `check` must be stable (useCallback); null = nothing to check (the view is already known). */
export function usePaymentStatus(check: (() => Promise<PaymentView>) | null, orderID: string): ConfirmationView {
  const [state, setState] = useState<ConfirmationView>({ view: 'pending' })
  const [onScreen, setOnScreen] = useState(true)
  const settled = useRef(false)
  useDidShow(() => setOnScreen(true))
  useDidHide(() => setOnScreen(false))

  useEffect(() => {
    if (!check || !onScreen || settled.current) return undefined
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = async () => {
      try {
        const next = toConfirmationView(await check(), orderID)
        if (stopped) return
        setState(next)
        if (shouldPoll(next.view)) {
          timer = setTimeout(run, POLL_INTERVAL_MS)
          return
        }
        settled.current = true
        if (next.view === 'failure' && next.message) Taro.pageScrollTo({ scrollTop: 0, duration: 0 })
      } catch (err) {
        if (stopped) return
        // A dropped connection is not the payment's answer: keep checking.
        if (err instanceof ApiError && err.status === 0) {
          timer = setTimeout(run, POLL_INTERVAL_MS)
          return
        }
        settled.current = true
        setState({ view: 'failure', message: transactionErrorOf(err) })
        Taro.pageScrollTo({ scrollTop: 0, duration: 0 })
      }
    }
    void run()
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [check, onScreen, orderID])

  return state
}
