import { View, Text } from '@tarojs/components'
import { brandListUrl } from '@/domain/linkMapping'
import { useBrands } from '@/hooks/useBrands'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './Lists.scss'
import { Link } from '@/components/common/Link'

/** The store's brands (those that list products), each opening its list at /store/brand/:brand. */
export function BrandList() {
  const t = useT()
  const localized = useLocalized()
  const brands = useBrands()
  if (!brands.length) return null
  return (
    <View className="brand-list" aria-label={t('lists.brands')}>
      <Text className="brand-list__title">{t('lists.brands')}</Text>
      <View className="brand-list__items">
        {brands.map((b) => (
          <Link key={b.name} className="brand-list__brand" to={brandListUrl(b.name)} data-brand={b.name}>
            <Text className="brand-list__name">{localized(b.nameContent, b.name)}</Text>
            <Text className="brand-list__count">{t('lists.brandCount', { count: b.productCount })}</Text>
          </Link>
        ))}
      </View>
    </View>
  )
}
