/**
 * Store-credit top-ups (POST /shoppingManagement4/applyStoreCreditDeposit): a signed-in shopper pays an amount through
 * the same provider and channels as an order, and once the provider says PAID their store credit grows by it.
 *
 * A deposit is one payment attempt with no order (payment_attempts.user_id names the account; migration 150). Its
 * state is the attempt's: PENDING until the provider's notification, then PAID (credited) or FAILED (top up again).
 * Settling is idempotent and restart-safe: the attempt row is locked, only a PENDING attempt moves, and the ledger row
 * names the attempt (deposit_attempt_id UNIQUE), so a repeated, late or concurrent notification credits it once.
 */
import { queueVirtualDeposit } from './wechatShipping.ts';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { addCreditEntry, storeCreditBalance } from '../services/storeCredit.ts';
import type { Deposit } from '../../../contract/payments.ts';
import { newAttemptId, rowToAttempt, type AttemptStatus, type StoredAttempt } from './storedAttempt.ts';
import type { PaymentChannel } from './provider.ts';
import { storeCurrency } from '../services/storeCurrency.ts';

/** Unpaid top-ups one account may open in a day (each is a row, and with a real provider a prepay order there). */
export const MAX_OPEN_DEPOSITS_PER_DAY = 20;

/** Opens a top-up of `amount` minor units for the account; `returnUrl` gets the new attempt's id. */
export async function openDeposit(db: Db, userId: number, amount: number, channel: PaymentChannel, returnUrl: (depositID: string) => string): Promise<StoredAttempt> {
  return db.tx(async (q) => {
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows: [{ n }] } = await q.query(
      `SELECT count(*)::int AS n FROM payment_attempts
        WHERE user_id = $1 AND status <> 'PAID' AND created_at > clock_timestamp() - interval '1 day'`,
      [userId],
    );
    if (n >= MAX_OPEN_DEPOSITS_PER_DAY) throw new ApiError(429, 'Too many unpaid top-ups today; please try again tomorrow');
    const id = newAttemptId();
    const { rows } = await q.query(
      `INSERT INTO payment_attempts (id, order_id, user_id, channel, amount, currency, return_url)
       VALUES ($1, NULL, $2, $3, $4, $5, $6) RETURNING *`,
      [id, userId, channel, amount, await storeCurrency(q), returnUrl(id)],
    );
    return rowToAttempt(rows[0]);
  });
}

/** The account's own top-up; anyone else's (or an order's attempt) is "not found". */
export async function ownDeposit(q: Queryable, userId: number, depositID: string): Promise<StoredAttempt> {
  const { rows } = /^[A-Za-z0-9_-]{1,64}$/.test(depositID)
    ? await q.query('SELECT * FROM payment_attempts WHERE id = $1 AND user_id = $2', [depositID, userId])
    : { rows: [] };
  if (!rows[0]) throw notFound('Top-up not found');
  return rowToAttempt(rows[0]);
}

/**
 * Any account's top-up, as the store's operator names it (the id is echoed in the 404: it is the operator's own input);
 * `forUpdate` locks its row for the caller's transaction. An order's attempt, or a malformed id, is "not found".
 */
export async function depositOf(q: Queryable, depositID: string, { forUpdate = false } = {}): Promise<StoredAttempt & { userId: number }> {
  const { rows } = /^[A-Za-z0-9_-]{1,64}$/.test(depositID)
    ? await q.query(`SELECT * FROM payment_attempts WHERE id = $1 AND user_id IS NOT NULL${forUpdate ? ' FOR UPDATE' : ''}`, [depositID])
    : { rows: [] };
  if (!rows[0]) throw notFound(`Top-up ${String(depositID).slice(0, 64)} not found`);
  return rowToAttempt(rows[0]) as StoredAttempt & { userId: number }; // user_id IS NOT NULL above
}

/** The answer of both deposit calls: the top-up's state and the balance now. */
export async function depositView(q: Queryable, attempt: StoredAttempt): Promise<Deposit> {
  return {
    depositID: attempt.id,
    amount: attempt.amount,
    currency: attempt.currency,
    status: attempt.status === 'PAID' ? 'PAID' : attempt.status === 'PENDING' ? 'PENDING' : 'FAILED',
    balance: await storeCreditBalance(q, attempt.userId as number),
  };
}

/**
 * The provider's final word on a top-up, inside settleAttempt's transaction (payments/attempts.ts). PAID credits the
 * account once; FAILED marks a still-pending attempt; anything later changes nothing.
 */
export async function settleDeposit(q: Queryable, attemptId: string, outcome: 'PAID' | 'FAILED', errorMessage?: string): Promise<AttemptStatus> {
  const attempt = (await q.query(`SELECT * FROM payment_attempts WHERE id = $1 FOR UPDATE`, [attemptId])).rows[0];
  if (attempt.status !== 'PENDING') return attempt.status;
  if (outcome === 'PAID') {
    await addCreditEntry(q, { userId: attempt.user_id, amount: attempt.amount, reason: 'DEPOSIT', depositAttemptId: attempt.id });
  }
  await q.query(`UPDATE payment_attempts SET status = $2, error_message = $3, updated_at = clock_timestamp() WHERE id = $1`,
    [attemptId, outcome, outcome === 'FAILED' ? (errorMessage ?? null) : null]);
  // WeChat holds a mini-program payment's funds until its (virtual) shipping is uploaded (payments/wechatShipping.ts).
  if (outcome === 'PAID') await queueVirtualDeposit(q, attempt);
  return outcome;
}
