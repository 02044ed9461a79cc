/** The shopper's address books (shipping, billing) and the countries and provinces addresses may name. */
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { Address, Country } from '../../../contract/account.ts';
import type { AddressType } from '../../../contract/constants.ts';
import { checkAddress } from './validate.ts';

/** The path's address-book owner: 'me' or the shopper's own id (404 for anyone else's). */
export function checkOwner(a: string, userId: number) {
  if (a !== 'me' && a !== String(userId)) throw notFound('Address book not found');
}

/** SHIPPING or BILLING, in any case (400 otherwise). */
export function addressType(b: string): AddressType {
  const t = b.toUpperCase();
  if (t !== 'SHIPPING' && t !== 'BILLING') throw badRequest(`Address type must be SHIPPING or BILLING (got '${b}')`);
  return t;
}

export async function addressBook(db: Queryable, userId: number, type: AddressType): Promise<Address[]> {
  const { rows } = await db.query('SELECT data FROM addresses WHERE user_id = $1 AND type = $2 ORDER BY sort, id', [userId, type]);
  return rows.map((r: any) => r.data);
}

/** Replaces the book with these addresses, each checked and given an id; the first is the default unless one is. */
export async function replaceAddressBook(db: Db, userId: number, type: AddressType, addresses: Address[]): Promise<Address[]> {
  const list: Address[] = [];
  for (const [i, x] of addresses.entries()) {
    const clean = await checkAddress(db, x, `addresses[${i}]`);
    list.push({ ...clean, id: clean.id || `a${i + 1}${Date.now().toString(36)}` });
  }
  if (list.length && !list.some((x) => x.isDefault)) list[0].isDefault = true;
  await db.tx(async (q) => {
    await q.query('DELETE FROM addresses WHERE user_id = $1 AND type = $2', [userId, type]);
    for (const [i, x] of list.entries()) {
      await q.query('INSERT INTO addresses (user_id, type, data, sort) VALUES ($1,$2,$3::jsonb,$4)', [userId, type, JSON.stringify(x), i]);
    }
  });
  return list;
}

/** Adds a checkout's delivery address to the shipping book unless the same street and postal code are in it. */
export async function rememberShippingAddress(q: Queryable, userId: number, addr: Address) {
  const { rows } = await q.query(`SELECT data FROM addresses WHERE user_id = $1 AND type = 'SHIPPING'`, [userId]);
  const same = rows.some((x: any) => x.data.streetNumberAndNameDetails === addr.streetNumberAndNameDetails && x.data.postCode === addr.postCode);
  // The address book holds at most 10 (as updateAddresses); beyond that the order still uses the address.
  if (!same && rows.length < 10) {
    await q.query(`INSERT INTO addresses (user_id, type, data, sort) VALUES ($1, 'SHIPPING', $2::jsonb, $3)`,
      [userId, JSON.stringify({ ...addr, id: `a${Date.now().toString(36)}` }), rows.length]);
  }
}

export async function countries(db: Queryable): Promise<Country[]> {
  const { rows } = await db.query('SELECT * FROM countries ORDER BY sort, code');
  return rows.map((r: any) => ({ code: r.code, name: r.name_en, nameContent: { en: r.name_en, zh: r.name_zh } }));
}

/** The provinces of a country (404 for a country the store does not know). */
export async function provinces(db: Queryable, country: string): Promise<Country[]> {
  const c = country.toUpperCase();
  const { rows } = await db.query('SELECT * FROM provinces WHERE country = $1 ORDER BY name_en', [c]);
  if (!rows.length) throw notFound(`Unknown country '${c}'`);
  return rows.map((r: any) => ({ code: r.code, name: r.name_en, nameContent: { en: r.name_en, zh: r.name_zh } }));
}
