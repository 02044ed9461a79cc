/** The language/currency modal's state (the header's and side menu's chooser line is useLanguageCurrency.ts). */
import { useEffect, useState } from 'react'
import { useLanguageCurrency } from '@/hooks/useLanguageCurrency'
import type { Language } from '@/i18n'
import { useCurrency } from '@/stores/currency'
import { useLocale } from '@/stores/locale'
import { useUi } from '@/stores/ui'

export function useLanguageCurrencyModal() {
  const chooser = useLanguageCurrency()
  const isOpen = useUi((s) => s.modal === 'languageCurrency')
  const [draftLanguage, setDraftLanguage] = useState(chooser.language)
  const [draftCurrency, setDraftCurrency] = useState(chooser.currency)

  // Each opening starts from what is in effect now, not from an earlier unapplied choice.
  useEffect(() => {
    if (!isOpen) return
    setDraftLanguage(chooser.language)
    setDraftCurrency(chooser.currency)
  }, [isOpen, chooser.language, chooser.currency])

  const close = () => useUi.getState().openModal(null)
  return {
    ...chooser,
    isOpen,
    draftLanguage,
    draftCurrency,
    chooseLanguage: setDraftLanguage,
    chooseCurrency: setDraftCurrency,
    close,
    apply() {
      close()
      if (draftLanguage !== chooser.language) void useLocale.getState().setLanguage(draftLanguage)
      if (draftCurrency !== chooser.currency) useCurrency.getState().setCurrency(draftCurrency)
    },
    /** Language toggle (no currency list): switching applies at once. */
    switchLanguage(language: Language) {
      close()
      if (language !== chooser.language) void useLocale.getState().setLanguage(language)
    }
  }
}
