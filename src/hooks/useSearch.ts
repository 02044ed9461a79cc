import { useCallback, useEffect, useMemo, useState } from 'react'
import { catalogApi } from '@/api/catalog'
import { searchHelpApi } from '@/api/searchHelp'
import { RECENT_SEARCHES_KEY, recentSearchesFrom, rememberSearch } from '@/domain/recentSearches'
import { platform } from '@/platform'
import { searchUrl } from '@shared/routes'
import { useLocale } from '@/stores/locale'
import { showInAddressBar } from './addressBar'
import { usePagedProducts, type PagedSource } from './useProductList'
import { useScrollRestore } from './useScrollRestore'

/**
 * Search at /store/search and /store/search/:term: the typed term, the submitted term, and its paged
 * results with the total from searchCount. Help around it: the shopper's recent searches (kept on the device) and the
 * store's popular ones while nothing is searched, and "did you mean" close matches when a search finds nothing.
 */
export function useSearch(initialTerm: string | undefined) {
  const [draft, setDraft] = useState(initialTerm ?? '')
  const [term, setTerm] = useState((initialTerm ?? '').trim())
  const source = useMemo<PagedSource | null>(
    () =>
      term
        ? {
            key: `search:${term.toLowerCase()}`,
            page: (startingPosition, numberToLoad) => catalogApi.search(term, { startingPosition, numberToLoad }),
            count: () => catalogApi.searchCount(term).then((r) => r.count)
          }
        : null,
    [term]
  )
  const results = usePagedProducts(source)
  useScrollRestore(source?.key ?? null, results.items)

  const [recent, setRecent] = useState<string[]>(() => recentSearchesFrom(platform.storage.get(RECENT_SEARCHES_KEY)))
  const [popular, setPopular] = useState<string[]>([])
  const [suggestions, setSuggestions] = useState<{ term: string; list: string[] } | null>(null)
  /** The shopper's own term when the results shown are its closest match's (issue 42 n-11: "cofee" → coffee). */
  const [correctedFrom, setCorrectedFrom] = useState<string | null>(null)

  /** Searches `raw` (typed, or a tapped suggestion, recent or popular term). */
  const searchFor = useCallback(
    (raw: string) => {
      const next = raw.trim()
      if (!next) return
      setCorrectedFrom(null)
      setDraft(next)
      const updated = rememberSearch(recent, next)
      setRecent(updated)
      platform.storage.set(RECENT_SEARCHES_KEY, updated)
      if (next === term) return
      setTerm(next)
      showInAddressBar({ path: searchUrl(next) })
    },
    [recent, term]
  )
  const submit = useCallback(() => searchFor(draft), [searchFor, draft])
  const clearRecent = useCallback(() => {
    setRecent([])
    platform.storage.remove(RECENT_SEARCHES_KEY)
  }, [])

  // Popular searches in the shopper's language: asked again when it changes; without them the help shows the
  // shopper's own searches only.
  const language = useLocale((s) => s.language)
  useEffect(() => {
    let live = true
    searchHelpApi.popular(language).then(
      (r) => live && setPopular(r.terms),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [language])

  // The term the shown results belong to: for a render or two after a new term, `results` still holds the last one's.
  const [resultsTerm, setResultsTerm] = useState<string | null>(null)
  useEffect(() => setResultsTerm(null), [term])
  useEffect(() => {
    if (results.status === 'ready' && results.total !== null) setResultsTerm(term)
    // Only a change of the results says they are the new term's (`term` is read, not watched).
  }, [results.status, results.total, results.items])

  // A search that found nothing asks for close matches.
  const nothingFound = term !== '' && resultsTerm === term && results.total === 0
  useEffect(() => {
    if (!nothingFound) return
    let live = true
    searchHelpApi.suggestions(term).then(
      (r) => live && setSuggestions({ term, list: r.suggestions }),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [nothingFound, term])

  // Nothing for the shopper's own words: their closest match is searched at once, as JD, Taobao and Shopify do, and the
  // page says so; once only (a correction that finds nothing shows its own suggestions).
  const closest = nothingFound && correctedFrom === null && suggestions?.term === term ? suggestions.list[0] : undefined
  useEffect(() => {
    if (!closest || closest.toLowerCase() === term.toLowerCase()) return
    setCorrectedFrom(term)
    setTerm(closest)
    showInAddressBar({ path: searchUrl(closest) })
  }, [closest, term])

  return {
    draft,
    setDraft,
    term,
    submit,
    searchFor,
    results,
    recent,
    clearRecent,
    popular,
    /** The shopper's words when `term` is their closest match, searched instead because they found nothing. */
    correctedFrom,
    /** "Did you mean" for the current term, once it found nothing. */
    suggestions: nothingFound && suggestions?.term === term ? suggestions.list : []
  }
}
