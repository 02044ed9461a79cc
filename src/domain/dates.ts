/**
 * API dates as the shopper reads them, in the device's time zone: 2026-11-27 and 2026-11-27 14:05. The reading is
 * dayjs's (a string with no zone is a local time, 2026-11-27 is local midnight; the rest goes to Date) and so is an
 * unreadable value's 'Invalid Date'; the account and members pages use only this, so dayjs (7 KB) stays out of their
 * sub-package (tests/unit/dates.test.ts compares the two).
 */
const NO_ZONE = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/

function readDate(value: string): Date {
  const parts = /Z$/i.test(value) ? null : NO_ZONE.exec(value)
  if (!parts) return new Date(value)
  const [, year, month, day, hours, minutes, seconds, fraction] = parts
  return new Date(+year, +month - 1 || 0, +day || 1, +hours || 0, +minutes || 0, +seconds || 0, +(fraction ?? '0').slice(0, 3))
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

export function formatLocalDate(value: string, withTime = false): string {
  const date = readDate(value)
  if (Number.isNaN(date.getTime())) return 'Invalid Date'
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day
}
