import { memo } from 'react'
import { View, Text } from '@tarojs/components'
import type { Product } from '@/api/catalog'
import { Link } from '@/components/common/Link'
import { LazyImage } from '@/components/common/LazyImage'
import { Price } from '@/components/common/Price'
import { MemberPrice } from '@/components/common/MemberPrice'
import { memberPriceOf } from '@/features/memberships/membership'
import { productUrl } from '@shared/routes'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './ProductCard.scss'

/**
 * One product in a list: image (CDN rule), name in the current language, price in the display currency,
 * sold-out state. Memoized, so a page that appends results leaves the cards it already has alone.
 */
export const ProductCard = memo(function ProductCard({ product }: { product: Product }) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const name = localized(product.nameContent, product.name)
  return (
    <Link
      className={`product-card${product.soldOut ? ' product-card--sold-out' : ''}`}
      to={productUrl(product.id)}
      label={name}
      data-product-id={product.id}
    >
      <View className="product-card__media">
        <LazyImage src={image(product.images[0])} alt={name} />
        {product.soldOut ? <Text className="product-card__badge product-card__badge--sold-out">{t('store.soldOut')}</Text> : null}
        {!product.soldOut && product.clearance ? <Text className="product-card__badge">{t('store.sale')}</Text> : null}
      </View>
      <Text className="product-card__name">{name}</Text>
      <Price className="product-card__price" amount={product.price} currency={product.currency} was={product.listPrice} />
      <MemberPrice className="product-card__member" view={memberPriceOf(product)} currency={product.currency} />
    </Link>
  )
})
