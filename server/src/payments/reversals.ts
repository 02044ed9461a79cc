/**
 * Applying a provider's word on money already taken (a MoneyBackEvent of a verified notification, routes/notify.ts):
 * disputes, reversals (chargebacks) and refunds made in the provider's own dashboard. Nothing here changes an order
 * itself: the order lifecycle does (orders/lifecycle.ts disputeOpened, disputeResolved, providerRefunded), in one
 * transaction per event, each once whatever redeliveries happen (a dispute by its id and state, money by the
 * provider's id of the reversal or refund).
 *
 * Telling a dashboard refund from the store's own: the provider's refund event does not say who asked for it, but it
 * says how much it has refunded on the payment so far (PayPal: seller_payable_breakdown.total_refunded_amount). The
 * highest such total seen is kept on the attempt (provider_refunded); what it holds beyond the store's own refunds of
 * the attempt (all of them, PENDING ones included: they were decided before they were sent) and the dashboard refunds
 * recorded so far is a dashboard refund, recorded as a refund of the order (at most the event's own amount). A total
 * that arrives out of order is covered by keeping the highest.
 */
import type { Db } from '../db/index.ts';
import { disputeOpened, disputeResolved, lockCartsOf, providerRefunded } from '../orders/lifecycle.ts';
import { findAttempt } from './attempts.ts';
import type { MoneyBackEvent, PaymentProvider } from './provider.ts';
import { orderLog } from '../orders/orderLog.ts';

type Log = { info(o: object, msg: string): void; warn(o: object, msg: string): void };

/** What applying one event did, for the log and the tests. */
export type MoneyBackResult = 'disputed' | 'resolved' | 'charged back' | 'refund recorded' | 'nothing';

export async function applyMoneyBackEvent(db: Db, provider: PaymentProvider, event: MoneyBackEvent, log: Log): Promise<MoneyBackResult> {
  const attempt = await findAttempt(db, event.attemptId);
  if (!attempt || !provider.channels.includes(attempt.channel)) {
    log.warn({ provider: provider.name, event }, 'dispute or reversal for an unknown payment attempt (or another provider\'s): nothing changed');
    return 'nothing';
  }
  if (attempt.purpose !== 'ORDER' || !attempt.orderID) {
    // A top-up's money: not an order's state. Left to the operator (the log) until top-ups have disputes of their own.
    log.warn({ provider: provider.name, event, depositID: attempt.id }, 'dispute or reversal on a store-credit top-up: not applied, needs the operator');
    return 'nothing';
  }
  const orderId = Number(attempt.orderID);
  if (event.kind === 'DISPUTE') {
    const sameCurrency = event.currency === null || event.currency === attempt.currency;
    const notice = {
      provider: provider.name, disputeId: event.disputeId, orderId, attemptId: attempt.id, status: event.status, reason: event.reason,
      amount: sameCurrency ? event.amount : null, currency: sameCurrency ? event.currency : null,
    };
    const outcome = event.outcome;
    if (outcome === null) {
      const order = await db.tx((q) => disputeOpened(q, notice));
      orderLog(log, { orderId, paymentId: attempt.id }).warn({ provider: provider.name, disputeId: event.disputeId, status: order.status }, 'payment disputed: the order waits for the dispute');
      return 'disputed';
    }
    const order = await db.tx((q) => disputeResolved(q, { ...notice, outcome, outcomeCode: event.outcomeCode }));
    orderLog(log, { orderId, paymentId: attempt.id }).info({ provider: provider.name, disputeId: event.disputeId, outcome, status: order.status }, 'payment dispute resolved');
    return 'resolved';
  }
  if (event.currency !== attempt.currency) {
    orderLog(log, { orderId, paymentId: attempt.id }).warn({ provider: provider.name, event, currency: attempt.currency }, 'money taken back in another currency than the payment\'s: nothing recorded, needs the operator');
    return 'nothing';
  }
  if (event.kind === 'REVERSAL') {
    const record = await db.tx((q) => providerRefunded(q, {
      provider: provider.name, orderId, attemptId: attempt.id, key: `${provider.name}:reversal:${event.id}`, amount: event.amount,
      kind: 'CHARGEBACK', reason: `${provider.name}: the payment was reversed (chargeback)`,
    }));
    if (record) orderLog(log, { orderId, paymentId: attempt.id }).warn({ provider: provider.name, amount: record.amount }, 'payment reversed by the provider: order charged back');
    return record ? 'charged back' : 'nothing';
  }
  if (event.totalRefunded === null) {
    orderLog(log, { orderId, paymentId: attempt.id }).warn({ provider: provider.name, event }, 'refund notice without the total refunded: cannot tell a dashboard refund from the store\'s own, nothing recorded');
    return 'nothing';
  }
  const totalRefunded = event.totalRefunded;
  const record = await db.tx(async (q) => {
    // The order's locks first, in the order every transition takes them (carts, order, then its attempts).
    await lockCartsOf(q, orderId);
    await q.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
    const { rows: [a] } = await q.query(
      `UPDATE payment_attempts SET provider_refunded = GREATEST(provider_refunded, $2) WHERE id = $1 RETURNING provider_refunded`,
      [attempt.id, totalRefunded]);
    const { rows: [{ known }] } = await q.query(
      `SELECT COALESCE(sum(online), 0)::int AS known FROM refunds WHERE attempt_id = $1 AND source <> 'CHARGEBACK'`, [attempt.id]);
    const beyond = Math.min(event.amount, a.provider_refunded - known);
    if (beyond <= 0) return null;
    return providerRefunded(q, {
      provider: provider.name, orderId, attemptId: attempt.id, key: `${provider.name}:refund:${event.id}`, amount: beyond,
      kind: 'PROVIDER', reason: `${provider.name}: refunded in the provider's dashboard`,
    });
  });
  if (record) orderLog(log, { orderId, paymentId: attempt.id }).warn({ provider: provider.name, amount: record.amount }, 'refund made in the provider\'s dashboard recorded on the order');
  return record ? 'refund recorded' : 'nothing';
}
