import { BRAND_MARKS, type BrandMarkName } from '@/assets/brandMarks'
import { Img } from '@/components/taro/Img'
import './BrandMark.scss'

/** The mark as an SVG data URI: the brand's colour, or white on the brand's colour (`onColour`). */
export function brandMarkUri(name: BrandMarkName, onColour: boolean): string {
  const mark = BRAND_MARKS[name]
  const fill = onColour ? '#ffffff' : `#${mark.hex}`
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${fill}" d="${mark.path}"/></svg>`)}`
}

/**
 * A brand's own mark (simple-icons, CC0; the trademark stays the brand's) beside its name, so it is decorative
 * (empty alt). `onColour` draws it white on a disc of the brand's colour (social links).
 */
export function BrandMark({ name, onColour = false, className = '' }: { name: BrandMarkName; onColour?: boolean; className?: string }) {
  return (
    <Img
      className={`brand-mark brand-mark--${name}${onColour ? ' brand-mark--on-colour' : ''} ${className}`}
      style={onColour ? { backgroundColor: `#${BRAND_MARKS[name].hex}` } : undefined}
      src={brandMarkUri(name, onColour)}
      mode="aspectFit"
      alt=""
    />
  )
}
