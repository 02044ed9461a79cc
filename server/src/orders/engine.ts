/**
 * The order lifecycle's engine: the subscriber list it tells (orders/subscribers.ts installs it), the order's lock,
 * the table's check (orders/stateTable.ts) as a 409, and the record of who changed an order. The transitions
 * (orders/transitions/*.ts, one file per move) are made of these; orders/lifecycle.ts is what the rest of the server
 * calls. Subscribers run in order, in the caller's transaction: one that throws rolls the transition back.
 */
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { refusalText, transition, verdict, type Actor, type MoveName } from './stateTable.ts';

/** An orders row as `SELECT *` reads it (the columns subscribers read are named). */
export interface OrderRow {
  id: number;
  user_id: number | null;
  status: string;
  payment_status: string;
  subtotal: number;
  discount: number;
  total: number;
  store_credit: number;
  refunded: number;
  currency: string;
  [column: string]: unknown;
}

/** What one refund did, as its subscribers hear it. */
export interface OrderRefund {
  id: string;
  /** Minor units refunded by this refund. */
  amount: number;
  /** The part of `amount` that goes back as store credit (the rest goes back online). */
  credit: number;
  /** The order has now been refunded in full. */
  full: boolean;
  /** The goods come back (or were never handed over): their units go back on sale. */
  restock: boolean;
}

/** One area's part in the order lifecycle; a handler it has no use for is left out. */
export interface OrderSubscriber {
  name: string;
  settled?(q: Queryable, order: OrderRow): Promise<unknown>;
  cancelled?(q: Queryable, order: OrderRow): Promise<unknown>;
  refunded?(q: Queryable, order: OrderRow, refund: OrderRefund): Promise<unknown>;
  /** The store moved the order to a fulfilment state (READY_FOR_PICKUP, OUT_FOR_DELIVERY, COMPLETED) from `from`. */
  moved?(q: Queryable, order: OrderRow, from: string): Promise<unknown>;
}

let subscribers: readonly OrderSubscriber[] | null = null;

/** Installs the subscriber list (orders/subscribers.ts installOrderSubscribers; app.ts and operatorDb.ts call that). */
export function setOrderSubscribers(list: readonly OrderSubscriber[]): void {
  subscribers = list;
}

/** The installed list; a transition that finds none throws before it changes anything (security note M1). */
export function installed(): readonly OrderSubscriber[] {
  if (!subscribers) throw new Error('The order lifecycle has no subscribers: call installOrderSubscribers() (orders/subscribers.ts) at start');
  return subscribers;
}

/** The order as it is now. */
export async function orderRow(q: Queryable, orderId: number): Promise<OrderRow> {
  return (await q.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
}

/** Lock order carts → orders → payment_attempts, the order reserve takes them in (no settle/re-reserve deadlock). */
export async function lockCartsOf(q: Queryable, orderId: number) {
  await q.query('SELECT id FROM carts WHERE reserved_order_id = $1 ORDER BY id FOR UPDATE', [orderId]);
}

/** The order, locked for a change (its carts first: the order reserve takes the locks in that order). */
export async function lockedOrder(q: Queryable, orderId: number): Promise<OrderRow> {
  await lockCartsOf(q, orderId);
  const o: OrderRow | undefined = (await q.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [orderId])).rows[0];
  if (!o) throw notFound(`Order ${orderId} not found`);
  return o;
}

/** The table's word on `move` for the order: throws its refusal as a 409; answers false when it is done already. */
export function check(move: MoveName, o: OrderRow, actor: Actor): boolean {
  const v = verdict(move, o, actor);
  if (v.allowed) return true;
  if (v.done) return false;
  throw conflict(refusalText(o.id, v)!);
}

/** Whether the table allows `move` on the order now (for transitions that answer the order as it is otherwise). */
export const allows = (move: MoveName, o: OrderRow, actor: Actor) => verdict(move, o, actor).allowed;

/** The states `move` starts from, and its payment states (for the transitions whose check is the UPDATE's WHERE). */
export function startsFrom(move: MoveName): { from: string[]; payment: string[] | null } {
  const t = transition(move);
  return { from: [...t.from], payment: t.payment ? [...t.payment] : null };
}

/** Who makes a store's move or cancel, as order_events records it (1 to 100 characters). */
export function actorOf(by: string): string {
  const actor = by.trim();
  if (!actor || actor.length > 100) throw badRequest('Say who makes the move (--by, 1 to 100 characters)');
  return actor;
}

/** Records a change the store or a provider made (order_events): the state it left, the one it reached, who and why. */
export async function recordChange(q: Queryable, from: OrderRow, to: OrderRow, actor: string, note: string) {
  await q.query('INSERT INTO order_events (order_id, from_status, to_status, actor, note) VALUES ($1, $2, $3, $4, $5)',
    [from.id, from.status, to.status, actor, note]);
}

/** The order becomes CANCELLED (hidden, for a reservation never shown as an order); event `cancelled`. */
export async function markCancelled(q: Queryable, orderId: number, hide: boolean): Promise<OrderRow> {
  const list = installed();
  const { rows } = await q.query(
    `UPDATE orders SET status = 'CANCELLED', hidden = hidden OR $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [orderId, hide],
  );
  for (const s of list) await s.cancelled?.(q, rows[0]);
  return orderRow(q, orderId);
}

/** A store move's own work (orders/transitions/<move>.ts): what it does beyond the table's check; answers the order after. */
export type StoreStep = (q: Queryable, o: OrderRow, actor: string, note: string) => Promise<OrderRow>;

/** A fulfilment move: the order takes the move's state and the subscribers hear `moved` (from the state it left). */
export async function fulfil(q: Queryable, o: OrderRow, to: string): Promise<OrderRow> {
  const list = installed();
  const { rows } = await q.query(`UPDATE orders SET status = $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id, to]);
  for (const s of list) await s.moved?.(q, rows[0], o.status);
  return rows[0];
}
