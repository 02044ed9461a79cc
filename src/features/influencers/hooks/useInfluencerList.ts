/** Discovering influencers: the public list, newest or most liked, paged by the server's hasMore. */
import { useCallback, useEffect, useRef, useState } from 'react'
import { influencerApi, type InfluencerCard, type InfluencerSort } from '@/features/influencers/api'
import { messageOf } from '@/domain/errors'

export const INFLUENCER_PAGE_SIZE = 12
/** The list's sort choices, in the order shown. */
export const INFLUENCER_SORTS_SHOWN: InfluencerSort[] = ['newest', 'likes']

export function useInfluencerList() {
  const [sort, setSort] = useState<InfluencerSort>('newest')
  const [items, setItems] = useState<InfluencerCard[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [error, setError] = useState<string | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  /** Only the latest request's answer counts (a sort change while a page is on its way). */
  const latest = useRef(0)

  const load = useCallback(async (which: InfluencerSort, from: number) => {
    const call = ++latest.current
    if (from === 0) setStatus('loading')
    else setLoadingMore(true)
    setError(null)
    try {
      const page = await influencerApi.list(which, { startingPosition: from, numberToLoad: INFLUENCER_PAGE_SIZE })
      if (call !== latest.current) return
      setItems((known) => (from === 0 ? page.profiles : [...known, ...page.profiles]))
      setHasMore(page.hasMore)
      setStatus('ready')
    } catch (err) {
      if (call !== latest.current) return
      setError(messageOf(err))
      if (from === 0) setStatus('error')
    } finally {
      if (call === latest.current) setLoadingMore(false)
    }
  }, [])

  useEffect(() => {
    void load(sort, 0)
  }, [load, sort])

  return {
    sort,
    setSort,
    items,
    hasMore,
    status,
    error,
    loadingMore,
    loadMore: () => void load(sort, items.length),
    retry: () => void load(sort, items.length && status === 'ready' ? items.length : 0)
  }
}
