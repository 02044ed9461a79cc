import { useCallback } from 'react'
import { imageUrl, isAbsoluteImageUrl, withOrigin } from '@shared/imageUrl'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'

/**
 * Spec §9 image rule with the store's CDN path (appDetail.cdnpath). A URL left without a scheme ('/api/...')
 * is given the API origin, which mini-programs need (they have no page origin). While app info
 * is still on its way the CDN path is unknown: a relative image gets no URL yet ('' renders no image) rather
 * than one the browser would resolve against the page's own path (/checkout/x.svg); if app info fails, the
 * image name is used as it is.
 */
export function useImageUrl(): (src: string | null | undefined) => string {
  const cdnPath = useAppInfo((s) => s.info?.appContent.appDetail?.cdnpath)
  const waiting = useAppInfo((s) => !s.info && (s.status === 'idle' || s.status === 'loading'))
  return useCallback(
    (src) => {
      const url = imageUrl(src, cdnPath)
      if (waiting && !isAbsoluteImageUrl(url)) return ''
      return withOrigin(url, platform.apiOrigin())
    },
    [cdnPath, waiting]
  )
}
