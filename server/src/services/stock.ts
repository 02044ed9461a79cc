/** Store stock of an order's goods: what a cancelled order or a refund that takes the goods back puts on sale again. */
import type { Queryable } from '../db/index.ts';
import { bumpCatalog } from './catalogCache.ts';

/** Puts every unit of the order's lines back in stock (lock order: by product, then option). */
export async function returnStock(q: Queryable, orderId: number) {
  const { rows } = await q.query('SELECT product_id, option_pair, quantity FROM order_lines WHERE order_id = $1 ORDER BY product_id, option_pair', [orderId]);
  for (const l of rows) {
    await q.query('UPDATE variants SET stock = stock + $3 WHERE product_id = $1 AND option_pair = $2', [l.product_id, l.option_pair, l.quantity]);
  }
  bumpCatalog();
}
