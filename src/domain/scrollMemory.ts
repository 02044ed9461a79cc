/**
 * Spec §2 "Scroll position is restored on navigation": where the shopper was on each list. A list coming back to the
 * front (back from a product, or reopened by the confirmation page's buttons, which start the page afresh, after the
 * payment provider's page may have replaced the whole app) scrolls there again. Positions are kept on the device for
 * a while only: a list opened the next day starts at the top. Pure: the page's scroll events, scrolling and storage are
 * the hook's (src/hooks/useScrollRestore.ts).
 */

/** Lists remembered: the least recently scrolled is forgotten first. */
export const SCROLL_MEMORY_LIMIT = 30
/** How long a position is worth restoring: a checkout and a payment fit in it, a visit the next day does not. */
export const SCROLL_MEMORY_MS = 30 * 60_000
/**
 * Tries at reaching a remembered position: one when the page shows, then one each time more of the list is shown
 * (a list longer than its first page grows as its reach-bottom loading catches up); then the page stays where it is.
 */
export const RESTORE_TRIES = 6

/** What is kept on the device: [list, position, when (ms)], least recently scrolled first. */
export type SavedPositions = [string, number, number][]

export interface ScrollMemory {
  remember(key: string, top: number, now: number): void
  /** The remembered position, 0 when none or too old. */
  recall(key: string, now: number): number
  saved(): SavedPositions
}

export function scrollMemory(saved: unknown = [], limit = SCROLL_MEMORY_LIMIT): ScrollMemory {
  const positions = new Map<string, { top: number; at: number }>()
  const valid = Array.isArray(saved) ? saved : []
  for (const entry of valid.slice(-limit)) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && entry[1] > 0 && Number.isFinite(entry[2])) {
      positions.set(entry[0], { top: Math.round(entry[1]), at: entry[2] })
    }
  }
  return {
    remember(key, top, now) {
      positions.delete(key)
      if (!(top > 0)) return
      positions.set(key, { top: Math.round(top), at: now })
      if (positions.size > limit) positions.delete(positions.keys().next().value as string)
    },
    recall(key, now) {
      const kept = positions.get(key)
      return kept && now - kept.at <= SCROLL_MEMORY_MS ? kept.top : 0
    },
    saved: () => [...positions].map(([key, { top, at }]) => [key, top, at])
  }
}

/** A restore under way: the position aimed at, the tries made, and whether the page has yet to answer the last try. */
export interface Restore {
  top: number
  tries: number
  awaiting: boolean
}

export function startRestore(top: number): Restore | null {
  return top > 0 ? { top, tries: 0, awaiting: false } : null
}

/** Another try, or null when there is nothing to restore or the tries are spent. */
export function nextTry(restore: Restore | null): Restore | null {
  if (!restore || restore.tries >= RESTORE_TRIES) return null
  return { top: restore.top, tries: restore.tries + 1, awaiting: true }
}

/**
 * The page reports it is at `top`. Reached (to the pixel, rounding): the restore is over. Short of it in answer to a
 * try (the list not yet long enough): not where the shopper was, so not remembered; the restore goes on. Short of it
 * otherwise: the shopper scrolled, and their position wins.
 */
export function scrolled(restore: Restore | null, top: number): { restore: Restore | null; remember: boolean } {
  if (!restore || top >= restore.top - 1) return { restore: null, remember: true }
  if (restore.awaiting) return { restore: { ...restore, awaiting: false }, remember: false }
  return { restore: null, remember: true }
}
