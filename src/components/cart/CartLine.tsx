import { memo } from 'react'
import { View, Text } from '@tarojs/components'
import type { LineItem } from '@/api/cart'
import { LazyImage } from '@/components/common/LazyImage'
import { Price } from '@/components/common/Price'
import { MemberPrice } from '@/components/common/MemberPrice'
import { lineMemberPrice } from '@/features/memberships/membership'
import { QuantityStepper } from '@/components/product/QuantityStepper'
import { productUrl } from '@shared/routes'
import { optionValuesText } from '@/domain/options'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { useLocale } from '@/stores/locale'
import './CartLine.scss'
import { Link } from '@/components/common/Link'

interface CartLineProps {
  line: LineItem
  currency: string
  busy: boolean
  /** Set when the shopper asked for more than this line's stock. */
  rejectedAvailable: number | null
  onQuantity(line: LineItem, quantity: number): void
  onRemove(line: LineItem): void
  /** Asks whether to remove the line (the shopper typed 0). */
  onAskRemove(line: LineItem): void
}

export const CartLine = memo(function CartLine({ line, currency, busy, rejectedAvailable, onQuantity, onRemove, onAskRemove }: CartLineProps) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const language = useLocale((s) => s.language)
  const name = localized(line.nameContent, line.name)
  return (
    <View className={`cart-line${busy ? ' cart-line--busy' : ''}`} data-item-key={line.itemKey}>
      <Link className="cart-line__thumb" to={productUrl(line.productId, line.optionPair)} label={name}>
        <LazyImage src={image(line.image)} alt={name} />
      </Link>
      <View className="cart-line__body">
        <Text className="cart-line__name">{name}</Text>
        {line.optionPair ? <Text className="cart-line__options">{optionValuesText(line.optionPair, line.optionLabels, language)}</Text> : null}
        {line.addOn ? <Text className="cart-line__tag">{t('cart.addOnTag')}</Text> : null}
        <View className="cart-line__unit">
          <Price amount={line.unitPrice} currency={currency} was={line.regularUnitPrice} />
          <MemberPrice view={lineMemberPrice(line)} currency={currency} />
        </View>
        <View className="cart-line__controls">
          <QuantityStepper value={line.quantity} disabled={busy} onChange={(q) => onQuantity(line, q)} onZero={() => onAskRemove(line)} />
          <View className="cart-line__remove" role="button" tabIndex={0} onClick={() => !busy && onRemove(line)}>
            {t('cart.remove')}
          </View>
        </View>
        {rejectedAvailable !== null ? (
          <View className="cart-line__rejected" role="alert">
            {t('product.onlyLeft', { n: rejectedAvailable })}
          </View>
        ) : null}
      </View>
      <View className="cart-line__total">
        <Price amount={line.lineTotal} currency={currency} />
      </View>
    </View>
  )
})
