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
 * - what the daily reconciliation found in a provider's statement that needs a hand (reconcile_items: money missing at
 *   the store that could not be applied, missing at the provider, amounts or currencies that differ, refunds stuck;
 *   not a payment it applied, not a fee), until the operator marks it handled.
 * A refund the provider ended ABNORMAL or CLOSED, and a statement line, can be marked handled by the operator
 * (markHandled: who and when); the others leave the list by themselves (the refund worker sends, the dispute resolves,
 * WeChat takes the upload).
 */
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../lib/errors.ts';

/** Refused this many times, a pending refund is listed whatever its age. */
export const STUCK_TRIES = 3;

export type AttentionKind = 'refund' | 'return' | 'dispute' | 'shipping' | 'statement';

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
  /** markHandled applies to it: a refund the provider ended failed, a statement line (the back office's button). */
  handleable?: boolean;
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
      WHERE provider_outcome IS NOT NULL AND provider_outcome <> 'SUCCESS' AND handled_at IS NULL`);
  for (const r of abnormal) {
    items.push({
      kind: 'refund', since: new Date(r.provider_outcome_at), id: r.id, orderId: r.order_id, depositId: r.order_id == null ? r.attempt_id : null,
      amount: r.online, currency: r.currency,
      detail: `accepted by the provider, then ended ${r.provider_outcome}: the money did not reach the payer; return it by hand`,
      handleable: true,
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
  const { rows: lines } = await q.query(
    `SELECT provider, to_char(day, 'YYYY-MM-DD') AS day, kind, ref, attempt_id, order_id, amount, currency, detail, created_at FROM reconcile_items
      WHERE handled_at IS NULL AND kind <> 'FEE' AND action <> 'APPLIED'
        -- a stuck refund of the store's is listed once, as the refund (its provider_outcome), and handled there
        AND NOT (kind = 'REFUND_STUCK' AND EXISTS (SELECT 1 FROM refunds r WHERE r.id = reconcile_items.refund_id))`);
  for (const l of lines) {
    items.push({
      kind: 'statement', since: new Date(l.created_at), id: `${l.provider}:${l.day}:${l.kind}:${l.ref}`, orderId: l.order_id,
      depositId: l.order_id == null ? l.attempt_id : null, amount: l.amount, currency: l.currency, detail: l.detail, handleable: true,
    });
  }
  return items.sort((a, b) => a.since.getTime() - b.since.getTime() || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
}

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

/**
 * The operator dealt with an attention line by hand (`npm run attention -- handled`): a refund the provider accepted and
 * then ended ABNORMAL or CLOSED (re-routed at the provider, or paid another way: its provider_outcome stays the
 * provider's word), or a statement line (`provider:day:kind:ref`). Recorded with who and when, once: a line already
 * handled, unknown, or not of these (a refund still to be sent: the refund worker sends it) is refused (409/404).
 */
export async function markHandled(q: Queryable, kind: 'refund' | 'statement', id: string, by: string): Promise<Date> {
  if (kind === 'refund') {
    const { rows: [r] } = await q.query(`SELECT provider_outcome, handled_by FROM refunds WHERE id = $1`, [id.slice(0, 64)]);
    if (!r) throw new ApiError(404, `no refund ${id}`);
    if (r.handled_by) throw new ApiError(409, `refund ${id} is already handled by ${r.handled_by}`);
    if (!r.provider_outcome || r.provider_outcome === 'SUCCESS') {
      throw new ApiError(409, `refund ${id} did not end failed at the provider (${r.provider_outcome ?? 'no word'}): nothing to mark`);
    }
    const { rows: [done] } = await q.query(
      `UPDATE refunds SET handled_at = clock_timestamp(), handled_by = $2 WHERE id = $1 AND handled_at IS NULL RETURNING handled_at`, [id, by]);
    if (!done) throw new ApiError(409, `refund ${id} is already handled`);
    return new Date(done.handled_at);
  }
  const m = /^([a-z]+):(\d{4}-\d{2}-\d{2}):([A-Z_]+):(.+)$/.exec(id);
  if (!m) throw new ApiError(404, `no statement line ${id} (provider:YYYY-MM-DD:KIND:ref, as attention lists it)`);
  const { rows: [line] } = await q.query(
    `SELECT handled_by FROM reconcile_items WHERE provider = $1 AND day = $2::date AND kind = $3 AND ref = $4`, [m[1], m[2], m[3], m[4]]);
  if (!line) throw new ApiError(404, `no statement line ${id}`);
  if (line.handled_by) throw new ApiError(409, `statement line ${id} is already handled by ${line.handled_by}`);
  const { rows: [done] } = await q.query(
    `UPDATE reconcile_items SET handled_at = clock_timestamp(), handled_by = $5
      WHERE provider = $1 AND day = $2::date AND kind = $3 AND ref = $4 AND handled_at IS NULL RETURNING handled_at`, [m[1], m[2], m[3], m[4], by]);
  if (!done) throw new ApiError(409, `statement line ${id} is already handled`);
  return new Date(done.handled_at);
}
