import { useCallback } from 'react'
import { imageUrl } from '@/domain/imageUrl'
import { useAppInfo } from '@/stores/appInfo'

/** Spec §9 image rule with the store's CDN path (appDetail.cdnpath). */
export function useImageUrl(): (src: string | null | undefined) => string {
  const cdnPath = useAppInfo((s) => s.info?.appContent.appDetail?.cdnpath)
  return useCallback((src) => imageUrl(src, cdnPath), [cdnPath])
}
