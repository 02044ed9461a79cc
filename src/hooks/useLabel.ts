/**
 * A label the spec names, in the operator's wording when app info `labels` has it for the shopper's language
 * ({en, zh} per key: languageLabel, currencyLabel ...), else the app's own text.
 */
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'

export function useLabel(key: string, fallback: string): string {
  const label = useAppInfo((s) => s.info?.appContent.labels?.[key])
  const language = useLocale((s) => s.language)
  return label?.[language]?.trim() || fallback
}
