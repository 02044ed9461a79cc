/** What the full-screen image viewer needs (ImageViewer.h5.tsx draws it). */
export interface ImageViewerProps {
  urls: readonly string[]
  name: string
  /** The picture shown; null: closed. */
  openAt: number | null
  onMove(index: number): void
  onClose(): void
}

/** The mini-programs show pictures in the host's own viewer (platform.previewImages): nothing to draw here. */
export function ImageViewer(_: ImageViewerProps) {
  return null
}
