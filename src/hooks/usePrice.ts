import { useMemo } from 'react'
import { convertMinor, formatMoney } from '@/domain/currency'
import { useAppInfo } from '@/stores/appInfo'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'

export interface PriceFormat {
  /** Formats an amount (minor units of `currency`) in the shopper's display currency. */
  format(minorUnits: number, currency: string): string
  /** An amount of the base currency in minor units of the display currency (unchanged when they are the same). */
  toDisplay(minorUnits: number): number
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
  const payment = useAppInfo((s) => s.info?.appContent.system.payment)
  return useMemo(() => {
    const rate = rates[current]
    const display = current !== base && rate > 0 ? current : base
    // The store names each currency's symbol (currencyCode); unknown ones fall back to the built-in symbols.
    const symbolOf = (currency: string) =>
      [payment?.defaultCurrency, ...(payment?.exchangeCurrencies ?? [])].find((c) => c?.currencyType === currency)?.currencyCode
    return {
      base,
      display,
      converted: display !== base,
      toDisplay: (minorUnits) => (display === base ? minorUnits : convertMinor(minorUnits, base, display, rate)),
      format(minorUnits, currency) {
        if (currency !== base || display === base) return formatMoney(minorUnits, currency, symbolOf(currency), language)
        return formatMoney(convertMinor(minorUnits, base, display, rate), display, symbolOf(display), language)
      }
    }
  }, [base, current, rates, language, payment])
}
