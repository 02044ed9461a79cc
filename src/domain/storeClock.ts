/**
 * The store's clock (spec §7 POST /common3/timeZoneInfo/GMT: the store's time zone, its offset from GMT in minutes, and
 * the server's now): pickup and delivery dates are the store's dates, so "today" is the store's today, not the device's.
 */
export interface StoreClock {
  offsetMinutes: number
  now: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The store's date (YYYY-MM-DD) `plusDays` after its today. */
export function storeDate(clock: StoreClock, plusDays = 0): string {
  const t = new Date(Date.parse(clock.now) + clock.offsetMinutes * 60_000 + plusDays * 86_400_000)
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
}

/** The store's wall-clock time (HH:mm). */
export function storeTime(clock: StoreClock): string {
  const t = new Date(Date.parse(clock.now) + clock.offsetMinutes * 60_000)
  return `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`
}

/** Whether a slot date is the store's today or tomorrow (named so on the date choices), else null. */
export function relativeDay(date: string, clock: StoreClock | null): 'today' | 'tomorrow' | null {
  if (!clock) return null
  if (date === storeDate(clock)) return 'today'
  if (date === storeDate(clock, 1)) return 'tomorrow'
  return null
}
