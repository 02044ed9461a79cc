import { useCallback } from 'react'
import { imageUrl } from '@/domain/imageUrl'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'

/**
 * Spec §9 image rule with the store's CDN path (appDetail.cdnpath). A CDN path on the API's own host
 * ('/api/...') is given the API origin, which mini-programs need (they have no page origin).
 */
export function useImageUrl(): (src: string | null | undefined) => string {
  const cdnPath = useAppInfo((s) => s.info?.appContent.appDetail?.cdnpath)
  return useCallback(
    (src) => {
      const url = imageUrl(src, cdnPath)
      return url.startsWith('/') && !url.startsWith('//') ? `${platform.apiOrigin()}${url}` : url
    },
    [cdnPath]
  )
}
