import { View, Text } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { CampaignRow } from '@/features/campaigns/components/CampaignRow'
import { PagedProductList } from '@/components/product/PagedProductList'
import { SortBar } from '@/components/product/SortBar'
import { BrandList } from '@/components/store/BrandList'
import { Shell } from '@/components/shell/Shell'
import { productListUrl } from '@/domain/linkMapping'
import { useCategories } from '@/hooks/useCategories'
import { useLocalized } from '@/hooks/useLocalized'
import { useProductList } from '@/hooks/useProductList'
import { useT } from '@/hooks/useT'
import { useReferralCapture, useReferralPath } from '@/features/referral/useReferral'
import { usePageShare } from '@/hooks/usePageShare'
import '@/i18n/lists'
import '../store.scss'
import '@/i18n/browse'
import { Link } from '@/components/common/Link'

const ALL_PRODUCTS = {}

/** /store: every product, with the categories and brands to narrow down. */
export default function StorePage() {
  const t = useT()
  const localized = useLocalized()
  const categories = useCategories()
  const list = useProductList(ALL_PRODUCTS)
  useReachBottom(list.loadMore)
  useReferralCapture()
  // The store's share menu (mini-programs) carries a signed-in sharer's referral id.
  usePageShare({ title: t('store.title'), path: useReferralPath('/store') })

  return (
    <Shell title={t('store.title')}>
      <View className="store-page">
        <View className="store-page__head">
          <Text className="store-page__title">{t('store.listTitle.all')}</Text>
          {list.total !== null ? <Text className="store-page__count">{t('store.count', { count: list.total })}</Text> : null}
        </View>
        {categories.length ? (
          <View className="store-page__categories" aria-label={t('store.categories')}>
            {categories.map((c) => (
              <Link key={c.name} className="store-page__category" to={productListUrl(c.name)} data-category={c.name}>
                {localized(c.nameContent, c.name)}
              </Link>
            ))}
          </View>
        ) : null}
        <CampaignRow />
        <BrandList />
        <SortBar value={list.sort} onChange={list.setSort} />
        <PagedProductList list={list} emptyText={t('store.emptyList')} />
      </View>
    </Shell>
  )
}
