import { View } from '@tarojs/components'
import { EmptyState } from '@/components/common/EmptyState'
import { SkeletonCards } from '@/components/common/Skeleton'
import type { PagedProducts } from '@/hooks/useProductList'
import { useT } from '@/hooks/useT'
import { ListFooter } from './ListFooter'
import { ProductGrid } from './ProductGrid'

/** A paged product list in each of its states: loading, failed, empty, cards with the next-page footer. */
export function PagedProductList({ list, emptyText }: { list: PagedProducts; emptyText: string }) {
  const t = useT()
  if (list.status === 'idle') return null
  if (list.status === 'loading') return <SkeletonCards label={t('store.loading')} />
  if (list.status === 'error') {
    return <EmptyState tone="error" message={t('store.loadFailed', { message: list.error ?? '' })} action={{ label: t('store.retry'), onClick: list.retry }} />
  }
  return (
    <View className="paged-product-list">
      {list.error ? (
        <EmptyState tone="error" message={t('store.loadFailed', { message: list.error })} action={{ label: t('store.retry'), onClick: list.retry }} />
      ) : null}
      {list.items.length ? <ProductGrid products={list.items} /> : <EmptyState message={emptyText} />}
      <ListFooter list={list} />
    </View>
  )
}
