import { View, Text } from '@tarojs/components'
import { Link } from '@/components/common/Link'
import { searchUrl } from '@shared/routes'
import { useT } from '@/hooks/useT'
import '@/i18n/walkthrough'
import './SearchHelp.scss'

/** A row of tappable search terms under a heading (recent or popular searches). */
function TermRow({ name, title, terms, onPick, action }: { name: string; title: string; terms: string[]; onPick(term: string): void; action?: { label: string; onClick(): void } }) {
  if (!terms.length) return null
  return (
    <View className={`search-help__group search-help__group--${name}`}>
      <View className="search-help__head">
        <Text className="search-help__title">{title}</Text>
        {action ? (
          <Text className="search-help__action" role="button" tabIndex={0} onClick={action.onClick}>
            {action.label}
          </Text>
        ) : null}
      </View>
      <View className="search-help__terms">
        {terms.map((term) => (
          <Text key={term} className="search-help__term" role="button" tabIndex={0} data-term={term} onClick={() => onPick(term)}>
            {term}
          </Text>
        ))}
      </View>
    </View>
  )
}

/** Shown while nothing is searched: the shopper's recent searches (with Clear) and the store's popular ones. */
export function SearchHelp({ recent, popular, onPick, onClearRecent }: { recent: string[]; popular: string[]; onPick(term: string): void; onClearRecent(): void }) {
  const t = useT()
  return (
    <View className="search-help">
      <TermRow name="recent" title={t('walk.recentSearches')} terms={recent} onPick={onPick} action={{ label: t('walk.clearRecent'), onClick: onClearRecent }} />
      <TermRow name="popular" title={t('walk.popularSearches')} terms={popular} onPick={onPick} />
    </View>
  )
}

/** A search that found nothing: "Did you mean …?" with the close matches, then the popular searches. */
export function NothingFoundHelp({ suggestions, popular, onPick }: { suggestions: string[]; popular: string[]; onPick(term: string): void }) {
  const t = useT()
  return (
    <View className="search-help">
      {suggestions.length ? (
        <View className="search-help__did-you-mean" role="status">
          <Text>{t('walk.didYouMean')}</Text>
          {suggestions.map((term) => (
            // The suggestion's own search address; a tap searches it in this page (and shows that address).
            <Link key={term} className="search-help__suggestion" to={searchUrl(term)} data-term={term} onTap={() => onPick(term)}>
              {term}
            </Link>
          ))}
        </View>
      ) : null}
      <TermRow name="popular" title={t('walk.popularSearches')} terms={popular} onPick={onPick} />
    </View>
  )
}
