/**
 * The membership page (/user/membership): the plans for everyone, the shopper's membership for the signed-in, and buying
 * one (a plan goes into the normal cart). After a payment the detail is fetched fresh and app info's `membership` follows
 * it, so the header and prices change without a reload. Buying is hidden where the platform forbids virtual goods.
 */
import { useCallback, useEffect, useState } from 'react'
import { cartApi } from '@/api/cart'
import { membershipsApi } from '@/features/memberships/api'
import type { Product } from '@/api/catalog'
import { signInUrlFor } from '@/domain/accountForms'
import { platform } from '@/platform'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'
import { patchSession } from '@/hooks/patchSession'
import { useLoad } from '@/hooks/useLoad'

export const MEMBERSHIP_PATH = '/user/membership'

export function useMembership() {
  const status = useAppInfo((s) => s.status)
  const loggedIn = useAppInfo(selectLoggedIn)
  const settled = status === 'ready' || status === 'failed'
  // Once app info says who is here: the signed-in shopper's plans come from membershipProducts, a guest's from the catalogue.
  const plans = useLoad(
    useCallback(async () => (await (loggedIn ? membershipsApi.products() : membershipsApi.guestPlans())).products, [loggedIn]),
    settled
  )
  const detail = useLoad(membershipsApi.detail, settled && loggedIn)
  const [buying, setBuying] = useState<string | null>(null)
  const cartError = useCart((s) => s.error)

  // App info carries the membership everywhere else in the app: keep it in step with the fresh detail.
  useEffect(() => {
    if (detail.data) patchSession({ membership: detail.data.membership })
  }, [detail.data])

  const buy = async (plan: Product) => {
    if (!loggedIn) {
      platform.navigate(signInUrlFor(MEMBERSHIP_PATH))
      return
    }
    setBuying(plan.id)
    const ok = await useCart.getState().change(() => cartApi.add(plan.id, 1))
    setBuying(null)
    if (ok) platform.navigate('/checkout/cart')
  }

  return {
    settled,
    loggedIn,
    plans,
    detail,
    canPurchase: platform.virtualGoodsPurchase(),
    buying,
    buyError: buying === null ? cartError : null,
    buy
  }
}
