/** Blog rules without Taro: its public URLs and where a link inside a post leads. */

export const BLOG_PATH = '/blog'

/** The post page of a slug. */
export const blogPostUrl = (slug: string) => `${BLOG_PATH}/${encodeURIComponent(slug)}`

/** The list, of one category or of all. */
export const blogListUrl = (category?: string | null) => (category ? `${BLOG_PATH}?category=${encodeURIComponent(category)}` : BLOG_PATH)

/** A category from the address: a lower-case key the server knows, else none (all posts). */
export function blogCategoryParam(value: string | undefined): string | null {
  const v = (value ?? '').trim().toLowerCase()
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v) && v.length <= 60 ? v : null
}

export type LinkTarget = { kind: 'page'; url: string } | { kind: 'external'; url: string } | { kind: 'none' }

/**
 * Where a link in a post leads: a storefront path opens that page in the app, an https URL opens outside it
 * (the server lets nothing else through; anything else is shown as plain text).
 */
export function linkTarget(href: string | undefined): LinkTarget {
  if (!href) return { kind: 'none' }
  if (href.startsWith('/') && !href.startsWith('//')) return { kind: 'page', url: href }
  if (/^https:\/\/[^/]/i.test(href)) return { kind: 'external', url: href }
  return { kind: 'none' }
}

/** The day a post was published, YYYY-MM-DD in the device's time zone (the same in both languages). */
export function publishedDate(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`
}
