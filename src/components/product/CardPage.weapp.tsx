import type { PropsWithChildren } from 'react'
import { CustomWrapper, View } from '@tarojs/components'
import './ProductGrid.scss'

/**
 * WeChat: each page of cards is a CustomWrapper, so a change inside it is set on that wrapper
 * (a small setData) instead of through the whole page's data. (Taro 4.2.1 only notices
 * CustomWrapper in modules it re-parses; config/index.ts registers custom-wrapper on every weapp
 * build so a cached build does not leave it out.)
 */
export function CardPage({ children }: PropsWithChildren) {
  return (
    <CustomWrapper>
      <View className="product-grid__chunk">{children}</View>
    </CustomWrapper>
  )
}
