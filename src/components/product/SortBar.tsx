import { View, Text } from '@tarojs/components'
import { SORT_CHOICES, type SortChoice } from '@/hooks/useProductList'
import { useT } from '@/hooks/useT'
import './SortBar.scss'

/** Sort choices of a product list ('date' is sent to the server as 'default'). */
export function SortBar({ value, onChange }: { value: SortChoice; onChange(sort: SortChoice): void }) {
  const t = useT()
  return (
    <View className="sort-bar" role="radiogroup" aria-label={t('store.sort.label')}>
      <Text className="sort-bar__label">{t('store.sort.label')}</Text>
      {SORT_CHOICES.map((choice) => (
        <View
          key={choice}
          role="radio"
          tabIndex={0}
          aria-checked={choice === value}
          className={`sort-bar__choice${choice === value ? ' sort-bar__choice--active' : ''}`}
          data-sort={choice}
          onClick={() => onChange(choice)}
        >
          {t(`store.sort.${choice}`)}
        </View>
      ))}
    </View>
  )
}
