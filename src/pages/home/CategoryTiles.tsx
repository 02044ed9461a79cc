import { View, Text } from '@tarojs/components'
import type { FeaturedCategory } from '@/api/content'
import { LazyImage } from '@/components/common/LazyImage'
import { productListUrl } from '@/domain/linkMapping'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { platform } from '@/platform'
import { openConfiguredLink } from './HomeBanner'
import './CategoryTiles.scss'

export function CategoryTiles({ title, categories }: { title: string; categories: FeaturedCategory[] }) {
  const localized = useLocalized()
  const image = useImageUrl()
  if (!categories.length) return null
  return (
    <View className="category-tiles">
      <Text className="category-tiles__title">{title}</Text>
      <View className="category-tiles__grid">
        {categories.map((c) => {
          const name = localized(c.nameContent, c.name)
          return (
            <View
              key={c.name}
              className="category-tiles__tile"
              role="link"
              tabIndex={0}
              data-category={c.name}
              onClick={() => (c.link ? openConfiguredLink(c.link) : platform.navigate(productListUrl(c.name)))}
            >
              <LazyImage src={image(c.image)} alt={name} />
              <Text className="category-tiles__name">{name}</Text>
            </View>
          )
        })}
      </View>
    </View>
  )
}
