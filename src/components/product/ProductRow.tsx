import { View, Text } from '@tarojs/components'
import type { Product } from '@/api/catalog'
import { Link } from '@/components/common/Link'
import { HorizontalScroll } from '@/components/common/HorizontalScroll'
import { ProductCard } from './ProductCard'
import './ProductRow.scss'

/** A titled, sideways-scrolling row of cards (home sections, related products); `className` places it in its page. */
export function ProductRow({ title, products, action, className }: { title: string; products: Product[]; action?: { label: string; to: string }; className?: string }) {
  if (!products.length) return null
  return (
    <View className={className ? `product-row ${className}` : 'product-row'}>
      <View className="product-row__head">
        <Text className="product-row__title" role="heading" aria-level={2}>
          {title}
        </Text>
        {action ? (
          <Link className="product-row__action" to={action.to}>
            <Text>{action.label}</Text>
          </Link>
        ) : null}
      </View>
      <HorizontalScroll className="product-row__scroll" label={title}>
        {products.map((p) => (
          <View key={p.id} className="product-row__item">
            <ProductCard product={p} />
          </View>
        ))}
      </HorizontalScroll>
    </View>
  )
}
