/**
 * The campaign page (/store/groupCampaign/{id}): the campaign, its items and participants, the countdown from the
 * server's clock, and adding an item to the shopper's campaign cart (sign-in first; the inviter of the share link
 * goes with it). When the countdown reaches 0 the campaign is loaded again to show how the server settled it. A join the
 * server refuses (the item sold out, the campaign closed meanwhile) shows the campaign and that one item as they are now.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { campaignsApi } from '@/features/campaigns/api'
import { signInUrlFor } from '@/domain/accountForms'
import { campaignCartUrl, campaignShareUrl, campaignUrl, shownStatus } from '@/features/campaigns/campaigns'
import { messageOf } from '@/domain/errors'
import { platform } from '@/platform'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useCountdown, useServerOffset } from './useCountdown'
import { useLoad } from '@/hooks/useLoad'

export function useCampaign(id: string, inviter: string | undefined) {
  const load = useCallback(async () => {
    const [detail, items, people] = await Promise.all([campaignsApi.detail(id), campaignsApi.items(id), campaignsApi.participants(id)])
    return { ...detail, items: items.items, participants: people.participants }
  }, [id])
  const loaded = useLoad(load, !!id)
  const data = loaded.data
  const offset = useServerOffset(data?.serverTime)
  const left = useCountdown(data?.campaign.endsAt, offset)
  const status = data ? shownStatus(data.campaign.status, left?.remaining ?? 0) : null
  const loggedIn = useAppInfo(selectLoggedIn)
  const [adding, setAdding] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  // The end passed while the page was open: ask the server what became of it (once it has settled).
  const { reload, setData } = loaded
  const latest = useRef(data)
  latest.current = data
  const refreshItem = useCallback(
    async (itemId: string) => {
      const [detail, item] = await Promise.all([campaignsApi.detail(id), campaignsApi.item(itemId)])
      const shown = latest.current
      if (shown) setData({ ...shown, ...detail, items: shown.items.map((it) => (it.id === item.id ? item : it)) })
    },
    [id, setData]
  )
  const ended = data?.campaign.status === 'OPEN' && left?.remaining === 0
  useEffect(() => {
    if (!ended) return
    const timer = setInterval(() => void reload(), 5000)
    return () => clearInterval(timer)
  }, [ended, reload])

  const add = useCallback(
    async (itemId: string, quantity: number) => {
      setError(null)
      if (!loggedIn) {
        platform.navigate(signInUrlFor(inviter ? campaignShareUrl(id, inviter) : campaignUrl(id)))
        return
      }
      setAdding(itemId)
      try {
        await campaignsApi.add(id, itemId, quantity, inviter)
        platform.navigate(campaignCartUrl(id, inviter))
      } catch (err) {
        setError(messageOf(err))
        await refreshItem(itemId).catch(() => reload())
      } finally {
        setAdding(null)
      }
    },
    [id, inviter, loggedIn, refreshItem, reload]
  )

  return { ...loaded, status, left, add, adding, error }
}
