/** The shopper's own recent searches, newest first, kept on the device (shown when the search field opens). */
export const RECENT_SEARCHES_KEY = 'istore.recentSearches'
export const RECENT_SEARCHES_MAX = 6

/** The list after searching `term`: it moves to the front (once, whatever its case), the oldest fall off. */
export function rememberSearch(list: readonly string[], term: string, max = RECENT_SEARCHES_MAX): string[] {
  const clean = term.trim().replace(/\s+/g, ' ')
  if (!clean) return [...list]
  const key = clean.toLowerCase()
  return [clean, ...list.filter((t) => t.toLowerCase() !== key)].slice(0, max)
}

/** What storage held, read defensively: only non-empty strings, at most `max`. */
export function recentSearchesFrom(stored: unknown, max = RECENT_SEARCHES_MAX): string[] {
  if (!Array.isArray(stored)) return []
  return stored.filter((t): t is string => typeof t === 'string' && t.trim() !== '').slice(0, max)
}
