/**
 * Restores a list page's scroll position when the shopper comes back to it (rules: src/domain/scrollMemory.ts). The
 * position is remembered as the page scrolls, per list `key`; when the page shows again (back from a product: on H5 a
 * hidden page loses its scroll; or opened afresh, as the confirmation page's buttons do) it scrolls back there, trying
 * again once the page is laid out and whenever `shown` (the items on screen) changes, as a list grows or its stored first
 * page is replaced by the server's. `list` null: nothing listed, nothing kept. On H5 the browser's scroll anchoring is off
 * for pages (src/app.scss): parts above the list that load after the position is reached push the list down, as they
 * did when the shopper was there, instead of the browser moving the page to keep other items in view.
 */
import { useEffect, useRef } from 'react'
import Taro, { useDidHide, useDidShow, usePageScroll, useUnload } from '@tarojs/taro'
import { nextTry, scrolled, scrollMemory, startRestore, type Restore, type ScrollMemory } from '@/domain/scrollMemory'
import { platform } from '@/platform'
import { useRoute } from './useRoute'

const STORAGE_KEY = 'istore.scrollPositions'
let memory: ScrollMemory | null = null
/** Read from the device once (a reload, or the payment provider's page, starts the app afresh). */
const positions = () => (memory ??= scrollMemory(platform.storage.get(STORAGE_KEY) ?? []))
/** Written when a list page goes behind another or away, not on every scroll event. */
const keep = () => platform.storage.set(STORAGE_KEY, positions().saved())

/** Test seam: forget every position, as a new device would. */
export function clearScrollPositions(): void {
  memory = null
  platform.storage.remove(STORAGE_KEY)
}

export function useScrollRestore(list: string | null, shown: unknown): void {
  // The same list on two pages (/store and all products) is laid out differently: one position per page and list.
  const path = useRoute().path
  const key = list === null ? null : `${path} ${list}`
  const restore = useRef<Restore | null>(null)
  const current = useRef(key)
  current.current = key
  // A page behind another one is not where the shopper is: its scroll events (if any) are not theirs.
  const visible = useRef(false)

  const tryRestore = () => {
    restore.current = nextTry(restore.current)
    // A page gone meanwhile has nothing to scroll.
    if (restore.current) Taro.pageScrollTo({ scrollTop: restore.current.top, duration: 0 }).catch(() => undefined)
  }

  useDidShow(() => {
    visible.current = true
    restore.current = current.current ? startRestore(positions().recall(current.current, Date.now())) : null
    tryRestore()
    // Again once the page shown is laid out: a page coming to the front may not be displayed yet when told it shows.
    if (restore.current) setTimeout(() => restore.current && tryRestore(), 0)
  })
  useDidHide(() => {
    visible.current = false
    keep()
  })
  useUnload(keep)

  // More of the list on screen: the remembered position may be within reach now. Another list starts where it is.
  const last = useRef({ key, shown })
  useEffect(() => {
    const before = last.current
    last.current = { key, shown }
    if (before.key !== key) restore.current = null
    else if (before.shown !== shown && restore.current) tryRestore()
  }, [key, shown])

  usePageScroll(({ scrollTop }) => {
    if (!visible.current) return
    const next = scrolled(restore.current, scrollTop)
    restore.current = next.restore
    if (next.remember && current.current) positions().remember(current.current, scrollTop, Date.now())
  })
}
