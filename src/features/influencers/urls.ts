/** Public URLs of the influencer pages (shared/routes.ts). */
import { referralPath } from '@/features/referral/referral'

export const INFLUENCERS_URL = '/store/influencers'
export const influencerUrl = (id: string) => `/store/influencer/${encodeURIComponent(id)}`
export const MY_INFLUENCER_URL = '/user/influencer'
/** A profile's link to share: its public URL with the influencer's referral id, as every referral link carries it. */
export const influencerShareUrl = (id: string, referralId: string) => referralPath(influencerUrl(id), referralId)
