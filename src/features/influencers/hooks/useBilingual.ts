import { useCallback } from 'react'
import { useLocalized } from '@/hooks/useLocalized'

/**
 * An influencer's text in the shopper's language, else in the other one (an application may be in one language only),
 * else the plain text the spec's calls carry (a profile written before the bilingual fields, or by another client).
 */
export function useBilingual(): (content: { en: string; zh: string } | undefined, plain: string) => string {
  const localized = useLocalized()
  return useCallback((content, plain) => localized(content, content?.en.trim() || content?.zh.trim() || plain), [localized])
}
