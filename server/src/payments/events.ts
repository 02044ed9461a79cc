/**
 * Applying a provider's word to the store: a status from a query (the client's status check, the sync worker) or an
 * event of a verified notification. Nothing is applied unless it is for a known attempt of a channel that provider
 * serves, with the attempt's own amount and currency; anything else changes nothing and is logged. settleAttempt
 * (payments/attempts.ts) does the rest: once only, and money for a voided attempt becomes NEEDS_REFUND (refunded).
 */
import type { Db } from '../db/index.ts';
import { findAttempt, settleAttempt } from './attempts.ts';
import type { AttemptStatus } from './storedAttempt.ts';
import type { NotificationEvent, PaymentAttempt, PaymentProvider, ProviderStatus } from './provider.ts';
import { orderLog, type LineLog } from '../orders/orderLog.ts';

type Log = LineLog;

/** Why a PAID report cannot be taken for the attempt, or null. A report without an amount (the sandbox's) is the attempt's. */
function mismatch(attempt: PaymentAttempt, status: ProviderStatus): string | null {
  if (status.outcome !== 'PAID') return null;
  if (status.amount !== undefined && status.amount !== attempt.amount) return `amount ${status.amount}, attempt is ${attempt.amount}`;
  if (status.currency !== undefined && status.currency !== attempt.currency) return `currency ${status.currency}, attempt is ${attempt.currency}`;
  return null;
}

/** Settles what the provider reported for `attempt`; a report that does not match the attempt changes nothing. */
export async function applyStatus(db: Db, attempt: PaymentAttempt, status: ProviderStatus, log: Log, errorMessage?: string): Promise<AttemptStatus | null> {
  if (!status.outcome) return null;
  const olog = orderLog(log, { orderId: attempt.orderID, paymentId: attempt.id });
  const wrong = mismatch(attempt, status);
  if (wrong) {
    olog.warn({ channel: attempt.channel, reported: status }, `payment report not applied: ${wrong}`);
    return null;
  }
  const before = (attempt as { status?: string }).status;
  const after = await settleAttempt(db, attempt.id, status.outcome, errorMessage);
  // The change, once: a client polling a settled payment logs nothing more.
  if (after && after !== before) olog.info({ channel: attempt.channel, reported: status.outcome, status: after }, `payment ${after}`);
  return after;
}

/** Applies one verified notification event from `provider`. */
export async function applyNotificationEvent(db: Db, provider: PaymentProvider, event: NotificationEvent, log: Log): Promise<AttemptStatus | null> {
  const attempt = await findAttempt(db, event.attemptId);
  if (!attempt) {
    log.warn({ provider: provider.name, event }, 'notification for an unknown payment attempt: nothing changed');
    return null;
  }
  if (!provider.channels.includes(attempt.channel)) {
    log.warn({ provider: provider.name, event, channel: attempt.channel }, 'notification from a provider that does not serve the attempt: nothing changed');
    return null;
  }
  const before = attempt.status;
  const after = await applyStatus(db, attempt, event, log, event.outcome === 'FAILED' ? `${provider.name}: payment failed` : undefined);
  if (after && before !== 'PENDING') orderLog(log, { orderId: attempt.orderID, paymentId: attempt.id }).info({ before, after, event }, 'notification for an attempt already settled');
  return after;
}

/** Records a verified notification's nonce; false when it was seen before (a replay), on any instance of the database. */
export async function firstSeenNonce(db: Db, provider: string, nonce: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO payment_notification_nonces (provider, nonce) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
    [provider, nonce.slice(0, 200)],
  );
  return rows.length > 0;
}
