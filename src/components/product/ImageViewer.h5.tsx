import { lazy, Suspense } from 'react'
import type { ImageViewerProps } from './ImageViewer'

export type { ImageViewerProps } from './ImageViewer'

// Fetched when a picture is first opened, never with the page (the H5 first-load budget).
const Lightbox = lazy(() => import('./Lightbox').then((m) => ({ default: m.Lightbox })))

/** H5: the product's pictures full screen, with zoom (Lightbox.tsx); the mini-programs use the host's viewer. */
export function ImageViewer(props: ImageViewerProps) {
  if (props.openAt === null) return null
  return (
    <Suspense fallback={null}>
      <Lightbox {...props} index={props.openAt} />
    </Suspense>
  )
}
