/**
 * The shop file against a database: `exportShop` reads every setting of the store as a shop file; `planShop` compares
 * a (checked) file with the store and answers each change, with the statements that make it; `applyShop` runs them all
 * in one transaction. A file applied twice changes nothing the second time (the plan is empty), and a file exported
 * from one store and applied to an empty database gives the same store.
 *
 * Settings documents are written whole. A list the file has is the whole list: rows it leaves out are removed, unless
 * the store still needs them (a store location a campaign runs at, a coupon given to accounts), which is a problem
 * found before anything changes. A list the file does not have is left as it is.
 */
import type { Db, Queryable } from '../db/index.ts';
import { bumpCatalog } from '../services/catalogCache.ts';
import {
  DEFAULT_APP_DETAIL, REQUIRED_SETTINGS, SHOP_FORMAT, SHOP_SETTINGS, type ShopFile, type ShopSetting,
} from './schema.ts';
import type { ShopProblem } from './rules.ts';
import { storeCurrency } from '../services/storeCurrency.ts';

type Item = Record<string, any>;
export interface ShopChange {
  /** One line for the operator: `+ coupons WELCOME10`, `~ settings checkout (delivery, timeZone)`, `- pages faq`. */
  line: string;
  run(q: Queryable): Promise<void>;
}

/** JSON with object keys sorted: equal values, equal text (jsonb keeps no key order). */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Item)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical((v as Item)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
/** The top-level fields in which two objects differ. */
const changedFields = (a: Item, b: Item) => [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !same(a[k], b[k])).sort();

/** A list of the file, as its rows: the key of each, how to read the store's, write one and remove one. */
interface ListSpec {
  name: string;
  /** Rows carry their position (a sort column): a row moved is a change. */
  ordered: boolean;
  key(item: Item): string;
  read(q: Queryable): Promise<Item[]>;
  normalize?(item: Item): Item;
  write(q: Queryable, item: Item, index: number): Promise<void>;
  remove(q: Queryable, key: string): Promise<void>;
  /** Why this row cannot be removed, or null. */
  kept?(q: Queryable, key: string): Promise<string | null>;
}

const LISTS: ListSpec[] = [
  {
    name: 'countries', ordered: true, key: (c) => c.code,
    normalize: (c) => ({ ...c, provinces: [...c.provinces].sort((a: Item, b: Item) => (a.code < b.code ? -1 : 1)) }),
    async read(q) {
      const { rows } = await q.query('SELECT * FROM countries ORDER BY sort, code');
      const { rows: provinces } = await q.query('SELECT * FROM provinces ORDER BY country, code');
      return rows.map((c) => ({
        code: c.code, name: { en: c.name_en, zh: c.name_zh },
        provinces: provinces.filter((p) => p.country === c.code).map((p) => ({ code: p.code, name: { en: p.name_en, zh: p.name_zh } })),
      }));
    },
    async write(q, c, i) {
      await q.query(`INSERT INTO countries (code, name_en, name_zh, sort) VALUES ($1,$2,$3,$4)
        ON CONFLICT (code) DO UPDATE SET name_en = EXCLUDED.name_en, name_zh = EXCLUDED.name_zh, sort = EXCLUDED.sort`, [c.code, c.name.en, c.name.zh, i]);
      await q.query('DELETE FROM provinces WHERE country = $1 AND NOT (code = ANY($2::text[]))', [c.code, c.provinces.map((p: Item) => p.code)]);
      for (const p of c.provinces) {
        await q.query(`INSERT INTO provinces (country, code, name_en, name_zh) VALUES ($1,$2,$3,$4)
          ON CONFLICT (country, code) DO UPDATE SET name_en = EXCLUDED.name_en, name_zh = EXCLUDED.name_zh`, [c.code, p.code, p.name.en, p.name.zh]);
      }
    },
    async remove(q, code) {
      await q.query('DELETE FROM provinces WHERE country = $1', [code]);
      await q.query('DELETE FROM countries WHERE code = $1', [code]);
    },
  },
  {
    name: 'exchangeRates', ordered: true, key: (r) => r.currency,
    normalize: (r) => ({ currency: r.currency, symbol: r.symbol, rate: r.rate, ...(r.base ? { base: true } : {}) }),
    async read(q) {
      const { rows } = await q.query('SELECT * FROM exchange_rates ORDER BY sort, currency');
      return rows.map((r) => ({ currency: r.currency, symbol: r.symbol, rate: Number(r.rate), ...(r.is_base ? { base: true } : {}) }));
    },
    async write(q, r, i) {
      await q.query(`INSERT INTO exchange_rates (currency, symbol, rate, is_base, sort) VALUES ($1,$2,$3,$4,$5)
        ON CONFLICT (currency) DO UPDATE SET symbol = EXCLUDED.symbol, rate = EXCLUDED.rate, is_base = EXCLUDED.is_base, sort = EXCLUDED.sort`,
      [r.currency, r.symbol, r.rate, !!r.base, i]);
    },
    remove: async (q, currency) => void (await q.query('DELETE FROM exchange_rates WHERE currency = $1', [currency])),
  },
  {
    name: 'storeLocations', ordered: true, key: (l) => l.id,
    async read(q) {
      const { rows } = await q.query('SELECT * FROM store_locations ORDER BY sort, id');
      return rows.map((l) => ({
        id: l.id, display: l.display, virtual: l.virtual, name: { en: l.name_en, zh: l.name_zh },
        address: { street: l.street, city: l.city, province: l.province, postCode: l.post_code, country: l.country },
        landingPageUrl: l.landing_page_url,
      }));
    },
    async write(q, l, i) {
      await q.query(
        `INSERT INTO store_locations (id, display, virtual, name_en, name_zh, street, city, province, post_code, country, landing_page_url, sort)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
         ON CONFLICT (id) DO UPDATE SET display = EXCLUDED.display, virtual = EXCLUDED.virtual, name_en = EXCLUDED.name_en,
           name_zh = EXCLUDED.name_zh, street = EXCLUDED.street, city = EXCLUDED.city, province = EXCLUDED.province,
           post_code = EXCLUDED.post_code, country = EXCLUDED.country, landing_page_url = EXCLUDED.landing_page_url, sort = EXCLUDED.sort`,
        [l.id, l.display, l.virtual, l.name.en, l.name.zh, l.address.street, l.address.city, l.address.province, l.address.postCode,
          l.address.country, l.landingPageUrl, i],
      );
    },
    remove: async (q, id) => void (await q.query('DELETE FROM store_locations WHERE id = $1', [id])),
    async kept(q, id) {
      const { rows } = await q.query('SELECT count(*)::int AS n FROM campaigns WHERE local_store_id = $1', [id]);
      return rows[0].n ? `${id} is left out, but ${rows[0].n} campaign(s) run at it: keep it in the file (display: false hides it)` : null;
    },
  },
  {
    name: 'deliveryAreas', ordered: true, key: (a) => `${a.country}-${a.province}`,
    async read(q) {
      const { rows } = await q.query('SELECT * FROM delivery_cities ORDER BY sort, name_en');
      const areas = new Map<string, Item>();
      for (const r of rows) {
        const k = `${r.country}-${r.province}`;
        if (!areas.has(k)) areas.set(k, { country: r.country, province: r.province, cities: [] });
        areas.get(k)!.cities.push({ en: r.name_en, zh: r.name_zh });
      }
      return [...areas.values()];
    },
    async write(q, a, i) {
      await q.query('DELETE FROM delivery_cities WHERE country = $1 AND province = $2', [a.country, a.province]);
      for (const [j, c] of a.cities.entries()) {
        await q.query('INSERT INTO delivery_cities (country, province, name_en, name_zh, sort) VALUES ($1,$2,$3,$4,$5)',
          [a.country, a.province, c.en.trim(), c.zh?.trim() || null, (i + 1) * 1000 + j + 1]);
      }
    },
    async remove(q, key) {
      const [country, province] = key.split('-');
      await q.query('DELETE FROM delivery_cities WHERE country = $1 AND province = $2', [country, province]);
    },
  },
  {
    name: 'coupons', ordered: false, key: (c) => c.code,
    async read(q) {
      const { rows } = await q.query('SELECT * FROM coupons ORDER BY code');
      return rows.map((c) => ({
        code: c.code, kind: c.kind, value: c.value, minSubtotalMinor: c.min_subtotal,
        expiresAt: c.expires_at ? new Date(c.expires_at).toISOString() : null, description: { en: c.desc_en, zh: c.desc_zh },
        public: c.public, maxUsesPerShopper: c.max_uses_per_shopper, maxUses: c.max_uses,
        ...(c.first_order_only ? { firstOrderOnly: true } : {}),
      }));
    },
    normalize: ({ firstOrderOnly, ...c }) => ({
      ...c, expiresAt: c.expiresAt === null ? null : new Date(c.expiresAt).toISOString(), ...(firstOrderOnly ? { firstOrderOnly: true } : {}),
    }),
    async write(q, c) {
      await q.query(
        `INSERT INTO coupons (code, kind, value, min_subtotal, expires_at, desc_en, desc_zh, public, max_uses_per_shopper, max_uses, first_order_only)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)
         ON CONFLICT (code) DO UPDATE SET kind = EXCLUDED.kind, value = EXCLUDED.value, min_subtotal = EXCLUDED.min_subtotal,
           expires_at = EXCLUDED.expires_at, desc_en = EXCLUDED.desc_en, desc_zh = EXCLUDED.desc_zh, public = EXCLUDED.public,
           max_uses_per_shopper = EXCLUDED.max_uses_per_shopper, max_uses = EXCLUDED.max_uses, first_order_only = EXCLUDED.first_order_only`,
        [c.code, c.kind, c.value, c.minSubtotalMinor, c.expiresAt, c.description.en, c.description.zh, c.public, c.maxUsesPerShopper, c.maxUses, c.firstOrderOnly === true],
      );
    },
    remove: async (q, code) => void (await q.query('DELETE FROM coupons WHERE code = $1', [code])),
    async kept(q, code) {
      const { rows } = await q.query('SELECT count(*)::int AS n FROM coupon_grants WHERE code = $1', [code]);
      return rows[0].n ? `${code} is left out, but it was given to ${rows[0].n} account(s): keep it in the file (an expiresAt in the past ends it)` : null;
    },
  },
  {
    name: 'pages', ordered: false, key: (p) => p.name,
    async read(q) {
      const { rows } = await q.query('SELECT * FROM pages ORDER BY name');
      return rows.map((p) => ({ name: p.name, title: { en: p.title_en, zh: p.title_zh }, content: { en: p.content_en, zh: p.content_zh } }));
    },
    async write(q, p) {
      await q.query(`INSERT INTO pages (name, title_en, title_zh, content_en, content_zh) VALUES ($1,$2,$3,$4,$5)
        ON CONFLICT (name) DO UPDATE SET title_en = EXCLUDED.title_en, title_zh = EXCLUDED.title_zh, content_en = EXCLUDED.content_en, content_zh = EXCLUDED.content_zh`,
      [p.name, p.title.en, p.title.zh, p.content.en, p.content.zh]);
    },
    remove: async (q, name) => void (await q.query('DELETE FROM pages WHERE name = $1', [name])),
  },
  {
    name: 'sections', ordered: false, key: (s) => s.type,
    async read(q) {
      const { rows } = await q.query('SELECT * FROM section_templates ORDER BY type');
      return rows.map((s) => ({ type: s.type, sections: s.sections }));
    },
    async write(q, s) {
      await q.query(`INSERT INTO section_templates (type, sections) VALUES ($1,$2::jsonb) ON CONFLICT (type) DO UPDATE SET sections = EXCLUDED.sections`,
        [s.type, JSON.stringify(s.sections)]);
    },
    remove: async (q, type) => void (await q.query('DELETE FROM section_templates WHERE type = $1', [type])),
  },
  {
    name: 'listHeadings', ordered: false, key: (h) => `${h.kind}:${h.name}`,
    async read(q) {
      const { rows } = await q.query('SELECT * FROM list_headings ORDER BY kind, name');
      return rows.map((h) => ({ kind: h.kind, name: h.name, title: { en: h.title_en, zh: h.title_zh }, blurb: { en: h.blurb_en, zh: h.blurb_zh }, banner: h.banner }));
    },
    async write(q, h) {
      await q.query(`INSERT INTO list_headings (kind, name, title_en, title_zh, blurb_en, blurb_zh, banner) VALUES ($1,$2,$3,$4,$5,$6,$7)
        ON CONFLICT (kind, name) DO UPDATE SET title_en = EXCLUDED.title_en, title_zh = EXCLUDED.title_zh, blurb_en = EXCLUDED.blurb_en,
          blurb_zh = EXCLUDED.blurb_zh, banner = EXCLUDED.banner`,
      [h.kind, h.name, h.title.en, h.title.zh, h.blurb.en, h.blurb.zh, h.banner]);
    },
    async remove(q, key) {
      const [kind, ...name] = key.split(':');
      await q.query('DELETE FROM list_headings WHERE kind = $1 AND name = $2', [kind, name.join(':')]);
    },
  },
  {
    name: 'liveRooms', ordered: false, key: (r) => String(r.roomid),
    async read(q) {
      const { rows } = await q.query('SELECT * FROM live_rooms ORDER BY start_time, roomid');
      return rows.map((r) => ({
        roomid: r.roomid, name: { en: r.name_en, zh: r.name_zh }, anchor: { en: r.anchor_name_en, zh: r.anchor_name_zh },
        cover: r.cover_img, status: r.live_status, start: new Date(r.start_time).toISOString(), end: new Date(r.end_time).toISOString(),
      }));
    },
    normalize: (r) => ({ ...r, start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() }),
    async write(q, r) {
      await q.query(
        `INSERT INTO live_rooms (roomid, name_en, name_zh, anchor_name_en, anchor_name_zh, cover_img, live_status, start_time, end_time)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
         ON CONFLICT (roomid) DO UPDATE SET name_en = EXCLUDED.name_en, name_zh = EXCLUDED.name_zh, anchor_name_en = EXCLUDED.anchor_name_en,
           anchor_name_zh = EXCLUDED.anchor_name_zh, cover_img = EXCLUDED.cover_img, live_status = EXCLUDED.live_status,
           start_time = EXCLUDED.start_time, end_time = EXCLUDED.end_time`,
        [r.roomid, r.name.en, r.name.zh, r.anchor.en, r.anchor.zh, r.cover, r.status, r.start, r.end],
      );
    },
    remove: async (q, id) => void (await q.query('DELETE FROM live_rooms WHERE roomid = $1', [Number(id)])),
  },
  {
    // A plan is a product of type MEMBERSHIP (its SKU is the key) with a membership_plans row. A plan left out is no longer
    // sold (record_status INACTIVE: its orders and members keep it); listed again, it is sold again.
    // In the order shoppers see them (newest first): the n-th plan of the file is dated n hours before the apply.
    name: 'membershipPlans', ordered: true, key: (p) => p.sku,
    async read(q) {
      const { rows } = await q.query(
        `SELECT p.sku, p.name_en, p.name_zh, p.desc_en, p.desc_zh, p.price, p.images, p.category, c.name_zh AS category_zh, p.brand,
                b.name_zh AS brand_zh, mp.duration, mp.level_en, mp.level_zh, mp.benefits
         FROM products p JOIN membership_plans mp ON mp.product_id = p.id
         JOIN categories c ON c.name = p.category JOIN brands b ON b.name = p.brand
         WHERE p.product_type = 'MEMBERSHIP' AND p.record_status = 'ACTIVE' AND p.sku IS NOT NULL ORDER BY p.created_at DESC, p.id DESC`);
      return rows.map((p) => ({
        sku: p.sku, duration: p.duration, priceMinor: p.price, name: { en: p.name_en, zh: p.name_zh },
        description: { en: p.desc_en, zh: p.desc_zh }, level: { en: p.level_en, zh: p.level_zh },
        benefits: (p.benefits as Item[]).map((b) => ({ en: b.en, zh: b.zh })), image: p.images[0] ?? '',
        category: { en: p.category, zh: p.category_zh }, brand: { en: p.brand, zh: p.brand_zh ?? '' },
      }));
    },
    write: writeMembershipPlan,
    remove: async (q, sku) => void (await q.query(
      `UPDATE products SET record_status = 'INACTIVE' WHERE sku = $1 AND product_type = 'MEMBERSHIP'`, [sku])),
  },
];

/** Why a plan's SKU cannot be a plan's (a catalogue product has it), or null. */
async function membershipSkuTaken(q: Queryable, sku: string): Promise<string | null> {
  const { rows } = await q.query(`SELECT id, product_type FROM products WHERE sku = $1 AND product_type <> 'MEMBERSHIP'`, [sku]);
  return rows[0] ? `${sku} is the SKU of ${rows[0].product_type.toLowerCase()} ${rows[0].id} of the catalogue: a plan needs a SKU of its own` : null;
}

/**
 * Writes one membership plan (the shop file's, or the demo seed's): its product, the one stock line a plan has and its
 * plan row; its category and brand are made when the store has none of the name (and take the file's Chinese names).
 * Prices are in the store currency.
 */
export async function writeMembershipPlan(q: Queryable, p: Item, index = 0): Promise<void> {
  await q.query(`INSERT INTO categories (name, name_en, name_zh, sort) VALUES ($1, $1, $2, (SELECT COALESCE(max(sort) + 1, 0) FROM categories))
    ON CONFLICT (name) DO UPDATE SET name_zh = EXCLUDED.name_zh WHERE categories.name_zh IS DISTINCT FROM EXCLUDED.name_zh`, [p.category.en, p.category.zh]);
  await q.query(`INSERT INTO brands (name, name_zh) VALUES ($1, $2)
    ON CONFLICT (name) DO UPDATE SET name_zh = EXCLUDED.name_zh WHERE brands.name_zh IS DISTINCT FROM EXCLUDED.name_zh`, [p.brand.en, p.brand.zh]);
  const fields = [p.name.en, p.name.zh, p.description.en, p.description.zh, p.category.en, p.brand.en, p.priceMinor, await storeCurrency(q), JSON.stringify([p.image])];
  const { rows } = await q.query(
    `UPDATE products SET name_en = $1, name_zh = $2, desc_en = $3, desc_zh = $4, category = $5, brand = $6, price = $7, currency = $8,
       images = $9::jsonb, record_status = 'ACTIVE', created_at = now() - make_interval(hours => $11::int)
     WHERE sku = $10 AND product_type = 'MEMBERSHIP' RETURNING id`, [...fields, p.sku, index]);
  let id: number | undefined = rows[0]?.id;
  if (id === undefined) {
    const added = await q.query(
      `INSERT INTO products (name_en, name_zh, desc_en, desc_zh, category, brand, price, currency, images, sku, product_type, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9::jsonb,$10,'MEMBERSHIP', now() - make_interval(hours => $11::int)) RETURNING id`, [...fields, p.sku, index]);
    id = added.rows[0].id as number;
    await q.query(`INSERT INTO variants (product_id, option_pair, stock) VALUES ($1, '', 1000000)`, [id]);
  }
  await q.query(
    `INSERT INTO membership_plans (product_id, duration, level_en, level_zh, benefits) VALUES ($1,$2,$3,$4,$5::jsonb)
     ON CONFLICT (product_id) DO UPDATE SET duration = EXCLUDED.duration, level_en = EXCLUDED.level_en, level_zh = EXCLUDED.level_zh,
       benefits = EXCLUDED.benefits`,
    [id, p.duration, p.level.en, p.level.zh, JSON.stringify(p.benefits)]);
}

/** The file's list under `name`, as rows (sections: a row per page type). */
function fileList(file: ShopFile, name: string): Item[] | undefined {
  if (name === 'sections') return file.sections && Object.entries(file.sections).map(([type, sections]) => ({ type, sections }));
  return (file as Item)[name];
}

/** The settings document `key` as the file makes it (undefined: no row). */
function settingOf(file: ShopFile, key: ShopSetting): unknown {
  if (key === 'appDetail') return { ...DEFAULT_APP_DETAIL, ...file.appDetail };
  if (key === 'membership') return file.membership ?? undefined;
  return file[key] ?? undefined;
}

/** Every setting of the store as a shop file (what `npm run shop -- export` writes). */
export async function exportShop(q: Queryable): Promise<ShopFile> {
  const { rows } = await q.query('SELECT key, value FROM settings WHERE key = ANY($1::text[])', [SHOP_SETTINGS]);
  const st = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const out: Item = { format: SHOP_FORMAT };
  for (const key of SHOP_SETTINGS) out[key] = key === 'membership' ? st.membership ?? null : st[key];
  for (const spec of LISTS) {
    const items = await spec.read(q);
    out[spec.name] = spec.name === 'sections' ? Object.fromEntries(items.map((s) => [s.type, s.sections])) : items;
  }
  return out as ShopFile;
}

/** Why this database is not a shop yet (a setting the storefront reads is missing), or null. */
export async function shopMissing(q: Queryable): Promise<string | null> {
  const { rows } = await q.query('SELECT key FROM settings WHERE key = ANY($1::text[])', [REQUIRED_SETTINGS]);
  const missing = REQUIRED_SETTINGS.filter((k) => !rows.some((r) => r.key === k));
  if (!missing.length) return null;
  return `this database has no shop settings yet (${missing.length === REQUIRED_SETTINGS.length ? 'none of them' : `missing: ${missing.join(', ')}`}): ` +
    'write them with npm --prefix server run shop -- init shop.json, edit it, then npm --prefix server run shop -- apply shop.json';
}

/** What applying `file` would change, in order (settings first, then each list: removals, then writes). */
export async function planShop(q: Queryable, file: ShopFile): Promise<{ changes: ShopChange[]; problems: ShopProblem[] }> {
  const changes: ShopChange[] = [];
  const problems: ShopProblem[] = [];
  const { rows } = await q.query('SELECT key, value FROM settings WHERE key = ANY($1::text[])', [SHOP_SETTINGS]);
  const stored = new Map(rows.map((r) => [r.key as string, r.value]));
  for (const key of SHOP_SETTINGS) {
    const want = settingOf(file, key);
    const have = stored.get(key);
    if (same(want, have) || (want === undefined && have === undefined)) continue;
    if (want === undefined) {
      changes.push({ line: `- settings ${key}`, run: async (tx) => void (await tx.query('DELETE FROM settings WHERE key = $1', [key])) });
      continue;
    }
    const fields = have && typeof have === 'object' && typeof want === 'object' ? ` (${changedFields(have as Item, want as Item).join(', ')})` : '';
    changes.push({
      line: `${have === undefined ? '+' : '~'} settings ${key}${have === undefined ? '' : fields}`,
      run: async (tx) => void (await tx.query(
        'INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [key, JSON.stringify(want)])),
    });
  }
  for (const spec of LISTS) {
    const wanted = fileList(file, spec.name);
    if (!wanted) continue;
    const norm = (x: Item) => (spec.normalize ? spec.normalize(x) : x);
    const have = (await spec.read(q)).map(norm);
    const haveAt = new Map(have.map((x, i) => [spec.key(x), { item: x, index: i }]));
    const wantKeys = new Set(wanted.map(spec.key));
    if (spec.name === 'membershipPlans') {
      for (const [i, plan] of wanted.entries()) {
        const why = await membershipSkuTaken(q, plan.sku);
        if (why) problems.push({ path: `membershipPlans[${i}].sku`, message: why });
      }
    }
    for (const old of have) {
      const key = spec.key(old);
      if (wantKeys.has(key)) continue;
      const why = await spec.kept?.(q, key);
      if (why) problems.push({ path: spec.name, message: why });
      else changes.push({ line: `- ${spec.name} ${key}`, run: (tx) => spec.remove(tx, key) });
    }
    wanted.forEach((raw, i) => {
      const item = norm(raw);
      const key = spec.key(item);
      const before = haveAt.get(key);
      const moved = spec.ordered && before !== undefined && before.index !== i;
      if (before && same(before.item, item) && !moved) return;
      const what = before ? changedFields(before.item, item) : [];
      if (moved) what.push('position');
      changes.push({ line: `${before ? '~' : '+'} ${spec.name} ${key}${what.length ? ` (${what.join(', ')})` : ''}`, run: (tx) => spec.write(tx, item, i) });
    });
  }
  return { changes, problems };
}

/**
 * Applies a checked file in the caller's transaction: every change, or (on a problem) nothing. Answers the changes made.
 */
export async function applyShopIn(q: Queryable, file: ShopFile): Promise<ShopChange[]> {
  const { changes, problems } = await planShop(q, file);
  if (problems.length) throw new ShopApplyProblems(problems);
  for (const c of changes) await c.run(q);
  return changes;
}

export class ShopApplyProblems extends Error {
  constructor(public problems: ShopProblem[]) {
    super(problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  }
}

/** Applies (or with dryRun only plans) a checked file in a transaction of its own; on PostgreSQL one apply at a time. */
export async function applyShop(db: Db, file: ShopFile, { dryRun = false } = {}): Promise<ShopChange[]> {
  if (dryRun) {
    const { changes, problems } = await planShop(db, file);
    if (problems.length) throw new ShopApplyProblems(problems);
    return changes;
  }
  const changes = await db.tx(async (q) => {
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(7311003)');
    return applyShopIn(q, file);
  });
  if (changes.length) bumpCatalog();
  return changes;
}
