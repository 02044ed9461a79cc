import type { PropsWithChildren } from 'react'
import { View } from '@tarojs/components'
import './Shell.scss'

/** Everything a shopper sees around every page: header, side menu, footer, tab bar, modals. */
export function Shell({ children }: PropsWithChildren) {
  return (
    <View className="shell">
      <View className="shell__main">{children}</View>
    </View>
  )
}
