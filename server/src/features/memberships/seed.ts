/**
 * Demo memberships (issue 13): four plans (month, quarter, year, lifetime) sold as products of type MEMBERSHIP, and a
 * 10 % member discount with two products at their own member price.
 */
import type { Queryable } from '../../db/index.ts';

const BENEFITS = [
  { en: 'Member prices on the whole shop: 10% off, more on selected items', zh: '全店会员价：九折，精选商品更优惠' },
  { en: 'Member price shown beside the regular price everywhere', zh: '处处可见会员价与原价对比' },
  { en: 'Renewal starts when your current membership ends: no day lost', zh: '续费从当前会员到期日起算，一天不少' },
];
const LEVEL = { en: 'Maple Member', zh: '枫叶会员' };

export const membershipPlans = [
  { duration: 'MONTH', price: 499, en: 'Membership: 1 month', zh: '会员：1个月' },
  { duration: 'QUARTER', price: 1299, en: 'Membership: 3 months', zh: '会员：3个月' },
  { duration: 'YEAR', price: 3999, en: 'Membership: 1 year', zh: '会员：1年' },
  { duration: 'LIFETIME', price: 14999, en: 'Membership: lifetime', zh: '会员：终身' },
] as const;

/** Products with their own member price (ids of the demo catalogue), below the 10 % discount. */
const OWN_MEMBER_PRICES: [number, number][] = [[1001, 1399], [1011, 2799]];

export async function seedMemberships(q: Queryable) {
  await q.query(`INSERT INTO settings (key, value) VALUES ('membership', $1::jsonb) ON CONFLICT (key) DO NOTHING`, [JSON.stringify({ discountPercent: 10 })]);
  for (const [i, p] of membershipPlans.entries()) {
    const desc = { en: `${LEVEL.en}: ${BENEFITS.map((b) => b.en).join('. ')}.`, zh: `${LEVEL.zh}：${BENEFITS.map((b) => b.zh).join('；')}。` };
    const { rows } = await q.query(
      `INSERT INTO products (name_en, name_zh, desc_en, desc_zh, category, brand, price, images, product_type, created_at)
       VALUES ($1,$2,$3,$4,'Add-ons','Lakeside Goods',$5,$6::jsonb,'MEMBERSHIP', now() - make_interval(hours => $7)) RETURNING id`,
      [p.en, p.zh, desc.en, desc.zh, p.price, JSON.stringify([`membership-card-${p.duration.toLowerCase()}.svg`]), i],
    );
    await q.query(`INSERT INTO variants (product_id, option_pair, stock) VALUES ($1, '', 1000000)`, [rows[0].id]);
    await q.query(`INSERT INTO membership_plans (product_id, duration, level_en, level_zh, benefits) VALUES ($1,$2,$3,$4,$5::jsonb)`,
      [rows[0].id, p.duration, LEVEL.en, LEVEL.zh, JSON.stringify(BENEFITS)]);
  }
  for (const [id, price] of OWN_MEMBER_PRICES) {
    await q.query('UPDATE products SET member_price = $2 WHERE id = $1 AND price > $2', [id, price]);
  }
}
