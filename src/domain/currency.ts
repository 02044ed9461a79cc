/** Spec §3/§9 "Currency decimals: 0 (JPY, KRW, VND), 3 (BHD, KWD), else 2", money display and exchange. */
import { currencyDecimals } from '@contract/constants'

/** The rule is the contract's, shared with the server. */
export { currencyDecimals }

/** Symbols used when the caller does not pass one (the store's currencyType normally supplies it). */
export const DEFAULT_SYMBOLS: Record<string, string> = {
  USD: '$',
  CAD: '$',
  AUD: '$',
  NZD: '$',
  HKD: 'HK$',
  SGD: 'S$',
  CNY: '¥',
  RMB: '¥',
  JPY: '¥',
  KRW: '₩',
  EUR: '€',
  GBP: '£',
  VND: '₫'
}

export function currencySymbol(code: string): string {
  const c = code.trim().toUpperCase()
  return DEFAULT_SYMBOLS[c] ?? `${c} `
}

/** Rounds half away from zero, after trimming float noise (1.005 * 100 = 100.49999… is taken as 100.5). */
export function roundHalfAwayFromZero(value: number): number {
  const abs = Number(Math.abs(value).toPrecision(15))
  const rounded = Math.round(abs)
  return value < 0 && rounded !== 0 ? -rounded : rounded
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * '$19.99' for 1999 CAD with '$'; '¥1,500' for 1500 JPY; negative amounts as '-$5.00'.
 * en and zh both write digits as 1,234.56, so the locale changes nothing today; it is accepted for callers
 * that pass the current language.
 */
export function formatMoney(minorUnits: number, currency: string, symbol?: string, locale?: 'en' | 'zh'): string {
  void locale
  const decimals = currencyDecimals(currency)
  const minor = Number.isFinite(minorUnits) ? roundHalfAwayFromZero(minorUnits) : 0
  const abs = Math.abs(minor)
  const factor = 10 ** decimals
  const whole = group(String(Math.floor(abs / factor)))
  const fraction = decimals > 0 ? `.${String(abs % factor).padStart(decimals, '0')}` : ''
  const sign = minor < 0 ? '-' : ''
  return `${sign}${symbol ?? currencySymbol(currency)}${whole}${fraction}`
}

/**
 * Converts an amount in `from` minor units to `to` minor units; rate = how many `to` per one `from`.
 * Handles differing decimal counts and rounds half away from zero to the target's minor unit.
 * Same currency → the amount unchanged. A rate that is not a positive number throws a RangeError.
 */
export function convertMinor(minorUnits: number, fromCurrency: string, toCurrency: string, rate: number): number {
  if (fromCurrency.trim().toUpperCase() === toCurrency.trim().toUpperCase()) return minorUnits
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(`invalid exchange rate: ${rate}`)
  const shift = currencyDecimals(toCurrency) - currencyDecimals(fromCurrency)
  return roundHalfAwayFromZero(minorUnits * rate * 10 ** shift)
}

/**
 * Totals as shown in another currency, so that the figures on screen add up: each line converted on its own (as the
 * lines show them), the subtotal the sum of those, every other row (signed: a discount is negative) converted on its
 * own, and the total the sum of what is shown. Converting the server's subtotal and total instead showed
 * US$24.08 + US$8.02 = US$32.11. The amount charged is the base currency's, which the page says.
 */
export function convertedTotals<Row extends { amount: number }>(
  lineTotals: number[],
  rows: Row[],
  convert: (minorUnits: number) => number
): { subtotal: number; rows: Row[]; total: number } {
  const subtotal = lineTotals.reduce((sum, amount) => sum + convert(amount), 0)
  const shown = rows.map((row) => ({ ...row, amount: convert(row.amount) }))
  return { subtotal, rows: shown, total: shown.reduce((sum, row) => sum + row.amount, subtotal) }
}
