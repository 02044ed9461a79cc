/**
 * cancel (INTERIM | NEW, not paid → CANCELLED, by the shopper; orders/stateTable.ts): an order nobody has paid for
 * yet (reserved, or placed to pay at the store) is cancelled by its shopper. Event `cancelled`.
 */
import type { Queryable } from '../../db/index.ts';
import { verdict } from '../stateTable.ts';
import { check, markCancelled, type OrderRow } from '../engine.ts';

/** Whether the shopper may still cancel the order (the table's `cancel` row). */
export function isCancellable(o: { status: string; payment_status: string }) {
  return verdict('cancel', o, 'shopper').allowed;
}

/** Cancels the order for its shopper; the caller holds its lock. */
export async function cancelOrder(q: Queryable, o: OrderRow): Promise<OrderRow> {
  check('cancel', o, 'shopper');
  return markCancelled(q, o.id, false);
}
