import { Children, isValidElement, useCallback, useEffect, useRef, useState } from 'react'
import { useT } from '@/hooks/useT'
import type { CarouselProps } from './Carousel'
import '@/i18n/web'
import './Carousel.scss'

export type { CarouselProps } from './Carousel'

/**
 * H5 carousel: a horizontally scrolling strip with CSS scroll snapping (the browser does the swiping),
 * dots that are real buttons, and autoplay that stops for good once the shopper touches it or asks
 * for reduced motion. It replaces Taro's Swiper web component on H5, which brings the whole swiper
 * library (about 50 KB gzip) into the first load. The mini-programs use the native swiper (Carousel.tsx).
 */
export function Carousel({ label, autoplay = false, interval = 5000, current: asked, children }: CarouselProps) {
  const t = useT()
  const track = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)
  const [playing, setPlaying] = useState(autoplay)
  const slides = Children.toArray(children)
  const count = slides.length

  const show = useCallback((index: number) => {
    const el = track.current
    if (!el) return
    // Not scrollIntoView: that would scroll the page too.
    el.scrollTo?.({ left: index * el.clientWidth, behavior: 'smooth' })
    setCurrent(index)
  }, [])

  // A slide asked for from outside (the chosen colour's picture) is shown, and stops the autoplay.
  useEffect(() => {
    if (asked == null || asked < 0 || asked >= count) return
    setPlaying(false)
    show(asked)
  }, [asked, count, show])

  useEffect(() => {
    if (!playing || count < 2) return
    if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    const timer = setTimeout(() => show((current + 1) % count), interval)
    return () => clearTimeout(timer)
  }, [playing, current, count, interval, show])

  const onScroll = () => {
    const el = track.current
    if (!el || !el.clientWidth) return
    const index = Math.round(el.scrollLeft / el.clientWidth)
    if (index !== current && index >= 0 && index < count) setCurrent(index)
  }
  const stop = () => setPlaying(false)

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="carousel__track" ref={track} tabIndex={0} role="group" aria-label={label} onScroll={onScroll} onPointerDown={stop} onTouchStart={stop} onFocus={stop}>
        {slides.map((child, index) => (
          <div
            key={isValidElement(child) && child.key !== null ? child.key : index}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('carousel.slide', { n: index + 1, count })}
          >
            {child}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__dots">
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              className={`carousel__dot${index === current ? ' carousel__dot--current' : ''}`}
              aria-label={t('carousel.slide', { n: index + 1, count })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => {
                stop()
                show(index)
              }}
            />
          ))}
        </div>
      )}
    </div>
  )
}
