/**
 * Spec §9 "Image URLs not starting with https get the CDN path prefixed", and the footer logo rule
 * ("relative URL gets the content-delivery path prepended; https URL used as is").
 * Read literally: only https counts as absolute. The join never doubles a slash; a URL that already
 * starts with the CDN path is left alone; an empty CDN path leaves the URL unchanged.
 */
export function imageUrl(src: string | null | undefined, cdnPath: string | null | undefined): string {
  const url = (src ?? '').trim()
  if (!url) return ''
  if (isAbsoluteImageUrl(url)) return url
  const cdn = (cdnPath ?? '').trim()
  if (!cdn) return url
  const base = cdn.replace(/\/+$/, '')
  if (url.startsWith(`${base}/`)) return url
  return `${base}/${url.replace(/^\/+/, '')}`
}

/** The spec's only absolute image URLs: those starting with https. */
export function isAbsoluteImageUrl(url: string): boolean {
  return /^https/i.test(url)
}

/** Footer logo: same rule as every other image. */
export function footerLogoUrl(src: string | null | undefined, cdnPath: string | null | undefined): string {
  return imageUrl(src, cdnPath)
}
