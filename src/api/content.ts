/** Store content calls (spec §7): general pages by name and the section templates the home page is built from. */
import type { Localized } from './appInfo'
import { http } from './http'

export interface PageContent {
  name: string
  title: string
  titleContent: Localized
  /** HTML set by the store operator. */
  content: string
  contentContent: Localized
}

/** One block of a section template; which fields are set depends on `kind`. */
export interface Section {
  kind: string
  title?: string
  titleContent?: Localized
  text?: string
  textContent?: Localized
  image?: string
  link?: string
}

export const contentApi = {
  pageContent: (pageName: string) => http.get<PageContent>('/common3/pageContent', { pageName }),
  sectionTemplateByType: (type: string) => http.get<{ type: string; sections: Section[] }>(`/common3/sectionTemplateByType/${encodeURIComponent(type)}`)
}
