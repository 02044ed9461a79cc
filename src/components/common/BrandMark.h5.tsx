import { BRAND_MARKS, type BrandMarkName, type MarkName } from '@/assets/brandMarks'
import { contentApi } from '@/api/content'
import { Img } from '@/components/taro/Img'
import './BrandMark.scss'

const isBundled = (name: MarkName): name is BrandMarkName => Object.prototype.hasOwnProperty.call(BRAND_MARKS, name)

/** The mark as an SVG data URI in the brand's colour. */
export function brandMarkUri(name: BrandMarkName): string {
  const mark = BRAND_MARKS[name]
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#${mark.hex}" d="${mark.path}"/></svg>`)}`
}

/**
 * A brand's own mark beside its name, so decorative (empty alt): simple-icons' (CC0; the trademark stays the brand's)
 * drawn from the bundle; a mark too large to bundle (multi-colour, several KB, UnionPay's) loaded by URL from the API.
 */
export function BrandMark({ name, className = '' }: { name: MarkName; className?: string }) {
  const src = isBundled(name) ? brandMarkUri(name) : contentApi.brandMarkUrl(name)
  return <Img className={`brand-mark brand-mark--${name} ${className}`} src={src} mode="aspectFit" alt="" />
}
