import type { ReactNode } from 'react'
import { ScrollView } from '@tarojs/components'

export interface HorizontalScrollProps {
  className?: string
  /** Names the scrolling region for assistive technology (H5). */
  label: string
  children: ReactNode
}

/**
 * A row that scrolls sideways: the native scroll-view on the mini-programs. H5 has
 * HorizontalScroll.h5.tsx, a plain scrolling element instead of Taro's scroll-view web component.
 */
export function HorizontalScroll({ className, children }: HorizontalScrollProps) {
  return (
    <ScrollView className={className} scrollX enhanced showScrollbar={false}>
      {children}
    </ScrollView>
  )
}
