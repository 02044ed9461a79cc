import { Text, View } from '@tarojs/components'

export default function Index() {
  return (
    <View>
      <Text>Hello world</Text>
    </View>
  )
}
