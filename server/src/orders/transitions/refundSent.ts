/**
 * refund-sent (REFUND_PENDING → REFUNDED, by the server itself; orders/stateTable.ts): the payment provider accepted
 * the online part of a refund (payments/refundWorker.ts). A DISPUTED order waiting for its refund keeps that state
 * and will return to REFUNDED. No event: the refund's subscribers heard `refunded` when it was asked for. The check
 * is the UPDATE's own: with a refund still PENDING, or in another state, nothing changes.
 */
import type { Queryable } from '../../db/index.ts';

/** The online part of a refund was accepted: an order refunded in full with nothing else on its way is REFUNDED. */
export async function refundSent(q: Queryable, orderId: number): Promise<void> {
  await q.query(
    `UPDATE orders SET status = CASE WHEN status = 'REFUND_PENDING' THEN 'REFUNDED' ELSE status END,
            disputed_from = CASE WHEN status = 'DISPUTED' THEN 'REFUNDED' ELSE disputed_from END, updated_at = clock_timestamp()
      WHERE id = $1 AND (status = 'REFUND_PENDING' OR (status = 'DISPUTED' AND disputed_from = 'REFUND_PENDING'))
        AND NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = $1 AND status = 'PENDING')`,
    [orderId],
  );
}
