/** The delivery areas as one line of text: each province's cities (named by the server in the shopper's language). */
import type { DeliveryLocation } from '@contract/checkout'
import type { Language } from '@/i18n'
import { provinceName } from './provinces'

const PUNCTUATION: Record<Language, { city: string; area: string; open: string; close: string }> = {
  en: { city: ', ', area: '; ', open: ' (', close: ')' },
  zh: { city: '、', area: '；', open: '（', close: '）' }
}

export function deliveryAreasText(locations: readonly DeliveryLocation[], language: Language): string {
  const p = PUNCTUATION[language]
  return locations.map((l) => `${l.cities.join(p.city)}${p.open}${provinceName(l.province, language)}${p.close}`).join(p.area)
}
