/**
 * Demo memberships (issue 13): the demo shop file's four plans (month, quarter, year, lifetime) sold as products of type
 * MEMBERSHIP, and a 10 % member discount with two products at their own member price.
 */
import type { Queryable } from '../../db/index.ts';
import { writeMembershipPlan } from '../../shop/apply.ts';
import type { ShopFile } from '../../shop/schema.ts';

type MembershipPlan = NonNullable<ShopFile['membershipPlans']>[number];

/** Products with their own member price (ids of the demo catalogue), below the 10 % discount. */
const OWN_MEMBER_PRICES: [number, number][] = [[1001, 1399], [1011, 2799]];

export async function seedMemberships(q: Queryable, plans: MembershipPlan[]) {
  await q.query(`INSERT INTO settings (key, value) VALUES ('membership', $1::jsonb) ON CONFLICT (key) DO NOTHING`, [JSON.stringify({ discountPercent: 10 })]);
  // The plans are the demo shop file's (src/seed/demo-shop.json), written by the code `npm run shop -- apply` runs.
  for (const [i, p] of plans.entries()) await writeMembershipPlan(q, p, i);
  for (const [id, price] of OWN_MEMBER_PRICES) {
    await q.query('UPDATE products SET member_price = $2 WHERE id = $1 AND price > $2', [id, price]);
  }
}
