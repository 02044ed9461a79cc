/**
 * The takeover of the server's first screen (server/src/lib/firstPaint.ts, issue 16 item 1): the page arrives with an
 * HTML overlay of its first screen that paints before any script; the app renders under it and removes it here, once
 * its page's main area holds content (more than the screen readers' heading), a frame after that content is in the
 * DOM. A page that never gets there still loses the overlay after `graceMs` (and CSS hides it on its own later).
 */
import { Component, startTransition } from 'react'
import { FIRST_PAINT_ID } from '@shared/firstPaint'

export { FIRST_PAINT_ID }

/**
 * While the first screen shows, class components' forceUpdate (Taro's AppWrapper.mount adds the first page with it)
 * runs as a transition, which React renders in short slices instead of one long task (total blocking time); the shell
 * covers the page meanwhile. Undone with the shell.
 */
function sliceForcedUpdates(): () => void {
  const proto = Component.prototype as { forceUpdate: (callback?: () => void) => void }
  const original = proto.forceUpdate
  proto.forceUpdate = function (this: Component, callback?: () => void) {
    startTransition(() => original.call(this, callback))
  }
  return () => {
    proto.forceUpdate = original
  }
}

export function takeOverFirstPaint(doc: Document, graceMs = 4000): void {
  const overlay = doc.getElementById(FIRST_PAINT_ID)
  if (!overlay) return
  const view = doc.defaultView
  let done = false
  const restore = sliceForcedUpdates()
  const remove = () => {
    if (done) return
    done = true
    restore()
    observer.disconnect()
    clearTimeout(timer)
    overlay.remove()
  }
  const pageShown = () => {
    const main = doc.querySelector('#app .shell__main')
    return main !== null && main.childElementCount > 1
  }
  const observer = new MutationObserver(() => {
    if (!done && pageShown()) { if (view?.requestAnimationFrame) view.requestAnimationFrame(remove); else remove() }
  })
  const timer = setTimeout(remove, graceMs)
  if (pageShown()) remove()
  else observer.observe(doc.getElementById('app') ?? doc.body, { childList: true, subtree: true })
}
