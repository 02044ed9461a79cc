import { useEffect, useState } from 'react'

/**
 * H5 (issue 42 item 5): false until the browser has painted once after `ready` turned true, then true. The home page
 * draws what a first screen shows (down to the first product row) in its first render and its later product rows in a
 * render of its own after that paint: under Lighthouse's 4x CPU slowdown the one render of the whole page was one of
 * the long tasks that blocked the main thread after the first paint. A frame, then a task: the frame's callback runs
 * before that frame's paint, the task after it.
 */
export function useAfterFirstPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [ready, painted])
  return painted
}
