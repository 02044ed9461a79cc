import { CustomWrapper, View } from '@tarojs/components'
import type { Product } from '@/api/catalog'
import { DEFAULT_PAGE_SIZE } from '@/domain/productQuery'
import { ProductCard } from './ProductCard'
import './ProductGrid.scss'

/**
 * Cards in chunks of one page each. Loading a page appends one chunk and the cards already shown are
 * memoized, so on the mini-programs the update (setData) carries only the new chunk's nodes; each
 * chunk is a CustomWrapper, so a change inside one page of cards is set on that wrapper alone instead
 * of through the whole page's data. (Taro 4.2.1 only notices CustomWrapper in modules it re-parses,
 * so a cached build used to leave the custom-wrapper component out; config/index.ts now always
 * registers it for the mini-programs.)
 */
export function ProductGrid({ products }: { products: Product[] }) {
  const chunks: Product[][] = []
  for (let i = 0; i < products.length; i += DEFAULT_PAGE_SIZE) chunks.push(products.slice(i, i + DEFAULT_PAGE_SIZE))
  return (
    <View className="product-grid">
      {chunks.map((chunk) => (
        <CustomWrapper key={chunk[0].id}>
          <View className="product-grid__chunk">
            {chunk.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </View>
        </CustomWrapper>
      ))}
    </View>
  )
}
