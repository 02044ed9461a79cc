import type { ReactNode } from 'react'
import { familyNameFirst } from '@/domain/personName'
import { useLocale } from '@/stores/locale'

/** The given-name and family-name fields in the order of the shopper's language (姓 before 名 in Chinese). */
export function InNameOrder({ first, last }: { first: ReactNode; last: ReactNode }) {
  const language = useLocale((s) => s.language)
  return familyNameFirst(language) ? (
    <>
      {last}
      {first}
    </>
  ) : (
    <>
      {first}
      {last}
    </>
  )
}
