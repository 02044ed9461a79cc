/**
 * Store-credit top-ups (POST applyStoreCreditDeposit): the amounts offered, what the shopper may type, and what the
 * server's answer means for the view. Amounts are minor units of the store-credit currency; typed amounts are major
 * units with at most the currency's decimals (spec §3: 0 for JPY/KRW/VND, 3 for BHD/KWD, else 2).
 */
import { currencyDecimals, STORE_CREDIT_DEPOSIT_MAX, STORE_CREDIT_DEPOSIT_MIN } from '@contract/constants'

/** The quick choices, in minor units. */
export const TOP_UP_CHOICES = [2000, 5000, 10000] as const

export type TopUpAmountError = 'required' | 'invalid' | 'decimals' | 'min' | 'max'
export type TopUpAmount = { ok: true; amount: number } | { ok: false; error: TopUpAmountError }

/** '25', '25.5', '25.50' → 2550 (CAD); '25.505' → decimals; '' → required; '-3', '1e3', 'abc' → invalid. */
export function parseTopUpAmount(text: string, currency: string): TopUpAmount {
  const value = text.trim().replace(',', '.')
  if (!value) return { ok: false, error: 'required' }
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(value)
  if (!match) return { ok: false, error: 'invalid' }
  const decimals = currencyDecimals(currency)
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return { ok: false, error: 'decimals' }
  const amount = Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0')
  if (amount < STORE_CREDIT_DEPOSIT_MIN) return { ok: false, error: 'min' }
  if (amount > STORE_CREDIT_DEPOSIT_MAX) return { ok: false, error: 'max' }
  return { ok: true, amount }
}

/** The least and most one top-up may be, for the error texts. */
export const TOP_UP_LIMITS = { min: STORE_CREDIT_DEPOSIT_MIN, max: STORE_CREDIT_DEPOSIT_MAX }

/** A PENDING top-up is checked every POLL_INTERVAL_MS (spec §9's payment polling), this many times at most. */
export const TOP_UP_POLL_LIMIT = 30
