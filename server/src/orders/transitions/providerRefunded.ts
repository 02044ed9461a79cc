/**
 * provider-refunded (a settled, paid order → CHARGED_BACK for a reversal, REFUNDED for a refund of all of it made in
 * the provider's dashboard, else its status; on a payment provider's word; orders/stateTable.ts): payments/reversals.ts
 * (PayPal PAYMENT.CAPTURE.REVERSED / REFUNDED). Recorded as a DONE refund (refunds.source), once per key; event
 * `refunded` (commission and memberships: the online money went back; no store credit, no stock). Recorded in
 * order_events with the provider as the actor.
 */
import type { Queryable } from '../../db/index.ts';
import { insertOrderRefund, refundIdOf, refundOfKey, type RefundRecord } from '../../services/refunds.ts';
import { allows, installed, lockedOrder, recordChange, type OrderRefund } from '../engine.ts';

/** Money a provider moved back to the buyer on its own: a reversal (chargeback) or a refund made in its dashboard. */
export interface ProviderMoneyBack {
  provider: string;
  orderId: number;
  attemptId: string;
  /** Idempotency key (the provider's id of the reversal or refund): the same key never records twice. */
  key: string;
  /** Minor units of the order's currency. */
  amount: number;
  kind: 'CHARGEBACK' | 'PROVIDER';
  reason: string;
}

/**
 * Records money the provider already sent back as a refund of the order (DONE at once: nothing is sent), once per
 * key, and tells the `refunded` subscribers (commission, memberships: the online money went back; no store credit,
 * no stock). A reversal makes the order CHARGED_BACK; a dashboard refund of everything paid makes it REFUNDED (a
 * DISPUTED order keeps that state and returns to REFUNDED when the dispute is resolved for the seller). More than the
 * online money not yet refunded is never recorded. Answers the refund, or null when the key had it already or the
 * order has no money to take back (a voided attempt's money: the refund worker's, not the order's).
 */
export async function providerRefunded(q: Queryable, m: ProviderMoneyBack): Promise<RefundRecord | null> {
  if (await refundOfKey(q, m.key)) return null;
  const o = await lockedOrder(q, m.orderId);
  if (await refundOfKey(q, m.key)) return null;
  const list = installed();
  if (!allows('provider-refunded', o, 'provider')) return null;
  const { rows: [{ n: onlineDone }] } = await q.query('SELECT COALESCE(sum(online), 0)::int AS n FROM refunds WHERE order_id = $1', [o.id]);
  const amount = Math.min(m.amount, Math.max(0, o.total - onlineDone));
  const chargeback = m.kind === 'CHARGEBACK';
  let record: RefundRecord | null = null;
  let after = o;
  const full = o.refunded + amount === o.total + o.store_credit;
  if (amount > 0) {
    record = await insertOrderRefund(q, {
      id: refundIdOf(m.key), key: m.key, orderId: o.id, attemptId: m.attemptId, amount, online: amount, credit: 0,
      currency: o.currency, reason: m.reason, source: m.kind,
    });
  }
  if (amount === 0 && !chargeback) return null;
  const to = chargeback ? 'CHARGED_BACK' : full ? 'REFUNDED' : null;
  ({ rows: [after] } = await q.query(
    `UPDATE orders SET refunded = refunded + $2,
            status = CASE WHEN $3::text IS NOT NULL AND ($4 OR status NOT IN ('DISPUTED', 'CHARGED_BACK')) THEN $3::text ELSE status END,
            disputed_from = CASE WHEN $3::text IS NOT NULL AND NOT $4 AND status = 'DISPUTED' THEN $3::text ELSE disputed_from END,
            updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [o.id, amount, to, chargeback]));
  if (record) {
    const done: OrderRefund = { id: record.id, amount, credit: 0, full, restock: false };
    for (const s of list) await s.refunded?.(q, after, done);
  }
  await recordChange(q, o, after, m.provider.slice(0, 100), `${m.reason} (${m.key})`.slice(0, 500));
  return record;
}
