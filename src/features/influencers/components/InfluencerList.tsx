import { View, Text } from '@tarojs/components'
import { Link } from '@/components/common/Link'
import { Button } from '@/components/taro/Button'
import type { InfluencerCard } from '@/features/influencers/api'
import { EmptyState } from '@/components/common/EmptyState'
import { LazyImage } from '@/components/common/LazyImage'
import { Spinner } from '@/components/common/Spinner'
import { useImageUrl } from '@/hooks/useImageUrl'
import { INFLUENCER_SORTS_SHOWN, useInfluencerList } from '@/features/influencers/hooks/useInfluencerList'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { Initials } from './Initials'
import { useBilingual } from '../hooks/useBilingual'
import '@/components/product/ListFooter.scss'
import '@/components/product/SortBar.scss'
import './Influencers.scss'
import { influencerUrl } from '../urls'

function Card({ card }: { card: InfluencerCard }) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const bilingual = useBilingual()
  const name = bilingual(card.displayNameContent, card.displayName)
  return (
    <Link className="influencer-card" to={influencerUrl(card.id)} label={name} data-influencer-id={card.id}>
      {card.avatar ? <LazyImage className="influencer-card__avatar" src={image(card.avatar)} alt={name} /> : <Initials name={name} />}
      <View className="influencer-card__body">
        <Text className="influencer-card__name">{name}</Text>
        <Text className="influencer-card__bio">{localized(card.bio, card.bio.en || card.bio.zh)}</Text>
        <Text className="influencer-card__likes">{t('influencer.likes', { n: card.likes })}</Text>
      </View>
    </Link>
  )
}

/** Approved influencers, newest or most liked first, a page at a time. */
export function InfluencerList() {
  const t = useT()
  const list = useInfluencerList()
  return (
    <View className="influencer-list">
      <View className="influencer-list__header">
        <Text className="influencer-list__title">{t('influencer.list.title')}</Text>
        <Text className="influencer-list__intro">{t('influencer.list.intro')}</Text>
      </View>
      <View className="sort-bar influencer-list__sort" role="radiogroup" aria-label={t('influencer.sort.label')}>
        <Text className="sort-bar__label" aria-hidden>{t('influencer.sort.label')}</Text>
        {INFLUENCER_SORTS_SHOWN.map((sort) => (
          <View
            key={sort}
            role="radio"
            tabIndex={0}
            aria-checked={sort === list.sort}
            className={`sort-bar__choice${sort === list.sort ? ' sort-bar__choice--active' : ''}`}
            data-sort={sort}
            onClick={() => list.setSort(sort)}
          >
            {t(`influencer.sort.${sort}`)}
          </View>
        ))}
      </View>
      {list.status === 'loading' ? <Spinner label={t('common.loading')} /> : null}
      {list.status === 'error' ? <EmptyState tone="error" message={t('store.loadFailed', { message: list.error ?? '' })} action={{ label: t('store.retry'), onClick: list.retry }} /> : null}
      {list.status === 'ready' && !list.items.length ? <EmptyState message={t('influencer.list.empty')} /> : null}
      {list.items.map((card) => (
        <Card key={card.id} card={card} />
      ))}
      {list.status === 'ready' && list.error ? (
        <View className="list-footer__error" role="alert">
          {t('store.loadFailed', { message: list.error })}
        </View>
      ) : null}
      {list.status === 'ready' && list.hasMore ? (
        <Button className="influencer-list__more" size="mini" loading={list.loadingMore || undefined} onClick={list.loadMore}>
          {t('influencer.loadMore')}
        </Button>
      ) : null}
    </View>
  )
}
