/** One blog post (/blog/:slug): loading, the post, `notFound` for an unknown or unpublished one, or an error to retry. */
import { useCallback } from 'react'
import { blogApi, type BlogPost } from '@/api/blog'
import { ApiError } from '@/api/http'
import { useLoad } from './useLoad'

export function useBlogPost(slug: string) {
  const load = useCallback(
    () =>
      blogApi.post(slug).catch((err: unknown): BlogPost | 'notFound' => {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return 'notFound'
        throw err
      }),
    [slug]
  )
  const loaded = useLoad(load, !!slug)
  const notFound = !slug || loaded.data === 'notFound'
  const post = loaded.data && loaded.data !== 'notFound' ? loaded.data : null
  return { post, notFound, loading: loaded.loading, error: loaded.error, retry: loaded.reload }
}
