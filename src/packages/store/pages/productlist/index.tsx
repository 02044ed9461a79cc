import { View, Text } from '@tarojs/components'
import { SkeletonCards } from '@/components/common/Skeleton'
import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { PagedProductList } from '@/components/product/PagedProductList'
import { SortBar } from '@/components/product/SortBar'
import { Shell } from '@/components/shell/Shell'
import { ListBanner } from '@/components/store/ListBanner'
import { useListHeading } from '@/hooks/useListHeading'
import { useListTitle } from '@/hooks/useListTitle'
import { useLocalized } from '@/hooks/useLocalized'
import { useProductList } from '@/hooks/useProductList'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import '@/i18n/lists'
import '../store.scss'
import '@/i18n/browse'

/** /store/productlist?cat=&sort= and /store/tag/:tag, /store/brand/:brand, /store/clearance (menu links products/{cat} arrive as ?cat=). */
export default function ProductListPage() {
  const t = useT()
  const localized = useLocalized()
  const route = useRoute()
  const list = useProductList(route.params)
  useReachBottom(list.loadMore)

  const { subject } = list
  const named = useListTitle(route.path, route.params.list)
  const heading = useListHeading(subject)
  // A list shown at once (a revisit, the stored first page) stays shown; a first load waits for the heading too.
  const [listAtOnce] = useState(() => list.status !== 'loading')
  const waitForHeading = heading === undefined && !listAtOnce
  let title: string
  if (named) title = named
  else if (heading?.title) title = subject.kind === 'brand' ? t('store.listTitle.brand', { brand: localized(heading.title, subject.name) }) : localized(heading.title, heading.title.en)
  else if (subject.kind === 'category') {
    // The category's name in the current language comes with its products.
    const sample = list.items.find((p) => p.category.toLowerCase() === subject.name.toLowerCase())
    title = sample ? localized(sample.categoryContent, sample.category) : subject.name
  } else if (subject.kind === 'brand') title = t('store.listTitle.brand', { brand: subject.name })
  else if (subject.kind === 'tag') title = t('store.listTitle.tag', { tag: subject.name })
  else if (subject.kind === 'clearance') title = t('store.listTitle.clearance')
  else title = t('store.listTitle.all')

  return (
    <Shell title={title}>
      <View className="store-page">
        <View className="store-page__head">
          <Text className="store-page__title">{title}</Text>
          {list.total !== null ? <Text className="store-page__count">{t('store.count', { count: list.total })}</Text> : null}
        </View>
        <ListBanner heading={heading ?? null} title={title} />
        {/* Under the banner only once it is known whether there is one: it would push them down as it arrived. */}
        {waitForHeading ? (
          <SkeletonCards label={t('store.loading')} />
        ) : (
          <>
            <SortBar value={list.sort} onChange={list.setSort} />
            <PagedProductList list={list} emptyText={t('store.emptyList')} />
          </>
        )}
      </View>
    </Shell>
  )
}
