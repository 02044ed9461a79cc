/**
 * The catalogue file (server/README.md "Your own catalogue"): one model, written as JSON or as CSV. Reading checks every
 * row and field and answers every problem with the line and field it is on; nothing is half-read.
 *
 * JSON: { "format": "istore-catalogue/1", "currency": "CAD", "categories": [...], "brands": [...], "products": [...] }.
 * CSV: one header row, then per product one product row (its fields; `stock` when it has no options) and one row per
 * option combination (`sku` of its product, `combination`, `combination_sku`, `stock`, and its own `price` and
 * `list_price` when it has them; nothing else). A combination without a price of its own sells at its product's.
 */
import type { ProductOption } from '../../../contract/catalog.ts';
import { currencyDecimals } from '../lib/money.ts';
import { allOptionPairs, normalizeOptionPair } from '../lib/options.ts';
import { ApiError } from '../lib/errors.ts';
import { CsvSyntaxError, parseCsv, writeCsv } from './csv.ts';

export const FORMAT = 'istore-catalogue/1';

/**
 * A Chinese name or description left empty keeps the store's (a new row takes the English); a category image left
 * undefined keeps the store's (null: none).
 */
export interface CatalogCategory { name: string; nameZh: string; image: string | null | undefined }
export interface CatalogBrand { name: string; nameZh: string }
/**
 * One option combination: its stock, and its own price and struck-through price (price null: it sells at its product's
 * price and list price; issue 37 item 5).
 */
export interface CatalogStock { combination: string; sku: string | null; stock: number | null; price?: number | null; listPrice?: number | null }
export interface CatalogProduct {
  sku: string;
  nameEn: string; nameZh: string; descEn: string; descZh: string;
  category: string; brand: string; tags: string[]; clearance: boolean;
  /** minor units of the file's currency */
  price: number; listPrice: number | null; memberPrice: number | null;
  images: string[];
  options: ProductOption[];
  /** one entry per option combination ('' for a product without options); stock null = keep what the store has */
  stock: CatalogStock[];
  /** where it is in the file, for messages */
  line: number;
}
export interface Catalog { currency: string; categories: CatalogCategory[]; brands: CatalogBrand[]; products: CatalogProduct[] }

export interface RowProblem { line: number; field: string; message: string }

/** Every problem of a file, each with its line and field; nothing of the file is applied. */
export class CatalogProblems extends ApiError {
  constructor(readonly problems: RowProblem[]) {
    super(400, problems.map((p) => `line ${p.line}, ${p.field}: ${p.message}`));
  }
}

const SKU_RE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
const OPTION_NAME_RE = /^[a-z][a-z0-9_]{0,30}$/;
/** Characters the CSV option syntax uses, not allowed inside option names, values or labels. */
const OPTION_RESERVED = /[()/|;=,:]/;
const TEXT_MAX = 200;
const DESC_MAX = 4000;
const STOCK_MAX = 1_000_000;

/** Collects problems while reading; `at(line)` answers helpers that report on that line. */
export class Checker {
  problems: RowProblem[] = [];
  constructor(readonly decimals: number) {}
  add(line: number, field: string, message: string) {
    this.problems.push({ line, field, message });
  }
  text(line: number, field: string, raw: unknown, opts: { required?: boolean; max?: number } = {}): string {
    if (raw === undefined || raw === null) raw = '';
    if (typeof raw !== 'string') {
      this.add(line, field, 'must be text');
      return '';
    }
    const v = raw.trim();
    if (opts.required !== false && !v) this.add(line, field, 'is required');
    else if (v.length > (opts.max ?? TEXT_MAX)) this.add(line, field, `is longer than ${opts.max ?? TEXT_MAX} characters`);
    return v;
  }
  money(line: number, field: string, raw: unknown, required: boolean): number | null {
    const v = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : raw == null ? '' : null;
    if (v === null) {
      this.add(line, field, 'must be an amount like 12.99');
      return null;
    }
    if (!v) {
      if (required) this.add(line, field, 'is required');
      return null;
    }
    const d = this.decimals;
    if (!new RegExp(`^\\d{1,7}(\\.\\d{1,${d}})?$`).test(v)) {
      this.add(line, field, `must be an amount like 12.${'9'.repeat(d) || ''} (at most ${d} decimals), not '${v}'`);
      return null;
    }
    return Math.round(Number(v) * 10 ** d);
  }
  stock(line: number, field: string, raw: unknown): number | null {
    const v = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : raw == null ? '' : null;
    if (v === '') return null;
    if (v === null || !/^\d{1,7}$/.test(v) || Number(v) > STOCK_MAX) {
      this.add(line, field, `must be a whole number from 0 to ${STOCK_MAX}${v ? `, not '${v}'` : ''}`);
      return null;
    }
    return Number(v);
  }
  sku(line: number, field: string, raw: unknown): string {
    const v = this.text(line, field, raw);
    if (v && !SKU_RE.test(v)) this.add(line, field, `'${v}' is not a SKU (letters, digits, . _ / -, at most 64, starting with a letter or digit)`);
    return v;
  }
}

/** Field names as each format spells them (JSON's are the model's). */
export type FieldNames = Record<'memberPrice' | 'listPrice' | 'combination' | 'combinationSku' | 'combinationPrice' | 'combinationListPrice', string>;
const JSON_FIELDS: FieldNames = {
  memberPrice: 'memberPrice', listPrice: 'listPrice', combination: 'stock.combination', combinationSku: 'stock.sku',
  combinationPrice: 'stock.price', combinationListPrice: 'stock.listPrice',
};
const CSV_FIELDS: FieldNames = {
  memberPrice: 'member_price', listPrice: 'list_price', combination: 'combination', combinationSku: 'combination_sku',
  combinationPrice: 'price', combinationListPrice: 'list_price',
};

/** The checks every product gets, whichever format it came in. */
function checkProduct(c: Checker, p: CatalogProduct, categories: Map<string, CatalogCategory>, brands: Map<string, CatalogBrand>, f: FieldNames) {
  const { line } = p;
  if (p.category && !categories.has(p.category)) c.add(line, 'category', `'${p.category}' is not among the file's categories`);
  if (p.brand && !brands.has(p.brand)) c.add(line, 'brand', `'${p.brand}' is not among the file's brands`);
  if (p.memberPrice !== null && p.memberPrice > p.price) c.add(line, f.memberPrice, 'is more than the price');
  if (p.clearance && p.listPrice === null) c.add(line, 'clearance', 'a clearance product needs its list price (the price it had)');
  if (p.listPrice !== null && p.listPrice <= p.price) c.add(line, f.listPrice, 'must be above the price (it is the price struck through)');
  for (const t of p.tags) if (!t || t.length > 40) c.add(line, 'tags', `'${t}' is not a tag (1 to 40 characters)`);
  if (!p.images.length) c.add(line, 'images', 'at least one image is required');
  for (const img of p.images) {
    if (/^https?:\/\//i.test(img)) {
      if (img.length > 2000 || /\s/.test(img)) c.add(line, 'images', `'${img.slice(0, 100)}' is not an image address`);
    } else if (!img || /[\\/]/.test(img) || img.startsWith('.') || img.length > 100) c.add(line, 'images', `'${img}' is not an image file name`);
  }
  const names = new Set<string>();
  for (const o of p.options) {
    if (!OPTION_NAME_RE.test(o.name)) c.add(line, 'options', `'${o.name}' is not an option name (lower-case letters, digits, _)`);
    if (names.has(o.name)) c.add(line, 'options', `option '${o.name}' is given twice`);
    names.add(o.name);
    if (!o.values.length) c.add(line, 'options', `option '${o.name}' has no values`);
    const values = new Set<string>();
    for (const v of o.values) {
      if (values.has(v.value.toLowerCase())) c.add(line, 'options', `${o.name} '${v.value}' is given twice`);
      values.add(v.value.toLowerCase());
      // A choice's picture is one of the product's own (issue 42 n-2): the page's gallery turns to it.
      if (v.image !== undefined && !p.images.includes(v.image)) c.add(line, 'options', `${o.name} '${v.value}': its image '${v.image.slice(0, 100)}' is not among the product's images`);
      for (const text of [v.value, v.label.en, v.label.zh, o.nameContent.en, o.nameContent.zh]) {
        if (!text.trim()) c.add(line, 'options', `option '${o.name}' has an empty name, value or label`);
        else if (OPTION_RESERVED.test(text)) c.add(line, 'options', `'${text}' uses one of ( ) / | ; = , : which option texts cannot`);
      }
    }
  }
  const expected = new Set(allOptionPairs(p.options));
  const seen = new Set<string>();
  for (const s of p.stock) {
    const price = s.price ?? null;
    const listPrice = s.listPrice ?? null;
    if (!p.options.length) {
      if (s.combination) c.add(line, f.combination, `'${s.combination}': this product has no options`);
      if (price !== null) c.add(line, f.combinationPrice, 'a product without options has its price on its product row');
      continue;
    }
    if (price === null && listPrice !== null) c.add(line, f.combinationListPrice, `combination '${s.combination}': a list price goes with the combination's own price`);
    if (price !== null && listPrice !== null && listPrice <= price) c.add(line, f.combinationListPrice, `combination '${s.combination}': must be above its price (it is the price struck through)`);
    let pair = '';
    try {
      pair = normalizeOptionPair(s.combination, p.options);
    } catch (e) {
      c.add(line, f.combination, `'${s.combination}': ${(e as ApiError).errors?.[0] ?? 'not a combination of its options'}`);
      continue;
    }
    if (seen.has(pair)) c.add(line, f.combination, `'${pair}' is given twice`);
    seen.add(pair);
    s.combination = pair;
    if (!s.sku) c.add(line, f.combinationSku, `combination '${pair}' needs its own SKU`);
  }
  const missing = [...expected].filter((pair) => pair && !seen.has(pair));
  if (p.options.length && missing.length) c.add(line, f.combination, `missing: ${missing.join('; ')} (every combination of its options is listed with its stock)`);
  if (!p.options.length && p.stock.length !== 1) c.add(line, 'stock', 'a product without options has one stock');
}

export function checkWhole(c: Checker, catalog: Catalog, f: FieldNames) {
  const skus = new Map<string, number>();
  const claim = (sku: string | null, line: number, field: string) => {
    if (!sku) return;
    const key = sku.toLowerCase();
    if (skus.has(key)) c.add(line, field, `SKU '${sku}' is also used on line ${skus.get(key)}`);
    else skus.set(key, line);
  };
  const categories = new Map(catalog.categories.map((x) => [x.name, x]));
  const brands = new Map(catalog.brands.map((x) => [x.name, x]));
  for (const p of catalog.products) {
    claim(p.sku, p.line, 'sku');
    for (const s of p.stock) claim(s.sku, p.line, f.combinationSku);
    checkProduct(c, p, categories, brands, f);
  }
  if (!catalog.products.length) c.add(1, 'products', 'the file has no products');
}

/** The file's currency: the store's when it names none; one that is not a currency code is a problem. */
function decimalsOf(c: { add(line: number, field: string, m: string): void }, raw: unknown, storeCurrency: string): { currency: string; decimals: number } {
  const currency = typeof raw === 'string' && /^[A-Z]{3}$/.test(raw) ? raw : storeCurrency;
  if (raw !== undefined && currency !== raw) c.add(1, 'currency', `'${String(raw)}' is not a currency code like CAD`);
  return { currency, decimals: currencyDecimals(currency) };
}

// ---------------------------------------------------------------- JSON

/** The line a JSON value starts on: the n-th occurrence of `"key": value` in the text (JSON.parse gives no positions). */
function jsonLines(text: string, key: string): number[] {
  const lines: number[] = [];
  const re = new RegExp(`"${key}"\\s*:`, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) lines.push(text.slice(0, m.index).split('\n').length);
  return lines;
}

function localized(c: Checker, line: number, field: string, raw: unknown, max = TEXT_MAX, required = true): { en: string; zh: string } {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (!raw || typeof raw !== 'object') {
    if (required) c.add(line, field, 'must be { "en": ..., "zh": ... }');
    return { en: '', zh: '' };
  }
  // Chinese is optional everywhere: empty keeps the store's (a new product shows the English).
  return { en: c.text(line, `${field}.en`, o.en, { max, required }), zh: c.text(line, `${field}.zh`, o.zh, { max, required: false }) };
}

/** An option label without Chinese shows the English one (it lives in the product's options, with no store row to keep). */
const withEnglish = (l: { en: string; zh: string }) => ({ en: l.en, zh: l.zh || l.en });

function jsonOptions(c: Checker, line: number, raw: unknown): ProductOption[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    c.add(line, 'options', 'must be a list');
    return [];
  }
  return raw.map((o: any, i: number) => ({
    name: c.text(line, `options[${i}].name`, o?.name, { max: 31 }),
    nameContent: withEnglish(localized(c, line, `options[${i}].label`, o?.label)),
    values: Array.isArray(o?.values)
      ? o.values.map((v: any, j: number) => {
        const image = c.text(line, `options[${i}].values[${j}].image`, v?.image, { required: false, max: 2000 });
        return {
          value: c.text(line, `options[${i}].values[${j}].value`, v?.value, { max: 60 }),
          label: withEnglish(localized(c, line, `options[${i}].values[${j}].label`, v?.label)),
          ...(image ? { image } : {}),
        };
      })
      : (c.add(line, `options[${i}].values`, 'must be a list'), []),
  }));
}

/** A JSON catalogue; its amounts are in its "currency", else in `storeCurrency`. */
export function readCatalogJson(text: string, storeCurrency: string): Catalog {
  let doc: any;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const pos = /position (\d+)/.exec((e as Error).message);
    const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : 1;
    throw new CatalogProblems([{ line, field: 'file', message: `not JSON: ${(e as Error).message}` }]);
  }
  const c0: RowProblem[] = [];
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new CatalogProblems([{ line: 1, field: 'file', message: 'must be a JSON object' }]);
  if (doc.format !== FORMAT) c0.push({ line: jsonLines(text, 'format')[0] ?? 1, field: 'format', message: `must be "${FORMAT}"` });
  const { currency, decimals } = decimalsOf({ add: (line, field, message) => c0.push({ line, field, message }) }, doc.currency, storeCurrency);
  const c = new Checker(decimals);
  c.problems.push(...c0);
  const list = (key: string): any[] => {
    if (Array.isArray(doc[key])) return doc[key];
    c.add(jsonLines(text, key)[0] ?? 1, key, 'must be a list');
    return [];
  };
  // each category / brand / product object is found by its "name" or "sku" key, in order
  const nameLines = jsonLines(text, 'name');
  const skuLines = jsonLines(text, 'sku');
  let nameAt = 0;
  const categories: CatalogCategory[] = list('categories').map((x) => {
    const line = nameLines[nameAt++] ?? 1;
    return { name: c.text(line, 'category.name', x?.name, { max: 60 }), nameZh: c.text(line, 'category.nameZh', x?.nameZh, { max: 60, required: false }), image: c.text(line, 'category.image', x?.image, { required: false, max: 100 }) || null };
  });
  const brands: CatalogBrand[] = list('brands').map((x) => {
    const line = nameLines[nameAt++] ?? 1;
    return { name: c.text(line, 'brand.name', x?.name, { max: 60 }), nameZh: c.text(line, 'brand.nameZh', x?.nameZh, { max: 60, required: false }) };
  });
  let skuAt = 0;
  const products: CatalogProduct[] = list('products').map((x: any) => {
    const line = skuLines[skuAt] ?? 1;
    skuAt += 1 + (Array.isArray(x?.stock) ? x.stock.filter((s: any) => s && typeof s === 'object' && 'sku' in s).length : 0);
    const name = localized(c, line, 'name', x?.name);
    const desc = localized(c, line, 'description', x?.description, DESC_MAX, false);
    const options = jsonOptions(c, line, x?.options);
    const stock: CatalogStock[] = typeof x?.stock === 'number' || typeof x?.stock === 'string' || x?.stock == null
      ? [{ combination: '', sku: null, stock: c.stock(line, 'stock', x?.stock) }]
      : Array.isArray(x.stock)
        ? x.stock.map((s: any) => ({
          combination: typeof s?.combination === 'string' ? s.combination : '',
          sku: s?.sku == null ? null : c.sku(line, 'stock.sku', s.sku),
          stock: c.stock(line, 'stock.stock', s?.stock),
          price: c.money(line, 'stock.price', s?.price, false),
          listPrice: c.money(line, 'stock.listPrice', s?.listPrice, false),
        }))
        : (c.add(line, 'stock', 'must be a number or a list of combinations'), []);
    const strings = (field: string, raw: unknown): string[] => {
      if (raw == null) return [];
      if (Array.isArray(raw) && raw.every((t) => typeof t === 'string')) return raw.map((t) => t.trim());
      c.add(line, field, 'must be a list of text');
      return [];
    };
    return {
      sku: c.sku(line, 'sku', x?.sku),
      nameEn: name.en, nameZh: name.zh, descEn: desc.en, descZh: desc.zh,
      category: c.text(line, 'category', x?.category, { max: 60 }),
      brand: c.text(line, 'brand', x?.brand, { max: 60 }),
      tags: strings('tags', x?.tags),
      clearance: x?.clearance === true,
      price: c.money(line, 'price', x?.price, true) ?? 0,
      listPrice: c.money(line, 'listPrice', x?.listPrice, false),
      memberPrice: c.money(line, 'memberPrice', x?.memberPrice, false),
      images: strings('images', x?.images),
      options,
      stock,
      line,
    };
  });
  const catalog = { currency, categories, brands, products };
  checkWhole(c, catalog, JSON_FIELDS);
  if (c.problems.length) throw new CatalogProblems(c.problems);
  return catalog;
}

function major(minor: number | null, decimals: number): string | null {
  return minor === null ? null : (minor / 10 ** decimals).toFixed(decimals);
}

export function writeCatalogJson(catalog: Catalog): string {
  const d = currencyDecimals(catalog.currency);
  return JSON.stringify({
    format: FORMAT,
    currency: catalog.currency,
    categories: catalog.categories.map((x) => ({ name: x.name, nameZh: x.nameZh, ...(x.image ? { image: x.image } : {}) })),
    brands: catalog.brands,
    products: catalog.products.map((p) => ({
      sku: p.sku,
      name: { en: p.nameEn, zh: p.nameZh },
      description: { en: p.descEn, zh: p.descZh },
      category: p.category,
      brand: p.brand,
      tags: p.tags,
      ...(p.clearance ? { clearance: true } : {}),
      price: major(p.price, d),
      ...(p.listPrice !== null ? { listPrice: major(p.listPrice, d) } : {}),
      ...(p.memberPrice !== null ? { memberPrice: major(p.memberPrice, d) } : {}),
      images: p.images,
      ...(p.options.length ? { options: p.options.map((o) => ({ name: o.name, label: o.nameContent, values: o.values })) } : {}),
      stock: p.options.length
        ? p.stock.map((s) => ({
          combination: s.combination, sku: s.sku, stock: s.stock,
          ...(s.price != null ? { price: major(s.price, d) } : {}),
          ...(s.listPrice != null ? { listPrice: major(s.listPrice, d) } : {}),
        }))
        : p.stock[0]?.stock ?? 0,
    })),
  }, null, 2) + '\n';
}

// ---------------------------------------------------------------- CSV

export const CSV_COLUMNS = [
  'sku', 'name_en', 'name_zh', 'description_en', 'description_zh', 'category', 'category_zh', 'category_image', 'brand',
  'brand_zh', 'tags', 'clearance', 'price', 'list_price', 'member_price', 'images', 'options', 'combination',
  'combination_sku', 'stock',
] as const;
type Column = (typeof CSV_COLUMNS)[number];
const PRODUCT_ONLY: Column[] = ['name_en', 'name_zh', 'description_en', 'description_zh', 'category', 'category_zh', 'category_image', 'brand', 'brand_zh', 'tags', 'clearance', 'member_price', 'images', 'options'];

/**
 * `size(Size/尺码)=S(Small/小号)|M(Medium/中号);color(Colour/颜色)=Black(Black/黑色)@3` → options; null when malformed. The
 * Chinese label is optional (`size(Size)=S(Small)`): the English one stands for it. `@3` after a value names its picture
 * by its place in the row's `images` (the third; a place, since an image may be a URL, which the syntax cannot hold).
 */
export function parseOptionsCell(cell: string, images: string[] = []): ProductOption[] | null {
  if (!cell.trim()) return [];
  const named = /^\s*([^()/|;=,:@]+?)\s*\(\s*([^()/|;=,:]+?)\s*(?:\/\s*([^()/|;=,:]+?)\s*)?\)\s*(?:@\s*(\d{1,3})\s*)?$/;
  const options: ProductOption[] = [];
  for (const part of cell.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const head = named.exec(part.slice(0, eq));
    if (!head || head[4]) return null;
    const values = part.slice(eq + 1).split('|').map((v) => named.exec(v));
    if (values.some((v) => !v || (v[4] && !images[Number(v[4]) - 1]))) return null;
    options.push({
      name: head[1],
      nameContent: { en: head[2], zh: head[3] ?? head[2] },
      values: values.map((v) => ({ value: v![1], label: { en: v![2], zh: v![3] ?? v![2] }, ...(v![4] ? { image: images[Number(v![4]) - 1] } : {}) })),
    });
  }
  return options;
}

export function optionsCell(options: ProductOption[], images: string[] = []): string {
  const picture = (image: string | undefined) => (image && images.includes(image) ? `@${images.indexOf(image) + 1}` : '');
  return options.map((o) => `${o.name}(${o.nameContent.en}/${o.nameContent.zh})=${o.values.map((v) => `${v.value}(${v.label.en}/${v.label.zh})${picture(v.image)}`).join('|')}`).join(';');
}

const list = (cell: string) => cell.split('|').map((x) => x.trim()).filter(Boolean);

/** The records of a catalogue's CSV text (ours or Shopify's); a text that is not CSV is the file's problem. */
export function catalogCsvRecords(text: string): ReturnType<typeof parseCsv> {
  try {
    return parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw new CatalogProblems([{ line: e.line, field: 'file', message: `not CSV: ${e.message}` }]);
    throw e;
  }
}

/** A CSV catalogue (it names no currency): its amounts are in `currency`, the store's. */
export function readCatalogCsv(text: string, currency: string): Catalog {
  const records = catalogCsvRecords(text);
  const c = new Checker(currencyDecimals(currency));
  const [header, ...rows] = records;
  const columns = (header?.fields ?? []).map((h) => h.trim().toLowerCase());
  const unknown = columns.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  const absent = CSV_COLUMNS.filter((h) => !columns.includes(h));
  if (!header || unknown.length || absent.length) {
    throw new CatalogProblems([{ line: header?.line ?? 1, field: 'header', message: `${unknown.length ? `unknown column(s) ${unknown.join(', ')}; ` : ''}${absent.length ? `missing column(s) ${absent.join(', ')}; ` : ''}the columns are ${CSV_COLUMNS.join(',')}` }]);
  }
  const categories = new Map<string, CatalogCategory & { line: number }>();
  const brands = new Map<string, CatalogBrand & { line: number }>();
  const products = new Map<string, CatalogProduct>();
  for (const r of rows) {
    const line = r.line;
    if (r.fields.length !== columns.length) {
      c.add(line, 'row', `has ${r.fields.length} fields, the header ${columns.length}`);
      continue;
    }
    const get = (col: Column) => r.fields[columns.indexOf(col)].trim();
    const sku = c.sku(line, 'sku', get('sku'));
    if (get('combination')) {
      const extra = PRODUCT_ONLY.filter((col) => get(col));
      if (extra.length) c.add(line, extra[0], 'a combination row has only sku, combination, combination_sku, stock, price and list_price');
      const product = products.get(sku.toLowerCase());
      if (!product) {
        c.add(line, 'sku', `'${sku}': a combination row comes after its product's row`);
        continue;
      }
      product.stock.push({
        combination: get('combination'), sku: c.sku(line, 'combination_sku', get('combination_sku')), stock: c.stock(line, 'stock', get('stock')),
        price: c.money(line, 'price', get('price'), false), listPrice: c.money(line, 'list_price', get('list_price'), false),
      });
      continue;
    }
    if (get('combination_sku')) c.add(line, 'combination_sku', 'only on a combination row (with its combination)');
    if (products.has(sku.toLowerCase())) {
      c.add(line, 'sku', `'${sku}' has a product row on line ${products.get(sku.toLowerCase())!.line} already`);
      continue;
    }
    const images = list(get('images'));
    const options = parseOptionsCell(get('options'), images);
    if (!options) c.add(line, 'options', 'must look like size(Size/尺码)=S(Small/小号)|M(Medium/中号);color(Colour/颜色)=Red(Red/红色)@2 (@2: its picture, the second of images)');
    const category = c.text(line, 'category', get('category'), { max: 60 });
    const categoryZh = c.text(line, 'category_zh', get('category_zh'), { max: 60, required: false });
    const categoryImage = get('category_image') || null;
    const known = categories.get(category);
    if (!known) categories.set(category, { name: category, nameZh: categoryZh, image: categoryImage, line });
    else if (known.nameZh !== categoryZh || known.image !== categoryImage) c.add(line, 'category_zh', `category '${category}' is described differently on line ${known.line}`);
    const brand = c.text(line, 'brand', get('brand'), { max: 60 });
    const brandZh = c.text(line, 'brand_zh', get('brand_zh'), { max: 60, required: false });
    const knownBrand = brands.get(brand);
    if (!knownBrand) brands.set(brand, { name: brand, nameZh: brandZh, line });
    else if (knownBrand.nameZh !== brandZh) c.add(line, 'brand_zh', `brand '${brand}' is described differently on line ${knownBrand.line}`);
    const clearance = get('clearance').toLowerCase();
    if (!['', 'yes', 'no'].includes(clearance)) c.add(line, 'clearance', "must be 'yes', 'no' or empty");
    const opts = options ?? [];
    products.set(sku.toLowerCase(), {
      sku,
      nameEn: c.text(line, 'name_en', get('name_en')), nameZh: c.text(line, 'name_zh', get('name_zh'), { required: false }),
      descEn: c.text(line, 'description_en', get('description_en'), { required: false, max: DESC_MAX }),
      descZh: c.text(line, 'description_zh', get('description_zh'), { required: false, max: DESC_MAX }),
      category, brand, tags: list(get('tags')), clearance: clearance === 'yes',
      price: c.money(line, 'price', get('price'), true) ?? 0,
      listPrice: c.money(line, 'list_price', get('list_price'), false),
      memberPrice: c.money(line, 'member_price', get('member_price'), false),
      images,
      options: opts,
      stock: opts.length ? [] : [{ combination: '', sku: null, stock: c.stock(line, 'stock', get('stock')) }],
      line,
    });
    if (opts.length && get('stock')) c.add(line, 'stock', 'a product with options has its stock on its combination rows');
  }
  const catalog: Catalog = {
    currency,
    categories: [...categories.values()].map(({ name, nameZh, image }) => ({ name, nameZh, image })),
    brands: [...brands.values()].map(({ name, nameZh }) => ({ name, nameZh })),
    products: [...products.values()],
  };
  checkWhole(c, catalog, CSV_FIELDS);
  if (c.problems.length) throw new CatalogProblems(c.problems);
  return catalog;
}

export function writeCatalogCsv(catalog: Catalog): string {
  const d = currencyDecimals(catalog.currency);
  const categories = new Map(catalog.categories.map((x) => [x.name, x]));
  const brands = new Map(catalog.brands.map((x) => [x.name, x]));
  const rows: string[][] = [[...CSV_COLUMNS]];
  const row = (values: Partial<Record<Column, string>>) => rows.push(CSV_COLUMNS.map((col) => values[col] ?? ''));
  for (const p of catalog.products) {
    row({
      sku: p.sku, name_en: p.nameEn, name_zh: p.nameZh, description_en: p.descEn, description_zh: p.descZh,
      category: p.category, category_zh: categories.get(p.category)?.nameZh ?? '', category_image: categories.get(p.category)?.image ?? '',
      brand: p.brand, brand_zh: brands.get(p.brand)?.nameZh ?? '', tags: p.tags.join('|'), clearance: p.clearance ? 'yes' : '',
      price: major(p.price, d)!, list_price: major(p.listPrice, d) ?? '', member_price: major(p.memberPrice, d) ?? '',
      images: p.images.join('|'), options: optionsCell(p.options, p.images),
      stock: p.options.length ? '' : String(p.stock[0]?.stock ?? ''),
    });
    if (p.options.length) {
      for (const s of p.stock) {
        row({
          sku: p.sku, combination: s.combination, combination_sku: s.sku ?? '', stock: s.stock === null ? '' : String(s.stock),
          price: major(s.price ?? null, d) ?? '', list_price: major(s.listPrice ?? null, d) ?? '',
        });
      }
    }
  }
  return writeCsv(rows);
}

/** A file's format from its name: .csv or .json. */
export function formatOf(file: string): 'csv' | 'json' | null {
  return /\.csv$/i.test(file) ? 'csv' : /\.json$/i.test(file) ? 'json' : null;
}

export function readCatalog(text: string, format: 'csv' | 'json', storeCurrency: string): Catalog {
  return format === 'csv' ? readCatalogCsv(text, storeCurrency) : readCatalogJson(text, storeCurrency);
}
