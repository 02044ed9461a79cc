/**
 * A person's name in the shopper's language: Chinese puts the family name (姓) first, with no space between names
 * written in Chinese characters ("陈林"; "Chen Lin" for Latin letters); English puts the given name first.
 */
export type NameLanguage = 'en' | 'zh'

/** The family name comes first (forms ask 姓 before 名, names read 姓名). */
export const familyNameFirst = (language: NameLanguage): boolean => language === 'zh'

const HAN = /^[\u3400-\u9fff\uf900-\ufaff]+$/u

export function fullName(firstName: string | null | undefined, lastName: string | null | undefined, language: NameLanguage): string {
  const first = (firstName ?? '').trim()
  const last = (lastName ?? '').trim()
  if (!familyNameFirst(language)) return [first, last].filter(Boolean).join(' ')
  return [last, first].filter(Boolean).join(HAN.test(last) && HAN.test(first) ? '' : ' ')
}
