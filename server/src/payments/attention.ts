/**
 * What in the store's money needs the operator's hand (issue 40 item 4; `npm run attention`, scripts/attention.ts),
 * read from what the workers and the providers' notifications record, oldest first:
 * - a refund stuck: PENDING at the refund worker (refunds, of an order or a top-up) and refused by the provider at least
 *   STUCK_TRIES times (a WeChat Pay refund answered CLOSED or ABNORMAL is refused: its last_error says so), or waiting
 *   longer than `stuckAfterMinutes` (the worker is not running, or the provider keeps failing); or one the provider
 *   accepted and then reported failed (provider_outcome ABNORMAL or CLOSED: WeChat Pay's refund notification);
 * - a payment that could not pay its order and is not yet returned (payment_attempts NEEDS_REFUND), by the same rule;
 * - an open dispute (payment_disputes without resolved_at): the money may be taken back, and the order waits (DISPUTED);
 * - a WeChat shipping upload WeChat has not taken (wechat_shipping_uploads PENDING with a last_error): the payment's
 *   funds stay frozen at WeChat until it is.
 * Not listed, because nothing records it yet: statement lines no payment matches (daily reconciliation, issue 40 item 2).
 */
import type { Queryable } from '../db/index.ts';

/** Refused this many times, a pending refund is listed whatever its age. */
export const STUCK_TRIES = 3;

export type AttentionKind = 'refund' | 'return' | 'dispute' | 'shipping';

export interface AttentionItem {
  kind: AttentionKind;
  /** Since when it waits: the refund's or upload's creation, the dispute's opening, the payment's last change. */
  since: Date;
  /** The record's id: a refund, an attempt (return, shipping), a provider's dispute id. */
  id: string;
  /** The order it concerns, or null (a top-up). */
  orderId: number | null;
  /** The top-up (deposit attempt) it concerns, when it is not an order's. */
  depositId: string | null;
  amount: number | null;
  currency: string | null;
  /** What the record says: status, tries, the provider's last refusal or the dispute's reason. */
  detail: string;
}

export interface AttentionOptions {
  /** A pending refund or return waiting longer than this is listed even when it was never refused. */
  stuckAfterMinutes: number;
}

/** Everything that needs a hand, oldest first (ties by kind and id, so the list is stable). */
export async function needsAttention(q: Queryable, { stuckAfterMinutes }: AttentionOptions): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  const { rows: refunds } = await q.query(
    `SELECT id, order_id, attempt_id, online, currency, attempts, last_error, created_at FROM refunds
      WHERE status = 'PENDING'
        AND ((attempts >= $1 AND last_error IS NOT NULL) OR created_at < now() - make_interval(mins => $2))`,
    [STUCK_TRIES, stuckAfterMinutes]);
  for (const r of refunds) {
    items.push({
      kind: 'refund', since: new Date(r.created_at), id: r.id, orderId: r.order_id, depositId: r.order_id == null ? r.attempt_id : null,
      amount: r.online, currency: r.currency,
      detail: `PENDING, ${tries(r.attempts)}${r.last_error ? `, last refused: ${r.last_error}` : ', never refused (is the refund worker running?)'}`,
    });
  }
  const { rows: abnormal } = await q.query(
    `SELECT id, order_id, attempt_id, online, currency, provider_outcome, provider_outcome_at FROM refunds
      WHERE provider_outcome IS NOT NULL AND provider_outcome <> 'SUCCESS'`);
  for (const r of abnormal) {
    items.push({
      kind: 'refund', since: new Date(r.provider_outcome_at), id: r.id, orderId: r.order_id, depositId: r.order_id == null ? r.attempt_id : null,
      amount: r.online, currency: r.currency,
      detail: `accepted by the provider, then ended ${r.provider_outcome}: the money did not reach the payer; return it by hand`,
    });
  }
  const { rows: strays } = await q.query(
    `SELECT id, order_id, amount, currency, refund_attempts, error_message, updated_at FROM payment_attempts
      WHERE status = 'NEEDS_REFUND' AND (refund_attempts >= $1 OR updated_at < now() - make_interval(mins => $2))`,
    [STUCK_TRIES, stuckAfterMinutes]);
  for (const a of strays) {
    items.push({
      kind: 'return', since: new Date(a.updated_at), id: a.id, orderId: a.order_id, depositId: null, amount: a.amount, currency: a.currency,
      detail: `paid but could not pay its order${a.error_message ? ` (${a.error_message})` : ''}; not yet returned, ${tries(a.refund_attempts)}`,
    });
  }
  const { rows: disputes } = await q.query(
    `SELECT provider, dispute_id, order_id, amount, currency, status, reason, opened_at FROM payment_disputes WHERE resolved_at IS NULL`);
  for (const d of disputes) {
    items.push({
      kind: 'dispute', since: new Date(d.opened_at), id: `${d.provider}:${d.dispute_id}`, orderId: d.order_id, depositId: null,
      amount: d.amount, currency: d.currency, detail: `${d.status}${d.reason ? `: ${d.reason}` : ''}`,
    });
  }
  const { rows: uploads } = await q.query(
    `SELECT u.attempt_id, u.order_id, u.tries, u.last_error, u.created_at, a.amount, a.currency
       FROM wechat_shipping_uploads u JOIN payment_attempts a ON a.id = u.attempt_id
      WHERE u.status = 'PENDING' AND u.last_error IS NOT NULL`);
  for (const u of uploads) {
    items.push({
      kind: 'shipping', since: new Date(u.created_at), id: u.attempt_id, orderId: u.order_id, depositId: u.order_id == null ? u.attempt_id : null,
      amount: u.amount, currency: u.currency, detail: `WeChat has not taken the shipping upload (funds frozen), ${tries(u.tries)}, last: ${u.last_error}`,
    });
  }
  return items.sort((a, b) => a.since.getTime() - b.since.getTime() || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
}

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;
