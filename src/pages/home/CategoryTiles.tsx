import { View, Text } from '@tarojs/components'
import type { FeaturedCategory } from '@/api/content'
import { ConfiguredLink } from '@/components/common/ConfiguredLink'
import { LazyImage } from '@/components/common/LazyImage'
import { mapMenuLink, productListUrl } from '@/domain/linkMapping'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
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
            <ConfiguredLink
              key={c.name}
              className="category-tiles__tile"
              target={c.link ? mapMenuLink({ link: c.link }) : { kind: 'internal', url: productListUrl(c.name) }}
              data-category={c.name}
            >
              <LazyImage src={image(c.image)} alt={name} />
              <Text className="category-tiles__name">{name}</Text>
            </ConfiguredLink>
          )
        })}
      </View>
    </View>
  )
}
