import { View, Text } from '@tarojs/components'
import './Spinner.scss'

/** Busy indicator with its text (the text is what screen readers and tests see). */
export function Spinner({ label }: { label: string }) {
  return (
    <View className="spinner" role="status">
      <View className="spinner__wheel" />
      <Text className="spinner__label">{label}</Text>
    </View>
  )
}
