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
import { formatMoney } from '../lib/money.ts';
import { claimDue, PollingWorker, retryDelayMs, type DueRows } from '../lib/pollingWorker.ts';
import { rowToAttempt } from '../payments/attempts.ts';
import { addCreditEntry, lockedCreditBalance } from './storeCredit.ts';

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

/** The refund recorded under `key` already, if any (after checking the key's shape). */
async function refundOfKey(q: Queryable, key: string): Promise<any> {
  if (!key || key.length > 200) throw badRequest('A refund needs an idempotency key of at most 200 characters');
  return (await q.query('SELECT * FROM refunds WHERE idempotency_key = $1', [key])).rows[0];
}

/** The amount asked for (default: all that is left), checked against what is left of `what`. */
function refundAmount(asked: number | undefined, refundable: number, what: string, currency: string): number {
  const amount = asked ?? refundable;
  if (!Number.isInteger(amount) || amount <= 0) throw badRequest('A refund amount must be a positive whole number of minor units');
  if (amount > refundable) throw conflict(`${what} has ${formatMoney(refundable, currency)} left to refund, not ${formatMoney(amount, currency)}`);
  return amount;
}

export async function requestRefund(q: Queryable, req: RefundRequest): Promise<RefundRecord> {
  const seen = await refundOfKey(q, req.key);
  if (seen) return toRecord(seen);
  if (!/^\d{1,9}$/.test(req.orderID)) throw badRequest(`Invalid order id '${String(req.orderID).slice(0, 40)}'`);
  const order = (await q.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [Number(req.orderID)])).rows[0];
  if (!order) throw notFound(`Order ${req.orderID} not found`);
  // Checked again under the order's lock: two callers with the same key wait for each other here.
  const raced = await refundOfKey(q, req.key);
  if (raced) return toRecord(raced);
  if (!PAID.includes(order.payment_status) || order.status === 'INTERIM') throw conflict(`Order ${order.id} was not paid: nothing to refund`);
  const paid = order.total + order.store_credit;
  const amount = refundAmount(req.amount, paid - order.refunded, `Order ${order.id}`, order.currency);

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
}

const toDepositRecord = (r: any): DepositRefundRecord => ({ id: r.id, depositID: r.attempt_id, amount: r.amount, status: r.status });

/**
 * Refunds a paid store-credit top-up, in full or in part, once per key: the amount leaves the account's store credit
 * now (a DEPOSIT_REFUND ledger row) and goes back to the payer through the provider (PENDING until accepted, like an
 * order's online part). Only what the account still holds can go back: credit already spent on orders stays spent.
 */
export async function requestDepositRefund(q: Queryable, req: DepositRefundRequest): Promise<DepositRefundRecord> {
  const seen = await refundOfKey(q, req.key);
  if (seen) return toDepositRecord(seen);
  const deposit = /^[A-Za-z0-9_-]{1,64}$/.test(req.depositID)
    ? (await q.query('SELECT * FROM payment_attempts WHERE id = $1 AND user_id IS NOT NULL FOR UPDATE', [req.depositID])).rows[0]
    : undefined;
  if (!deposit) throw notFound(`Top-up ${String(req.depositID).slice(0, 64)} not found`);
  // Checked again under the top-up's lock: two callers with the same key wait for each other here.
  const raced = await refundOfKey(q, req.key);
  if (raced) return toDepositRecord(raced);
  if (deposit.status !== 'PAID') throw conflict(`Top-up ${deposit.id} was not paid: nothing to refund`);
  const { rows: [{ done }] } = await q.query('SELECT COALESCE(sum(amount), 0)::int AS done FROM refunds WHERE attempt_id = $1 AND order_id IS NULL', [deposit.id]);
  const amount = refundAmount(req.amount, deposit.amount - done, `Top-up ${deposit.id}`, deposit.currency);
  const balance = await lockedCreditBalance(q, deposit.user_id);
  if (amount > balance) throw conflict(`The account holds ${formatMoney(Math.max(balance, 0), deposit.currency)} of store credit: at most that much of top-up ${deposit.id} can go back`);
  const id = refundIdOf(req.key);
  const { rows } = await q.query(
    `INSERT INTO refunds (id, idempotency_key, order_id, attempt_id, amount, online, credit, currency, reason)
     VALUES ($1,$2,NULL,$3,$4,$4,0,$5,$6) RETURNING *`,
    [id, req.key, deposit.id, amount, deposit.currency, req.reason.slice(0, 500)],
  );
  await addCreditEntry(q, { userId: deposit.user_id, amount: -amount, reason: 'DEPOSIT_REFUND', refundId: id });
  return toDepositRecord(rows[0]);
}

/** A top-up's refunds, oldest first. */
export async function depositRefundsOf(q: Queryable, depositID: string): Promise<DepositRefundRecord[]> {
  const { rows } = await q.query('SELECT * FROM refunds WHERE attempt_id = $1 AND order_id IS NULL ORDER BY created_at, id', [depositID]);
  return rows.map(toDepositRecord);
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
        if (r.order_id == null) return; // a top-up's refund: no order to move
        // Fully refunded and nothing left on its way: the money is back.
        await q.query(
          `UPDATE orders SET status = 'REFUNDED', updated_at = clock_timestamp()
            WHERE id = $1 AND status = 'REFUND_PENDING'
              AND NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = $1 AND status = 'PENDING')`,
          [r.order_id],
        );
      });
      this.opts.log.info({ refundId: r.id, orderID: r.order_id, depositID: r.order_id == null ? r.attempt_id : undefined, amount: r.online }, 'refund sent');
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
