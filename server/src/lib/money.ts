import { currencyDecimals } from '../../../contract/constants.ts';

/** Currency decimals from the spec (the contract's rule, shared with the client). */
export { currencyDecimals };

/** Formats minor units for messages, e.g. 1500 CAD -> "$15.00". */
export function formatMoney(minor: number, currency: string, symbol = '$'): string {
  const d = currencyDecimals(currency);
  return `${symbol}${(minor / 10 ** d).toFixed(d)}`;
}

/** Converts base-currency minor units to another currency's minor units at rate (1 base = rate other). */
export function convertMinor(minor: number, fromCurrency: string, toCurrency: string, rate: number): number {
  const major = minor / 10 ** currencyDecimals(fromCurrency);
  return Math.round(major * rate * 10 ** currencyDecimals(toCurrency));
}
