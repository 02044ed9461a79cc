/**
 * The order lifecycle: every change of an order's state goes through this module, in the caller's transaction with the
 * order locked, and then tells the store's other areas (stock, payment attempts, carts, store credit, mail,
 * memberships, referral, campaigns) through ONE list of subscribers, orders/subscribers.ts. The server (app.ts) and
 * every operator CLI (scripts/operatorDb.ts) install that list the same way at start; a transition that finds no list
 * installed throws, so no area can miss an order because a module happened not to be imported (security note M1).
 *
 *   INTERIM + NOT_PAID ──settle──► NEW + PAID_ONLINE | PAID_BY_DISCOUNT | PAY_AT_STORE      event `settled`
 *     │ release (expired, replaced) or cancel      │ cancel (unpaid: PAY_AT_STORE)   │ refund, in part or whole
 *     ▼                                            ▼                                 ▼
 *   CANCELLED                                    CANCELLED                         `refunded` amount grows; in whole:
 *   event `cancelled`                            event `cancelled`                 REFUND_PENDING → REFUNDED (refundSent)
 *                                                                                  event `refunded`
 *
 * The store moves a settled order on (moveOrder, npm run orders -- move; the allowed moves are orders/fulfilment.ts):
 * NEW → READY_FOR_PICKUP | OUT_FOR_DELIVERY → COMPLETED (event `moved`), or cancels it (the move `cancelled`, or
 * operatorCancel: npm run orders -- cancel); each move and cancel is recorded in order_events with who made it.
 * A campaign that fails refunds its paid orders here too (features/campaigns/service.ts), with their stock.
 *
 * A payment provider's word on money already taken (payments/reversals.ts, from a verified notification: PayPal's
 * CUSTOMER.DISPUTE.* and PAYMENT.CAPTURE.REVERSED / REFUNDED) is applied here as well, recorded in order_events with
 * the provider as the actor:
 *   settled order ──disputeOpened──► DISPUTED (no fulfilment move, no store cancel) ──disputeResolved──► back where it
 *   was (seller's favour, buyer withdrew) | CHARGED_BACK (buyer's favour)
 *   settled order ──providerRefunded (reversal)──► CHARGED_BACK, its money recorded as a CHARGEBACK refund (event `refunded`)
 *   settled order ──providerRefunded (a refund made in the provider's dashboard)──► a PROVIDER refund of the order
 *   (event `refunded`; REFUNDED when that was all of it); each once per key, whatever redeliveries happen.
 * Subscribers run in order, in the transaction: one that throws rolls the transition back. Each event is told once per
 * transition (a repeated notification or refund key finds the work done and tells nobody).
 */
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { MOVES, moveRefusal, OPEN_STATES, type Move } from './fulfilment.ts';
import { insertOrderRefund, refundAmount, refundIdOf, refundOfKey, toRefundRecord, type RefundRecord } from '../services/refunds.ts';

/** An orders row as `SELECT *` reads it (the columns subscribers read are named). */
export interface OrderRow {
  id: number;
  user_id: number | null;
  status: string;
  payment_status: string;
  subtotal: number;
  discount: number;
  total: number;
  store_credit: number;
  refunded: number;
  currency: string;
  [column: string]: unknown;
}

/** What one refund did, as its subscribers hear it. */
export interface OrderRefund {
  id: string;
  /** Minor units refunded by this refund. */
  amount: number;
  /** The part of `amount` that goes back as store credit (the rest goes back online). */
  credit: number;
  /** The order has now been refunded in full. */
  full: boolean;
  /** The goods come back (or were never handed over): their units go back on sale. */
  restock: boolean;
}

/** One area's part in the order lifecycle; a handler it has no use for is left out. */
export interface OrderSubscriber {
  name: string;
  settled?(q: Queryable, order: OrderRow): Promise<unknown>;
  cancelled?(q: Queryable, order: OrderRow): Promise<unknown>;
  refunded?(q: Queryable, order: OrderRow, refund: OrderRefund): Promise<unknown>;
  /** The store moved the order to a fulfilment state (READY_FOR_PICKUP, OUT_FOR_DELIVERY, COMPLETED) from `from`. */
  moved?(q: Queryable, order: OrderRow, from: string): Promise<unknown>;
}

let subscribers: readonly OrderSubscriber[] | null = null;

/** Installs the subscriber list (orders/subscribers.ts installOrderSubscribers; app.ts and operatorDb.ts call that). */
export function setOrderSubscribers(list: readonly OrderSubscriber[]): void {
  subscribers = list;
}

function installed(): readonly OrderSubscriber[] {
  if (!subscribers) throw new Error('The order lifecycle has no subscribers: call installOrderSubscribers() (orders/subscribers.ts) at start');
  return subscribers;
}

async function orderRow(q: Queryable, orderId: number): Promise<OrderRow> {
  return (await q.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
}

export function isCancellable(o: { status: string; payment_status: string }) {
  return (o.status === 'INTERIM' || o.status === 'NEW') && (o.payment_status === 'NOT_PAID' || o.payment_status === 'PAY_AT_STORE');
}

/**
 * An order waiting for payment is settled: paid online or by store credit or discount, or placed to pay at the store.
 * Subscribers take its store credit (refusing when it no longer covers it), void its other attempts, empty its cart,
 * send the receipt, grant memberships, accrue referral commission and join (or refund) its campaign.
 */
export async function settleOrder(q: Queryable, orderId: number, paymentStatus: 'PAID_ONLINE' | 'PAID_BY_DISCOUNT' | 'PAY_AT_STORE'): Promise<OrderRow> {
  const list = installed();
  const { rows } = await q.query(
    `UPDATE orders SET status = 'NEW', payment_status = $2, settled_at = clock_timestamp(), updated_at = clock_timestamp()
      WHERE id = $1 AND status = 'INTERIM' AND payment_status = 'NOT_PAID' RETURNING *`,
    [orderId, paymentStatus],
  );
  if (!rows[0]) throw conflict(`Order ${orderId} is not waiting for payment`);
  for (const s of list) await s.settled?.(q, rows[0]);
  return orderRow(q, orderId);
}

async function markCancelled(q: Queryable, orderId: number, hide: boolean): Promise<OrderRow> {
  const list = installed();
  const { rows } = await q.query(
    `UPDATE orders SET status = 'CANCELLED', hidden = hidden OR $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [orderId, hide],
  );
  for (const s of list) await s.cancelled?.(q, rows[0]);
  return orderRow(q, orderId);
}

/** Cancels an unpaid reservation (expired, replaced by a new one, or left by a sign-in); hidden ones were never shown as orders. */
export async function releaseReservation(q: Queryable, orderId: number, hide: boolean): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT id FROM orders WHERE id = $1 AND status = 'INTERIM' AND payment_status = 'NOT_PAID' FOR UPDATE`, [orderId]);
  if (!rows.length) return false;
  await markCancelled(q, orderId, hide);
  return true;
}

export async function expireReservations(db: Db, ttlMinutes: number) {
  const { rows } = await db.query(
    `SELECT id FROM orders WHERE status = 'INTERIM' AND payment_status = 'NOT_PAID'
       AND COALESCE(hold_started_at, created_at) < now() - make_interval(mins => $1)`,
    [ttlMinutes],
  );
  for (const r of rows) await db.tx((q) => releaseReservation(q, r.id, true));
  return rows.length;
}

/** Cancels an order nobody has paid for yet (reserved, or placed to pay at the store); the caller holds its lock. */
export async function cancelOrder(q: Queryable, o: OrderRow): Promise<OrderRow> {
  if (!isCancellable(o)) throw conflict(`Order ${o.id} can no longer be cancelled`);
  return markCancelled(q, o.id, false);
}

/** Lock order carts → orders → payment_attempts, the order reserve takes them in (no settle/re-reserve deadlock). */
export async function lockCartsOf(q: Queryable, orderId: number) {
  await q.query('SELECT id FROM carts WHERE reserved_order_id = $1 ORDER BY id FOR UPDATE', [orderId]);
}

/** Who makes a store's move or cancel, as order_events records it (1 to 100 characters). */
function actorOf(by: string): string {
  const actor = by.trim();
  if (!actor || actor.length > 100) throw badRequest('Say who makes the move (--by, 1 to 100 characters)');
  return actor;
}

/** The order, locked for a change by the store (its carts first: the order reserve takes the locks in that order). */
async function lockedOrder(q: Queryable, orderId: number): Promise<OrderRow> {
  await lockCartsOf(q, orderId);
  const o: OrderRow | undefined = (await q.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [orderId])).rows[0];
  if (!o) throw notFound(`Order ${orderId} not found`);
  return o;
}

/** Records a change the store made (order_events): the state it left, the one it reached, who and why. */
async function recordStoreChange(q: Queryable, from: OrderRow, to: OrderRow, actor: string, note: string) {
  await q.query('INSERT INTO order_events (order_id, from_status, to_status, actor, note) VALUES ($1, $2, $3, $4, $5)',
    [from.id, from.status, to.status, actor, note]);
}

/**
 * Cancels the locked order `o` for the store: an unpaid one (reserved, or to pay at the store) and not handed over
 * yet as it stands; a paid one is refunded in full (once, whatever retries happen) and its stock returned.
 */
async function cancelForStore(q: Queryable, o: OrderRow, actor: string, note: string): Promise<OrderRow> {
  if (isCancellable(o) || (UNPAID.includes(o.payment_status) && (OPEN_STATES as readonly string[]).includes(o.status))) return markCancelled(q, o.id, false);
  await requestRefund(q, { orderID: String(o.id), reason: note || `Cancelled by the store (${actor})`, key: `operator-cancel:${o.id}`, restock: true });
  return orderRow(q, o.id);
}

/**
 * The operator cancels an order (npm run orders -- cancel): as cancelForStore, recorded in order_events with `by` and
 * the note. A refunded or already cancelled order stays as it is, and nothing is recorded.
 */
export async function operatorCancel(q: Queryable, orderId: number, by: string, note = ''): Promise<OrderRow> {
  const actor = actorOf(by);
  const o = await lockedOrder(q, orderId);
  if (o.status === 'CANCELLED' || o.status === 'REFUND_PENDING' || o.status === 'REFUNDED' || o.status === 'CHARGED_BACK') return o;
  if (o.status === 'DISPUTED') throw conflict(disputedRefusal(o.id));
  const order = await cancelForStore(q, o, actor, note);
  await recordStoreChange(q, o, order, actor, note);
  return order;
}

/** Payment statuses under which money was taken for the order, and those under which none was. */
const PAID = ['PAID_ONLINE', 'PAID_BY_DISCOUNT'];
const UNPAID = ['NOT_PAID', 'PAY_AT_STORE'];

/** An order after a fulfilment move, and the state it left. */
export interface OrderMove {
  order: OrderRow;
  from: string;
}

/**
 * The store moves an order on (npm run orders -- move): checked against the allowed moves (orders/fulfilment.ts) under
 * the order's lock, refused with a 409 that says why (nothing changes), and recorded in order_events with `by` and the
 * time. Cancelling is cancelForStore (stock, store credit, commission and memberships come back; a paid order is
 * refunded in full); the other moves tell the subscribers `moved` (the mail subscriber writes to the shopper).
 */
export async function moveOrder(q: Queryable, orderId: number, move: Move, by: string, note = ''): Promise<OrderMove> {
  const list = installed();
  const actor = actorOf(by);
  const o = await lockedOrder(q, orderId);
  if (o.status === 'DISPUTED') throw conflict(disputedRefusal(o.id));
  const refusal = moveRefusal(move, o.status, o.method as 'PICKUP' | 'DELIVERY' | 'EAT_IN');
  if (refusal) throw conflict(`Order ${o.id}: ${refusal}`);
  let order: OrderRow;
  if (move === 'cancelled') {
    order = await cancelForStore(q, o, actor, note);
  } else {
    const { rows } = await q.query(`UPDATE orders SET status = $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id, MOVES[move]]);
    order = rows[0];
    for (const s of list) await s.moved?.(q, order, o.status);
  }
  await recordStoreChange(q, o, order, actor, note);
  return { order, from: o.status };
}

export interface RefundRequest {
  orderID: string;
  /** Minor units; default: everything still refundable. */
  amount?: number;
  reason: string;
  /** Idempotency key: the same key never refunds twice (e.g. `campaign-failed:12:100034`). */
  key: string;
  /** The goods come back, or were never handed over (default: no). */
  restock?: boolean;
}

/**
 * Refunds a paid order, in full or in part, once per key. The store-credit part of what was paid goes back at once
 * (the store-credit subscriber); the online part is PENDING until the payment provider accepts it
 * (payments/refundWorker.ts). Online money goes back first (it is what the shopper paid out of pocket), then store
 * credit. An order refunded in full becomes REFUND_PENDING (REFUNDED at once when nothing goes back online); a
 * partial refund leaves the order's status alone and shows in its `refunded` amount.
 */
export async function requestRefund(q: Queryable, req: RefundRequest): Promise<RefundRecord> {
  const seen = await refundOfKey(q, req.key);
  if (seen) return toRefundRecord(seen, true);
  if (!/^\d{1,9}$/.test(req.orderID)) throw badRequest(`Invalid order id '${String(req.orderID).slice(0, 40)}'`);
  const order: OrderRow | undefined = (await q.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [Number(req.orderID)])).rows[0];
  if (!order) throw notFound(`Order ${req.orderID} not found`);
  // Checked again under the order's lock: two callers with the same key wait for each other here.
  const raced = await refundOfKey(q, req.key);
  if (raced) return toRefundRecord(raced, true);
  if (!PAID.includes(order.payment_status) || order.status === 'INTERIM') throw conflict(`Order ${order.id} was not paid: nothing to refund`);
  const list = installed();
  const paid = order.total + order.store_credit;
  const amount = refundAmount(req.amount, paid - order.refunded, `Order ${order.id}`, order.currency);
  const { rows: [{ n: onlineDone }] } = await q.query('SELECT COALESCE(sum(online), 0)::int AS n FROM refunds WHERE order_id = $1', [order.id]);
  const online = Math.min(amount, Math.max(0, order.total - onlineDone));
  const credit = amount - online;
  if (credit > 0 && order.user_id == null) throw conflict(`Order ${order.id} has no account to return store credit to`);
  const attempt = online > 0
    ? (await q.query(`SELECT id FROM payment_attempts WHERE order_id = $1 AND status = 'PAID' ORDER BY updated_at DESC LIMIT 1`, [order.id])).rows[0]
    : null;
  if (online > 0 && !attempt) throw conflict(`Order ${order.id} has no online payment to refund`);
  const record = await insertOrderRefund(q, {
    id: refundIdOf(req.key), key: req.key, orderId: order.id, attemptId: attempt?.id ?? null, amount, online, credit, currency: order.currency, reason: req.reason,
  });
  const full = order.refunded + amount === paid;
  // A disputed or charged-back order keeps that state (the provider's word); a disputed one returns to the refund's.
  const { rows: [after] } = await q.query(
    `UPDATE orders SET refunded = refunded + $2,
            status = CASE WHEN $3 AND status NOT IN ('DISPUTED', 'CHARGED_BACK') THEN $4 ELSE status END,
            disputed_from = CASE WHEN $3 AND status = 'DISPUTED' THEN $4 ELSE disputed_from END,
            updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [order.id, amount, full, online > 0 ? 'REFUND_PENDING' : 'REFUNDED'],
  );
  const done: OrderRefund = { id: record.id, amount, credit, full, restock: req.restock ?? false };
  for (const s of list) await s.refunded?.(q, after, done);
  return record;
}

/** The online part of a refund was accepted: an order refunded in full with nothing else on its way is REFUNDED. */
export async function refundSent(q: Queryable, orderId: number): Promise<void> {
  await q.query(
    `UPDATE orders SET status = CASE WHEN status = 'REFUND_PENDING' THEN 'REFUNDED' ELSE status END,
            disputed_from = CASE WHEN status = 'DISPUTED' THEN 'REFUNDED' ELSE disputed_from END, updated_at = clock_timestamp()
      WHERE id = $1 AND (status = 'REFUND_PENDING' OR (status = 'DISPUTED' AND disputed_from = 'REFUND_PENDING'))
        AND NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = $1 AND status = 'PENDING')`,
    [orderId],
  );
}

// ---- a payment provider's word on money already taken: disputes, reversals, refunds made in its dashboard ----

const disputedRefusal = (orderId: number) =>
  `Order ${orderId} is DISPUTED at its payment provider: no fulfilment move or cancel until the dispute is resolved`;

/** An order whose money was taken and is still the store's to lose (a dispute or reversal can reach it). */
const isSettledPaid = (o: OrderRow) => PAID.includes(o.payment_status) && o.status !== 'INTERIM' && o.status !== 'CANCELLED';

/** A dispute as the provider tells of it (payments/reversals.ts). */
export interface DisputeNotice {
  /** The provider's name (paypal), also the actor in order_events. */
  provider: string;
  disputeId: string;
  orderId: number;
  attemptId: string;
  /** The provider's status word (OPEN, WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW, RESOLVED, ...). */
  status: string;
  reason: string;
  amount: number | null;
  currency: string | null;
}

/** How a dispute ended: SELLER (the store keeps the money), BUYER (it goes back to the buyer), OTHER. */
export type DisputeOutcome = 'SELLER' | 'BUYER' | 'OTHER';

async function recordProviderChange(q: Queryable, from: OrderRow, to: OrderRow, provider: string, note: string) {
  await q.query('INSERT INTO order_events (order_id, from_status, to_status, actor, note) VALUES ($1, $2, $3, $4, $5)',
    [from.id, from.status, to.status, provider.slice(0, 100), note.slice(0, 500)]);
}

/**
 * A dispute was opened (or updated) at the provider: recorded once per dispute (payment_disputes), and a settled,
 * paid order becomes DISPUTED, remembering the state it was in. A repeated or late word (the dispute is resolved
 * already) changes nothing. Answers the order as it is now.
 */
export async function disputeOpened(q: Queryable, d: DisputeNotice): Promise<OrderRow> {
  const o = await lockedOrder(q, d.orderId);
  const { rows: [known] } = await q.query('SELECT * FROM payment_disputes WHERE provider = $1 AND dispute_id = $2 FOR UPDATE', [d.provider, d.disputeId]);
  if (known?.resolved_at) return o;
  if (known) {
    await q.query(
      `UPDATE payment_disputes SET status = $3, reason = COALESCE(NULLIF($4, ''), reason), amount = COALESCE($5, amount),
              currency = COALESCE($6, currency), updated_at = clock_timestamp() WHERE provider = $1 AND dispute_id = $2`,
      [d.provider, d.disputeId, d.status, d.reason, d.amount, d.currency]);
  } else {
    await q.query(
      `INSERT INTO payment_disputes (provider, dispute_id, order_id, attempt_id, status, reason, amount, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [d.provider, d.disputeId, d.orderId, d.attemptId, d.status, d.reason, d.amount, d.currency]);
  }
  if (!isSettledPaid(o) || o.status === 'DISPUTED' || o.status === 'CHARGED_BACK') return o;
  const { rows: [after] } = await q.query(
    `UPDATE orders SET status = 'DISPUTED', disputed_from = status, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id]);
  await recordProviderChange(q, o, after, d.provider, `dispute ${d.disputeId} opened${d.reason ? `: ${d.reason}` : ''}`);
  return after;
}

/**
 * A dispute was resolved at the provider (once: a repeat changes nothing). When no other dispute of the order is open,
 * a DISPUTED order returns to the state it was in (the seller's favour, the buyer withdrew, or another ending) or
 * becomes CHARGED_BACK (the buyer's favour); a buyer's win on an order never marked disputed charges it back too.
 * The money itself moves with the provider's own money events (a reversal or refund: providerRefunded), not here.
 */
export async function disputeResolved(q: Queryable, d: DisputeNotice & { outcome: DisputeOutcome; outcomeCode: string }): Promise<OrderRow> {
  const o = await lockedOrder(q, d.orderId);
  const { rows: [known] } = await q.query('SELECT * FROM payment_disputes WHERE provider = $1 AND dispute_id = $2 FOR UPDATE', [d.provider, d.disputeId]);
  if (known?.resolved_at) return o;
  await q.query(
    `INSERT INTO payment_disputes (provider, dispute_id, order_id, attempt_id, status, reason, amount, currency, outcome, outcome_code, resolved_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp())
     ON CONFLICT (provider, dispute_id) DO UPDATE SET status = EXCLUDED.status, outcome = EXCLUDED.outcome,
        outcome_code = EXCLUDED.outcome_code, amount = COALESCE(EXCLUDED.amount, payment_disputes.amount),
        resolved_at = EXCLUDED.resolved_at, updated_at = clock_timestamp()`,
    [d.provider, d.disputeId, d.orderId, d.attemptId, d.status, d.reason, d.amount, d.currency, d.outcome, d.outcomeCode]);
  const { rows: [{ open }] } = await q.query('SELECT count(*)::int AS open FROM payment_disputes WHERE order_id = $1 AND resolved_at IS NULL', [o.id]);
  const note = `dispute ${d.disputeId} resolved: ${d.outcomeCode || d.outcome}`;
  let after: OrderRow | undefined;
  if (o.status === 'DISPUTED') {
    const back = d.outcome === 'BUYER' ? 'CHARGED_BACK' : o.disputed_from as string;
    // Another dispute still open: the order stays DISPUTED, and goes where this one sends it when the last is resolved.
    after = open > 0
      ? (await q.query(`UPDATE orders SET disputed_from = CASE WHEN $2 THEN 'CHARGED_BACK' ELSE disputed_from END, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id, d.outcome === 'BUYER'])).rows[0]
      : (await q.query(`UPDATE orders SET status = $2, disputed_from = NULL, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id, back])).rows[0];
  } else if (d.outcome === 'BUYER' && isSettledPaid(o) && o.status !== 'CHARGED_BACK') {
    after = (await q.query(`UPDATE orders SET status = 'CHARGED_BACK', updated_at = clock_timestamp() WHERE id = $1 RETURNING *`, [o.id])).rows[0];
  }
  await recordProviderChange(q, o, after ?? o, d.provider, note);
  return after ?? o;
}

/** Money a provider moved back to the buyer on its own: a reversal (chargeback) or a refund made in its dashboard. */
export interface ProviderMoneyBack {
  provider: string;
  orderId: number;
  attemptId: string;
  /** Idempotency key (the provider's id of the reversal or refund): the same key never records twice. */
  key: string;
  /** Minor units of the order's currency. */
  amount: number;
  kind: 'CHARGEBACK' | 'PROVIDER';
  reason: string;
}

/**
 * Records money the provider already sent back as a refund of the order (DONE at once: nothing is sent), once per
 * key, and tells the `refunded` subscribers (commission, memberships: the online money went back; no store credit,
 * no stock). A reversal makes the order CHARGED_BACK; a dashboard refund of everything paid makes it REFUNDED (a
 * DISPUTED order keeps that state and returns to REFUNDED when the dispute is resolved for the seller). More than the
 * online money not yet refunded is never recorded. Answers the refund, or null when the key had it already or the
 * order has no money to take back (a voided attempt's money: the refund worker's, not the order's).
 */
export async function providerRefunded(q: Queryable, m: ProviderMoneyBack): Promise<RefundRecord | null> {
  if (await refundOfKey(q, m.key)) return null;
  const o = await lockedOrder(q, m.orderId);
  if (await refundOfKey(q, m.key)) return null;
  const list = installed();
  if (!isSettledPaid(o)) return null;
  const { rows: [{ n: onlineDone }] } = await q.query('SELECT COALESCE(sum(online), 0)::int AS n FROM refunds WHERE order_id = $1', [o.id]);
  const amount = Math.min(m.amount, Math.max(0, o.total - onlineDone));
  const chargeback = m.kind === 'CHARGEBACK';
  let record: RefundRecord | null = null;
  let after = o;
  const full = o.refunded + amount === o.total + o.store_credit;
  if (amount > 0) {
    record = await insertOrderRefund(q, {
      id: refundIdOf(m.key), key: m.key, orderId: o.id, attemptId: m.attemptId, amount, online: amount, credit: 0,
      currency: o.currency, reason: m.reason, source: m.kind,
    });
  }
  if (amount === 0 && !chargeback) return null;
  const to = chargeback ? 'CHARGED_BACK' : full ? 'REFUNDED' : null;
  ({ rows: [after] } = await q.query(
    `UPDATE orders SET refunded = refunded + $2,
            status = CASE WHEN $3::text IS NOT NULL AND ($4 OR status NOT IN ('DISPUTED', 'CHARGED_BACK')) THEN $3::text ELSE status END,
            disputed_from = CASE WHEN $3::text IS NOT NULL AND NOT $4 AND status = 'DISPUTED' THEN $3::text ELSE disputed_from END,
            updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [o.id, amount, to, chargeback]));
  if (record) {
    const done: OrderRefund = { id: record.id, amount, credit: 0, full, restock: false };
    for (const s of list) await s.refunded?.(q, after, done);
  }
  await recordProviderChange(q, o, after, m.provider, `${m.reason} (${m.key})`);
  return record;
}
