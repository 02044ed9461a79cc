import type { HorizontalScrollProps } from './HorizontalScroll'
import './HorizontalScroll.scss'

export type { HorizontalScrollProps } from './HorizontalScroll'

/**
 * H5: the browser scrolls the row itself (overflow-x), so Taro's scroll-view web component stays out
 * of the first load. Focusable and named, so keyboard users can scroll it too.
 */
export function HorizontalScroll({ className, label, children }: HorizontalScrollProps) {
  return (
    <div className={`horizontal-scroll ${className ?? ''}`} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
