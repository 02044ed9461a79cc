/** Store content calls (spec §7): general pages by name, the section templates the landing pages are built from, coupons. Types: contract/content.ts. */
import type { Coupon, Coupons, PageContent, SectionTemplate } from '@contract/content'
import type { MarkName } from '@/assets/brandMarks'
import { apiUrl, http } from './http'

export type { BannerSlide, Coupon, FeaturedCategory, PageContent, Section, SectionTemplate } from '@contract/content'

export const contentApi = {
  pageContent: (pageName: string) => http.get<PageContent>('/common3/pageContent', { pageName }),
  sectionTemplateByType: (type: string) => http.get<SectionTemplate>(`/common3/sectionTemplateByType/${encodeURIComponent(type)}`),
  /** The coupons this visitor may use: the public ones, and for a signed-in account those given to it. */
  coupons: () => http.get<Coupons>('/common3/coupons/'),
  /** One coupon's terms by its code (404 when the visitor may not use such a code). */
  coupon: (code: string) => http.get<Coupon>(`/common3/coupons/${encodeURIComponent(code)}`),
  /** Where a brand mark's SVG file loads from, on the API origin (every mark is served; which ones load by URL: BrandMark). */
  brandMarkUrl: (name: MarkName) => apiUrl(`/common3/brandMark/${name}.svg`)
}
