import { View, Text } from '@tarojs/components'
import './Influencers.scss'

/** Stands in for a missing profile picture: the first letter of the name. */
export function Initials({ name }: { name: string }) {
  return (
    <View className="influencer-initials" aria-hidden="true">
      <Text>{Array.from(name.trim())[0]?.toUpperCase() ?? '?'}</Text>
    </View>
  )
}
