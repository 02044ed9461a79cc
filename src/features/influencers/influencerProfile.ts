/**
 * Influencer profile rules the editor needs (issue 14): an empty profile, a section made from a block of the store's
 * 'influencer' template, the name line and section titles in en and zh, moving items with buttons, and the checks the
 * server makes, so the shopper sees them before saving. Pure TS: no Taro, no React.
 */
import type { InfluencerProfileInput, InfluencerSection } from '@contract/influencers'
import { INFLUENCER_GALLERY_MAX, type InfluencerSectionKind } from '@contract/constants'

export type { InfluencerProfileInput, InfluencerSection }

/** A block of the 'influencer' section template (contract/content.ts, kind 'influencerSection'). */
export interface TemplateBlock {
  id: string
  block: InfluencerSectionKind
  title: { en?: string; zh?: string }
}

export const PICKS_MAX = 12

export function emptyProfile(): InfluencerProfileInput {
  return { displayName: '', bio: { en: '', zh: '' }, avatar: null, cover: null, gallery: [], socialLinks: [], sections: [] }
}

/** A text the owner writes in en and zh (the name line, a section title). */
export interface Bilingual {
  en: string
  zh: string
}
export type TextLanguage = keyof Bilingual

/** The plain text the spec's calls carry beside a bilingual one: the en text, else the zh one. */
export const plainOf = (content: Bilingual) => (content.en.trim() ? content.en : content.zh)

/** `content` with one language rewritten, and its plain text to keep beside it. */
export function rewrite(content: Bilingual | undefined, language: TextLanguage, text: string): { content: Bilingual; plain: string } {
  const next = { en: '', zh: '', ...content, [language]: text }
  return { content: next, plain: plainOf(next) }
}

/**
 * A saved version as the editor shows it: the name line and every section title as { en, zh }. A version without them
 * (written before the bilingual fields, or by another client) has its plain text in the en field.
 */
export function editableProfile(p: InfluencerProfileInput): InfluencerProfileInput {
  return {
    ...p,
    displayNameContent: p.displayNameContent ?? { en: p.displayName, zh: '' },
    sections: p.sections.map((s) => ({ ...s, titleContent: s.titleContent ?? { en: s.title, zh: '' } }))
  }
}

/** What the editor sends: a bilingual text only when the owner wrote Chinese (the plain text alone says the rest). */
export function profileBody(p: InfluencerProfileInput): InfluencerProfileInput {
  const { displayNameContent, ...rest } = p
  const sections = p.sections.map(({ titleContent, ...s }) => (titleContent?.zh.trim() ? { ...s, titleContent } : s))
  return { ...rest, ...(displayNameContent?.zh.trim() ? { displayNameContent } : {}), sections }
}

/** A new, empty section from a template block, titled with the block's title in both languages. */
export function sectionFrom(block: TemplateBlock): InfluencerSection {
  const titleContent = { en: block.title.en ?? '', zh: block.title.zh ?? '' }
  const base = { template: block.id, kind: block.block, title: plainOf(titleContent), titleContent }
  if (block.block === 'picks') return { ...base, productIds: [] }
  if (block.block === 'text') return { ...base, text: '' }
  return base
}

/** `list` with the item at `index` moved by `delta` places; unchanged when that would leave the list. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta
  if (index < 0 || index >= list.length || to < 0 || to >= list.length || delta === 0) return [...list]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item)
  return next
}

/** A product added to a picks section once, up to the limit. */
export function addPick(section: InfluencerSection, productId: string): InfluencerSection {
  const ids = section.productIds ?? []
  if (ids.includes(productId) || ids.length >= PICKS_MAX) return section
  return { ...section, productIds: [...ids, productId] }
}

export type ProfileProblem =
  | { field: 'displayName' }
  | { field: 'bio' }
  | { field: 'gallery' }
  | { field: 'section'; index: number; kind: InfluencerSectionKind }
  | { field: 'link'; index: number }

const LINK = /^https?:\/\/[^\s<>"]+$/

/** What the server would refuse, in form order; [] when the profile can be sent. */
export function profileProblems(p: InfluencerProfileInput): ProfileProblem[] {
  const problems: ProfileProblem[] = []
  if (!p.displayName.trim()) problems.push({ field: 'displayName' })
  if (!p.bio.en.trim() && !p.bio.zh.trim()) problems.push({ field: 'bio' })
  if (p.gallery.length > INFLUENCER_GALLERY_MAX) problems.push({ field: 'gallery' })
  p.sections.forEach((s, index) => {
    const empty = s.kind === 'picks' ? !s.productIds?.length : s.kind === 'text' ? !(s.text ?? '').trim() : !s.image
    if (empty) problems.push({ field: 'section', index, kind: s.kind })
  })
  p.socialLinks.forEach((l, index) => {
    if (!l.label.trim() || !LINK.test(l.url.trim())) problems.push({ field: 'link', index })
  })
  return problems
}

/**
 * The form field a problem is shown under (issue 42 n-10: a refused submit takes the focus to the first of them), or
 * null for one the list under the form alone says (the gallery, a section of pictures or products).
 */
export function problemField(problem: ProfileProblem): string | null {
  if (problem.field === 'displayName') return 'displayName'
  if (problem.field === 'bio') return 'bioEn'
  if (problem.field === 'link') return `linkLabel${problem.index}`
  if (problem.field === 'section' && problem.kind === 'text') return `sectionText${problem.index}`
  return null
}

/** The upload id of an image name 'user/<id>' (what the delete call takes). */
export const uploadIdOf = (image: string) => image.replace(/^user\//, '')
