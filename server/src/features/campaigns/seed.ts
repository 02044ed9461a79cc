/**
 * Demo group-buy campaigns, timed around the moment they are seeded: one filling up (ends in 3 days, 2 of 5 joined),
 * one ending within the hour (1 of 3 joined), and one that succeeded two days ago. The participants are demo shoppers
 * who cannot sign in (no usable password), paid through the sandbox. The products' store stock is raised by the campaign stock set aside.
 */
import type { Queryable } from '../../db/index.ts';
import { createCampaign } from './service.ts';
import { STORE_CURRENCY_SQL } from '../../services/storeCurrency.ts';

const HOUR = 3600 * 1000;

interface SeedCampaign {
  name: { en: string; zh: string };
  description: { en: string; zh: string };
  target: number;
  store: string;
  startHours: number;
  endHours: number;
  items: { product: string; price: number; stock: number; limit: number }[];
  joined: number;
}

export const seedCampaignList: SeedCampaign[] = [
  {
    name: { en: 'Mid-Autumn tea & mooncake group buy', zh: '中秋茶饼拼团' },
    description: {
      en: 'Five neighbours, one order: Longjing and mooncake gift sets at group prices. Pick up at Downtown Toronto once the group is full.',
      zh: '五位邻居一起下单：龙井与月饼礼盒享拼团价。成团后到多伦多市中心店自取。',
    },
    target: 5, store: 'TOR-DT', startHours: -24, endHours: 72, joined: 2,
    items: [
      { product: 'Mooncake Gift Set', price: 3299, stock: 30, limit: 2 },
      { product: 'West Lake Longjing 100g', price: 2499, stock: 20, limit: 3 },
    ],
  },
  {
    name: { en: 'Croissant Friday: last call', zh: '牛角包星期五：最后召集' },
    description: {
      en: 'Three shoppers make a batch: butter croissants and egg tarts at bakery prices. Ends within the hour.',
      zh: '三人成团：黄油牛角包与葡式蛋挞享烘焙坊价。一小时内截止。',
    },
    target: 3, store: 'MSS-SQ1', startHours: -6, endHours: 0.75, joined: 1,
    items: [
      { product: 'Butter Croissant 4-pack', price: 599, stock: 24, limit: 4 },
      { product: 'Egg Tarts 6-pack', price: 799, stock: 24, limit: 4 },
    ],
  },
  {
    name: { en: 'Pour-over starter kit group buy', zh: '手冲入门套装拼团' },
    description: {
      en: 'The group filled up: pour-over kettles at the group price, ready for pickup in Richmond.',
      zh: '已成团：手冲壶拼团价，可到列治文时代坊店自取。',
    },
    target: 2, store: 'VAN-RMD', startHours: -120, endHours: -48, joined: 2,
    items: [{ product: 'Pour-over Kettle', price: 3999, stock: 10, limit: 1 }],
  },
];

const PEOPLE = [
  { first: 'Mei', last: 'Zhang' }, { first: 'Lucas', last: 'Tremblay' }, { first: 'Priya', last: 'Singh' },
  { first: 'Wei', last: 'Chen' }, { first: 'Olivia', last: 'Martin' },
];

async function demoShopper(q: Queryable, n: number): Promise<number> {
  const p = PEOPLE[n % PEOPLE.length];
  const email = `group.buyer${n + 1}@istore.test`;
  const { rows } = await q.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, my_id) VALUES ($1, '!no-sign-in', $2, $3, $4)
     ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
    [email, p.first, p.last, `GROUPBUYER${n + 1}`],
  );
  return rows[0].id;
}

export async function seedCampaigns(q: Queryable, now = Date.now()): Promise<void> {
  let shopper = 0;
  for (const c of seedCampaignList) {
    const items = [];
    for (const i of c.items) {
      const { rows } = await q.query(`SELECT p.id, p.images->>0 AS image FROM products p WHERE p.name_en = $1`, [i.product]);
      if (!rows[0]) throw new Error(`seed: no product '${i.product}'`);
      await q.query(`UPDATE variants SET stock = stock + $2 WHERE product_id = $1 AND option_pair = ''`, [rows[0].id, i.stock]);
      items.push({ productId: rows[0].id as number, image: rows[0].image as string | null, campaignPrice: i.price, stock: i.stock, limitPerShopper: i.limit });
    }
    const id = await createCampaign(q, {
      name: c.name, description: c.description, cover: items[0].image, target: c.target, localStoreId: c.store,
      startsAt: new Date(now + c.startHours * HOUR), endsAt: new Date(now + c.endHours * HOUR), items,
    });
    const store = (await q.query('SELECT name_en FROM store_locations WHERE id = $1', [c.store])).rows[0].name_en;
    for (let j = 0; j < c.joined; j++) {
      const userId = await demoShopper(q, shopper++);
      const item = items[0];
      const paidAt = new Date(now + (c.startHours + (j + 1) * 2) * HOUR);
      const user = (await q.query('SELECT first_name, last_name, email FROM users WHERE id = $1', [userId])).rows[0];
      const contact = { firstName: user.first_name, lastName: user.last_name, email: user.email, phone: '' };
      const { rows } = await q.query(
        `INSERT INTO orders (user_id, status, payment_status, method, local_store_id, local_store_name, contact, subtotal, discount, tip,
           tax, shipping, store_credit, total, currency, created_at, updated_at, settled_at)
         VALUES ($1, 'NEW', 'PAID_ONLINE', 'PICKUP', $2, $3, $4::jsonb, $5, 0, 0, 0, 0, 0, $5, ${STORE_CURRENCY_SQL}, $6, $6, $6) RETURNING id`,
        [userId, c.store, store, JSON.stringify(contact), item.campaignPrice, paidAt],
      );
      const p = (await q.query('SELECT name_en, name_zh FROM products WHERE id = $1', [item.productId])).rows[0];
      await q.query(
        `INSERT INTO order_lines (order_id, line_no, item_key, product_id, name_en, name_zh, image, option_pair, quantity, unit_price, line_total, add_on)
         VALUES ($1, 1, $2, $3, $4, $5, $6, '', 1, $7, $7, false)`,
        [rows[0].id, `seed-${id}`, item.productId, p.name_en, p.name_zh, item.image, item.campaignPrice],
      );
      await q.query(`UPDATE variants SET stock = stock - 1 WHERE product_id = $1 AND option_pair = ''`, [item.productId]);
      // Paid through the payment sandbox like any online order (a failed campaign refunds it the same way).
      await q.query(
        `INSERT INTO payment_attempts (id, order_id, channel, status, amount, currency, return_url, created_at, updated_at)
         VALUES ($1, $2, 'OTT', 'PAID', $3, ${STORE_CURRENCY_SQL}, '', $4, $4)`,
        [`seed-campaign-${rows[0].id}`, rows[0].id, item.campaignPrice, paidAt],
      );
      await q.query('INSERT INTO campaign_orders (order_id, campaign_id) VALUES ($1, $2)', [rows[0].id, id]);
    }
    if (c.endHours < 0 && c.joined >= c.target) {
      await q.query(`UPDATE campaigns SET status = 'SUCCEEDED', settled_at = $2 WHERE id = $1`, [id, new Date(now + c.endHours * HOUR)]);
      await q.query(
        `INSERT INTO campaign_settlements (campaign_id, outcome, participants, refunds, settled_by, settled_at) VALUES ($1, 'SUCCEEDED', $2, 0, 'seed', $3)`,
        [id, c.joined, new Date(now + c.endHours * HOUR)]);
    }
  }
}
