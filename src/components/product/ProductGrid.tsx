import { CustomWrapper, View } from '@tarojs/components'
import type { Product } from '@/api/catalog'
import { DEFAULT_PAGE_SIZE } from '@/domain/productQuery'
import { ProductCard } from './ProductCard'
import './ProductGrid.scss'

/**
 * Cards in chunks of one page each. On the mini-programs every chunk sits in a CustomWrapper, so loading
 * a page updates only the new chunk (setData stays small however long the list grows).
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
