/**
 * The store-credit ledger: an account's balance is the sum of its rows, and every change is one row with a reason the
 * client words (contract STORE_CREDIT_REASONS) and what it came from (an order, a refund, a top-up).
 */
import type { Queryable } from '../db/index.ts';
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
