/**
 * The order lifecycle: every change of an order's state goes through this module, in the caller's transaction with the
 * order locked, and then tells the store's other areas (stock, payment attempts, carts, store credit, mail,
 * memberships, referral, campaigns) through ONE list of subscribers, orders/subscribers.ts. The server (app.ts) and
 * every operator CLI (scripts/operatorDb.ts) install that list the same way at start; a transition that finds no list
 * installed throws, so no area can miss an order because a module happened not to be imported (security note M1).
 *
 * Which move may happen from which state, and who may make it, is ONE table: orders/stateTable.ts (its diagram is the
 * whole lifecycle). What each move does beyond its status (the event it tells, the side effects it asks for) is its
 * file in orders/transitions/ (settle, release, cancel, ready, outForDelivery, completed, storeCancel, operatorCancel,
 * refund, refundSent, disputeOpened, disputeResolved, providerRefunded); orders/engine.ts holds what they share (the
 * subscriber list, the order's lock, the table's check as a 409, order_events). This module is what the rest of the
 * server calls: the transitions by name, and moveOrder, the store's moves (npm run orders -- move, the back office),
 * which the table checks and its step carries out, recorded in order_events with who made it.
 * Each event is told once per transition (a repeated notification or refund key finds the work done and tells nobody).
 */
import type { Queryable } from '../db/index.ts';
import { actorOf, check, installed, lockedOrder, recordChange, type OrderRow, type StoreStep } from './engine.ts';
import type { Move } from './stateTable.ts';
import { completed } from './transitions/completed.ts';
import { outForDelivery } from './transitions/outForDelivery.ts';
import { ready } from './transitions/ready.ts';
import { storeCancel } from './transitions/storeCancel.ts';

export { setOrderSubscribers, lockCartsOf, type OrderRow, type OrderRefund, type OrderSubscriber } from './engine.ts';
export { settleOrder } from './transitions/settle.ts';
export { releaseReservation, expireReservations } from './transitions/release.ts';
export { cancelOrder, isCancellable } from './transitions/cancel.ts';
export { operatorCancel } from './transitions/operatorCancel.ts';
export { requestRefund, type RefundRequest } from './transitions/refund.ts';
export { refundSent } from './transitions/refundSent.ts';
export { disputeOpened } from './transitions/disputeOpened.ts';
export { disputeResolved } from './transitions/disputeResolved.ts';
export { providerRefunded, type ProviderMoneyBack } from './transitions/providerRefunded.ts';
export type { DisputeNotice, DisputeOutcome } from './transitions/disputeNotice.ts';

/** Each store move's own step (a move of the table without one is a compile error here). */
const STORE_STEPS: Record<Move, StoreStep> = { ready, 'out-for-delivery': outForDelivery, completed, cancelled: storeCancel };

/** An order after a fulfilment move, and the state it left. */
export interface OrderMove {
  order: OrderRow;
  from: string;
}

/**
 * The store moves an order on (npm run orders -- move, the back office): checked against the state table under the
 * order's lock, refused with a 409 that says why (nothing changes), carried out by the move's step and recorded in
 * order_events with `by` and the time.
 */
export async function moveOrder(q: Queryable, orderId: number, move: Move, by: string, note = ''): Promise<OrderMove> {
  installed();
  const actor = actorOf(by);
  const o = await lockedOrder(q, orderId);
  check(move, o, 'staff');
  const order = await STORE_STEPS[move](q, o, actor, note);
  await recordChange(q, o, order, actor, note);
  return { order, from: o.status };
}
