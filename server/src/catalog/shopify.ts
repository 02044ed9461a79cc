/**
 * A Shopify product CSV export read as it is (`npm run catalog -- import --from shopify FILE`; columns as Shopify's help
 * "Using CSV files to import and update products" names them). Rows sharing a Handle are one product: its first row has
 * the product's fields (Title, Body (HTML), Vendor, Type, Product Category, Tags, Status, Option1-3 Name), every row with
 * an option value or a Variant Price is a variant (Option1-3 Value, Variant SKU, Variant Price, Variant Compare At
 * Price, Variant Inventory Qty, Variant Image), and a row with only Handle and Image Src (Image Position) adds an image.
 * Other columns (SEO, Google Shopping, metafields, weights...) are not this store's and are passed over.
 *
 * Into the catalogue model (format.ts): the product's SKU is its Handle; a variant's SKU is its Variant SKU, or
 * <handle>-<values> when it has none; Vendor is the brand, Type (else the last part of Product Category) the category;
 * the description is Body (HTML) as text; images are fetched by URL at import (fetchImage.ts). Shopify has no Chinese
 * names: the English ones stand for them (the shop shows English where there is no Chinese). A product whose Status is
 * draft or archived, or whose Published is false, is left out and named. Each variant keeps its Variant Price and its
 * Variant Compare At Price (struck through when above the price): the product's price is its lowest variant price (what
 * lists show and sort by), and a variant at another price, or struck through differently, has a price of its own.
 */
import type { ProductOption } from '../../../contract/catalog.ts';
import { currencyDecimals } from '../lib/money.ts';
import { CatalogProblems, Checker, catalogCsvRecords, checkWhole, type Catalog, type CatalogProduct, type CatalogStock, type FieldNames } from './format.ts';

const FIELDS: FieldNames = {
  memberPrice: 'Variant Price', listPrice: 'Variant Compare At Price', combination: 'Option1 Value', combinationSku: 'Variant SKU',
  combinationPrice: 'Variant Price', combinationListPrice: 'Variant Compare At Price',
};
const REQUIRED = ['Handle', 'Title', 'Variant Price'];
const OPTION_RESERVED = /[()/|;=,:]+/g;

export interface ShopifyCatalog {
  catalog: Catalog;
  /** Products left out: draft, archived or unpublished, by handle. */
  skipped: { handle: string; line: number; why: string }[];
}

/** Body (HTML) as the text a shopper reads: paragraphs and breaks as new lines, tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return entities[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An option's name as this store keys it: `Size` → size, `Colour / Color` → colour_color; else option<n>. */
function optionKey(name: string, n: number): string {
  const key = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 31);
  return /^[a-z]/.test(key) ? key : `option${n}`;
}
/** A value or label without the characters the option syntax reserves (`S/M` → `S M`). */
const optionText = (s: string) => s.replace(OPTION_RESERVED, ' ').replace(/\s+/g, ' ').trim();
const skuPart = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-+|-+$/g, '');

export function readShopifyCsv(text: string, currency: string): ShopifyCatalog {
  const records = catalogCsvRecords(text);
  const c = new Checker(currencyDecimals(currency));
  const [header, ...rows] = records;
  const columns = new Map((header?.fields ?? []).map((h, i) => [h.trim().toLowerCase(), i]));
  const absent = REQUIRED.filter((h) => !columns.has(h.toLowerCase()));
  if (!header || absent.length) {
    throw new CatalogProblems([{ line: header?.line ?? 1, field: 'header', message: `missing column(s) ${absent.join(', ')}: a Shopify product CSV export has Handle, Title, Option1 Name, Option1 Value, Variant SKU, Variant Price, Image Src...` }]);
  }
  const cell = (r: { fields: string[] }, col: string) => {
    const i = columns.get(col.toLowerCase());
    return i === undefined ? '' : (r.fields[i] ?? '').trim();
  };

  // Rows by handle, in the order the handles first appear.
  const groups = new Map<string, { line: number; fields: string[] }[]>();
  for (const r of rows) {
    if (r.fields.every((f) => !f.trim())) continue;
    const handle = cell(r, 'Handle');
    if (!handle) {
      c.add(r.line, 'Handle', 'is required on every row');
      continue;
    }
    if (!groups.has(handle)) groups.set(handle, []);
    groups.get(handle)!.push(r);
  }

  const skipped: ShopifyCatalog['skipped'] = [];
  const categories = new Map<string, string>();
  const brands = new Map<string, string>();
  const products: CatalogProduct[] = [];
  for (const [handle, group] of groups) {
    const first = group[0];
    const line = first.line;
    const status = cell(first, 'Status').toLowerCase();
    const published = cell(first, 'Published').toLowerCase();
    if (status && status !== 'active') {
      skipped.push({ handle, line, why: `its Status is ${status}` });
      continue;
    }
    if (published === 'false') {
      skipped.push({ handle, line, why: 'it is not published' });
      continue;
    }
    const title = c.text(line, 'Title', cell(first, 'Title'));
    const optionNames = [1, 2, 3].map((n) => cell(first, `Option${n} Name`));
    const defaultOnly = optionNames[0].toLowerCase() === 'title' && cell(first, 'Option1 Value').toLowerCase() === 'default title';
    const used = defaultOnly ? [] : optionNames.map((name, i) => ({ name, n: i + 1 })).filter((o) => o.name);
    const options: ProductOption[] = used.map(({ name, n }) => ({ name: optionKey(name, n), nameContent: { en: optionText(name), zh: optionText(name) }, values: [] }));

    const variants: { line: number; values: string[]; price: number | null; compare: number | null; sku: string; qty: string; image: string }[] = [];
    const images: { src: string; position: number; order: number }[] = [];
    for (const [order, r] of group.entries()) {
      const values = used.map(({ n }) => cell(r, `Option${n} Value`));
      const isVariant = !!cell(r, 'Variant Price') || !!cell(r, 'Variant SKU') || (!defaultOnly && values.some(Boolean)) || r === first;
      const src = cell(r, 'Image Src');
      if (src) images.push({ src, position: Number(cell(r, 'Image Position')) || Number.MAX_SAFE_INTEGER, order });
      if (!isVariant) continue;
      variants.push({
        line: r.line, values,
        price: c.money(r.line, 'Variant Price', cell(r, 'Variant Price'), true),
        compare: c.money(r.line, 'Variant Compare At Price', cell(r, 'Variant Compare At Price'), false),
        sku: cell(r, 'Variant SKU'), qty: cell(r, 'Variant Inventory Qty'), image: cell(r, 'Variant Image'),
      });
    }

    // The product's price is its lowest variant price, struck through as that variant is; every variant keeps its own.
    const priced = variants.filter((v) => v.price !== null);
    const cheapest = priced.reduce<(typeof variants)[number] | null>((low, v) => (low === null || v.price! < low.price! ? v : low), null);
    const price = cheapest?.price ?? 0;
    const struck = (v: { price: number | null; compare: number | null }) => (v.compare !== null && v.price !== null && v.compare > v.price ? v.compare : null);
    const listPrice = cheapest ? struck(cheapest) : null;
    const stock: CatalogStock[] = [];
    for (const v of variants) {
      const qty = v.qty === '' ? null : Math.max(0, Number(v.qty));
      if (v.qty !== '' && !/^-?\d{1,7}$/.test(v.qty)) c.add(v.line, 'Variant Inventory Qty', `must be a whole number, not '${v.qty}'`);
      if (!used.length) {
        stock.push({ combination: '', sku: null, stock: qty });
        continue;
      }
      const texts = v.values.map(optionText);
      const empty = texts.findIndex((t) => !t);
      if (empty >= 0) {
        c.add(v.line, `Option${used[empty].n} Value`, `is required: ${handle} has the option ${used[empty].name}`);
        continue;
      }
      texts.forEach((t, i) => {
        const o = options[i];
        if (!o.values.some((x) => x.value === t)) o.values.push({ value: t, label: { en: t, zh: t } });
      });
      const generated = `${handle}-${texts.map(skuPart).join('-')}`.slice(0, 64);
      const own = v.price !== null && (v.price !== price || struck(v) !== listPrice);
      stock.push({
        combination: options.map((o, i) => `${o.name}:${texts[i]}`).join(','), sku: v.sku ? c.sku(v.line, 'Variant SKU', v.sku) : generated, stock: qty,
        price: own ? v.price : null, listPrice: own ? struck(v) : null,
      });
    }
    if (!used.length && stock.length > 1) c.add(group[1].line, 'Option1 Value', `${handle} has several variants but no option names (Option1 Name)`);

    const imageUrls = [...images].sort((a, b) => a.position - b.position || a.order - b.order).map((i) => i.src);
    for (const v of variants) if (v.image && !imageUrls.includes(v.image)) imageUrls.push(v.image);
    const productCategory = cell(first, 'Product Category').split('>').map((s) => s.trim()).filter(Boolean).at(-1) ?? '';
    const category = c.text(line, 'Type', cell(first, 'Type') || productCategory || 'Other', { max: 60 });
    const brand = c.text(line, 'Vendor', cell(first, 'Vendor') || 'Other', { max: 60 });
    categories.set(category, category);
    brands.set(brand, brand);
    const description = htmlToText(cell(first, 'Body (HTML)'));
    products.push({
      sku: c.sku(line, 'Handle', handle),
      // No Chinese in a Shopify export: empty keeps the store's Chinese name, and a new product shows the English one.
      nameEn: title, nameZh: '',
      descEn: c.text(line, 'Body (HTML)', description, { required: false, max: 4000 }), descZh: '',
      category, brand,
      tags: cell(first, 'Tags').split(',').map((t) => t.trim()).filter(Boolean),
      clearance: false,
      price,
      // Compare At Price is the price struck through, when it is above the price.
      listPrice,
      memberPrice: null,
      images: imageUrls,
      options,
      stock,
      line,
    });
  }
  const catalog: Catalog = {
    currency,
    // Names the store has keep their Chinese names and images; new ones take the English name.
    categories: [...categories.keys()].map((name) => ({ name, nameZh: '', image: undefined })),
    brands: [...brands.keys()].map((name) => ({ name, nameZh: '' })),
    products,
  };
  checkWhole(c, catalog, FIELDS);
  if (c.problems.length) throw new CatalogProblems(c.problems);
  return { catalog, skipped };
}
