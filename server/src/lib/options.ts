import { badRequest } from './errors.ts';
import type { ProductOption } from '../../../contract/catalog.ts';

/**
 * Parses "size:M,color:Red" (order-insensitive) against a product's options and returns the canonical
 * form: names sorted, values spelled as in the catalogue. Every option of the product must be chosen.
 * Throws 400 on anything else.
 */
export function normalizeOptionPair(raw: string | undefined | null, options: ProductOption[], opts: { allowEmpty?: boolean } = {}): string {
  const text = (raw ?? '').trim();
  if (!options.length) {
    if (text) throw badRequest(`This product has no options; optionPair '${text}' is not valid`);
    return '';
  }
  if (!text) {
    if (opts.allowEmpty) return '';
    throw badRequest(`Choose ${options.map((o) => o.name).join(' and ')}`);
  }
  if (text.length > 200) throw badRequest('optionPair is too long');
  const chosen = new Map<string, string>();
  for (const part of text.split(',')) {
    const idx = part.indexOf(':');
    if (idx <= 0) throw badRequest(`optionPair must look like name:value,name:value (got '${part.trim()}')`);
    const name = part.slice(0, idx).trim().toLowerCase();
    const value = part.slice(idx + 1).trim();
    const option = options.find((o) => o.name.toLowerCase() === name);
    if (!option) throw badRequest(`Unknown option '${part.slice(0, idx).trim()}'`);
    const v = option.values.find((x) => x.value.toLowerCase() === value.toLowerCase());
    if (!v) throw badRequest(`Unknown ${option.name} '${value}'`);
    if (chosen.has(option.name)) throw badRequest(`Option '${option.name}' given twice`);
    chosen.set(option.name, v.value);
  }
  const missing = options.filter((o) => !chosen.has(o.name));
  if (missing.length) throw badRequest(`Choose ${missing.map((o) => o.name).join(' and ')}`);
  return [...chosen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([n, v]) => `${n}:${v}`).join(',');
}

/** All canonical option pairs of a product (cartesian product of its option values). */
export function allOptionPairs(options: ProductOption[]): string[] {
  if (!options.length) return [''];
  const sorted = [...options].sort((a, b) => a.name.localeCompare(b.name));
  let combos: string[][] = [[]];
  for (const o of sorted) combos = combos.flatMap((c) => o.values.map((v) => [...c, `${o.name}:${v.value}`]));
  return combos.map((c) => c.join(','));
}

/**
 * The chosen values of "color:Black,size:M" as the shopper reads them, in English and Chinese ('Black' / '黑色',
 * 'Medium' / '中号'), in the pair's order. A value the product no longer offers keeps the text it was stored with.
 */
export function optionLabels(optionPair: string, options: ProductOption[]): { en: string; zh: string }[] {
  if (!optionPair) return [];
  return optionPair.split(',').map((part) => {
    const idx = part.indexOf(':');
    const name = part.slice(0, idx).toLowerCase();
    const value = part.slice(idx + 1);
    const label = options.find((o) => o.name.toLowerCase() === name)?.values.find((v) => v.value === value)?.label;
    return label ?? { en: value, zh: value };
  });
}
