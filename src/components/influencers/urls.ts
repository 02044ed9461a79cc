/** Public URLs of the influencer pages (src/domain/routes.ts). */
export const INFLUENCERS_URL = '/store/influencers'
export const influencerUrl = (id: string) => `/store/influencer/${encodeURIComponent(id)}`
export const MY_INFLUENCER_URL = '/user/influencer'
/**
 * The query parameter a shared link carries the influencer's referral id in (their myId), so a purchase through it can
 * count in the referral programme.
 */
export const REFERRAL_PARAM = 'referrer'
/** A profile's link to share: its public URL with the influencer's referral id. */
export const influencerShareUrl = (id: string, referralId: string) => `${influencerUrl(id)}?${REFERRAL_PARAM}=${encodeURIComponent(referralId)}`
