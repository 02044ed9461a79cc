/**
 * The campaign cart (/checkout/campaignCart?FissionSale=…): the shopper's lines of one campaign, quantities, and paying
 * for them — reserve the campaign order on the server (campaign stock and the per-shopper limit are checked there),
 * then the platform's payment like any checkout (a browser picks a method; mini-programs pay in their own sheet).
 * Guests are sent to sign in first.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { campaignsApi } from '@/features/campaigns/api'
import { checkoutApi } from '@/api/checkout'
import { campaignCartUrl, shownStatus } from '@/features/campaigns/campaigns'
import { messageOf } from '@/domain/errors'
import { carrierOf, offeredMethods, preselectedMethod, type PaymentMethod } from '@/domain/paymentMethods'
import { platform } from '@/platform'
import { pay as payWithPlatform } from '@/payment/pay'
import { useAppInfo } from '@/stores/appInfo'
import { useRequireUser } from '@/hooks/useAccount'
import { useCountdown, useServerOffset } from './useCountdown'
import { useLoad } from '@/hooks/useLoad'
import { useT } from '@/hooks/useT'

export function useCampaignCart(id: string, inviter?: string) {
  const t = useT()
  const { ready } = useRequireUser(campaignCartUrl(id, inviter))
  const loadCart = useCallback(() => campaignsApi.cart(id), [id])
  const cart = useLoad(loadCart, ready && !!id)
  const loadConfig = useCallback(() => checkoutApi.paymentConfig(), [])
  const config = useLoad(loadConfig, ready)
  const flags = useAppInfo((s) => s.info?.appContent.system.payment)
  const environment = useMemo(() => platform.environment(), [])
  const channels = useMemo(() => (config.data?.onlineProviders.enabled ? (config.data.onlineProviders.h5Channels ?? []) : []), [config.data])
  const methods = useMemo(() => offeredMethods(flags, channels), [flags, channels])
  const choosesMethod = !environment.miniProgram
  const [method, setMethod] = useState<PaymentMethod | ''>('')
  useEffect(() => {
    if (!method || !methods.includes(method)) setMethod(preselectedMethod(methods, environment) ?? '')
  }, [methods, method, environment])

  const offset = useServerOffset(cart.data?.serverTime)
  const left = useCountdown(cart.data?.campaign.endsAt, offset)
  const status = cart.data ? shownStatus(cart.data.campaign.status, left?.remaining ?? 0) : null
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const { setData } = cart
  const setQuantity = useCallback(
    async (itemId: string, quantity: number) => {
      setError(null)
      setBusy(true)
      try {
        setData(await campaignsApi.set(id, itemId, quantity))
      } catch (err) {
        setError(messageOf(err, t))
      } finally {
        setBusy(false)
      }
    },
    [id, setData, t]
  )

  const pay = useCallback(async () => {
    setError(null)
    // A browser needs a method (the button waits for one); a mini-program pays in its own sheet.
    if (choosesMethod && !method) return
    setBusy(true)
    try {
      const { orderID } = await campaignsApi.reserve(id)
      await payWithPlatform({ orderID, channel: method ? (carrierOf(method, channels) ?? undefined) : undefined })
    } catch (err) {
      setError(messageOf(err, t))
      void cart.reload()
    } finally {
      setBusy(false)
    }
  }, [id, choosesMethod, method, channels, cart, t])

  return { ready, cart, status, left, methods, method, setMethod, choosesMethod, setQuantity, pay, busy, error }
}
