/**
 * The store's clock (spec §7 POST /common3/timeZoneInfo/GMT: the store's time zone, its offset from GMT in minutes, and
 * the server's now): pickup and delivery dates are the store's dates, so "today" is the store's today, not the device's.
 */
import type { Language } from '@shared/i18n/define'

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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const STORE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}))?$/

/**
 * A store date (YYYY-MM-DD), or date and time (YYYY-MM-DD HH:mm), as the shopper reads it: "Fri, Nov 27" and
 * "Fri, Nov 27, 10:00"; "11月27日" and "11月27日 10:00". It is the store's calendar date, so no time zone moves it.
 * A value of another shape is shown as it came.
 */
export function storeDateLabel(value: string, language: Language): string {
  const parts = STORE_DATE_TIME.exec(value)
  if (!parts) return value
  const [, year, month, day, time] = parts
  const date = new Date(Date.UTC(+year, +month - 1, +day))
  if (date.getUTCMonth() !== +month - 1) return value
  const dayText = language === 'zh' ? `${+month}月${+day}日` : `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[+month - 1]} ${+day}`
  if (!time) return dayText
  return language === 'zh' ? `${dayText} ${time}` : `${dayText}, ${time}`
}
