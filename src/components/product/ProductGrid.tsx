import { View } from '@tarojs/components'
import type { Product } from '@/api/catalog'
import { DEFAULT_PAGE_SIZE } from '@shared/productQuery'
import { CardPage } from './CardPage'
import { ProductCard } from './ProductCard'
import './ProductGrid.scss'

/**
 * Cards in chunks of one page each. Loading a page appends one chunk and the cards already shown are
 * memoized, so on the mini-programs the update (setData) carries only the new chunk's nodes; on
 * WeChat each chunk is also a CustomWrapper (CardPage.weapp.tsx), so a change inside one page of
 * cards is set on that wrapper alone instead of through the whole page's data.
 */
export function ProductGrid({ products }: { products: Product[] }) {
  const chunks: Product[][] = []
  for (let i = 0; i < products.length; i += DEFAULT_PAGE_SIZE) chunks.push(products.slice(i, i + DEFAULT_PAGE_SIZE))
  return (
    <View className="product-grid">
      {chunks.map((chunk) => (
        <CardPage key={chunk[0].id}>
          {chunk.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </CardPage>
      ))}
    </View>
  )
}
