import { Text, View } from '@tarojs/components'
import { useLabel } from '@/hooks/useLabel'
import { useLanguageCurrencyModal } from '@/hooks/useLanguageCurrencyModal'
import { useT } from '@/hooks/useT'
import { ModalFrame } from './ModalFrame'

function optionClass(selected: boolean): string {
  return `modal-frame__option${selected ? ' modal-frame__option--selected' : ''}`
}

/** Spec §2 language/currency modal: a chooser with a currency list, otherwise a language toggle. */
export function LanguageCurrencyModal() {
  const t = useT()
  const m = useLanguageCurrencyModal()
  const languageLabel = useLabel('languageLabel', t('modal.language'))
  const currencyLabel = useLabel('currencyLabel', t('modal.currency'))
  if (!m.isOpen) return null

  if (m.kind === 'languageToggle') {
    return (
      <ModalFrame title={languageLabel} onClose={m.close}>
        <View className="modal-frame__options">
          {m.languages.map((language) => (
            <View
              key={language}
              className={optionClass(language === m.language)}
              aria-pressed={String(language === m.language)}
              onClick={() => m.switchLanguage(language)}
            >
              <Text>{t(`language.${language}`)}</Text>
            </View>
          ))}
        </View>
      </ModalFrame>
    )
  }

  return (
    <ModalFrame title={t('modal.languageCurrency')} onClose={m.close}>
      {m.languages.length > 0 && (
        <View className="modal-frame__field">
          <Text className="modal-frame__label">{languageLabel}</Text>
          <View className="modal-frame__options">
            {m.languages.map((language) => (
              <View
                key={language}
                className={optionClass(language === m.draftLanguage)}
                aria-pressed={String(language === m.draftLanguage)}
                onClick={() => m.chooseLanguage(language)}
              >
                <Text>{t(`language.${language}`)}</Text>
              </View>
            ))}
          </View>
        </View>
      )}
      <View className="modal-frame__field">
        <Text className="modal-frame__label">{currencyLabel}</Text>
        <View className="modal-frame__options">
          {m.currencies.map((currency) => (
            <View
              key={currency}
              className={optionClass(currency === m.draftCurrency)}
              aria-pressed={String(currency === m.draftCurrency)}
              onClick={() => m.chooseCurrency(currency)}
            >
              <Text>{currency}</Text>
            </View>
          ))}
        </View>
      </View>
      <View className="modal-frame__primary" role="button" tabIndex={0} onClick={m.apply}>
        <Text>{t('modal.apply')}</Text>
      </View>
    </ModalFrame>
  )
}
