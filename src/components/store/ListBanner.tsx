import { View, Text } from '@tarojs/components'
import type { ListHeading } from '@/api/catalog'
import { LazyImage } from '@/components/common/LazyImage'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import './Lists.scss'

/** The banner image and short text under a category or tag list's title (nothing when the list has neither). */
export function ListBanner({ heading, title }: { heading: ListHeading | null; title: string }) {
  const localized = useLocalized()
  const imageUrl = useImageUrl()
  if (!heading || (!heading.banner && !heading.blurb)) return null
  return (
    <View className="list-banner">
      {heading.banner ? <LazyImage className="list-banner__image" src={imageUrl(heading.banner)} alt={title} ratio={0.3} eager /> : null}
      {heading.blurb ? <Text className="list-banner__blurb">{localized(heading.blurb, heading.blurb.en)}</Text> : null}
    </View>
  )
}
