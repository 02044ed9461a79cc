import { View } from '@tarojs/components'
import './Icons.scss'

/**
 * One icon set, drawn as 24×24 line SVGs (Icons.scss) and painted in the text colour through a CSS mask,
 * so the same icons show on H5 and both mini-programs: no icon font or image files (WeChat main package
 * budget), no Unicode glyphs, whose weight and size differ from font to font and device to device.
 */
export type IconName =
  | 'menu'
  | 'search'
  | 'cart'
  | 'user'
  | 'globe'
  | 'pin'
  | 'close'
  | 'chevron-down'
  | 'plus'
  | 'minus'
  | 'home'
  | 'shop'
  | 'chat'
  | 'clock'
  | 'coffee'
  | 'tag'
  | 'gift'
  | 'phone'
  | 'support'
  | 'download'
  | 'live'
  | 'dot'

/** Decorative: the control around it carries the accessible name. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <View className={`icon icon--${name}${className ? ` ${className}` : ''}`} aria-hidden="true" />
}

/** The red packet of the promo button (a drawn illustration rather than a line icon). */
export function RedPacketIcon() {
  return (
    <View className="icon-red-packet">
      <View className="icon-red-packet__seal" />
    </View>
  )
}
