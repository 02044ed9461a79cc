import type { PropsWithChildren } from 'react'
import { View } from '@tarojs/components'
import './ProductGrid.scss'

/**
 * One page of product cards in a list (ProductGrid). WeChat wraps it in a CustomWrapper
 * (CardPage.weapp.tsx). Alipay does not: there Taro copies its whole base template into every page
 * that uses custom-wrapper (about 12 KB each, +300 KB over the packages), and H5 has no setData.
 */
export function CardPage({ children }: PropsWithChildren) {
  return <View className="product-grid__chunk">{children}</View>
}
