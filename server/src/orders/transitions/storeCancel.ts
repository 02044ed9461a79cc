/**
 * cancelled (INTERIM | NEW | READY_FOR_PICKUP | OUT_FOR_DELIVERY → CANCELLED, or REFUND_PENDING / REFUNDED for a
 * paid order, by the staff; orders/stateTable.ts): the store cancels an order (the back office, npm run orders --
 * move N cancelled). An unpaid one (reserved, or to pay at the store) not handed over yet is cancelled as it stands
 * (event `cancelled`: stock, store credit, commission and memberships come back); a paid one is refunded in full, once
 * whatever retries happen, its stock returned (the refund transition, event `refunded`).
 */
import type { Queryable } from '../../db/index.ts';
import { OPEN_STATES, UNPAID } from '../stateTable.ts';
import { markCancelled, orderRow, type OrderRow, type StoreStep } from '../engine.ts';
import { isCancellable } from './cancel.ts';
import { requestRefund } from './refund.ts';

/** Cancels the locked order `o` for the store (the `cancelled` move and operator-cancel). */
export async function cancelForStore(q: Queryable, o: OrderRow, actor: string, note: string): Promise<OrderRow> {
  const unpaidOpen = (UNPAID as readonly string[]).includes(o.payment_status) && (OPEN_STATES as readonly string[]).includes(o.status);
  if (isCancellable(o) || unpaidOpen) return markCancelled(q, o.id, false);
  await requestRefund(q, { orderID: String(o.id), reason: note || `Cancelled by the store (${actor})`, key: `operator-cancel:${o.id}`, restock: true });
  return orderRow(q, o.id);
}

export const storeCancel: StoreStep = cancelForStore;
