import { memo } from 'react'
import type { LazyImageProps } from './LazyImage'
import { lazyImageBoxStyle } from './lazyImageBox'
import './LazyImage.scss'

export type { LazyImageProps } from './LazyImage'

/**
 * H5: a plain <img> that fills its fixed-aspect box (object-fit: cover) and lets the browser lazy-load.
 * Taro's Image web component centres its inner img with translate(-50%, -50%) and sizes it only once
 * the file has loaded (and again by its natural shape), so every image moved inside its box as it
 * arrived: Lighthouse counted those as layout shifts (CLS up to 0.76). Its lazy loading also waited
 * for the component to start, so the largest paint waited for the app. Here the box and the img have
 * their final size before any byte arrives, and `eager` images start loading with the first render.
 */
export const LazyImage = memo(function LazyImage({ src, alt, ratio = 1, className, eager = false }: LazyImageProps) {
  const box = (
    <div className="lazy-image" style={lazyImageBoxStyle(ratio)}>
      {src ? (
        <img
          className="lazy-image__img lazy-image__img--cover"
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          {...(eager ? { fetchpriority: 'high' } : {})}
        />
      ) : null}
    </div>
  )
  return className ? <div className={className}>{box}</div> : box
})
