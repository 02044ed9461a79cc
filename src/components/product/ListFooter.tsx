import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { PagedProducts } from '@/hooks/useProductList'
import { useT } from '@/hooks/useT'
import './ListFooter.scss'

/** End of an infinite list: loading the next page (also on a tap, for keyboards), its error, or the end. */
export function ListFooter({ list }: { list: PagedProducts }) {
  const t = useT()
  if (list.status !== 'ready' || !list.items.length) return null
  return (
    <View className="list-footer">
      {list.moreError ? (
        <View className="list-footer__error" role="alert">
          {t('store.loadFailed', { message: list.moreError })}
        </View>
      ) : null}
      {list.loadingMore ? (
        <Text className="list-footer__text">{t('store.loadingMore')}</Text>
      ) : list.hasMore ? (
        <Button className="list-footer__more" size="mini" onClick={list.loadMore}>
          {list.moreError ? t('store.retry') : t('store.loadMore')}
        </Button>
      ) : (
        <Text className="list-footer__text">{t('store.endOfList')}</Text>
      )}
    </View>
  )
}
