/** Seeds the demo store once, on an empty database, in one transaction. */
import type { Db, Queryable } from '../db/index.ts';
import type { Catalog } from '../catalog/format.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import { applyCatalog, preparePhotos } from '../catalog/import.ts';
import { demoCatalogue, demoCreatedHoursAgo } from './catalogue.ts';
import { seedLiveRooms } from './liveRooms.ts';
import { confirmDemoEmail, seedOncePerShopperCoupon } from './security.ts';
import { seedCalls } from './calls.ts';
import { seedBlog } from './blog.ts';
import { FEATURES } from '../features/index.ts';
import { seedPayPal } from './paypal.ts';
import { seedAddOnCategories, seedSearchTerms } from './walkthrough.ts';
import { applyShopIn } from '../shop/apply.ts';
import { demoShop } from './demoShop.ts';
import { STORE_CURRENCY_SQL } from '../services/storeCurrency.ts';

export const DEMO_EMAIL = 'demo@istore.test';
export const DEMO_PASSWORD = 'demopass123';

/**
 * Demo data that arrived after the first demo stores were seeded. A new database gets it with the rest; a demo database
 * seeded before it gets it once at the next start. Each step is recorded under its settings key, so it never runs twice
 * (an operator who deletes that data does not see it come back).
 */
const ADDED_LATER: { key: string; run(q: Queryable): Promise<void> }[] = [
  { key: 'seeded.liveRooms', run: (q) => seedLiveRooms(q) },
  { key: 'seeded.onceCoupon', run: (q) => seedOncePerShopperCoupon(q) },
  { key: 'seeded.demoEmailConfirmed', run: (q) => confirmDemoEmail(q, DEMO_EMAIL) },
  { key: 'seeded.calls', run: (q) => seedCalls(q) },
  { key: 'seeded.blog', run: (q) => seedBlog(q) },
  // The features' demo data (features/index.ts), in the list's order: influencers, then the memberships' plans and the
  // referral groups (one step: its key predates the split), then the campaigns.
  ...featureSeedSteps(),
  { key: 'seeded.payPal', run: (q) => seedPayPal(q) },
  { key: 'seeded.searchTerms', run: (q) => seedSearchTerms(q) },
  { key: 'seeded.addOnCategories', run: (q) => seedAddOnCategories(q) },
  { key: 'seeded.deliveryCitiesZh', run: (q) => nameDemoDeliveryCitiesInChinese(q) },
  // The home page's live-room entry became a section of the home template (issue 37): a demo store keeps its entry.
  { key: 'seeded.homeLiveRooms', run: (q) => addHomeLiveRoomsEntry(q) },
];

/** The features' seed parts as steps: parts under one key, in the list's order, run as one step at the first's place. */
function featureSeedSteps(): { key: string; run(q: Queryable): Promise<void> }[] {
  const steps = new Map<string, ((q: Queryable) => Promise<unknown>)[]>();
  for (const part of FEATURES.flatMap((f) => f.seed ?? [])) {
    const runs = steps.get(part.key) ?? steps.set(part.key, []).get(part.key)!;
    runs.push((q) => part.run(q, demoShop));
  }
  return [...steps].map(([key, runs]) => ({ key, run: async (q) => { for (const run of runs) await run(q); } }));
}

async function addHomeLiveRoomsEntry(q: Queryable) {
  await q.query(`UPDATE section_templates SET sections = jsonb_insert(sections, '{2}', '{"kind":"liveRooms","id":"home-live"}'::jsonb)
    WHERE type = 'home' AND NOT sections @> '[{"kind":"liveRooms"}]'::jsonb`);
}

/**
 * A demo store seeded while the delivery areas were English only (migration 487 moved its cities without Chinese names):
 * the demo cities still there get their Chinese names. Cities an operator added or renamed are left as they are.
 */
async function nameDemoDeliveryCitiesInChinese(q: Queryable) {
  for (const area of demoShop().deliveryAreas ?? []) {
    for (const city of area.cities) {
      await q.query('UPDATE delivery_cities SET name_zh = $4 WHERE country = $1 AND province = $2 AND name_en = $3 AND name_zh IS NULL',
        [area.country, area.province, city.en, city.zh]);
    }
  }
}

async function seedAddedLater(db: Db, log: (m: string) => void) {
  for (const step of ADDED_LATER) {
    const { rows } = await db.query('SELECT 1 FROM settings WHERE key = $1', [step.key]);
    if (rows.length) continue;
    const done = await db.tx(async (q) => {
      if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(7311002)');
      const again = await q.query('SELECT 1 FROM settings WHERE key = $1', [step.key]);
      if (again.rows.length) return false;
      await step.run(q);
      await q.query('INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)', [step.key, JSON.stringify({ at: new Date().toISOString() })]);
      return true;
    });
    if (done) log(`demo data added: ${step.key}`);
  }
}

/**
 * Why a production store must not run on this database, or null: the demo account still opens with the password the
 * README publishes (security probe M3). An operator who keeps the account but changes its password may run.
 */
export async function demoAccountRefusal(db: Queryable): Promise<string | null> {
  const { rows } = await db.query('SELECT password_hash FROM users WHERE lower(email) = $1', [DEMO_EMAIL]);
  for (const r of rows) {
    if (await verifyPassword(DEMO_PASSWORD, r.password_hash)) {
      return `the demo account ${DEMO_EMAIL} exists with its published password (${DEMO_PASSWORD}): delete it or change its password, or run this database as a public demo with ISTORE_SANDBOX=1`;
    }
  }
  return null;
}

export async function seedIfEmpty(db: Db, log: (m: string) => void = () => undefined): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM settings WHERE key = 'seeded'`);
  if (rows.length) {
    await seedAddedLater(db, log);
    return false;
  }
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const done = await db.tx(async (q) => {
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(7311002)');
    const again = await q.query(`SELECT 1 FROM settings WHERE key = 'seeded'`);
    if (again.rows.length) return false;
    await seed(q, demoHash);
    return true;
  });
  if (done) log('demo store seeded');
  return done;
}

async function seed(q: Queryable, demoHash: string) {
  // The demo store's settings are a shop file, applied by the code `npm run shop -- apply` runs (src/shop/apply.ts).
  // Its membership plans are products filed under the catalogue's categories: written after the catalogue (seeded.members).
  await applyShopIn(q, { ...demoShop(), membershipPlans: undefined });
  const catalogue = demoCatalogue();
  await applyCatalog(q, await preparePhotos(catalogue, null), { createdHoursAgo: demoCreatedHoursAgo });
  await padCatalogue(q, Number(process.env.SEED_PRODUCTS ?? 0), catalogue);
  await seedDemoAccount(q, demoHash);
  const at = JSON.stringify({ at: new Date().toISOString() });
  for (const step of ADDED_LATER) {
    await step.run(q);
    await q.query('INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)', [step.key, at]);
  }
  await q.query(`INSERT INTO settings (key, value) VALUES ('seeded', $1::jsonb)`, [at]);
}

/**
 * Benchmarks only (SEED_PRODUCTS=10000): grows the catalogue to that many products with plain
 * generated ones, older than the demo products so the demo's first pages stay the same. One
 * INSERT ... SELECT each, so even 10,000 products seed in seconds.
 */
async function padCatalogue(q: Queryable, total: number, { categories, brands }: Catalog) {
  if (!Number.isInteger(total) || total <= 0) return;
  const { rows } = await q.query('SELECT count(*)::int AS n FROM products');
  const missing = total - rows[0].n;
  if (missing <= 0) return;
  const names = (list: { name: string }[]) => JSON.stringify(list.map((x) => x.name));
  await q.query(
    `INSERT INTO products (name_en, name_zh, desc_en, desc_zh, category, brand, price, images, created_at, sku)
     SELECT 'Catalogue item ' || g, '目录商品 ' || g, 'Catalogue item ' || g || '.', '目录商品 ' || g || '。',
       $2::jsonb ->> (g % jsonb_array_length($2::jsonb)), $3::jsonb ->> (g % jsonb_array_length($3::jsonb)),
       100 + (g * 37) % 5000, jsonb_build_array('catalogue-item-' || g || '.svg'), now() - make_interval(hours => 1000 + g), 'ITEM-' || g
     FROM generate_series(1, $1::int) AS g`,
    [missing, names(categories.filter((c) => c.name !== 'Add-ons')), names(brands)],
  );
  await q.query(
    `INSERT INTO variants (product_id, option_pair, stock)
     SELECT p.id, '', 5 + p.id % 20 FROM products p WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id)`,
  );
}

async function seedDemoAccount(q: Queryable, hash: string) {
  const { rows } = await q.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, phone, my_id, created_at)
     VALUES ($1,$2,'Demo','Shopper','416-555-0100','DEMO0001', now() - interval '90 days') RETURNING id`,
    [DEMO_EMAIL, hash],
  );
  const userId = rows[0].id;
  await q.query(
    `INSERT INTO addresses (user_id, type, data, sort) VALUES ($1, 'SHIPPING', $2::jsonb, 0)`,
    [userId, JSON.stringify({ id: 'a1', firstName: 'Demo', lastName: 'Shopper', phone: '416-555-0100',
      streetNumberAndNameDetails: '55 Bloor St W', unit: '1203', city: 'Toronto', province: 'ON', postCode: 'M4W 1A5', country: 'CA', isDefault: true })],
  );
  const contact = { firstName: 'Demo', lastName: 'Shopper', email: DEMO_EMAIL, phone: '416-555-0100' };
  // two past orders: one completed (paid online, partly with store credit), one waiting for pay-at-store pickup
  const past = [
    { daysAgo: 30, status: 'COMPLETED', pay: 'PAID_ONLINE', method: 'PICKUP', store: ['TOR-DT', 'Downtown Toronto'],
      lines: [[1001, 'House Blend Coffee Beans 340g', '招牌混合咖啡豆 340克', 'grind:Whole bean', 2, 1699], [1021, 'Butter Croissant 4-pack', '黄油牛角包 4个装', '', 1, 899]], credit: 500 },
    { daysAgo: 3, status: 'NEW', pay: 'PAY_AT_STORE', method: 'PICKUP', store: ['MSS-SQ1', 'Mississauga Square One'],
      lines: [[1011, 'West Lake Longjing 100g', '西湖龙井 100克', '', 1, 3299]], credit: 0 },
  ] as const;
  for (const o of past) {
    const subtotal = o.lines.reduce((s, l) => s + l[4] * l[5], 0);
    const tax = Math.round(subtotal * 0.13);
    const total = subtotal + tax - o.credit;
    const { rows: orows } = await q.query(
      `INSERT INTO orders (user_id, status, payment_status, method, local_store_id, local_store_name, contact, pickup_date_time,
        subtotal, discount, tip, tax, shipping, store_credit, total, currency, created_at, updated_at, settled_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7::jsonb,$8,$9,0,0,$10,0,$11,$12,${STORE_CURRENCY_SQL}, now() - make_interval(days => $13), now() - make_interval(days => $13), now() - make_interval(days => $13))
       RETURNING id`,
      [userId, o.status, o.pay, o.method, o.store[0], o.store[1], JSON.stringify(contact), null, subtotal, tax, o.credit, total, o.daysAgo],
    );
    for (const [i, l] of o.lines.entries()) {
      const img = await q.query(`SELECT images->>0 AS img FROM products WHERE id = $1`, [l[0]]);
      await q.query(
        `INSERT INTO order_lines (order_id, line_no, item_key, product_id, name_en, name_zh, image, option_pair, quantity, unit_price, line_total, add_on)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,false)`,
        [orows[0].id, i + 1, l[3] ? `${l[0]}|${l[3]}` : String(l[0]), l[0], l[1], l[2], img.rows[0]?.img ?? null, l[3], l[4], l[5], l[4] * l[5]],
      );
    }
    if (o.credit) {
      await q.query(`INSERT INTO store_credit_ledger (user_id, amount, reason, order_id, created_at) VALUES ($1,$2,'ORDER_PAYMENT',$3, now() - make_interval(days => $4))`,
        [userId, -o.credit, orows[0].id, o.daysAgo]);
    }
  }
  await q.query(`INSERT INTO store_credit_ledger (user_id, amount, reason, created_at) VALUES ($1, 3000, 'WELCOME_BONUS', now() - interval '60 days')`, [userId]);
  await q.query(`INSERT INTO store_credit_ledger (user_id, amount, reason, created_at) VALUES ($1, 1500, 'REFUND', now() - interval '10 days')`, [userId]);
}
