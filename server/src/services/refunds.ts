/**
 * Refunds: money going back to a shopper, in full or in part, once per idempotency key. This is the refunds ledger:
 * an order's refund is decided and recorded by the order lifecycle (orders/lifecycle.ts requestRefund), a top-up's
 * by payments/depositRefunds.ts (requestDepositRefund); the online part of either is PENDING until the payment provider accepts it, sent by
 * the refund worker (payments/refundWorker.ts) under the refund's deterministic id, so a retry after a provider error
 * or a crash never pays twice.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { formatMoney } from '../lib/money.ts';

/** Deterministic: the same key always names the same refund at the provider. */
export const refundIdOf = (key: string) => `rf_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

export interface RefundRecord {
  id: string;
  orderID: string;
  amount: number;
  status: 'PENDING' | 'DONE';
  /** When it was recorded. */
  createdAt: string;
  /**
   * True when the key had this refund already and nothing new was done (an idempotent repeat): a caller that reports
   * to a person must say so (probe N6: a repeated CLI refund was reported as a success).
   */
  repeated: boolean;
}

export const toRefundRecord = (r: any, repeated = false): RefundRecord => ({
  id: r.id, orderID: String(r.order_id), amount: r.amount, status: r.status, createdAt: new Date(r.created_at).toISOString(), repeated,
});

/** The refund recorded under `key` already, if any (after checking the key's shape). */
export async function refundOfKey(q: Queryable, key: string): Promise<any> {
  if (!key || key.length > 200) throw badRequest('A refund needs an idempotency key of at most 200 characters');
  return (await q.query('SELECT * FROM refunds WHERE idempotency_key = $1', [key])).rows[0];
}

/** The amount asked for (default: all that is left), checked against what is left of `what`. */
export function refundAmount(asked: number | undefined, refundable: number, what: string, currency: string): number {
  const amount = asked ?? refundable;
  if (!Number.isInteger(amount) || amount <= 0) throw badRequest('A refund amount must be a positive whole number of minor units');
  if (amount > refundable) throw conflict(`${what} has ${formatMoney(refundable, currency)} left to refund, not ${formatMoney(amount, currency)}`);
  return amount;
}

export interface NewOrderRefund {
  id: string;
  key: string;
  orderId: number;
  /** The paid attempt the online part goes back through (null when all goes back as store credit). */
  attemptId: string | null;
  amount: number;
  online: number;
  credit: number;
  currency: string;
  reason: string;
  /**
   * STORE (default): the store decided it, and the refund worker sends its online part. PROVIDER (made in the
   * provider's own dashboard) and CHARGEBACK (the provider took the money back): the money has left already, so the
   * refund is DONE at once and nothing is sent (migration 490).
   */
  source?: 'STORE' | 'PROVIDER' | 'CHARGEBACK';
}

/** Records an order's refund: PENDING while an online part is on its way, else DONE at once. */
export async function insertOrderRefund(q: Queryable, r: NewOrderRefund): Promise<RefundRecord> {
  const source = r.source ?? 'STORE';
  const { rows } = await q.query(
    `INSERT INTO refunds (id, idempotency_key, order_id, attempt_id, amount, online, credit, currency, reason, status, source, done_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11, CASE WHEN $10 = 'DONE' THEN clock_timestamp() END) RETURNING *`,
    [r.id, r.key, r.orderId, r.attemptId, r.amount, r.online, r.credit, r.currency, r.reason.slice(0, 500),
      r.online > 0 && source === 'STORE' ? 'PENDING' : 'DONE', source],
  );
  return toRefundRecord(rows[0]);
}

export async function refundsOf(q: Queryable, orderId: number): Promise<RefundRecord[]> {
  const { rows } = await q.query('SELECT * FROM refunds WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
  return rows.map((r) => toRefundRecord(r));
}


/**
 * A provider's final word on a refund it accepted (payments/provider.ts RefundOutcome, from a verified notification):
 * kept on the refund (provider_outcome), the last word winning but SUCCESS final, so `npm run attention` lists one that
 * ended ABNORMAL or CLOSED until a later SUCCESS (WeChat Pay's abnormal refund re-routed by the merchant). A word on a refund the store does not keep (a stray payment's return) changes nothing.
 */
export async function recordRefundOutcome(q: Queryable, outcome: { refundId: string; status: string }): Promise<boolean> {
  const { rowCount } = await q.query(
    // SUCCESS is final: a late or repeated earlier word after it changes nothing.
    `UPDATE refunds SET provider_outcome = $2, provider_outcome_at = clock_timestamp()
      WHERE id = $1 AND provider_outcome IS DISTINCT FROM 'SUCCESS'`,
    [outcome.refundId.slice(0, 64), outcome.status.slice(0, 40)]);
  return (rowCount ?? 0) > 0;
}
