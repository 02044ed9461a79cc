/** The campaigns a row shows (home and /store): open ones first, as the server orders them. */
import { useCallback } from 'react'
import { campaignsApi } from '@/features/campaigns/api'
import { useLoad } from '@/hooks/useLoad'

export function useCampaigns() {
  const load = useCallback(() => campaignsApi.list(), [])
  return useLoad(load)
}
