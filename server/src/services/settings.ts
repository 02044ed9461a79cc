import type { Queryable } from '../db/index.ts';
import type { OrderMethod } from '../../../contract/constants.ts';

/** Store-wide settings documents live in the `settings` table (seeded; editable by an operator). */
export async function getSetting<T = any>(q: Queryable, key: string): Promise<T> {
  const { rows } = await q.query('SELECT value FROM settings WHERE key = $1', [key], { prepare: true });
  return (rows[0]?.value ?? null) as T;
}

export async function getSettings(q: Queryable, keys: string[]): Promise<Record<string, any>> {
  const { rows } = await q.query('SELECT key, value FROM settings WHERE key = ANY($1::text[])', [keys]);
  const out: Record<string, any> = {};
  for (const r of rows) out[r.key] = r.value;
  return out;
}

export interface CheckoutRules {
  orderMethods: OrderMethod[];
  tipPercents: number[];
  timeZone: string;
  taxRatePercent: number;
  taxName: { en: string; zh: string };
  pickup: { leadTimeMinutes: number; slotMinutes: number; openTime: string; closeTime: string; daysAhead: number };
  delivery: {
    feeMinor: number; freeOverMinor: number; minimumOrderMinor: number; leadTimeMinutes: number; slotMinutes: number;
    openTime: string; closeTime: string; daysAhead: number; countries: string[]; provinces: string[];
  };
  eatIn: { tableNumberPattern: string };
  payAtStoreMethods: OrderMethod[];
}
