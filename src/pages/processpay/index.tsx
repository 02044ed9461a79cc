import { View, Text } from "@tarojs/components"

export default function Page() {
  return <View><Text>processpay</Text></View>
}
