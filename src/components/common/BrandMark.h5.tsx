import { BRAND_MARKS, type BrandMarkName } from '@/assets/brandMarks'
import { Img } from '@/components/taro/Img'
import './BrandMark.scss'

/** The mark as an SVG data URI in the brand's colour. */
export function brandMarkUri(name: BrandMarkName): string {
  const mark = BRAND_MARKS[name]
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#${mark.hex}" d="${mark.path}"/></svg>`)}`
}

/** A brand's own mark (simple-icons, CC0; the trademark stays the brand's) beside its name, so it is decorative (empty alt). */
export function BrandMark({ name, className = '' }: { name: BrandMarkName; className?: string }) {
  return <Img className={`brand-mark brand-mark--${name} ${className}`} src={brandMarkUri(name)} mode="aspectFit" alt="" />
}
