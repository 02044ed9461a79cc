/**
 * Coupons (spec §7 GET /common3/coupons/ and /{code}): the list the shopper may use (my coupons in the account, the
 * picker at checkout) and looking one code up to read its terms.
 */
import { useCallback, useState } from 'react'
import { ApiError } from '@/api/http'
import { contentApi, type Coupon } from '@/api/content'
import { lookupCode } from '@/domain/coupons'
import { messageOf } from '@/domain/errors'
import { useAppInfo } from '@/stores/appInfo'
import { useLoad } from './useLoad'

const loadCoupons = () => contentApi.coupons().then((r) => r.coupons)

/** The coupons this visitor may use; loaded again when the account signed in changes (its own coupons join). */
export function useCoupons() {
  const userID = useAppInfo((s) => s.info?.userID ?? null)
  const load = useCallback(() => loadCoupons(), [userID])
  return useLoad<Coupon[]>(load)
}

export type CouponLookup =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'found'; coupon: Coupon }
  | { state: 'unknown'; code: string }
  | { state: 'failed'; message: string }

/** "Have a code?": the typed code's terms, or that there is no such coupon for this shopper. */
export function useCouponLookup() {
  const [typed, setTyped] = useState('')
  const [result, setResult] = useState<CouponLookup>({ state: 'idle' })
  const type = useCallback((value: string) => {
    setTyped(value)
    setResult({ state: 'idle' })
  }, [])
  const check = useCallback(async () => {
    const code = lookupCode(typed)
    if (!code) return
    setResult({ state: 'busy' })
    try {
      setResult({ state: 'found', coupon: await contentApi.coupon(code) })
    } catch (err) {
      setResult(err instanceof ApiError && err.status === 404 ? { state: 'unknown', code } : { state: 'failed', message: messageOf(err) })
    }
  }, [typed])
  return { typed, type, check, result }
}
