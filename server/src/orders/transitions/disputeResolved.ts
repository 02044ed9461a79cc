/**
 * dispute-resolved (DISPUTED → the state it was in, or CHARGED_BACK; on a payment provider's word; orders/stateTable.ts):
 * payments/reversals.ts. Recorded in order_events with the provider as the actor. No event: the money moves with the
 * provider's own money events (provider-refunded).
 */
import type { Queryable } from '../../db/index.ts';
import { allows, lockedOrder, recordChange, type OrderRow } from '../engine.ts';
import type { DisputeNotice, DisputeOutcome } from './disputeNotice.ts';

/**
 * A dispute was resolved at the provider (once: a repeat changes nothing). When no other dispute of the order is open,
 * a DISPUTED order returns to the state it was in (the seller's favour, the buyer withdrew, or another ending) or
 * becomes CHARGED_BACK (the buyer's favour); a buyer's win on an order never marked disputed charges it back too.
 * The money itself moves with the provider's own money events (a reversal or refund: providerRefunded), not here.
 */
export async function disputeResolved(q: Queryable, d: DisputeNotice & { outcome: DisputeOutcome; outcomeCode: string }): Promise<OrderRow> {
  const o = await lockedOrder(q, d.orderId);
  const { rows: [known] } = await q.query('SELECT * FROM payment_disputes WHERE provider = $1 AND dispute_id = $2 FOR UPDATE', [d.provider, d.disputeId]);
  if (known?.resolved_at) return o;
  await q.query(
    `INSERT INTO payment_disputes (provider, dispute_id, order_id, attempt_id, status, reason, amount, currency, outcome, outcome_code, resolved_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp())
     ON CONFLICT (provider, dispute_id) DO UPDATE SET status = EXCLUDED.status, outcome = EXCLUDED.outcome,
        outcome_code = EXCLUDED.outcome_code, amount = COALESCE(EXCLUDED.amount, payment_disputes.amount),
        resolved_at = EXCLUDED.resolved_at, updated_at = clock_timestamp()`,
    [d.provider, d.disputeId, d.orderId, d.attemptId, d.status, d.reason, d.amount, d.currency, d.outcome, d.outcomeCode]);
  const { rows: [{ open }] } = await q.query('SELECT count(*)::int AS open FROM payment_disputes WHERE order_id = $1 AND resolved_at IS NULL', [o.id]);
  const note = `dispute ${d.disputeId} resolved: ${d.outcomeCode || d.outcome}`;
  let after: OrderRow | undefined;
  if (o.status === 'DISPUTED') {
    const back = d.outcome === 'BUYER' ? 'CHARGED_BACK' : o.disputed_from as string;
    // Another dispute still open: the order stays DISPUTED, and goes where this one sends it when the last is resolved.
    after = open > 0
      ? (await q.query(`UPDATE orders SET disputed_from = CASE WHEN $2 THEN 'CHARGED_BACK' ELSE disputed_from END, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id, d.outcome === 'BUYER'])).rows[0]
      : (await q.query(`UPDATE orders SET status = $2, disputed_from = NULL, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id, back])).rows[0];
  } else if (d.outcome === 'BUYER' && allows('dispute-resolved', o, 'provider') && o.status !== 'CHARGED_BACK') {
    after = (await q.query(`UPDATE orders SET status = 'CHARGED_BACK', updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id])).rows[0];
  }
  await recordChange(q, o, after ?? o, d.provider.slice(0, 100), note.slice(0, 500));
  return after ?? o;
}
