/**
 * Influencer profiles (spec §7): the shopper's own profile (status, apply, change, images) and the public list, detail
 * and like. Payload types: contract/influencers.ts; the blocks a profile may use come from the section template
 * 'influencer' (contract/content.ts).
 */
import type {
  InfluencerDetail,
  InfluencerImageUpload,
  InfluencerLike,
  InfluencerPage,
  InfluencerProfileInput,
  InfluencerStatus,
  MyInfluencerProfile
} from '@contract/influencers'
import type { SectionTemplate } from '@contract/content'
import type { Ok } from '@contract/common'
import { http, upload } from '@/api/http'

export type {
  InfluencerCard,
  InfluencerDetail,
  InfluencerPage,
  InfluencerPick,
  InfluencerProfileInput,
  InfluencerSection,
  InfluencerStatus,
  MyInfluencerProfile,
  PublicInfluencerSection,
  SocialLink
} from '@contract/influencers'
export { INFLUENCER_GALLERY_MAX, INFLUENCER_SECTION_KINDS, type InfluencerSectionKind } from '@contract/constants'

export type InfluencerSort = 'newest' | 'likes'
/** The section template whose sections are the blocks a profile may use. */
export const INFLUENCER_TEMPLATE = 'influencer'

export const influencerApi = {
  status: () => http.get<InfluencerStatus>('/admin/userManagement/influencer/status'),
  myProfile: () => http.get<MyInfluencerProfile>('/admin/userManagement/influencerProfile'),
  apply: (profile: InfluencerProfileInput) => http.post<MyInfluencerProfile>('/admin/userManagement/influencerProfile', profile),
  update: (profile: InfluencerProfileInput) => http.put<MyInfluencerProfile>('/admin/userManagement/influencerProfile', profile),
  uploadImage: (filePath: string) => upload<InfluencerImageUpload>('/admin/userManagement/image/influencer/upload', filePath, 'file'),
  deleteImage: (id: string) => http.delete<Ok>(`/admin/userManagement/image/influencer/delete/${encodeURIComponent(id)}`),
  template: () => http.get<SectionTemplate>(`/common3/sectionTemplateByType/${INFLUENCER_TEMPLATE}`),
  list: (sort: InfluencerSort, page: { startingPosition: number; numberToLoad: number }) =>
    http.get<InfluencerPage>('/common3/influencerProfile/list', { sort, ...page }),
  detail: (id: string) => http.get<InfluencerDetail>(`/common3/influencerProfile/detail/${encodeURIComponent(id)}`),
  like: (id: string) => http.get<InfluencerLike>(`/admin/userManagement/user/like/${encodeURIComponent(id)}/true`)
}
