/** Store content calls (spec §7): general pages by name and the section templates the landing pages are built from. Types: contract/content.ts. */
import type { PageContent, SectionTemplate } from '@contract/content'
import { http } from './http'

export type { BannerSlide, FeaturedCategory, PageContent, Section, SectionTemplate } from '@contract/content'

export const contentApi = {
  pageContent: (pageName: string) => http.get<PageContent>('/common3/pageContent', { pageName }),
  sectionTemplateByType: (type: string) => http.get<SectionTemplate>(`/common3/sectionTemplateByType/${encodeURIComponent(type)}`)
}
