/**
 * A store-credit top-up's refunds (payments/deposits.ts), in the refunds ledger (services/refunds.ts): once per
 * idempotency key, the online part sent by the refund worker (payments/refundWorker.ts) as an order's is. Here, not in
 * services/refunds.ts, because a top-up is a payment attempt: services/ never imports payments/ (ARCHITECTURE.md).
 */
import type { Queryable } from '../db/index.ts';
import { conflict } from '../lib/errors.ts';
import { formatMoney } from '../lib/money.ts';
import { refundAmount, refundIdOf, refundOfKey } from '../services/refunds.ts';
import { addCreditEntry, lockedCreditBalance } from '../services/storeCredit.ts';
import { depositOf } from './deposits.ts';

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
