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
  // A province with no cities listed takes any city of it: named alone.
  return locations
    .map((l) => {
      const province = l.provinceName ?? provinceName(l.province, language)
      return l.cities.length ? `${l.cities.join(p.city)}${p.open}${province}${p.close}` : province
    })
    .join(p.area)
}

/**
 * The country a delivery address is in, from the shop's delivery areas (its settings), never a fixed one: the address's
 * own when the shop delivers there, else the first country the shop delivers to; unchanged while the areas are unknown.
 */
export function deliveryCountry(current: string, locations: readonly DeliveryLocation[]): string {
  const code = current.trim().toUpperCase()
  if (!locations.length || locations.some((l) => l.country === code)) return current
  return locations[0].country
}
