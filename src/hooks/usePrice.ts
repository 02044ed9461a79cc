import { useMemo } from 'react'
import { convertMinor, formatMoney } from '@/domain/currency'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'

export interface PriceFormat {
  /** Formats an amount (minor units of `currency`) in the shopper's display currency. */
  format(minorUnits: number, currency: string): string
  /** The display currency differs from the base one, which is what is charged (pages with totals say so). */
  converted: boolean
  base: string
  display: string
}

/**
 * Spec §1/§3 currency chooser: amounts come in the store's base currency; they are shown converted at the
 * exchange rate of the chosen currency (1 base = rate display) with that currency's decimals.
 */
export function usePrice(): PriceFormat {
  const base = useCurrency((s) => s.base)
  const current = useCurrency((s) => s.current)
  const rates = useCurrency((s) => s.rates)
  const language = useLocale((s) => s.language)
  return useMemo(() => {
    const rate = rates[current]
    const display = current !== base && rate > 0 ? current : base
    return {
      base,
      display,
      converted: display !== base,
      format(minorUnits, currency) {
        if (currency !== base || display === base) return formatMoney(minorUnits, currency, undefined, language)
        return formatMoney(convertMinor(minorUnits, base, display, rate), display, undefined, language)
      }
    }
  }, [base, current, rates, language])
}
