import { View } from '@tarojs/components'
import './Icons.scss'

/*
 * Icons drawn with CSS shapes: no icon font or image pack (WeChat main package budget), and no reliance on
 * emoji fonts, which some devices and headless browsers lack. They take the text colour (currentColor).
 */

export function CartIcon() {
  return (
    <View className="icon icon--cart">
      <View className="icon__cart-handle" />
      <View className="icon__cart-bag" />
    </View>
  )
}

export function PinIcon() {
  return (
    <View className="icon icon--pin">
      <View className="icon__pin-head" />
    </View>
  )
}

export function GlobeIcon() {
  return (
    <View className="icon icon--globe">
      <View className="icon__globe-meridian" />
      <View className="icon__globe-equator" />
    </View>
  )
}

/** The red packet of the promo button. */
export function RedPacketIcon() {
  return (
    <View className="icon icon--red-packet">
      <View className="icon__red-packet-seal" />
    </View>
  )
}
