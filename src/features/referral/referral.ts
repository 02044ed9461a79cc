/**
 * Referral programme rules on the client (issue 13): the referral id a share link carries, which one a visitor keeps,
 * the share link itself, and the chart ranges and bars of the referrer area. Pure functions, no Taro.
 */
import type { ChartBucket, ChartPeriod } from '@contract/referral'

/** The query parameter of a share link that names the referrer. */
export const REFERRAL_PARAM = 'ref'
/** Where the visitor's referrer is kept until they register. */
export const REFERRER_STORAGE_KEY = 'istore.referrer'

const REFERRAL_ID = /^[A-Za-z0-9]{1,40}$/

export function isReferralId(value: unknown): value is string {
  return typeof value === 'string' && REFERRAL_ID.test(value)
}

/** "First referrer wins": a kept id stays; otherwise a valid incoming one is kept; junk is never kept. */
export function keptReferrer(kept: unknown, incoming: unknown): string | undefined {
  if (isReferralId(kept)) return kept
  return isReferralId(incoming) ? incoming : undefined
}

/** A public path with the shopper's referral id in its query (the store, a product, a campaign). */
export function referralPath(path: string, myID: string): string {
  const [base, hash] = path.split('#')
  const kept = base.replace(new RegExp(`([?&])${REFERRAL_PARAM}=[^&]*&?`), '$1').replace(/[?&]$/, '')
  const sep = kept.includes('?') ? '&' : '?'
  return `${kept}${sep}${REFERRAL_PARAM}=${encodeURIComponent(myID)}${hash !== undefined ? `#${hash}` : ''}`
}

/** The ranges the referrer area offers: the last N days, weeks or months (the server buckets them in the store's zone). */
export const CHART_RANGES: Record<ChartPeriod, number[]> = { day: [7, 14, 30], week: [4, 12], month: [6, 12] }

/** The range kept when the period changes: the same count if that period offers it, else its default (second choice). */
export function rangeFor(period: ChartPeriod, count: number): number {
  const options = CHART_RANGES[period]
  return options.includes(count) ? count : options[Math.min(1, options.length - 1)]
}

/** A bar's height in percent of the tallest; a non-zero value is never drawn flat. */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0
  return Math.max(2, Math.round((value / max) * 100))
}

/** A chart with nothing to draw: no bucket has a count or an amount (a reversal's negative amount is something). */
export function chartIsEmpty(buckets: ChartBucket[]): boolean {
  return buckets.every((b) => b.count === 0 && b.amount === 0)
}

/** Pages of `size` (10 in the referrer area) for `total` rows; at least one. */
export function pageCount(total: number, size = 10): number {
  return Math.max(1, Math.ceil(total / size))
}
