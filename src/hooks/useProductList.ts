import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { catalogApi, type Product, type ProductPage } from '@/api/catalog'
import { messageOf } from '@/domain/errors'
import { DEFAULT_PAGE_SIZE, hasMore, listCountQuery, listFilter, listQuery, sortChoice, type ListFilter, type SortChoice } from '@shared/productQuery'
import { platform } from '@/platform'
import { showInAddressBar } from './addressBar'
import { useScrollRestore } from './useScrollRestore'

/** Where a paged product list comes from; `key` names the query for the caches. */
export interface PagedSource {
  key: string
  page(startingPosition: number, numberToLoad: number): Promise<ProductPage>
  count(): Promise<number>
}

export interface PagedProducts {
  items: Product[]
  total: number | null
  /** 'loading' only while nothing (not even a cached page) can be shown. */
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
  loadingMore: boolean
  moreError: string | null
  hasMore: boolean
  loadMore(): void
  retry(): void
}

interface Snapshot {
  items: Product[]
  total: number
}

/** Every page loaded this session, per query: a revisit shows the whole list at once. */
const MEMORY_LIMIT = 20
const memory = new Map<string, Snapshot>()

function remember(key: string, snapshot: Snapshot): void {
  memory.delete(key)
  memory.set(key, snapshot)
  if (memory.size > MEMORY_LIMIT) memory.delete(memory.keys().next().value as string)
}

/** First pages kept on the device (few, small): a cold start shows the last list while it refreshes. */
const STORAGE_KEY = 'istore.firstPages'
const STORAGE_LIMIT = 8
type StoredPages = { key: string; items: Product[]; total: number }[]

function storedFirstPage(key: string): Snapshot | undefined {
  return platform.storage.get<StoredPages>(STORAGE_KEY)?.find((p) => p.key === key)
}

function storeFirstPage(key: string, snapshot: Snapshot): void {
  const others = (platform.storage.get<StoredPages>(STORAGE_KEY) ?? []).filter((p) => p.key !== key)
  const first = { key, items: snapshot.items.slice(0, DEFAULT_PAGE_SIZE), total: snapshot.total }
  platform.storage.set(STORAGE_KEY, [first, ...others].slice(0, STORAGE_LIMIT))
}

/** Test seam: empty caches for each case; `keepStored` leaves the device's pages, as an app restart does. */
export function clearListCaches({ keepStored = false } = {}): void {
  memory.clear()
  if (!keepStored) platform.storage.remove(STORAGE_KEY)
}


/**
 * Infinite list of products, DEFAULT_PAGE_SIZE at a time (spec §9), total from the count call.
 * A source of null means "nothing to load yet" (e.g. a search without a term).
 */
export function usePagedProducts(source: PagedSource | null): PagedProducts {
  // Read once: storage reads are synchronous on the mini-programs.
  const [initial] = useState(() => (source ? (memory.get(source.key) ?? storedFirstPage(source.key)) : undefined))
  const [items, setItems] = useState<Product[]>(initial?.items ?? [])
  const [total, setTotal] = useState<number | null>(initial?.total ?? null)
  const [status, setStatus] = useState<PagedProducts['status']>(source ? (initial ? 'ready' : 'loading') : 'idle')
  const [error, setError] = useState<string | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState<string | null>(null)
  // The query a response belongs to: answers for an older query are dropped.
  const current = useRef<string | null>(null)
  const busy = useRef(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    current.current = source?.key ?? null
    busy.current = false
    setLoadingMore(false)
    setMoreError(null)
    setError(null)
    if (!source) {
      setItems([])
      setTotal(null)
      setStatus('idle')
      return
    }
    const inMemory = memory.get(source.key)
    if (inMemory) {
      setItems(inMemory.items)
      setTotal(inMemory.total)
      setStatus('ready')
      return
    }
    const stored = storedFirstPage(source.key)
    setItems(stored?.items ?? [])
    setTotal(stored?.total ?? null)
    setStatus(stored ? 'ready' : 'loading')
    Promise.all([source.page(0, DEFAULT_PAGE_SIZE), source.count()]).then(
      ([page, count]) => {
        if (current.current !== source.key) return
        const snapshot = { items: page.products, total: page.hasMore ? count : page.products.length }
        remember(source.key, snapshot)
        storeFirstPage(source.key, snapshot)
        setItems(snapshot.items)
        setTotal(snapshot.total)
        setStatus('ready')
      },
      (err) => {
        if (current.current !== source.key) return
        setError(messageOf(err))
        // A stored page stays on screen; the error is shown above it.
        setStatus(stored ? 'ready' : 'error')
      }
    )
  }, [source, attempt])

  const more = total !== null && hasMore(items.length, total)

  const loadMore = useCallback(() => {
    if (!source || busy.current || !more || status !== 'ready') return
    busy.current = true
    setLoadingMore(true)
    setMoreError(null)
    const key = source.key
    source.page(items.length, DEFAULT_PAGE_SIZE).then(
      (page) => {
        if (current.current !== key) return
        busy.current = false
        const next = [...items, ...page.products.filter((p) => !items.some((have) => have.id === p.id))]
        // The page's hasMore is the last word: the count can be stale by the time the last page arrives.
        const nextTotal = page.hasMore ? Math.max(total ?? 0, next.length + 1) : next.length
        remember(key, { items: next, total: nextTotal })
        setItems(next)
        setTotal(nextTotal)
        setLoadingMore(false)
      },
      (err) => {
        if (current.current !== key) return
        busy.current = false
        setMoreError(messageOf(err))
        setLoadingMore(false)
      }
    )
  }, [source, items, more, status, total])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  return { items, total, status, error, loadingMore, moreError, hasMore: more, loadMore, retry }
}

export { SORT_CHOICES, type SortChoice } from '@shared/productQuery'

/** What the list is of, for its heading. */
export type ListSubject =
  | { kind: 'all' }
  | { kind: 'category'; name: string }
  | { kind: 'brand'; name: string }
  | { kind: 'tag'; name: string }
  | { kind: 'clearance' }

function subjectOf(filter: ListFilter): ListSubject {
  if (filter.categoryName) return { kind: 'category', name: filter.categoryName }
  if (filter.brandName) return { kind: 'brand', name: filter.brandName }
  if (filter.tagName) return { kind: 'tag', name: filter.tagName }
  if (filter.clearance) return { kind: 'clearance' }
  return { kind: 'all' }
}

/**
 * Product list of /store/productlist?cat=&sort= and its tag, brand, clearance and category variants
 * (route params cat, sort, tag, brand, clearance). 'all' means no category filter (spec §5).
 */
export function useProductList(params: Record<string, string | undefined>) {
  const [sort, setSort] = useState<SortChoice>(() => sortChoice(params.sort))
  const filter = useMemo(() => listFilter(params), [params])
  const source = useMemo<PagedSource>(
    () => ({
      key: `list:${JSON.stringify(filter)}:${sort}`,
      page: (start, count) => catalogApi.products(listQuery(filter, sort, start, count)),
      count: () => catalogApi.listCount(listCountQuery(filter)).then((r) => r.count)
    }),
    [filter, sort]
  )
  const list = usePagedProducts(source)
  useScrollRestore(source.key, list.items)
  const choose = useCallback((next: SortChoice) => {
    setSort(next)
    showInAddressBar({ param: ['sort', next] })
  }, [])
  return { ...list, sort, setSort: choose, subject: subjectOf(filter) }
}
