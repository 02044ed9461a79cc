/** The store's currencies: the base one (the store currency, which the start checks is exchange_rates' base) and the others' rates, symbols and decimals (exchange_rates table). */
import type { Queryable } from '../db/index.ts';
import { notFound } from '../lib/errors.ts';
import { currencyDecimals } from '../lib/money.ts';
import type { CurrencyInfo, ExchangeRate, ExchangeRates } from '../../../contract/appInfo.ts';
import { storeCurrency } from './storeCurrency.ts';

/** The currencies a shopper may switch to (app info's system.payment.exchangeCurrencies). */
export async function exchangeCurrencies(db: Queryable): Promise<CurrencyInfo[]> {
  const { rows } = await db.query('SELECT currency, symbol FROM exchange_rates WHERE NOT is_base ORDER BY sort');
  return rows.map((r: any) => ({ currencyType: r.currency, currencyCode: r.symbol }));
}

export async function exchangeRates(db: Queryable): Promise<ExchangeRates> {
  const { rows } = await db.query('SELECT currency, symbol, rate, is_base FROM exchange_rates ORDER BY sort');
  const base = await storeCurrency(db);
  const others = rows.filter((r: any) => !r.is_base);
  return {
    base,
    rates: Object.fromEntries(others.map((r: any) => [r.currency, Number(r.rate)])),
    symbols: Object.fromEntries(rows.map((r: any) => [r.currency, r.symbol])),
    decimals: Object.fromEntries(rows.map((r: any) => [r.currency, currencyDecimals(r.currency)])),
  };
}

/** One currency's rate from the base (404 when the store has none). */
export async function exchangeRate(db: Queryable, cur: string): Promise<ExchangeRate> {
  const { rows } = await db.query('SELECT currency, symbol, rate FROM exchange_rates WHERE currency = $1', [cur]);
  if (!rows[0]) throw notFound(`No exchange rate for ${cur}`);
  const base = await storeCurrency(db);
  return { base, currency: cur, rate: Number(rows[0].rate), symbol: rows[0].symbol, decimals: currencyDecimals(cur) };
}
