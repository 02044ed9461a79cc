/**
 * The mail queue: mail is rendered and inserted in the same transaction as what caused it (a reset request, a
 * payment, a contact message), so it is never lost, and a worker sends it until a transport accepts it.
 * Several processes may share one PostgreSQL database: a worker claims due rows with FOR UPDATE SKIP LOCKED and
 * pushes their next_attempt_at forward by a lease in the same statement, so no other worker picks them up while it
 * sends; a worker that dies mid-send leaves the row to be retried once the lease ends.
 */
import type { Db, Queryable } from '../db/index.ts';
import { claimDue, PollingWorker, retryDelayMs } from '../lib/pollingWorker.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';
import type { Locale, Rendered } from './templates.ts';
import { orderLog } from '../orders/orderLog.ts';

export interface QueuedMail extends Rendered {
  kind: 'password-reset' | 'order-receipt' | 'order-ready' | 'order-out-for-delivery' | 'contact-ack' | 'email-verification' | 'order-refunded' | 'restock' | 'reconciliation' | 'staff-invitation';
  to: string;
  locale: Locale;
  /** The order the mail is about (receipts and fulfilment mails). */
  orderId?: number;
}

export async function enqueueMail(q: Queryable, m: QueuedMail): Promise<number> {
  const { rows } = await q.query(
    `INSERT INTO mail_queue (kind, to_address, locale, subject, text_body, html_body, order_id) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id`,
    [m.kind, m.to, m.locale, m.subject, m.text, m.html, m.orderId ?? null],
  );
  return rows[0].id;
}

const LEASE_SECONDS = 300;
const MAIL_ROWS = { table: 'mail_queue', waiting: "status = 'PENDING'", due: 'next_attempt_at', tries: 'attempts' };

export interface WorkerOptions {
  pollMs: number;
  /** first retry after this; doubles per attempt up to an hour */
  retryBaseMs: number;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void; error(o: object, msg: string): void };
  /** The sender of each mail, asked at each send (src/mail/sender.ts); the transport's own without it. */
  sender?: () => Promise<string>;
}

/** A recipient the server rejects for good (5xx to RCPT TO) will never be delivered; anything else is retried. */
function isPermanent(err: any): boolean {
  return err?.command === 'RCPT TO' && typeof err.responseCode === 'number' && err.responseCode >= 500;
}

export class MailWorker extends PollingWorker {
  constructor(private db: Db, private transport: MailTransport, private opts: WorkerOptions) {
    super(opts.pollMs);
  }

  override async stop() {
    await super.stop();
    this.transport.close();
  }

  /** Sends what is due, ten at a time. */
  protected async round() {
    try {
      while (!this.stopped) {
        const batch = await this.claim(10);
        for (const row of batch) await this.deliver(row);
        if (batch.length < 10) return;
      }
    } catch (e) {
      this.opts.log.error({ err: e }, 'mail queue: claiming mail failed');
    }
  }

  private async claim(limit: number): Promise<any[]> {
    const rows = await claimDue(this.db, MAIL_ROWS, limit, LEASE_SECONDS);
    return rows.sort((a, b) => a.id - b.id);
  }

  private async deliver(row: any) {
    const mail: OutgoingMail = { id: row.id, kind: row.kind, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body };
    try {
      if (this.opts.sender) mail.from = await this.opts.sender();
      const where = await this.transport.send(mail);
      // Bodies are dropped once delivered: a reset link should not outlive its mail in the database.
      await this.db.query(
        `UPDATE mail_queue SET status = 'SENT', sent_at = now(), last_error = NULL, text_body = '', html_body = '' WHERE id = $1`,
        [row.id],
      );
      orderLog(this.opts.log, { orderId: row.order_id }).info({ mailId: row.id, kind: row.kind, to: row.to_address, deliveredTo: where }, `mail ${row.kind} sent to ${where}`);
    } catch (e: any) {
      const message = String(e?.message ?? e).slice(0, 500);
      if (isPermanent(e)) {
        await this.db.query(`UPDATE mail_queue SET status = 'FAILED', last_error = $2 WHERE id = $1`, [row.id, message]);
        orderLog(this.opts.log, { orderId: row.order_id }).error({ mailId: row.id, kind: row.kind, to: row.to_address, err: message }, 'mail rejected for good');
        return;
      }
      const delayMs = retryDelayMs(this.opts.retryBaseMs, row.attempts);
      await this.db.query(
        `UPDATE mail_queue SET next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1`,
        [row.id, delayMs / 1000, message],
      );
      orderLog(this.opts.log, { orderId: row.order_id }).warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delayMs, err: message }, 'mail not sent; will retry');
    }
  }
}
