/**
 * What other areas do when an order is settled (paid online, paid by discount or store credit, or placed to pay at
 * the store): memberships are granted, referral commission accrues. Listeners run in the settling transaction, once,
 * since an order settles once (a repeated payment notification finds it settled and changes nothing); a listener
 * that throws rolls the settlement back.
 */
import type { Queryable } from '../db/index.ts';

export type SettledOrder = { id: number; user_id: number | null; status: string; payment_status: string; subtotal: number; discount: number; total: number; store_credit: number };
type Listener = (q: Queryable, order: SettledOrder) => Promise<void>;

const listeners: Listener[] = [];

export function onOrderSettled(fn: Listener) {
  if (!listeners.includes(fn)) listeners.push(fn);
}

export async function orderSettled(q: Queryable, orderId: number) {
  const { rows } = await q.query('SELECT * FROM orders WHERE id = $1', [orderId]);
  for (const fn of listeners) await fn(q, rows[0]);
}
