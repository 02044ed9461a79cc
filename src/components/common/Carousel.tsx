import { Children, isValidElement, type ReactNode } from 'react'
import { Swiper, SwiperItem } from '@tarojs/components'

export interface CarouselProps {
  className?: string
  /** Names the carousel for assistive technology (H5). */
  label: string
  autoplay?: boolean
  /** Milliseconds between slides when autoplaying. */
  interval?: number
  /** One child per slide, each with a key. */
  children: ReactNode
}

/**
 * Slides with dots, on the mini-programs the platform's native swiper (it costs no JS there).
 * H5 has its own implementation in Carousel.h5.tsx: CSS scroll snapping instead of the Swiper web
 * component, which pulls about 50 KB gzip of the swiper library into the H5 first load.
 */
export function Carousel({ className, autoplay = false, interval = 5000, children }: CarouselProps) {
  return (
    <Swiper className={className} indicatorDots autoplay={autoplay} circular interval={interval}>
      {Children.map(children, (child, index) => (
        <SwiperItem key={isValidElement(child) && child.key !== null ? child.key : index}>{child}</SwiperItem>
      ))}
    </Swiper>
  )
}
