/**
 * operator-cancel (INTERIM | NEW | READY_FOR_PICKUP | OUT_FOR_DELIVERY | COMPLETED → CANCELLED, or REFUND_PENDING /
 * REFUNDED for a paid order, by the staff; orders/stateTable.ts): npm run orders -- cancel. As the store's
 * `cancelled` move (storeCancel.ts), and a completed paid order too is refunded in full; recorded in order_events with
 * `--by` and the note. A refunded, charged-back or already cancelled order is done already: it stays as it is and
 * nothing is recorded. A DISPUTED one is refused until the dispute is resolved.
 */
import type { Queryable } from '../../db/index.ts';
import { actorOf, check, lockedOrder, recordChange, type OrderRow } from '../engine.ts';
import { cancelForStore } from './storeCancel.ts';

export async function operatorCancel(q: Queryable, orderId: number, by: string, note = ''): Promise<OrderRow> {
  const actor = actorOf(by);
  const o = await lockedOrder(q, orderId);
  if (!check('operator-cancel', o, 'staff')) return o;
  const order = await cancelForStore(q, o, actor, note);
  await recordChange(q, o, order, actor, note);
  return order;
}
