/**
 * The payment sync worker: what the provider must hear or say without a shopper asking.
 *   - Reconciliation: a PENDING attempt still in flight RECONCILE_AFTER_SECONDS after it opened is queried at its
 *     provider, again and again with a doubling delay for a day, so a lost notification heals by itself.
 *   - Close on void: an attempt voided with its order (close_due_at, orders/service.ts) is closed at its provider,
 *     retried until the provider confirms. A provider that refuses to close because the shopper paid meanwhile is
 *     queried: that payment is applied (NEEDS_REFUND on a void attempt, so the refund worker returns it).
 *   - Watch on void: a voided attempt is queried, with the same doubling delay, until its provider's own deadline
 *     (payable_until: the deadline the provider was told, payments/deadlines.ts) has passed by VOID_WATCH_GRACE_SECONDS.
 *     Money the provider took for it meanwhile (the shopper paid on a page still open, its notification lost) is
 *     found and goes to NEEDS_REFUND, so the refund worker returns it, once.
 * Rows are claimed FOR UPDATE SKIP LOCKED with a lease (lib/pollingWorker.ts claimDue): two instances on one
 * PostgreSQL never work the same attempt at once, and a crash leaves it to the next round after the lease.
 */
import type { Db } from '../db/index.ts';
import { claimDue, PollingWorker, retryDelayMs, type DueRows } from '../lib/pollingWorker.ts';
import { rowToAttempt } from './storedAttempt.ts';
import { applyStatus } from './events.ts';
import type { PaymentProvider } from './provider.ts';
import { orderLog } from '../orders/orderLog.ts';

const LEASE_SECONDS = 120;
/** Attempts older than this are no longer queried (every provider's unpaid order has expired by then). */
const RECONCILE_FOR_HOURS = 24;
const BATCH = 10;
/** A voided attempt is still queried this long after its provider's deadline (clocks differ; a payment in flight). */
export const VOID_WATCH_GRACE_SECONDS = 600;

export interface PaymentSyncOptions {
  pollMs: number;
  /** An attempt is queried once it has been in flight this long (its notification should have come by then). */
  reconcileAfterSeconds: number;
  /** First retry after a provider error or a still-pending answer; doubles per try up to an hour. */
  retryBaseMs: number;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void; error(o: object, msg: string): void };
}

export class PaymentSyncWorker extends PollingWorker {
  private readonly inFlight: DueRows;
  private readonly toClose: DueRows = { table: 'payment_attempts', waiting: `close_due_at IS NOT NULL`, due: 'close_due_at', tries: 'close_tries' };
  private readonly voidWatch: DueRows = {
    table: 'payment_attempts',
    waiting: `status = 'VOID' AND close_due_at IS NULL AND payable_until IS NOT NULL
              AND payable_until > now() - interval '${VOID_WATCH_GRACE_SECONDS} seconds'`,
    due: 'check_due_at',
    tries: 'check_tries',
  };

  constructor(private db: Db, private provider: PaymentProvider, private opts: PaymentSyncOptions) {
    super(opts.pollMs);
    const after = Math.max(0, Math.floor(opts.reconcileAfterSeconds));
    this.inFlight = {
      table: 'payment_attempts',
      waiting: `status = 'PENDING' AND created_at < now() - interval '${after} seconds' AND created_at > now() - interval '${RECONCILE_FOR_HOURS} hours'`,
      due: 'check_due_at',
      tries: 'check_tries',
    };
  }

  protected async round() {
    try {
      while (!this.stopped) {
        const pending = await claimDue(this.db, this.inFlight, BATCH, LEASE_SECONDS);
        for (const row of pending) await this.reconcile(row);
        const voided = await claimDue(this.db, this.toClose, BATCH, LEASE_SECONDS);
        for (const row of voided) await this.close(row);
        const watched = await claimDue(this.db, this.voidWatch, BATCH, LEASE_SECONDS);
        for (const row of watched) await this.watch(row);
        if (pending.length < BATCH && voided.length < BATCH && watched.length < BATCH) break;
      }
      await this.db.query(`DELETE FROM payment_notification_nonces WHERE seen_at < now() - interval '1 day'`);
    } catch (e) {
      this.opts.log.error({ err: e }, 'payment sync: claiming attempts failed');
    }
  }

  private async reconcile(row: any) {
    const attempt = rowToAttempt(row);
    try {
      const status = await this.provider.query(attempt);
      const settled = await applyStatus(this.db, attempt, status, this.opts.log);
      if (settled) {
        orderLog(this.opts.log, { orderId: attempt.orderID, paymentId: attempt.id }).info({ status: settled }, 'payment reconciled with its provider');
        return;
      }
      await this.later(this.inFlight, attempt.id, row.check_tries);
    } catch (e: any) {
      orderLog(this.opts.log, { orderId: attempt.orderID, paymentId: attempt.id }).warn({ err: String(e?.message ?? e) }, 'payment sync: query failed; will retry');
      await this.later(this.inFlight, attempt.id, row.check_tries);
    }
  }

  private async close(row: any) {
    const attempt = rowToAttempt(row);
    try {
      await this.provider.close(attempt);
      await this.db.query(`UPDATE payment_attempts SET close_due_at = NULL WHERE id = $1`, [attempt.id]);
      orderLog(this.opts.log, { orderId: attempt.orderID, paymentId: attempt.id }).info({}, 'voided payment closed at its provider');
    } catch (e: any) {
      // Paid before the close arrived: the payment is applied (a void attempt's money is refunded) and nothing is left to close.
      const status = await this.provider.query(attempt).catch(() => null);
      if (status?.outcome === 'PAID' && await applyStatus(this.db, attempt, status, this.opts.log)) {
        await this.db.query(`UPDATE payment_attempts SET close_due_at = NULL WHERE id = $1`, [attempt.id]);
        return;
      }
      orderLog(this.opts.log, { orderId: attempt.orderID, paymentId: attempt.id }).warn({ err: String(e?.message ?? e) }, 'payment sync: close failed; will retry');
      await this.later(this.toClose, attempt.id, row.close_tries);
    }
  }

  /** A voided attempt before its provider's deadline: paid meanwhile is NEEDS_REFUND; closed there ends the watch. */
  private async watch(row: any) {
    const attempt = rowToAttempt(row);
    try {
      const status = await this.provider.query(attempt);
      if (status.outcome === 'PAID') {
        const settled = await applyStatus(this.db, attempt, status, this.opts.log);
        if (settled) {
          orderLog(this.opts.log, { orderId: attempt.orderID, paymentId: attempt.id }).warn({ status: settled }, 'payment arrived for a voided attempt: it is refunded');
          return;
        }
      } else if (status.outcome === 'FAILED') {
        // Closed or cancelled at the provider: nothing can be paid on it any more.
        await this.db.query(`UPDATE payment_attempts SET payable_until = NULL WHERE id = $1 AND status = 'VOID'`, [attempt.id]);
        return;
      }
    } catch (e: any) {
      orderLog(this.opts.log, { orderId: attempt.orderID, paymentId: attempt.id }).warn({ err: String(e?.message ?? e) }, 'payment sync: query of a voided attempt failed; will retry');
    }
    await this.later(this.voidWatch, attempt.id, row.check_tries);
  }

  private async later(rows: DueRows, id: string, tries: number) {
    await this.db.query(`UPDATE ${rows.table} SET ${rows.due} = now() + make_interval(secs => $2) WHERE id = $1`,
      [id, retryDelayMs(this.opts.retryBaseMs, tries) / 1000]);
  }
}
