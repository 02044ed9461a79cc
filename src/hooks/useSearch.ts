import { useCallback, useMemo, useState } from 'react'
import { catalogApi } from '@/api/catalog'
import { showInAddressBar } from './addressBar'
import { usePagedProducts, type PagedSource } from './useProductList'

/**
 * Search at /store/search and /store/search/:term: the typed term, the submitted term, and its paged
 * results with the total from searchCount.
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

  const submit = useCallback(() => {
    const next = draft.trim()
    if (!next || next === term) return
    setTerm(next)
    showInAddressBar({ path: `/store/search/${encodeURIComponent(next)}` })
  }, [draft, term])

  return { draft, setDraft, term, submit, results }
}
