import { useEffect, useRef } from 'react'

/**
 * H5: focuses the field's <input> once Taro's input web component has rendered it (a frame or two after mounting).
 * Not the component's focus or autoFocus props: an autofocus attribute is honoured once per document, not on pages
 * opened later, and `focus` would replace the element's focus method.
 */
export function useFocusOnOpen(enabled: boolean): { ref?: React.RefObject<HTMLElement> } {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!enabled) return
    let frame = 0
    const focusWhenRendered = () => {
      const input = ref.current?.querySelector('input')
      if (input) input.focus()
      else frame = requestAnimationFrame(focusWhenRendered)
    }
    focusWhenRendered()
    return () => cancelAnimationFrame(frame)
  }, [enabled])
  return { ref }
}
