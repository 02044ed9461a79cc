/**
 * The campaign row on home. Mini-programs: the row itself (their main package has the size to spare and no code
 * splitting); H5 fetches it after the home page's first load (HomeCampaignRow.h5.tsx).
 */
export { CampaignRow as HomeCampaignRow } from './CampaignRow'
