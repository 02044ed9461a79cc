/** The checkout draft: the order method, slots, contact, delivery address and adjustments kept on the visitor's cart. */
import type { Db, Queryable } from '../db/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Session } from '../lib/session.ts';
import type { Address } from '../../../contract/account.ts';
import type { OrderMethod } from '../../../contract/constants.ts';
import type { Contact } from '../../../contract/orders.ts';
import { cartView, findCart, type CartRow, type CartView } from './cart.ts';
import { allLocations } from './locations.ts';

/** The draft's columns of the carts table and what they hold. */
export interface DraftFields {
  order_method: OrderMethod | null;
  pickup_date: string | null;
  pickup_time: string | null;
  delivery_date: string | null;
  delivery_time: string | null;
  contact: Contact | null;
  delivery: Address | null;
  local_store_id: string | null;
  table_number: string | null;
  tip_percent: number | null;
  tip_amount: number | null;
  coupon_code: string | null;
  store_credit: number;
  customer_comment: string;
}
const JSON_COLUMNS = new Set<keyof DraftFields>(['contact', 'delivery']);

/** Runs `change` on the visitor's (existing, non-empty-session) cart inside a transaction; answers the Cart. */
export async function changeDraft(db: Db, s: Session | null, change: (q: Queryable, cart: CartRow, s: Session) => Promise<void>): Promise<CartView> {
  return db.tx(async (q) => {
    const cart = await findCart(q, s, { lock: true });
    if (!cart || !s) throw badRequest('Your cart is empty');
    await change(q, cart, s);
    await q.query('UPDATE carts SET updated_at = now() WHERE id = $1', [cart.id]);
    return cartView(q, (await findCart(q, s))!);
  });
}

/** Sets these draft fields of a cart. */
export async function setDraft(q: Queryable, cartId: number, fields: Partial<DraftFields>) {
  const entries = Object.entries(fields) as [keyof DraftFields, unknown][];
  const sets = entries.map(([column, _], i) => `${column} = $${i + 2}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`);
  const values = entries.map(([column, value]) => (JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value));
  await q.query(`UPDATE carts SET ${sets.join(', ')} WHERE id = $1`, [cartId, ...values]);
}

/** Finds a store by id or by its en/zh name. */
export async function findStore(q: Queryable, nameOrId: string) {
  const all = await allLocations(q);
  const key = nameOrId.trim().toLowerCase();
  return all.find((l) => l.id.toLowerCase() === key || l.localStoreName.toLowerCase() === key || l.localStoreNameContent.zh === nameOrId.trim()) ?? null;
}
