/**
 * Refunds: money going back to a shopper, in full or in part, once per idempotency key.
 *
 * `requestRefund` records a refund in the caller's transaction: the store-credit part of what was paid goes back to
 * the ledger at once; the online part is PENDING until the payment provider accepts it. The RefundWorker sends
 * pending refunds (and money a provider reported for attempts that could not pay their order, NEEDS_REFUND) to the
 * provider under the refund's deterministic id, so a retry after a provider error or a crash never pays twice.
 * Several processes may share one PostgreSQL database: due rows are claimed with FOR UPDATE SKIP LOCKED and a lease.
 *
 * An order refunded in full becomes REFUND_PENDING, then REFUNDED once every online part is done; a partial refund
 * leaves the order's status alone and shows in its `refunded` amount. Other areas (the referral ledger) follow
 * refunds and cancellations through `onRefund` / `onOrderCancelled`, in the same transaction.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { claimDue, PollingWorker, retryDelayMs, type DueRows } from '../lib/pollingWorker.ts';
import { rowToAttempt } from '../payments/attempts.ts';
import { addCreditEntry } from './storeCredit.ts';

export interface RefundEvent {
  orderID: string;
  /** Minor units refunded by this refund. */
  amount: number;
  /** The order has now been refunded in full. */
  full: boolean;
}
export type RefundListener = (q: Queryable, event: RefundEvent) => Promise<void>;
export type CancelListener = (q: Queryable, event: { orderID: string }) => Promise<void>;

const refundListeners: RefundListener[] = [];
const cancelListeners: CancelListener[] = [];

/** Called in the recording transaction of every new refund (not again for a repeated key). */
export function onRefund(listener: RefundListener): void {
  refundListeners.push(listener);
}

/** Called in the transaction that cancels an order (services/orders.ts). */
export function onOrderCancelled(listener: CancelListener): void {
  cancelListeners.push(listener);
}

export async function notifyOrderCancelled(q: Queryable, orderId: number): Promise<void> {
  for (const l of cancelListeners) await l(q, { orderID: String(orderId) });
}

/** Payment statuses under which money was taken for the order. */
const PAID = ['PAID_ONLINE', 'PAID_BY_DISCOUNT'];

/** Deterministic: the same key always names the same refund at the provider. */
export const refundIdOf = (key: string) => `rf_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

export interface RefundRequest {
  orderID: string;
  /** Minor units; default: everything still refundable. */
  amount?: number;
  reason: string;
  /** Idempotency key: the same key never refunds twice (e.g. `campaign-failed:12:100034`). */
  key: string;
}

export interface RefundRecord {
  id: string;
  orderID: string;
  amount: number;
  status: 'PENDING' | 'DONE';
}

const toRecord = (r: any): RefundRecord => ({ id: r.id, orderID: String(r.order_id), amount: r.amount, status: r.status });

export async function requestRefund(q: Queryable, req: RefundRequest): Promise<RefundRecord> {
  if (!req.key || req.key.length > 200) throw badRequest('A refund needs an idempotency key of at most 200 characters');
  const seen = (await q.query('SELECT * FROM refunds WHERE idempotency_key = $1', [req.key])).rows[0];
  if (seen) return toRecord(seen);
  if (!/^\d{1,9}$/.test(req.orderID)) throw badRequest(`Invalid order id '${String(req.orderID).slice(0, 40)}'`);
  const order = (await q.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [Number(req.orderID)])).rows[0];
  if (!order) throw notFound(`Order ${req.orderID} not found`);
  // Checked again under the order's lock: two callers with the same key wait for each other here.
  const raced = (await q.query('SELECT * FROM refunds WHERE idempotency_key = $1', [req.key])).rows[0];
  if (raced) return toRecord(raced);
  if (!PAID.includes(order.payment_status) || order.status === 'INTERIM') throw conflict(`Order ${order.id} was not paid: nothing to refund`);
  const paid = order.total + order.store_credit;
  const refundable = paid - order.refunded;
  const amount = req.amount ?? refundable;
  if (!Number.isInteger(amount) || amount <= 0) throw badRequest('A refund amount must be a positive whole number of minor units');
  if (amount > refundable) throw conflict(`Order ${order.id} has ${refundable} left to refund, not ${amount}`);

  // Online money goes back first (it is what the shopper paid out of pocket), then store credit.
  const onlineLeft = Math.max(0, order.total - (await onlineRefunded(q, order.id)));
  const online = Math.min(amount, onlineLeft);
  const credit = amount - online;
  if (credit > 0 && order.user_id == null) throw conflict(`Order ${order.id} has no account to return store credit to`);
  const attempt = online > 0
    ? (await q.query(`SELECT id FROM payment_attempts WHERE order_id = $1 AND status = 'PAID' ORDER BY updated_at DESC LIMIT 1`, [order.id])).rows[0]
    : null;
  if (online > 0 && !attempt) throw conflict(`Order ${order.id} has no online payment to refund`);
  const id = refundIdOf(req.key);
  const { rows } = await q.query(
    `INSERT INTO refunds (id, idempotency_key, order_id, attempt_id, amount, online, credit, currency, reason, status, done_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10, CASE WHEN $10 = 'DONE' THEN clock_timestamp() END) RETURNING *`,
    [id, req.key, order.id, attempt?.id ?? null, amount, online, credit, order.currency, req.reason.slice(0, 500), online > 0 ? 'PENDING' : 'DONE'],
  );
  if (credit > 0) {
    await addCreditEntry(q, { userId: order.user_id, amount: credit, reason: 'ORDER_REFUND', orderId: order.id, refundId: id });
  }
  const full = order.refunded + amount === paid;
  await q.query(`UPDATE orders SET refunded = refunded + $2, status = CASE WHEN $3 THEN $4 ELSE status END, updated_at = clock_timestamp() WHERE id = $1`,
    [order.id, amount, full, online > 0 ? 'REFUND_PENDING' : 'REFUNDED']);
  for (const l of refundListeners) await l(q, { orderID: String(order.id), amount, full });
  return toRecord(rows[0]);
}

async function onlineRefunded(q: Queryable, orderId: number): Promise<number> {
  const { rows } = await q.query('SELECT COALESCE(sum(online), 0)::int AS n FROM refunds WHERE order_id = $1', [orderId]);
  return rows[0].n;
}

export async function refundsOf(q: Queryable, orderId: number): Promise<RefundRecord[]> {
  const { rows } = await q.query('SELECT * FROM refunds WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
  return rows.map(toRecord);
}

const LEASE_SECONDS = 120;
const REFUND_ROWS: DueRows = { table: 'refunds', waiting: "status = 'PENDING'", due: 'next_attempt_at', tries: 'attempts' };
/** Money a provider reported for an attempt that could not pay its order: its own schedule, beside the attempt's. */
const STRAY_ROWS: DueRows = { table: 'payment_attempts', waiting: "status = 'NEEDS_REFUND'", due: 'refund_next_at', tries: 'refund_attempts' };

export interface RefundWorkerOptions {
  pollMs: number;
  /** first retry after a provider error; doubles per attempt up to an hour */
  retryBaseMs: number;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void; error(o: object, msg: string): void };
}

/** Sends pending refunds to the payment provider until each is accepted. */
export class RefundWorker extends PollingWorker {
  constructor(private db: Db, private provider: PaymentProvider, private opts: RefundWorkerOptions) {
    super(opts.pollMs);
  }

  /** Sends what is due, ten at a time: refunds, then payments that could not pay their order. */
  protected async round() {
    try {
      while (!this.stopped) {
        const refunds = await this.claimRefunds(10);
        for (const r of refunds) await this.send(r);
        const strays = await this.claimStrayPayments(10);
        for (const a of strays) await this.returnStray(a);
        if (refunds.length < 10 && strays.length < 10) return;
      }
    } catch (e) {
      this.opts.log.error({ err: e }, 'refunds: claiming refunds failed');
    }
  }

  private claimRefunds(limit: number): Promise<any[]> {
    return claimDue(this.db, REFUND_ROWS, limit, LEASE_SECONDS,
      'refunds.*, (SELECT row_to_json(a) FROM payment_attempts a WHERE a.id = refunds.attempt_id) AS attempt');
  }

  private claimStrayPayments(limit: number): Promise<any[]> {
    return claimDue(this.db, STRAY_ROWS, limit, LEASE_SECONDS);
  }

  private async send(r: any) {
    try {
      await this.provider.refund(rowToAttempt(r.attempt), { refundId: r.id, amount: r.online });
      await this.db.tx(async (q) => {
        await q.query(`UPDATE refunds SET status = 'DONE', done_at = now(), last_error = NULL WHERE id = $1`, [r.id]);
        // Fully refunded and nothing left on its way: the money is back.
        await q.query(
          `UPDATE orders SET status = 'REFUNDED', updated_at = clock_timestamp()
            WHERE id = $1 AND status = 'REFUND_PENDING'
              AND NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = $1 AND status = 'PENDING')`,
          [r.order_id],
        );
      });
      this.opts.log.info({ refundId: r.id, orderID: r.order_id, amount: r.online }, 'refund sent');
    } catch (e: any) {
      await this.retryLater(REFUND_ROWS, r.id, r.attempts, e);
    }
  }

  private async returnStray(a: any) {
    try {
      await this.provider.refund(rowToAttempt(a), { refundId: refundIdOf(`stray-payment:${a.id}`), amount: a.amount });
      await this.db.query(`UPDATE payment_attempts SET status = 'REFUNDED', updated_at = clock_timestamp() WHERE id = $1`, [a.id]);
      this.opts.log.info({ attemptId: a.id, orderID: a.order_id, amount: a.amount }, 'payment that could not pay its order returned');
    } catch (e: any) {
      await this.retryLater(STRAY_ROWS, a.id, a.refund_attempts, e);
    }
  }

  private async retryLater(rows: DueRows, id: string, attempts: number, e: any) {
    const message = String(e?.message ?? e).slice(0, 500);
    const delayMs = retryDelayMs(this.opts.retryBaseMs, attempts);
    // A stray payment keeps its error_message (why it could not pay its order); the provider's answer is logged.
    const refund = rows === REFUND_ROWS;
    await this.db.query(`UPDATE ${rows.table} SET ${rows.due} = now() + make_interval(secs => $2)${refund ? ', last_error = $3' : ''} WHERE id = $1`,
      refund ? [id, delayMs / 1000, message] : [id, delayMs / 1000]);
    this.opts.log.warn({ table: rows.table, id, attempts, retryInMs: delayMs, err: message }, 'refund not accepted by the provider; will retry');
  }
}
