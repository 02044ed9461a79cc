/**
 * The campaign row on home, for the campaigns home loaded with its content. Mini-programs: the row itself (their main
 * package has the size to spare and no code splitting); H5 fetches it in its own chunk (HomeCampaignRow.h5.tsx).
 */
export { CampaignCards as HomeCampaignRow } from './CampaignRow'
