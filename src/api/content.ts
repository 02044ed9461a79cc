/** Store content calls (spec §7): general pages by name and the section templates the landing pages are built from. */
import type { Localized } from './appInfo'
import { http } from './http'

export interface PageContent {
  pageName: string
  title: Localized
  /** HTML written by the store operator. */
  content: Localized
}

export interface BannerSlide {
  image: string
  title?: Localized
  subtitle?: Localized
  link?: string
  linkActionType?: 'INTERNAL_LINK' | 'EXTERNAL_LINK'
}

export interface FeaturedCategory {
  name: string
  nameContent?: Localized
  image?: string
  link?: string
}

/** The blocks a section template is made of; unknown kinds are skipped by the client. */
export type Section =
  | { kind: 'banner'; id: string; slides: BannerSlide[] }
  | { kind: 'featuredCategories'; id: string; title?: Localized; categories: FeaturedCategory[] }
  | { kind: 'productCarousel'; id: string; title?: Localized; tagName: string; numberToLoad?: number }

export const contentApi = {
  pageContent: (pageName: string) => http.get<PageContent>('/common3/pageContent', { pageName }),
  sectionTemplateByType: (type: string) =>
    http.get<{ type: string; sections: Section[] }>(`/common3/sectionTemplateByType/${encodeURIComponent(type)}`)
}
