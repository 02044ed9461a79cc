import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Input } from '@/components/taro/FormComponents'
import { useReachBottom } from '@tarojs/taro'
import { PagedProductList } from '@/components/product/PagedProductList'
import { Shell } from '@/components/shell/Shell'
import { NothingFoundHelp, SearchHelp } from '@/components/store/SearchHelp'
import { useFocusOnOpen } from '@/hooks/focusOnOpen'
import { useRoute } from '@/hooks/useRoute'
import { useSearch } from '@/hooks/useSearch'
import { useT } from '@/hooks/useT'
import '../store.scss'
import './index.scss'
import '@/i18n/browse'

/** /store/search and /store/search/:term */
export default function SearchPage() {
  const t = useT()
  const route = useRoute()
  const search = useSearch(route.params.term)
  const { results } = search
  useReachBottom(results.loadMore)
  // Opened to search (no term came with the link): the field takes the focus and the phone keyboard comes up.
  const focusOnOpen = useFocusOnOpen(!route.params.term)

  return (
    <Shell title={t('search.title')}>
      <View className="store-page">
        <View className="search-page__form" role="search">
          <Input
            className="search-page__input"
            name="q"
            type="text"
            confirmType="search"
            value={search.draft}
            placeholder={t('search.placeholder')}
            {...focusOnOpen}
            nativeProps={{ 'aria-label': t('search.placeholder') }}
            onInput={(e) => search.setDraft(e.detail.value)}
            onConfirm={search.submit}
          />
          <Button className="search-page__submit" size="mini" onClick={search.submit}>
            {t('search.submit')}
          </Button>
        </View>
        {!search.term ? (
          <>
            <Text className="search-page__prompt">{t('search.prompt')}</Text>
            <SearchHelp recent={search.recent} popular={search.popular} onPick={search.searchFor} onClearRecent={search.clearRecent} />
          </>
        ) : null}
        {search.term && results.total !== null && search.correctedFrom ? (
          <Text className="search-page__corrected" role="status">
            {t('search.correctedFrom', { from: search.correctedFrom, term: search.term })}
          </Text>
        ) : null}
        {search.term && results.total !== null ? (
          <View className="store-page__head">
            <Text className="store-page__count search-page__count">{t('search.results', { count: results.total, term: search.term })}</Text>
          </View>
        ) : null}
        <PagedProductList list={results} emptyText={t('search.empty', { term: search.term })} />
        {search.term && results.total === 0 ? <NothingFoundHelp suggestions={search.suggestions} popular={search.popular} onPick={search.searchFor} /> : null}
      </View>
    </Shell>
  )
}
