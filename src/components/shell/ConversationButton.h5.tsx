import type { PropsWithChildren } from 'react'
import { View } from '@tarojs/components'

/**
 * H5 has no host conversation (platform.support is 'sheet', so TabBar never asks for one); a plain View keeps
 * Taro's button web component out of the first load, where the tab bar lives.
 */
export function ConversationButton({ className, label, children }: PropsWithChildren<{ className: string; label: string }>) {
  return (
    <View className={className} aria-label={label}>
      {children}
    </View>
  )
}
