import { useCallback, useState } from 'react'
import { platform } from '@/platform'

/**
 * A full-screen view of a product's pictures (issue 42 n-2), from the one tapped: the mini-programs' own viewer
 * (platform.previewImages: pinch, swipe), else the page's (H5: components/product/ImageViewer, at `openAt`).
 */
export function useImageViewer(urls: readonly string[]) {
  const [openAt, setOpenAt] = useState<number | null>(null)
  const open = useCallback(
    (index: number) => {
      if (platform.previewImages) platform.previewImages([...urls], index)
      else setOpenAt(index)
    },
    [urls]
  )
  return { openAt, open, close: useCallback(() => setOpenAt(null), []), move: setOpenAt }
}
