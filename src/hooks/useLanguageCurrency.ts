/** Spec §2 language/currency dropdown (header, side menu) and its modal. */
import { useMemo } from 'react'
import type { CurrencyInfo } from '@/api/appInfo'
import { chooserKind, showLanguageCurrencyChooser } from '@/domain/modals'
import { useT } from '@/hooks/useT'
import { isLanguage, LANGUAGES, type Language } from '@/i18n'
import { selectConfig, useAppInfo } from '@/stores/appInfo'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'
import { useUi } from '@/stores/ui'

const NO_CURRENCIES: CurrencyInfo[] = []

/** Languages the store offers; without a setting, both languages of the product (spec §9). */
function offeredLanguages(supported: string[] | undefined): Language[] {
  if (!supported) return LANGUAGES
  return supported.filter(isLanguage)
}

/** The store's own currency first, then the exchange currencies, each once. */
function currencyChoices(base: CurrencyInfo | undefined, exchange: CurrencyInfo[]): string[] {
  const codes = [base?.currencyType, ...exchange.map((c) => c.currencyType)].filter((c): c is string => !!c)
  return [...new Set(codes)]
}

export function useLanguageCurrency() {
  const t = useT()
  const supported = useAppInfo((s) => selectConfig(s).supportedLanguages)
  const payment = useAppInfo((s) => s.info?.appContent.system.payment)
  const exchange = payment?.exchangeCurrencies ?? NO_CURRENCIES
  const languages = useMemo(() => offeredLanguages(supported), [supported])
  const currencies = useMemo(() => currencyChoices(payment?.defaultCurrency, exchange), [payment?.defaultCurrency, exchange])
  const language = useLocale((s) => s.language)
  const currency = useCurrency((s) => s.current)
  const kind = chooserKind(exchange)
  return {
    /** The dropdown exists when there is something to choose. */
    visible: showLanguageCurrencyChooser(languages, exchange),
    kind,
    /** What the dropdown shows: the language, and the currency when there is a currency list. */
    label: kind === 'languageCurrency' ? `${t(`language.${language}`)} / ${currency}` : t(`language.${language}`),
    /** Language selection only with more than one supported language. */
    languages: languages.length > 1 ? languages : [],
    currencies,
    language,
    currency,
    open: () => useUi.getState().openModal('languageCurrency')
  }
}
