import { memo } from 'react'
import { View, Image } from '@tarojs/components'
import { lazyImageBoxStyle } from './lazyImageBox'
import './LazyImage.scss'

export interface LazyImageProps {
  src: string
  alt: string
  /** Height / width; the box keeps this shape before the image arrives, so nothing shifts. */
  ratio?: number
  /**
   * The class of a wrapper around the box, for the page's size and shape (a 120 px portrait, rounded corners). The
   * box itself fills that wrapper: its own `width: 100%` (repeated in every page's CSS chunk) is on another element
   * than the page's rule, so neither can win over the other by load order.
   */
  className?: string
  /** Above the fold (the page's largest paint): load at once instead of when scrolled near. */
  eager?: boolean
}

/**
 * An image that loads when it scrolls near, inside a fixed-aspect box (lazyImageBoxStyle). This is
 * the mini-programs' version (the native image component); H5 has LazyImage.h5.tsx.
 */
export const LazyImage = memo(function LazyImage({ src, alt, ratio = 1, className, eager = false }: LazyImageProps) {
  const box = (
    <View className="lazy-image" style={lazyImageBoxStyle(ratio)}>
      {src ? <Image className="lazy-image__img" src={src} mode="aspectFill" lazyLoad={!eager} nativeProps={{ alt }} /> : null}
    </View>
  )
  return className ? <View className={className}>{box}</View> : box
})
