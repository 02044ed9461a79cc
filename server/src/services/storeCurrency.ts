/**
 * The store's currency: what its prices, carts, orders, store credit and payments are in. It is the `payment` setting's
 * defaultCurrency (currencyType), seeded CAD for the demo store; app info hands the same record to the client, which
 * shows amounts in it. The exchange rates' base (exchange_rates.is_base) must be the same currency.
 */
import type { Queryable } from '../db/index.ts';

/** The store currency as one SQL expression (a column of a statement that needs it anyway). */
export const STORE_CURRENCY_SQL = `(SELECT value->'defaultCurrency'->>'currencyType' FROM settings WHERE key = 'payment')`;

const CODE = /^[A-Z]{3}$/;

/** The store currency; throws when the setting is missing or not a currency code (the start refuses such a store). */
export async function storeCurrency(q: Queryable): Promise<string> {
  const { rows } = await q.query(`SELECT ${STORE_CURRENCY_SQL} AS currency`, [], { prepare: true });
  return checkedCurrency(rows[0]?.currency);
}

export function checkedCurrency(raw: unknown): string {
  if (typeof raw !== 'string' || !CODE.test(raw)) {
    throw new Error(`the store currency (the 'payment' setting's defaultCurrency.currencyType) must be a currency code like CAD or CNY, got ${JSON.stringify(raw ?? null)}`);
  }
  return raw;
}

/**
 * The start's check of the store currency: null for a database not set up yet (no `payment` setting: nothing can be
 * sold), else the currency, or why the store cannot start with it: the setting must be a currency code, and the
 * exchange rates' base must be it (the client converts from that base).
 */
export async function startCurrency(q: Queryable): Promise<{ currency: string } | { problem: string } | null> {
  const { rows } = await q.query(`SELECT value->'defaultCurrency'->>'currencyType' AS currency FROM settings WHERE key = 'payment'`);
  if (!rows[0]) return null;
  let currency: string;
  try {
    currency = checkedCurrency(rows[0].currency);
  } catch (e) {
    return { problem: (e as Error).message };
  }
  const base = (await q.query('SELECT currency FROM exchange_rates WHERE is_base')).rows[0]?.currency;
  if (base !== undefined && base !== currency) {
    return { problem: `the exchange rates' base currency (exchange_rates.is_base) is ${base}, and the store sells in ${currency} (the 'payment' setting's defaultCurrency); they must be the same` };
  }
  return { currency };
}
