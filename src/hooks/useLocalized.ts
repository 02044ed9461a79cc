import { useCallback } from 'react'
import type { OperatorText } from '@/api/appInfo'
import { useLocale } from '@/stores/locale'

/** Picks the current language's text of a bilingual field (`xxxContent`), falling back to the plain en field. */
export function useLocalized(): (content: OperatorText | undefined, fallback: string) => string {
  const language = useLocale((s) => s.language)
  return useCallback((content, fallback) => content?.[language]?.trim() || fallback, [language])
}
