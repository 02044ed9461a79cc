import type { Queryable } from '../db/index.ts';

export function toLocation(r: any) {
  return {
    id: r.id,
    display: r.display,
    virtual: r.virtual,
    localStoreName: r.name_en,
    localStoreNameContent: { en: r.name_en, zh: r.name_zh },
    address: { streetNumberAndNameDetails: r.street, city: r.city, province: r.province, postCode: r.post_code, country: r.country },
    landingPageUrl: r.landing_page_url,
  };
}

export async function allLocations(q: Queryable) {
  const { rows } = await q.query('SELECT * FROM store_locations ORDER BY sort, id');
  return rows.map(toLocation);
}

export async function getLocation(q: Queryable, id: string) {
  const { rows } = await q.query('SELECT * FROM store_locations WHERE id = $1', [id]);
  return rows[0] ? toLocation(rows[0]) : null;
}

/** A store a shopper can pick: displayed and not virtual. */
export const isPickable = (l: { display: boolean; virtual: boolean }) => l.display && !l.virtual;
