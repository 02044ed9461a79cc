/**
 * The store's delivery areas: the cities of each delivery province, each with an English and a Chinese name (table
 * delivery_cities). Shoppers see the names in their language; a delivery address may name its city in either.
 */
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { getSetting, type CheckoutRules } from './settings.ts';
import type { Locale } from '../../../contract/constants.ts';
import type { DeliveryLocation } from '../../../contract/checkout.ts';

export interface DeliveryCity { en: string; zh: string | null }

/** A city without a Chinese name is shown in English. */
export const cityName = (city: DeliveryCity, locale: Locale): string => (locale === 'zh' && city.zh) || city.en;

/** Whether the checkout setting's delivery takes addresses in the province (its cities aside). */
export const deliversToProvince = (delivery: Pick<CheckoutRules['delivery'], 'countries' | 'provinces'> | undefined, country: string, province: string): boolean =>
  !!delivery?.countries.includes(country) && delivery.provinces.includes(province);

/** Case, surrounding and repeated spaces aside ("  richmond   hill" is Richmond Hill). */
const comparable = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The index of the area's city that `typed` names (in English or Chinese, case and spaces aside), or -1. */
export function findDeliveryCity(cities: readonly DeliveryCity[], typed: string): number {
  const wanted = comparable(typed);
  if (!wanted) return -1;
  return cities.findIndex((city) => comparable(city.en) === wanted || (!!city.zh && comparable(city.zh) === wanted));
}

/**
 * The area's city that `typed` names (in English or Chinese), as the area spells it in the language it was typed in;
 * null when it names none of them.
 */
export function matchDeliveryCity(cities: readonly DeliveryCity[], typed: string): string | null {
  const city = cities[findDeliveryCity(cities, typed)];
  if (!city) return null;
  return comparable(city.en) === comparable(typed) ? city.en : city.zh;
}

interface CityRow { country: string; province: string; name_en: string; name_zh: string | null; sort: number }

async function cityRows(q: Queryable, filter: { country?: string; province?: string }): Promise<CityRow[]> {
  const { rows } = await q.query<CityRow>(
    `SELECT country, province, name_en, name_zh, sort FROM delivery_cities
      WHERE ($1::text IS NULL OR country = $1) AND ($2::text IS NULL OR province = $2)
      ORDER BY sort, country, province, name_en`,
    [filter.country?.trim().toUpperCase() || null, filter.province?.trim().toUpperCase() || null],
  );
  return rows;
}

/** One province's cities, in the order shoppers see them. */
export interface ProvinceCities { country: string; province: string; cities: DeliveryCity[] }

/** Every province's cities, provinces in the order shoppers see them (that of their first city). */
function byProvince(rows: readonly CityRow[]): ProvinceCities[] {
  const areas = new Map<string, ProvinceCities>();
  for (const r of rows) {
    const key = `${r.country}-${r.province}`;
    const area = areas.get(key) ?? { country: r.country, province: r.province, cities: [] };
    area.cities.push({ en: r.name_en, zh: r.name_zh });
    areas.set(key, area);
  }
  return [...areas.values()];
}

/**
 * The areas with listed cities, then each delivery province of the checkout setting that lists none (any city of it
 * goes: cities []), among the provinces `known` (the provinces table), in the setting's order, narrowed as `filter`
 * asks. A shop whose file names delivery provinces but no cities is offered them all the same.
 */
export function withAnyCityProvinces(
  listed: readonly ProvinceCities[],
  delivery: Pick<CheckoutRules['delivery'], 'countries' | 'provinces'> | undefined,
  known: readonly { country: string; code: string }[],
  filter: { country?: string; province?: string } = {},
): ProvinceCities[] {
  const country = filter.country?.trim().toUpperCase() || null;
  const province = filter.province?.trim().toUpperCase() || null;
  const out = [...listed];
  for (const c of delivery?.countries ?? []) {
    for (const p of delivery?.provinces ?? []) {
      if ((country && c !== country) || (province && p !== province)) continue;
      if (!known.some((k) => k.country === c && k.code === p) || out.some((a) => a.country === c && a.province === p)) continue;
      out.push({ country: c, province: p, cities: [] });
    }
  }
  return out;
}

/** The delivery areas (optionally of one country or province), each province's cities named in `locale`. */
export async function deliveryAreas(q: Queryable, locale: Locale, filter: { country?: string; province?: string } = {}): Promise<DeliveryLocation[]> {
  const delivery = (await getSetting<CheckoutRules | null>(q, 'checkout'))?.delivery;
  const listed = byProvince(await cityRows(q, filter));
  const { rows: known } = await q.query<{ country: string; code: string; name_en: string; name_zh: string }>(
    'SELECT country, code, name_en, name_zh FROM provinces WHERE country = ANY($1::text[])', [[...new Set([...(delivery?.countries ?? []), ...listed.map((a) => a.country)])]]);
  return withAnyCityProvinces(listed, delivery, known, filter).map((a) => {
    const p = known.find((k) => k.country === a.country && k.code === a.province);
    return { country: a.country, province: a.province, ...(p ? { provinceName: (locale === 'zh' && p.name_zh) || p.name_en } : {}), cities: a.cities.map((c) => cityName(c, locale)) };
  });
}

/** The cities the store delivers to in a province (none listed: the province has no city limits). */
export async function provinceCities(q: Queryable, country: string, province: string): Promise<DeliveryCity[]> {
  return (await cityRows(q, { country, province })).map((r) => ({ en: r.name_en, zh: r.name_zh }));
}

/* The operator's desk (scripts/delivery-areas.ts): the rules of a change are pure (changeProvinceCities); the writing
   around them is one transaction. */

export type AreaChange =
  | { kind: 'add'; en: string; zh: string; position?: number }
  | { kind: 'rename'; city: string; en?: string; zh?: string }
  | { kind: 'move'; city: string; position: number }
  | { kind: 'remove'; city: string; allowAnyCity?: boolean };

const CITY_NAME_MAX = 80;

/** A city name as stored: surrounding and repeated spaces dropped. Refused when empty, too long or with control characters. */
function cityNameOf(label: string, raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest(`the ${label} name is empty`);
  if (name.length > CITY_NAME_MAX) throw badRequest(`the ${label} name is longer than ${CITY_NAME_MAX} characters`);
  if (/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name)) throw badRequest(`the ${label} name has control characters`);
  return name;
}

const shown = (c: DeliveryCity) => (c.zh ? `${c.en} (${c.zh})` : c.en);

/**
 * No two cities of a province may share a name in either language, as an address's city names one of them by either
 * name (matchDeliveryCity): `name` must not name any of `others`.
 */
function refuseClash(where: string, others: readonly DeliveryCity[], name: string) {
  const clash = others[findDeliveryCity(others, name)];
  if (clash) throw badRequest(`${where} already has ${shown(clash)}: '${name}' names it`);
}

/** A 1-based position among `count` places, as an index. */
function placeOf(position: number, count: number): number {
  if (!Number.isInteger(position) || position < 1 || position > count) throw badRequest(`position ${position} is not between 1 and ${count}`);
  return position - 1;
}

/** The city of the province that `typed` names (either language, as an address would), as an index. */
function cityOf(where: string, cities: readonly DeliveryCity[], typed: string): number {
  const i = findDeliveryCity(cities, typed);
  if (i < 0) throw notFound(`${where} has no delivery city '${typed.trim()}'${cities.length ? ` (${cities.map(shown).join(', ')})` : ''}`);
  return i;
}

/** A province's cities after `change`; `where` names the province in refusals. Refuses a change the rules forbid. */
export function changeProvinceCities(where: string, cities: readonly DeliveryCity[], change: AreaChange): DeliveryCity[] {
  const next = [...cities];
  switch (change.kind) {
    case 'add': {
      const city = { en: cityNameOf('English', change.en), zh: cityNameOf('Chinese', change.zh) };
      refuseClash(where, cities, city.en);
      refuseClash(where, cities, city.zh);
      next.splice(placeOf(change.position ?? cities.length + 1, cities.length + 1), 0, city);
      return next;
    }
    case 'rename': {
      if (change.en === undefined && change.zh === undefined) throw badRequest('rename needs a new English or Chinese name');
      const i = cityOf(where, cities, change.city);
      const city = {
        en: change.en === undefined ? cities[i].en : cityNameOf('English', change.en),
        zh: change.zh === undefined ? cities[i].zh : cityNameOf('Chinese', change.zh),
      };
      const others = cities.filter((_, j) => j !== i);
      refuseClash(where, others, city.en);
      if (city.zh) refuseClash(where, others, city.zh);
      next[i] = city;
      return next;
    }
    case 'move': {
      const [city] = next.splice(cityOf(where, cities, change.city), 1);
      next.splice(placeOf(change.position, cities.length), 0, city);
      return next;
    }
    case 'remove': {
      const i = cityOf(where, cities, change.city);
      // A province without cities takes any city: removing the last one would open the province, not close a city.
      if (cities.length === 1 && !change.allowAnyCity) {
        throw badRequest(`${shown(cities[i])} is ${where}'s last delivery city: without it ${where} would take any city ` +
          `(to stop delivering there, take ${where} out of the checkout setting's delivery provinces; to take any city, add --allow-any-city)`);
      }
      next.splice(i, 1);
      return next;
    }
  }
}

/** The delivery areas with both names of each city, for the operator. */
export async function deliveryAreasForOperator(q: Queryable): Promise<ProvinceCities[]> {
  return byProvince(await cityRows(q, {}));
}

/**
 * A province as the operator names it: "ON" (when one country has that code) or "CA-ON", checked against the
 * provinces table (the provinces addresses may name).
 */
export async function operatorProvince(q: Queryable, typed: string): Promise<{ country: string; province: string; name: string }> {
  const [country, province] = typed.trim().toUpperCase().includes('-') ? typed.trim().toUpperCase().split('-', 2) : [null, typed.trim().toUpperCase()];
  const { rows } = await q.query<{ country: string; code: string; name_en: string }>(
    'SELECT country, code, name_en FROM provinces WHERE code = $1 AND ($2::text IS NULL OR country = $2) ORDER BY country', [province, country]);
  if (!rows.length) throw notFound(`unknown province '${typed}' (a province of the provinces table, as ON or CA-ON)`);
  if (rows.length > 1) throw badRequest(`'${typed}' is a province of several countries: name it as ${rows.map((r) => `${r.country}-${r.code}`).join(' or ')}`);
  return { country: rows[0].country, province: rows[0].code, name: rows[0].name_en };
}

/**
 * Applies `change` to the province's cities in one transaction (all of it or nothing) and answers the province's
 * cities after it. The table is locked against other writers meanwhile (another operator, on PostgreSQL), and every
 * city's `sort` is renumbered to the order shown.
 */
export async function changeDeliveryArea(db: Db, typedProvince: string, change: AreaChange): Promise<ProvinceCities> {
  return db.tx(async (q) => {
    await q.query('LOCK TABLE delivery_cities IN EXCLUSIVE MODE');
    const { country, province } = await operatorProvince(q, typedProvince);
    const rows = await cityRows(q, {});
    const areas = byProvince(rows);
    let area = areas.find((a) => a.country === country && a.province === province);
    if (!area) areas.push(area = { country, province, cities: [] });
    area.cities = changeProvinceCities(`${country}-${province}`, area.cities, change);
    await q.query('DELETE FROM delivery_cities WHERE country = $1 AND province = $2', [country, province]);
    let sort = 0;
    for (const a of areas) {
      for (const city of a.cities) {
        sort += 1;
        if (a === area) {
          await q.query('INSERT INTO delivery_cities (country, province, name_en, name_zh, sort) VALUES ($1,$2,$3,$4,$5)', [country, province, city.en, city.zh, sort]);
        } else if (rows.find((r) => r.country === a.country && r.province === a.province && r.name_en === city.en)?.sort !== sort) {
          await q.query('UPDATE delivery_cities SET sort = $4 WHERE country = $1 AND province = $2 AND name_en = $3', [a.country, a.province, city.en, sort]);
        }
      }
    }
    return area;
  });
}
