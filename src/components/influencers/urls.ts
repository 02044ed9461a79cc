/** Public URLs of the influencer pages (src/domain/routes.ts). */
export const INFLUENCERS_URL = '/store/influencers'
export const influencerUrl = (id: string) => `/store/influencer/${encodeURIComponent(id)}`
export const MY_INFLUENCER_URL = '/user/influencer'
