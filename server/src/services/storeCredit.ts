/**
 * The store-credit ledger: an account's balance is the sum of its rows, and every change is one row with a reason the
 * client words (contract STORE_CREDIT_REASONS) and what it came from (an order, a refund, a top-up).
 */
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import type { StoreCreditReason } from '../../../contract/constants.ts';

export async function storeCreditBalance(q: Queryable, userId: number): Promise<number> {
  const { rows } = await q.query('SELECT COALESCE(sum(amount), 0)::int AS b FROM store_credit_ledger WHERE user_id = $1', [userId]);
  return rows[0].b;
}

/** The balance with the account's row locked, so no other spend or debit of it runs until the caller's transaction ends. */
export async function lockedCreditBalance(q: Queryable, userId: number): Promise<number> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return storeCreditBalance(q, userId);
}

export interface CreditEntry {
  userId: number;
  /** Minor units; negative when credit is spent or taken back. */
  amount: number;
  reason: StoreCreditReason;
  orderId?: number | null;
  /** The refund that returns it (unique: a refund credits once). */
  refundId?: string;
  /** The top-up it credits (unique: a top-up credits once). */
  depositAttemptId?: string;
}

/** Writes one ledger row; answers false when its refund or top-up already has one (a repeat writes nothing). */
export async function addCreditEntry(q: Queryable, e: CreditEntry): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO store_credit_ledger (user_id, amount, reason, order_id, refund_id, deposit_attempt_id) VALUES ($1,$2,$3,$4,$5,$6)
     ON CONFLICT DO NOTHING`,
    [e.userId, e.amount, e.reason, e.orderId ?? null, e.refundId ?? null, e.depositAttemptId ?? null],
  );
  return rowCount > 0;
}

/** A settling order takes the store credit it was reserved with; refused when the balance no longer covers it. */
export async function payOrderWithCredit(q: Queryable, o: { id: number; user_id: number | null; store_credit: number }): Promise<void> {
  if (o.store_credit <= 0) return;
  if (o.user_id == null) throw badRequest('Sign in to use store credit');
  if ((await lockedCreditBalance(q, o.user_id)) < o.store_credit) throw conflict('Not enough store credit');
  await addCreditEntry(q, { userId: o.user_id, amount: -o.store_credit, reason: 'ORDER_PAYMENT', orderId: o.id });
}

/**
 * A cancelled order that had settled to pay the rest at the store gives its store credit back (the only cancelled
 * orders that had taken any: an order paid in full is refunded, never cancelled).
 */
export async function returnOrderCredit(q: Queryable, o: { id: number; user_id: number | null; store_credit: number; payment_status: string }): Promise<void> {
  if (o.payment_status !== 'PAY_AT_STORE' || o.store_credit <= 0 || o.user_id == null) return;
  await addCreditEntry(q, { userId: o.user_id, amount: o.store_credit, reason: 'ORDER_CANCELLED', orderId: o.id });
}

/** The store-credit part of an order's refund goes back at once (once per refund). */
export async function returnRefundCredit(q: Queryable, o: { id: number; user_id: number | null }, refund: { id: string; credit: number }): Promise<void> {
  if (refund.credit <= 0 || o.user_id == null) return;
  await addCreditEntry(q, { userId: o.user_id, amount: refund.credit, reason: 'ORDER_REFUND', orderId: o.id, refundId: refund.id });
}
