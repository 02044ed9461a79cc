/**
 * The store's delivery areas: the cities of each delivery province, each with an English and a Chinese name (table
 * delivery_cities). Shoppers see the names in their language; a delivery address may name its city in either.
 */
import type { Queryable } from '../db/index.ts';
import type { Locale } from '../../../contract/constants.ts';
import type { DeliveryLocation } from '../../../contract/checkout.ts';

export interface DeliveryCity { en: string; zh: string | null }

/** A city without a Chinese name is shown in English. */
export const cityName = (city: DeliveryCity, locale: Locale): string => (locale === 'zh' && city.zh) || city.en;

/** Case, surrounding and repeated spaces aside ("  richmond   hill" is Richmond Hill). */
const comparable = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The area's city that `typed` names (in English or Chinese), as the area spells it in the language it was typed in;
 * null when it names none of them.
 */
export function matchDeliveryCity(cities: readonly DeliveryCity[], typed: string): string | null {
  const wanted = comparable(typed);
  if (!wanted) return null;
  for (const city of cities) {
    if (comparable(city.en) === wanted) return city.en;
    if (city.zh && comparable(city.zh) === wanted) return city.zh;
  }
  return null;
}

interface CityRow { country: string; province: string; name_en: string; name_zh: string | null }

async function cityRows(q: Queryable, filter: { country?: string; province?: string }): Promise<CityRow[]> {
  const { rows } = await q.query<CityRow>(
    `SELECT country, province, name_en, name_zh FROM delivery_cities
      WHERE ($1::text IS NULL OR country = $1) AND ($2::text IS NULL OR province = $2)
      ORDER BY sort, country, province, name_en`,
    [filter.country?.trim().toUpperCase() || null, filter.province?.trim().toUpperCase() || null],
  );
  return rows;
}

/** The delivery areas (optionally of one country or province), each province's cities named in `locale`. */
export async function deliveryAreas(q: Queryable, locale: Locale, filter: { country?: string; province?: string } = {}): Promise<DeliveryLocation[]> {
  const areas = new Map<string, DeliveryLocation>();
  for (const r of await cityRows(q, filter)) {
    const key = `${r.country}/${r.province}`;
    const area = areas.get(key) ?? { country: r.country, province: r.province, cities: [] };
    area.cities.push(cityName({ en: r.name_en, zh: r.name_zh }, locale));
    areas.set(key, area);
  }
  return [...areas.values()];
}

/** The cities the store delivers to in a province (none listed: the province has no city limits). */
export async function provinceCities(q: Queryable, country: string, province: string): Promise<DeliveryCity[]> {
  return (await cityRows(q, { country, province })).map((r) => ({ en: r.name_en, zh: r.name_zh }));
}
