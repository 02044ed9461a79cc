import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { Product } from '@/api/catalog'
import { LazyImage } from '@/components/common/LazyImage'
import { Price } from '@/components/common/Price'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import '@/i18n/walkthrough'
import './AddOnList.scss'
import { onlyWhen } from '@/components/common/booleanAttribute'

interface AddOnListProps {
  title: string
  addOns: Product[]
  addingId: string | null
  /** Add-ons already put in the cart from here: their button says "Added ✓" (a tap adds one more). */
  addedIds?: string[]
  error: string | null
  onAdd(addOn: Product): void
}

/** Small extras added to the cart with one tap (iCart). */
export function AddOnList({ title, addOns, addingId, addedIds = [], error, onAdd }: AddOnListProps) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  if (!addOns.length) return null
  return (
    <View className="add-on-list">
      <Text className="add-on-list__title" role="heading" aria-level={2}>
        {title}
      </Text>
      {error ? (
        <View className="add-on-list__error" role="alert">
          {error}
        </View>
      ) : null}
      {addOns.map((addOn) => {
        const name = localized(addOn.nameContent, addOn.name)
        const added = addedIds.includes(addOn.id)
        return (
          <View key={addOn.id} className="add-on-list__item" data-product-id={addOn.id}>
            <View className="add-on-list__thumb">
              <LazyImage src={image(addOn.images[0])} alt={name} />
            </View>
            <Text className="add-on-list__name">{name}</Text>
            <Price amount={addOn.price} currency={addOn.currency} />
            <Button className={`add-on-list__add${added ? ' add-on-list__add--added' : ''}`} size="mini" disabled={onlyWhen(addingId !== null)} loading={onlyWhen(addingId === addOn.id)} onClick={() => onAdd(addOn)}>
              {added ? t('walk.addOnAdded') : t('cart.addAddOn')}
            </Button>
          </View>
        )
      })}
    </View>
  )
}
