import { lazy, Suspense, useEffect, useState } from 'react'

const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })))

/** Set once the first page has loaded: from then on every page renders its footer at once. */
let pageLoaded = false
const loadedNow = () => pageLoaded || (typeof document !== 'undefined' && document.readyState === 'complete')

/**
 * H5: the footer (menus, social and payment icons, copyright) is a chunk fetched after the first
 * page's `load` event. It is always below the fold (the main area is at least a screen tall), so it
 * is not needed for the first screen, and arriving later moves nothing above it.
 */
export function ShellFooter() {
  const [ready, setReady] = useState(loadedNow)
  useEffect(() => {
    if (ready) {
      pageLoaded = true
      return
    }
    const show = () => setReady(true)
    // The load event may have fired between the first render and this effect.
    if (loadedNow()) {
      show()
      return
    }
    window.addEventListener('load', show, { once: true })
    return () => window.removeEventListener('load', show)
  }, [ready])
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  )
}
