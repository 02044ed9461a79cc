import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react'
import { useT } from '@/hooks/useT'
import { nextZoom, pinchScale, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '@/domain/zoom'
import type { ImageViewerProps } from './ImageViewer'
import '@/i18n/web'
import './Lightbox.scss'

/**
 * H5's full-screen gallery (issue 42 n-2): the product's pictures one at a time over the page, as JD's and Dawn's.
 * Zoom: a click or tap on the picture zooms in there (again: back out), the + and − buttons, the keyboard's + and −,
 * two fingers pinch; a zoomed picture is dragged to look around. Keyboard: Esc closes, ← and → move, Tab stays inside;
 * closed, the focus goes back to what opened it (the picture in the page). Loaded only when a picture is first opened.
 */
export function Lightbox({ urls, name, index, onMove, onClose }: ImageViewerProps & { index: number }) {
  const t = useT()
  const root = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const [scale, setScale] = useState(1)
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const gesture = useRef<{ distance: number; scale: number; moved: boolean; last: { x: number; y: number } | null }>({ distance: 0, scale: 1, moved: false, last: null })
  const count = urls.length

  // Opened: the focus on Close, the page behind not scrolling; closed: the focus back where it was.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    closeButton.current?.focus()
    return () => {
      document.body.style.overflow = overflow
      opener?.focus?.()
    }
  }, [])

  // Another picture starts unzoomed.
  useEffect(() => {
    setScale(1)
    setOffset({ x: 0, y: 0 })
  }, [index])

  const go = (step: number) => count > 1 && onMove((index + step + count) % count)
  const zoomTo = (next: number) => {
    setScale(next)
    if (next === 1) setOffset({ x: 0, y: 0 })
  }

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') onClose()
    else if (event.key === 'ArrowLeft') go(-1)
    else if (event.key === 'ArrowRight') go(1)
    else if (event.key === '+' || event.key === '=') zoomTo(Math.min(ZOOM_MAX, scale + ZOOM_STEP))
    else if (event.key === '-') zoomTo(Math.max(ZOOM_MIN, scale - ZOOM_STEP))
    else if (event.key === 'Tab') {
      // The dialog keeps the focus: Tab from its last control goes to its first, Shift+Tab the other way.
      const stops = [...(root.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])]
      const at = stops.indexOf(document.activeElement as HTMLElement)
      const next = event.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at === stops.length - 1 ? 0 : at + 1
      stops[next]?.focus()
    } else return
    event.preventDefault()
    event.stopPropagation()
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId)
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    const points = [...pointers.current.values()]
    gesture.current = { distance: points.length === 2 ? Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) : 0, scale, moved: false, last: { x: event.clientX, y: event.clientY } }
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    const points = [...pointers.current.values()]
    const g = gesture.current
    if (points.length === 2 && g.distance > 0) {
      g.moved = true
      zoomTo(pinchScale(g.scale, g.distance, Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y)))
    } else if (points.length === 1 && scale > 1 && g.last) {
      const dx = event.clientX - g.last.x
      const dy = event.clientY - g.last.y
      if (Math.abs(dx) + Math.abs(dy) > 2) g.moved = true
      setOffset((o) => ({ x: o.x + dx, y: o.y + dy }))
      g.last = { x: event.clientX, y: event.clientY }
    }
  }
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId)
    gesture.current.last = null
  }
  // A click (not the end of a drag or pinch) zooms in on the point clicked, or back out.
  const onImageClick = (event: ReactMouseEvent<HTMLImageElement>) => {
    if (gesture.current.moved) return
    const next = nextZoom(scale)
    if (next === 1) return zoomTo(1)
    const box = event.currentTarget.getBoundingClientRect()
    const cx = event.clientX - (box.left + box.width / 2)
    const cy = event.clientY - (box.top + box.height / 2)
    setScale(next)
    setOffset({ x: (-cx * (next - scale)) / scale, y: (-cy * (next - scale)) / scale })
  }

  return (
    <div className="lightbox" ref={root} role="dialog" aria-modal="true" aria-label={t('gallery.label', { name, index: index + 1, count })} onKeyDown={onKeyDown}>
      <div className="lightbox__stage" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp}>
        <img
          className={`lightbox__image${scale > 1 ? ' lightbox__image--zoomed' : ''}`}
          src={urls[index]}
          alt={t('product.imageOf', { index: index + 1, name })}
          draggable={false}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
          onClick={onImageClick}
        />
      </div>
      <div className="lightbox__bar">
        <span className="lightbox__count" aria-hidden="true">
          {index + 1} / {count}
        </span>
        <button type="button" className="lightbox__button" aria-label={t('gallery.zoomOut')} disabled={scale <= ZOOM_MIN} onClick={() => zoomTo(Math.max(ZOOM_MIN, scale - ZOOM_STEP))}>
          −
        </button>
        <button type="button" className="lightbox__button" aria-label={t('gallery.zoomIn')} disabled={scale >= ZOOM_MAX} onClick={() => zoomTo(Math.min(ZOOM_MAX, scale + ZOOM_STEP))}>
          +
        </button>
        <button type="button" ref={closeButton} className="lightbox__button" aria-label={t('gallery.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {count > 1 && (
        <>
          <button type="button" className="lightbox__button lightbox__nav lightbox__nav--previous" aria-label={t('gallery.previous')} onClick={() => go(-1)}>
            ‹
          </button>
          <button type="button" className="lightbox__button lightbox__nav lightbox__nav--next" aria-label={t('gallery.next')} onClick={() => go(1)}>
            ›
          </button>
        </>
      )}
    </div>
  )
}
