import { memo } from 'react'
import { View, Image } from '@tarojs/components'
import './LazyImage.scss'

interface LazyImageProps {
  src: string
  alt: string
  /** Height / width; the box keeps this shape before the image arrives, so nothing shifts. */
  ratio?: number
  className?: string
}

/** An image that loads when it scrolls near, inside a fixed-aspect box (padding-top ratio). */
export const LazyImage = memo(function LazyImage({ src, alt, ratio = 1, className }: LazyImageProps) {
  return (
    <View className={`lazy-image ${className ?? ''}`} style={{ paddingTop: `${ratio * 100}%` }}>
      {src ? <Image className="lazy-image__img" src={src} mode="aspectFill" lazyLoad nativeProps={{ alt }} /> : null}
    </View>
  )
})
