/**
 * dispute-opened (a settled, paid order → DISPUTED, on a payment provider's word; orders/stateTable.ts):
 * payments/reversals.ts, from a verified notification (PayPal CUSTOMER.DISPUTE.*). The dispute is recorded once
 * (payment_disputes); the order remembers the state it was in (disputed_from) and takes no store move until the dispute
 * is resolved (the table's `held`). Recorded in order_events with the provider as the actor. No event.
 */
import type { Queryable } from '../../db/index.ts';
import { allows, lockedOrder, recordChange, type OrderRow } from '../engine.ts';
import type { DisputeNotice } from './disputeNotice.ts';

/**
 * A dispute was opened (or updated) at the provider: recorded once per dispute (payment_disputes), and a settled,
 * paid order becomes DISPUTED, remembering the state it was in. A repeated or late word (the dispute is resolved
 * already) changes nothing. Answers the order as it is now.
 */
export async function disputeOpened(q: Queryable, d: DisputeNotice): Promise<OrderRow> {
  const o = await lockedOrder(q, d.orderId);
  const { rows: [known] } = await q.query('SELECT * FROM payment_disputes WHERE provider = $1 AND dispute_id = $2 FOR UPDATE', [d.provider, d.disputeId]);
  if (known?.resolved_at) return o;
  if (known) {
    await q.query(
      `UPDATE payment_disputes SET status = $3, reason = COALESCE(NULLIF($4, ''), reason), amount = COALESCE($5, amount),
              currency = COALESCE($6, currency), updated_at = clock_timestamp() WHERE provider = $1 AND dispute_id = $2`,
      [d.provider, d.disputeId, d.status, d.reason, d.amount, d.currency]);
  } else {
    await q.query(
      `INSERT INTO payment_disputes (provider, dispute_id, order_id, attempt_id, status, reason, amount, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [d.provider, d.disputeId, d.orderId, d.attemptId, d.status, d.reason, d.amount, d.currency]);
  }
  if (!allows('dispute-opened', o, 'provider')) return o;
  const { rows: [after] } = await q.query(
    `UPDATE orders SET status = 'DISPUTED', disputed_from = status, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id]);
  await recordChange(q, o, after, d.provider.slice(0, 100), (`dispute ${d.disputeId} opened${d.reason ? `: ${d.reason}` : ''}`).slice(0, 500));
  return after;
}
