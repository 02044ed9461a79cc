/**
 * Search help (issue 18): "did you mean" and the popular searches, our own calls under productManagement2 (server
 * CONTRACT.md). Apart from catalog.ts so only the search page, not the home page's bundle, carries them.
 */
import type { PopularSearches, SearchSuggestions } from '@contract/catalog'
import type { Locale } from '@contract/constants'
import { http } from './http'

export const searchHelpApi = {
  /** Close matches for a term that found nothing. */
  suggestions: (term: string) => http.get<SearchSuggestions>(`/productManagement2/products/searchSuggestions/${encodeURIComponent(term)}`),
  /** The terms shoppers search for most, in the shopper's language. */
  popular: (locale: Locale) => http.get<PopularSearches>(`/productManagement2/products/popularSearches?locale=${locale}`)
}
