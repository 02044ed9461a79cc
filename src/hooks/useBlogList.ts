/**
 * The blog list (/blog?category=): the categories for the filter, and the published posts newest first, BLOG_PAGE_SIZE
 * at a time, the next page on reaching the bottom (infinite load). Changing the category starts the list again and
 * writes it into the address (H5).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { BLOG_PAGE_SIZE } from '@contract/constants'
import { blogApi, type BlogPostSummary } from '@/api/blog'
import { blogCategoryParam } from '@/domain/blog'
import { messageOf } from '@/domain/errors'
import { showInAddressBar } from './addressBar'
import { useLoad } from './useLoad'

export interface BlogListState {
  posts: BlogPostSummary[]
  status: 'loading' | 'ready' | 'error'
  error: string | null
  hasMore: boolean
  loadingMore: boolean
  moreError: string | null
}

const START: BlogListState = { posts: [], status: 'loading', error: null, hasMore: false, loadingMore: false, moreError: null }

export function useBlogList(params: Record<string, string | undefined>) {
  const loadCategories = useCallback(() => blogApi.categories().then((r) => r.categories), [])
  const categories = useLoad(loadCategories)
  const [category, setCategory] = useState<string | null>(() => blogCategoryParam(params.category))
  const [state, setState] = useState<BlogListState>(START)
  const [attempt, setAttempt] = useState(0)
  // The category a page belongs to: answers for an earlier choice are dropped.
  const current = useRef(category)
  const busy = useRef(false)

  useEffect(() => {
    current.current = category
    busy.current = false
    setState(START)
    blogApi.posts(0, BLOG_PAGE_SIZE, category ?? undefined).then(
      (page) => current.current === category && setState({ ...START, posts: page.posts, status: 'ready', hasMore: page.hasMore }),
      (err) => current.current === category && setState({ ...START, status: 'error', error: messageOf(err) })
    )
  }, [category, attempt])

  const loadMore = useCallback(() => {
    if (busy.current || state.status !== 'ready' || !state.hasMore) return
    busy.current = true
    const asked = category
    setState((s) => ({ ...s, loadingMore: true, moreError: null }))
    blogApi.posts(state.posts.length, BLOG_PAGE_SIZE, asked ?? undefined).then(
      (page) => {
        if (current.current !== asked) return
        busy.current = false
        setState((s) => ({
          ...s,
          posts: [...s.posts, ...page.posts.filter((p) => !s.posts.some((have) => have.slug === p.slug))],
          hasMore: page.hasMore,
          loadingMore: false
        }))
      },
      (err) => {
        if (current.current !== asked) return
        busy.current = false
        setState((s) => ({ ...s, loadingMore: false, moreError: messageOf(err) }))
      }
    )
  }, [category, state.status, state.hasMore, state.posts.length])

  const choose = useCallback((next: string | null) => {
    setCategory(next)
    showInAddressBar({ param: ['category', next ?? ''] })
  }, [])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  return { categories: categories.data ?? [], category, choose, ...state, loadMore, retry }
}
