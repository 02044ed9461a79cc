/**
 * Spec §9 "Image URLs not starting with https get the CDN path prefixed", and the footer logo rule
 * ("relative URL gets the content-delivery path prepended; https URL used as is").
 * Read literally: only https counts as absolute. The join never doubles a slash; a URL that already
 * starts with the CDN path is left alone; an empty CDN path leaves the URL unchanged.
 * `origin` is the API origin of the mini-programs, which have no page origin to resolve a relative URL
 * against (a device cannot load one): see withOrigin. H5 passes none and keeps same-origin URLs.
 */
export function imageUrl(src: string | null | undefined, cdnPath: string | null | undefined, origin = ''): string {
  const url = (src ?? '').trim()
  if (!url) return ''
  if (isAbsoluteImageUrl(url)) return url
  const cdn = (cdnPath ?? '').trim()
  if (!cdn) return withOrigin(url, origin)
  const base = cdn.replace(/\/+$/, '')
  if (url.startsWith(`${base}/`)) return withOrigin(url, origin)
  return withOrigin(`${base}/${url.replace(/^\/+/, '')}`, origin)
}

/** A URL without a scheme (a CDN path on the API's own host, '/api/...') put behind `origin`; others as they are. */
export function withOrigin(url: string, origin: string): string {
  if (!origin || !url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url
  return `${origin.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`
}

/** The spec's only absolute image URLs: those starting with https. */
export function isAbsoluteImageUrl(url: string): boolean {
  return /^https/i.test(url)
}

/** Footer logo: same rule as every other image. */
export function footerLogoUrl(src: string | null | undefined, cdnPath: string | null | undefined, origin = ''): string {
  return imageUrl(src, cdnPath, origin)
}
