/** The full-screen gallery's zoom (issue 42 n-2): 1 (the whole picture) to 4 times, in steps of 1. */
export const ZOOM_MIN = 1
export const ZOOM_MAX = 4
export const ZOOM_STEP = 1
/** A click's zoom: from the whole picture in to 2.5 times; zoomed in, back to the whole picture. */
export const CLICK_ZOOM = 2.5

export function nextZoom(scale: number): number {
  return scale > ZOOM_MIN ? ZOOM_MIN : CLICK_ZOOM
}

/** Two fingers that started `from` px apart and are now `to` apart scale the zoom they started at, within the limits. */
export function pinchScale(startScale: number, from: number, to: number): number {
  if (!(from > 0) || !(to > 0)) return startScale
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, (startScale * to) / from))
}
