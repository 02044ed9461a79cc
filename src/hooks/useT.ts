import { useMemo } from 'react'
import { translator, type Translate } from '@/i18n'
import { useLocale } from '@/stores/locale'

/** Translate function for the current language. */
export function useT(): Translate {
  const language = useLocale((s) => s.language)
  const serverMessages = useLocale((s) => s.serverMessages)
  return useMemo(() => translator(language, serverMessages), [language, serverMessages])
}
