/**
 * Payment attempts and the order's payment state (spec §4 "Payment check result"):
 *   INTERIM + NOT_PAID  — reserved, waiting for payment (Pending)
 *   NEW + PAID_ONLINE   — paid (Success); the cart the order came from is emptied now, and only now
 *   FAILED + FAILED     — the newest attempt failed (Fail). The order itself stays INTERIM + NOT_PAID: it is
 *                         still payable (a new attempt), keeps its stock until the reservation expires, and the
 *                         cart stays full; the FAILED answer is derived from the attempt.
 * Every change is a conditional UPDATE inside one transaction with the rows locked, so a repeated or late
 * notification is a no-op and nothing ever moves a paid order back. An attempt dies with its order (VOID, see
 * voidOpenAttempts); money reported for an attempt that cannot pay its order is NEEDS_REFUND. A paid attempt
 * settles its order through the order lifecycle (orders/lifecycle.ts).
 * Lock order everywhere: carts, then orders, then payment_attempts (reserve and settle never deadlock).
 */
import type { Db, Queryable } from '../db/index.ts';
import { ApiError, conflict } from '../lib/errors.ts';
import type { Session } from '../lib/session.ts';
import { loadOwnOrder, parseOrderId } from '../orders/service.ts';
import { lockedCreditBalance } from '../services/storeCredit.ts';
import { lockCartsOf, settleOrder } from '../orders/lifecycle.ts';
import { settleDeposit } from './deposits.ts';
import type { PaymentAttempt, PaymentChannel } from './provider.ts';
import { newAttemptId, rowToAttempt, type AttemptStatus, type StoredAttempt } from './storedAttempt.ts';

import type { OrderStatus } from '../../../contract/orders.ts';

/** Payment attempts one order may open (each is a row, and with a real provider a prepay order there). */
export const MAX_ATTEMPTS_PER_ORDER = 20;
const isAwaitingPayment = (o: { status: string; payment_status: string }) => o.status === 'INTERIM' && o.payment_status === 'NOT_PAID';

/** The visitor's order's payment state; someone else's order is "not found" (never revealed). */
export async function orderPaymentState(q: Queryable, s: Session | null, id: string): Promise<OrderStatus> {
  const order = await loadOwnOrder(q, s, parseOrderId(id));
  if (isAwaitingPayment(order)) {
    const { rows } = await q.query(
      `SELECT status FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [order.id],
    );
    if (rows[0]?.status === 'FAILED') return { orderID: String(order.id), status: 'FAILED', paymentStatus: 'FAILED', qrCodeScan: false };
  }
  return { orderID: String(order.id), status: order.status, paymentStatus: order.payment_status, qrCodeScan: false };
}

/** Opens a new attempt on the visitor's order; only an order waiting for payment can be paid. */
export async function openAttempt(
  db: Db,
  s: Session | null,
  id: string,
  channel: PaymentChannel,
  returnUrl: (orderID: string) => string,
  /** RESERVATION_TTL_MINUTES: the attempt is payable until the order's stock hold ends (PaymentAttempt.payBy). */
  holdMinutes?: number,
): Promise<PaymentAttempt> {
  return db.tx(async (q) => {
    const order = await loadOwnOrder(q, s, parseOrderId(id), true);
    if (order.payment_status === 'PAID_ONLINE') throw conflict('This order is already paid');
    if (!isAwaitingPayment(order)) throw conflict('This order cannot be paid online');
    // Each attempt is a row (and, with a real provider, a prepay order there): bounded per order (finding 17).
    const { rows: [{ n }] } = await q.query('SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = $1', [order.id]);
    if (n >= MAX_ATTEMPTS_PER_ORDER) throw new ApiError(429, 'Too many payment attempts for this order; please contact the store');
    const attempt: PaymentAttempt = {
      id: newAttemptId(),
      purpose: 'ORDER',
      orderID: String(order.id),
      channel,
      amount: order.total,
      currency: order.currency,
      returnUrl: returnUrl(String(order.id)),
    };
    const { rows: [row] } = await q.query(
      `INSERT INTO payment_attempts (id, order_id, channel, amount, currency, return_url, pay_by)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE $8::timestamptz + make_interval(mins => $7::int) END)
       RETURNING pay_by`,
      [attempt.id, order.id, channel, attempt.amount, attempt.currency, attempt.returnUrl, holdMinutes ?? null, order.hold_started_at ?? order.created_at],
    );
    attempt.payBy = row.pay_by ? new Date(row.pay_by) : null;
    return attempt;
  });
}

/**
 * Keeps the provider's reference of a started attempt (prepay id, trade number, order id) and until when the provider
 * takes its payment (`payableUntil`, PaymentProvider.payableUntil: a voided attempt is queried until then).
 */
export async function recordProviderRef(q: Queryable, attempt: PaymentAttempt, providerRef: string | undefined, payerOpenId?: string, payableUntil?: Date | null): Promise<void> {
  if (payableUntil) await q.query(`UPDATE payment_attempts SET payable_until = $2 WHERE id = $1`, [attempt.id, payableUntil]);
  if (!providerRef) return;
  attempt.providerRef = providerRef;
  // A WeChat in-app payment keeps its payer's openid: WeChat's shipping upload names the payer (payments/wechatShipping.ts).
  await q.query(`UPDATE payment_attempts SET provider_ref = $2, payer_openid = COALESCE($3, payer_openid) WHERE id = $1`, [attempt.id, providerRef, payerOpenId ?? null]);
}

export async function findAttempt(q: Queryable, attemptId: string): Promise<StoredAttempt | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(attemptId)) return null;
  const { rows } = await q.query(`SELECT * FROM payment_attempts WHERE id = $1`, [attemptId]);
  return rows[0] ? rowToAttempt(rows[0]) : null;
}

/** The newest attempt of the visitor's order on the given channels (the in-app flows report on it). */
export async function latestAttempt(q: Queryable, s: Session | null, id: string, channels: PaymentChannel[]): Promise<StoredAttempt | null> {
  const order = await loadOwnOrder(q, s, parseOrderId(id));
  const { rows } = await q.query(
    `SELECT * FROM payment_attempts WHERE order_id = $1 AND channel = ANY($2) ORDER BY created_at DESC LIMIT 1`,
    [order.id, channels],
  );
  return rows[0] ? rowToAttempt(rows[0]) : null;
}

/** Pending attempts of an order, newest first (status checks ask the provider about them). */
export async function pendingAttempts(q: Queryable, id: string): Promise<StoredAttempt[]> {
  const { rows } = await q.query(
    `SELECT * FROM payment_attempts WHERE order_id = $1 AND status = 'PENDING' ORDER BY created_at DESC`,
    [parseOrderId(id)],
  );
  return rows.map(rowToAttempt);
}

/**
 * Applies the provider's final word on one attempt. Idempotent: an attempt settles once and later notifications
 * for it change nothing. PAID settles an order still waiting for payment (NEW + PAID_ONLINE; the lifecycle's
 * subscribers take its store credit, empty its cart and so on); FAILED only marks the attempt. A paid order is never touched again. PAID for an
 * attempt that cannot pay its order (void, order settled/cancelled/expired, amount or currency not the order's, store
 * credit gone) marks the attempt NEEDS_REFUND and leaves the order alone: the money goes back, it never buys a
 * different order state.
 */
export async function settleAttempt(db: Db, attemptId: string, outcome: 'PAID' | 'FAILED', errorMessage?: string): Promise<AttemptStatus | null> {
  return db.tx(async (q) => {
    const seen = (await q.query(`SELECT order_id FROM payment_attempts WHERE id = $1`, [attemptId])).rows[0];
    if (!seen) return null;
    if (seen.order_id == null) return settleDeposit(q, attemptId, outcome, errorMessage);
    await lockCartsOf(q, seen.order_id);
    const order = (await q.query(`SELECT * FROM orders WHERE id = $1 FOR UPDATE`, [seen.order_id])).rows[0];
    const attempt = (await q.query(`SELECT * FROM payment_attempts WHERE id = $1 FOR UPDATE`, [attemptId])).rows[0];
    const mark = async (status: AttemptStatus, message: string | null) => {
      await q.query(`UPDATE payment_attempts SET status = $2, error_message = $3, updated_at = clock_timestamp() WHERE id = $1`,
        [attemptId, status, message]);
      return status;
    };
    if (outcome === 'FAILED') return attempt.status === 'PENDING' ? mark('FAILED', errorMessage ?? null) : attempt.status;
    if (attempt.status !== 'PENDING' && attempt.status !== 'VOID') return attempt.status;
    const refusal = attempt.status === 'VOID' ? 'the attempt was void'
      : !isAwaitingPayment(order) ? `order is ${order.status}/${order.payment_status}`
      : attempt.amount !== order.total || attempt.currency !== order.currency ? `paid ${attempt.amount} ${attempt.currency}, order is ${order.total} ${order.currency}`
      : order.store_credit > 0 && (order.user_id == null || (await lockedCreditBalance(q, order.user_id)) < order.store_credit) ? 'store credit no longer covers the order'
      : null;
    if (refusal) return mark('NEEDS_REFUND', `Paid but not applied (${refusal}): refund`);
    const paid = await mark('PAID', null);
    // After the attempt is PAID: a campaign order that can no longer join is refunded through it at once.
    await settleOrder(q, order.id, 'PAID_ONLINE');
    return paid;
  });
}

/**
 * An order that stops waiting for payment (settled, cancelled, expired, replaced) takes its open payment attempts
 * with it: they can no longer pay it (money reported for one anyway goes to NEEDS_REFUND, settleAttempt), and the
 * payment sync worker (payments/sync.ts) closes them at their provider (close_due_at).
 */
export async function voidOpenAttempts(q: Queryable, orderId: number) {
  // check_due_at from now: a voided attempt is queried until its provider's deadline (payable_until, payments/sync.ts).
  await q.query(`UPDATE payment_attempts SET status = 'VOID', close_due_at = now(), check_due_at = now(), check_tries = 0, updated_at = clock_timestamp()
                  WHERE order_id = $1 AND status = 'PENDING'`, [orderId]);
}
