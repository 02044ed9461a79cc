import { Text, View } from '@tarojs/components'
import { HomeCampaignRow } from '@/features/campaigns/components/HomeCampaignRow'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { ProductRow } from '@/components/product/ProductRow'
import { Icon } from '@/components/shell/Icons'
import { Shell } from '@/components/shell/Shell'
import { LIVE_ROOMS_PATH } from '@shared/routes'
import { useHome } from '@/hooks/useHome'
import { useAfterFirstPaint } from '@/hooks/afterFirstPaint'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { CategoryTiles } from './CategoryTiles'
import { HomeBanner } from './HomeBanner'
import './index.scss'
import './HomeWide'
import { Link } from '@/components/common/Link'

/** The landing page, / and /home. */
export default function HomePage() {
  const t = useT()
  const localized = useLocalized()
  const { content, loading, error, retry } = useHome()
  // The first render holds what a first screen can show, the first product row the last of it on any size; the rows
  // after it, last in the page on phones and desktops alike (nothing shown moves when they come), follow the first paint.
  const rest = useAfterFirstPaint(!!content)

  let body
  if (loading) body = <Spinner label={t('store.loading')} />
  else if (!content) body = <EmptyState tone="error" message={t('store.loadFailed', { message: error ?? '' })} action={{ label: t('store.retry'), onClick: retry }} />
  else {
    body = (
      <>
        <HomeBanner slides={content.banners} />
        <CategoryTiles
          title={content.categoriesTitle ? localized(content.categoriesTitle, content.categoriesTitle.en ?? '') : t('home.featuredCategories')}
          categories={content.categories}
        />
        {content.liveRooms ? (
          <Link className="home-page__live" to={LIVE_ROOMS_PATH}>
            <Icon name="live" className="home-page__live-icon" />
            <View className="home-page__live-text">
              <Text className="home-page__live-title">{t('live.entry')}</Text>
              <Text className="home-page__live-subtitle">{t('live.entryText')}</Text>
            </View>
          </Link>
        ) : null}
        <HomeCampaignRow data={content.campaigns} />
        {(rest ? content.rows : content.rows.slice(0, 1)).map((row, index) => {
          let title: string
          if (row.id === content.newRowId) title = t('home.newProducts')
          else if (row.id === content.clearanceRowId) title = t('home.clearance')
          else title = row.title ? localized(row.title, row.title.en ?? '') : ''
          // The first row leads on a wide screen (HomeWide.scss).
          return <ProductRow key={row.id} className={index === 0 ? 'home-page__first-row' : undefined} title={title} products={row.products} action={{ label: t('home.seeAll'), to: row.url }} />
        })}
      </>
    )
  }

  return (
    <Shell>
      <View className="home-page">{body}</View>
    </Shell>
  )
}
