/**
 * Refunds: money going back to a shopper, in full or in part, once per idempotency key. This is the refunds ledger:
 * an order's refund is decided and recorded by the order lifecycle (orders/lifecycle.ts requestRefund), a top-up's
 * here (requestDepositRefund); the online part of either is PENDING until the payment provider accepts it, sent by
 * the refund worker (payments/refundWorker.ts) under the refund's deterministic id, so a retry after a provider error
 * or a crash never pays twice.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { formatMoney } from '../lib/money.ts';
import { depositOf } from '../payments/deposits.ts';
import { addCreditEntry, lockedCreditBalance } from './storeCredit.ts';

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

export interface DepositRefundRequest {
  depositID: string;
  /** Minor units; default: all of the top-up not refunded yet. */
  amount?: number;
  reason: string;
  /** Idempotency key, as for an order's refund. */
  key: string;
}

export interface DepositRefundRecord {
  id: string;
  depositID: string;
  amount: number;
  status: 'PENDING' | 'DONE';
  createdAt: string;
  /** As RefundRecord.repeated: the key's earlier refund, nothing new done. */
  repeated: boolean;
}

const toDepositRecord = (r: any, repeated = false): DepositRefundRecord => ({
  id: r.id, depositID: r.attempt_id, amount: r.amount, status: r.status, createdAt: new Date(r.created_at).toISOString(), repeated,
});

/**
 * Refunds a paid store-credit top-up, in full or in part, once per key: the amount leaves the account's store credit
 * now (a DEPOSIT_REFUND ledger row) and goes back to the payer through the provider (PENDING until accepted, like an
 * order's online part). Only what the account still holds can go back: credit already spent on orders stays spent.
 */
export async function requestDepositRefund(q: Queryable, req: DepositRefundRequest): Promise<DepositRefundRecord> {
  const seen = await refundOfKey(q, req.key);
  if (seen) return toDepositRecord(seen, true);
  const deposit = await depositOf(q, req.depositID, { forUpdate: true });
  // Checked again under the top-up's lock: two callers with the same key wait for each other here.
  const raced = await refundOfKey(q, req.key);
  if (raced) return toDepositRecord(raced, true);
  if (deposit.status !== 'PAID') throw conflict(`Top-up ${deposit.id} was not paid: nothing to refund`);
  const { rows: [{ done }] } = await q.query('SELECT COALESCE(sum(amount), 0)::int AS done FROM refunds WHERE attempt_id = $1 AND order_id IS NULL', [deposit.id]);
  const amount = refundAmount(req.amount, deposit.amount - done, `Top-up ${deposit.id}`, deposit.currency);
  const balance = await lockedCreditBalance(q, deposit.userId);
  if (amount > balance) throw conflict(`The account holds ${formatMoney(Math.max(balance, 0), deposit.currency)} of store credit: at most that much of top-up ${deposit.id} can go back`);
  const id = refundIdOf(req.key);
  const { rows } = await q.query(
    `INSERT INTO refunds (id, idempotency_key, order_id, attempt_id, amount, online, credit, currency, reason)
     VALUES ($1,$2,NULL,$3,$4,$4,0,$5,$6) RETURNING *`,
    [id, req.key, deposit.id, amount, deposit.currency, req.reason.slice(0, 500)],
  );
  await addCreditEntry(q, { userId: deposit.userId, amount: -amount, reason: 'DEPOSIT_REFUND', refundId: id });
  return toDepositRecord(rows[0]);
}

/** A top-up's refunds, oldest first. */
export async function depositRefundsOf(q: Queryable, depositID: string): Promise<DepositRefundRecord[]> {
  const { rows } = await q.query('SELECT * FROM refunds WHERE attempt_id = $1 AND order_id IS NULL ORDER BY created_at, id', [depositID]);
  return rows.map((r) => toDepositRecord(r));
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
