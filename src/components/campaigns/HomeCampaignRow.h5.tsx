import { lazy, Suspense } from 'react'

/**
 * H5: the campaign row (its countdown, calls and rules) comes in its own chunk, fetched while the home page renders,
 * so the first load does not carry it; it shows once its campaigns have loaded, as it would anyway.
 */
const CampaignRow = lazy(() => import('./CampaignRow').then((m) => ({ default: m.CampaignRow })))

export function HomeCampaignRow() {
  return (
    <Suspense fallback={null}>
      <CampaignRow />
    </Suspense>
  )
}
