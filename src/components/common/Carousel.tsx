import { Children, isValidElement, type ReactNode } from 'react'
import { Swiper, SwiperItem } from '@tarojs/components'

/**
 * The carousel fills its parent, which gives it its size: callers size a box around it rather than
 * restyling its root. Lazily loaded pages bring Carousel.scss again in their own CSS chunk, and a rule
 * of the caller's on the carousel's root lost to that later copy of `.carousel` (the home banner went
 * blank when the product page's styles were preloaded).
 */
export interface CarouselProps {
  /** Names the carousel for assistive technology (H5). */
  label: string
  autoplay?: boolean
  /** Milliseconds between slides when autoplaying. */
  interval?: number
  /** A slide asked for from outside (the product page: the chosen colour's picture); a change of it moves there. */
  current?: number | null
  /** One child per slide, each with a key. */
  children: ReactNode
}

/**
 * Slides with dots, on the mini-programs the platform's native swiper (it costs no JS there).
 * H5 has its own implementation in Carousel.h5.tsx: CSS scroll snapping instead of the Swiper web
 * component, which pulls about 50 KB gzip of the swiper library into the H5 first load.
 */
export function Carousel({ autoplay = false, interval = 5000, current, children }: CarouselProps) {
  return (
    <Swiper style={{ width: '100%', height: '100%' }} indicatorDots autoplay={autoplay} circular interval={interval} {...(current != null ? { current } : {})}>
      {Children.map(children, (child, index) => (
        <SwiperItem key={isValidElement(child) && child.key !== null ? child.key : index}>{child}</SwiperItem>
      ))}
    </Swiper>
  )
}
