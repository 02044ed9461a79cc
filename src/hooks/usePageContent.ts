import { useCallback, useEffect, useState } from 'react'
import { contentApi, type PageContent } from '@/api/content'
import { ApiError } from '@/api/http'
import { messageOf } from '@/domain/errors'
import { HOME_PATH } from '@shared/routes'
import { platform } from '@/platform'

/**
 * A general page /{name} (spec: "empty path — general pages area") from pageContent. A name the store
 * has no page for is the spec's unknown path: it goes home, replacing this entry in the history.
 */
export function usePageContent(name: string) {
  const [page, setPage] = useState<PageContent | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setError(null)
    if (!name) {
      platform.navigate(HOME_PATH, 'replace')
      return
    }
    contentApi.pageContent(name).then(
      (p) => live && setPage(p),
      (err) => {
        if (!live) return
        if (err instanceof ApiError && err.status === 404) platform.navigate(HOME_PATH, 'replace')
        else setError(messageOf(err))
      }
    )
    return () => {
      live = false
    }
  }, [name, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { page, error, retry }
}
