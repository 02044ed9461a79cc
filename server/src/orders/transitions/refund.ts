/**
 * refund (a paid order, in part or whole → its status, or REFUND_PENDING / REFUNDED when whole, by the staff or the
 * server itself; orders/stateTable.ts): npm run orders -- refund, the back office, the store's cancel of a paid order,
 * a failed campaign (features/campaigns/service.ts). Once per key. Event `refunded`: the store-credit part goes back at
 * once (the store-credit subscriber), stock when the goods come back, commission and memberships in proportion, the
 * refund mail; the online part is a PENDING refund the refund worker sends (payments/refundWorker.ts, then
 * refund-sent).
 */
import type { Queryable } from '../../db/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { insertOrderRefund, refundAmount, refundIdOf, refundOfKey, toRefundRecord, type RefundRecord } from '../../services/refunds.ts';
import type { Actor } from '../stateTable.ts';
import { check, installed, type OrderRefund, type OrderRow } from '../engine.ts';

export interface RefundRequest {
  orderID: string;
  /** Minor units; default: everything still refundable. */
  amount?: number;
  reason: string;
  /** Idempotency key: the same key never refunds twice (e.g. `campaign-failed:12:100034`). */
  key: string;
  /** The goods come back, or were never handed over (default: no). */
  restock?: boolean;
  /** Who asks (the table's `refund` row: the staff, by default, or the server itself, e.g. a failed campaign). */
  actor?: Actor;
}

/**
 * Refunds a paid order, in full or in part, once per key. The store-credit part of what was paid goes back at once
 * (the store-credit subscriber); the online part is PENDING until the payment provider accepts it
 * (payments/refundWorker.ts). Online money goes back first (it is what the shopper paid out of pocket), then store
 * credit. An order refunded in full becomes REFUND_PENDING (REFUNDED at once when nothing goes back online); a
 * partial refund leaves the order's status alone and shows in its `refunded` amount.
 */
export async function requestRefund(q: Queryable, req: RefundRequest): Promise<RefundRecord> {
  const seen = await refundOfKey(q, req.key);
  if (seen) return toRefundRecord(seen, true);
  if (!/^\d{1,9}$/.test(req.orderID)) throw badRequest(`Invalid order id '${String(req.orderID).slice(0, 40)}'`);
  const order: OrderRow | undefined = (await q.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [Number(req.orderID)])).rows[0];
  if (!order) throw notFound(`Order ${req.orderID} not found`);
  // Checked again under the order's lock: two callers with the same key wait for each other here.
  const raced = await refundOfKey(q, req.key);
  if (raced) return toRefundRecord(raced, true);
  check('refund', order, req.actor ?? 'staff');
  const list = installed();
  const paid = order.total + order.store_credit;
  const amount = refundAmount(req.amount, paid - order.refunded, `Order ${order.id}`, order.currency);
  const { rows: [{ n: onlineDone }] } = await q.query('SELECT COALESCE(sum(online), 0)::int AS n FROM refunds WHERE order_id = $1', [order.id]);
  const online = Math.min(amount, Math.max(0, order.total - onlineDone));
  const credit = amount - online;
  if (credit > 0 && order.user_id == null) throw conflict(`Order ${order.id} has no account to return store credit to`);
  const attempt = online > 0
    ? (await q.query(`SELECT id FROM payment_attempts WHERE order_id = $1 AND status = 'PAID' ORDER BY updated_at DESC LIMIT 1`, [order.id])).rows[0]
    : null;
  if (online > 0 && !attempt) throw conflict(`Order ${order.id} has no online payment to refund`);
  const record = await insertOrderRefund(q, {
    id: refundIdOf(req.key), key: req.key, orderId: order.id, attemptId: attempt?.id ?? null, amount, online, credit, currency: order.currency, reason: req.reason,
  });
  const full = order.refunded + amount === paid;
  // A disputed or charged-back order keeps that state (the provider's word); a disputed one returns to the refund's.
  const { rows: [after] } = await q.query(
    `UPDATE orders SET refunded = refunded + $2,
            status = CASE WHEN $3 AND status NOT IN ('DISPUTED', 'CHARGED_BACK') THEN $4 ELSE status END,
            disputed_from = CASE WHEN $3 AND status = 'DISPUTED' THEN $4 ELSE disputed_from END,
            updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [order.id, amount, full, online > 0 ? 'REFUND_PENDING' : 'REFUNDED'],
  );
  const done: OrderRefund = { id: record.id, amount, credit, full, restock: req.restock ?? false };
  for (const s of list) await s.refunded?.(q, after, done);
  return record;
}
