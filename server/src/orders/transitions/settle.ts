/**
 * settle (INTERIM + NOT_PAID → NEW; orders/stateTable.ts): an order waiting for payment is paid online or by store
 * credit or discount, or placed to pay at the store. Event `settled`: subscribers take its store credit (refusing when
 * it no longer covers it), void its other attempts, empty its cart, send the receipt, grant memberships, accrue
 * referral commission and join (or refund) its campaign.
 * Called by payments/attempts.ts settleAttempt (the provider's word) and services/orders.ts (the shopper's own).
 */
import type { Queryable } from '../../db/index.ts';
import { conflict } from '../../lib/errors.ts';
import { installed, orderRow, startsFrom, type OrderRow } from '../engine.ts';

export async function settleOrder(q: Queryable, orderId: number, paymentStatus: 'PAID_ONLINE' | 'PAID_BY_DISCOUNT' | 'PAY_AT_STORE'): Promise<OrderRow> {
  const list = installed();
  const { from, payment } = startsFrom('settle');
  // The table's check is the UPDATE's own: whoever settles first wins, the other finds the order settled.
  const { rows } = await q.query(
    `UPDATE orders SET status = 'NEW', payment_status = $2, settled_at = clock_timestamp(), updated_at = clock_timestamp()
      WHERE id = $1 AND status = ANY($3::text[]) AND payment_status = ANY($4::text[]) RETURNING *`,
    [orderId, paymentStatus, from, payment],
  );
  if (!rows[0]) throw conflict(`Order ${orderId} is not waiting for payment`);
  for (const s of list) await s.settled?.(q, rows[0]);
  return orderRow(q, orderId);
}
