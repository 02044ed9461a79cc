import { lazy, Suspense } from 'react'
import { View } from '@tarojs/components'
import type { CampaignList } from '@/features/campaigns/api'
import { openCampaigns } from '@/features/campaigns/campaigns'

/**
 * H5: the campaign row (its countdown, progress and cards) comes in its own chunk, so the first load does not carry it.
 * Home loads the campaigns with its content; while the chunk is on its way the row's box keeps its height (the cards'
 * height is fixed: Campaigns.scss), so the rows below it do not jump down when it arrives.
 */
const CampaignCards = lazy(() => import('./CampaignRow').then((m) => ({ default: m.CampaignCards })))

export function HomeCampaignRow({ data }: { data: CampaignList | null }) {
  if (!openCampaigns(data).length) return null
  return (
    <Suspense fallback={<View className="campaign-row campaign-row--reserved" />}>
      <CampaignCards data={data} />
    </Suspense>
  )
}
