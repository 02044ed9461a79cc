import { View, Text } from "@tarojs/components"

export default function Page() {
  return <View><Text>general</Text></View>
}
