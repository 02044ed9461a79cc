/**
 * The refund worker sends pending refunds (of orders and of store-credit top-ups) to the payment provider under the
 * refund's deterministic id, and returns money a provider reported for attempts that could not pay their order
 * (NEEDS_REFUND), until each is accepted, so a retry after a provider error or a crash never pays twice. Several
 * processes may share one PostgreSQL database: due rows are claimed with FOR UPDATE SKIP LOCKED and a lease.
 */
import type { Db } from '../db/index.ts';
import { claimDue, PollingWorker, retryDelayMs, type DueRows } from '../lib/pollingWorker.ts';
import { refundSent } from '../orders/lifecycle.ts';
import { refundIdOf } from '../services/refunds.ts';
import { rowToAttempt } from './storedAttempt.ts';
import type { PaymentProvider } from './provider.ts';
import { orderLog, type OrderIds } from '../orders/orderLog.ts';

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
        if (r.order_id != null) await refundSent(q, r.order_id); // a top-up's refund has no order to move
      });
      orderLog(this.opts.log, { orderId: r.order_id, paymentId: r.attempt_id, refundId: r.id }).info({ depositID: r.order_id == null ? r.attempt_id : undefined, amount: r.online }, 'refund sent');
    } catch (e: any) {
      await this.retryLater(REFUND_ROWS, r.id, r.attempts, e, { orderId: r.order_id, paymentId: r.attempt_id, refundId: r.id });
    }
  }

  private async returnStray(a: any) {
    try {
      await this.provider.refund(rowToAttempt(a), { refundId: refundIdOf(`stray-payment:${a.id}`), amount: a.amount });
      await this.db.query(`UPDATE payment_attempts SET status = 'REFUNDED', updated_at = clock_timestamp() WHERE id = $1`, [a.id]);
      orderLog(this.opts.log, { orderId: a.order_id, paymentId: a.id }).info({ amount: a.amount }, 'payment that could not pay its order returned');
    } catch (e: any) {
      await this.retryLater(STRAY_ROWS, a.id, a.refund_attempts, e, { orderId: a.order_id, paymentId: a.id });
    }
  }

  private async retryLater(rows: DueRows, id: string, attempts: number, e: any, ids: OrderIds) {
    const message = String(e?.message ?? e).slice(0, 500);
    const delayMs = retryDelayMs(this.opts.retryBaseMs, attempts);
    // A stray payment keeps its error_message (why it could not pay its order); the provider's answer is logged.
    const refund = rows === REFUND_ROWS;
    await this.db.query(`UPDATE ${rows.table} SET ${rows.due} = now() + make_interval(secs => $2)${refund ? ', last_error = $3' : ''} WHERE id = $1`,
      refund ? [id, delayMs / 1000, message] : [id, delayMs / 1000]);
    orderLog(this.opts.log, ids).warn({ table: rows.table, id, attempts, retryInMs: delayMs, err: message }, 'refund not accepted by the provider; will retry');
  }
}
