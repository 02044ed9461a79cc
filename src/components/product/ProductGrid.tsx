import { View } from '@tarojs/components'
import type { Product } from '@/api/catalog'
import { DEFAULT_PAGE_SIZE } from '@/domain/productQuery'
import { ProductCard } from './ProductCard'
import './ProductGrid.scss'

/**
 * Cards in chunks of one page each. Loading a page appends one chunk and the cards already shown are
 * memoized, so on the mini-programs the update (setData) carries only the new chunk's nodes.
 * Not wrapped in CustomWrapper: Taro 4.2.1 drops the custom-wrapper component from cached mini-program
 * builds (its detection only runs on modules it re-parses), which would leave the list blank there.
 */
export function ProductGrid({ products }: { products: Product[] }) {
  const chunks: Product[][] = []
  for (let i = 0; i < products.length; i += DEFAULT_PAGE_SIZE) chunks.push(products.slice(i, i + DEFAULT_PAGE_SIZE))
  return (
    <View className="product-grid">
      {chunks.map((chunk) => (
        <View key={chunk[0].id} className="product-grid__chunk">
          {chunk.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </View>
      ))}
    </View>
  )
}
