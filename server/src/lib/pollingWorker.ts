import type { Db } from '../db/index.ts';

/**
 * Background work that looks for what is due every `pollMs` (mail to send, refunds to send, campaigns to settle).
 * tick() sees everything due when it is called: a round already under way may have looked before, so the call waits
 * for it and for one more round after it (calls meanwhile share that one); stop() lets a round finish and starts no
 * other, so it is called before the database closes. What is due, and who takes it, is decided in the database (row locks, leases), so several
 * processes sharing one PostgreSQL never do the same work twice.
 */
export abstract class PollingWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** The round that follows the one under way, shared by every tick() made during it. */
  private following?: Promise<void>;
  protected stopped = false;

  constructor(private readonly pollMs: number) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
    void this.tick();
  }

  /** Does what is due now: resolves after a round that started after this call. */
  tick(): Promise<void> {
    if (this.stopped) return this.running ?? Promise.resolve();
    if (this.running) {
      this.following ??= this.running.then(() => {
        this.following = undefined;
        return this.tick();
      });
      return this.following;
    }
    this.running = this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One round: find what is due and do it; must not throw (log instead). */
  protected abstract round(): Promise<void>;
}

const MAX_BACKOFF_MS = 3_600_000;

/** How long to wait before try number `attempts + 1` after `attempts` failed: `baseMs` doubled per try, at most an hour. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** A queue table's columns for claiming: `due` is both the retry schedule and the lease; `tries` counts the tries. */
export interface DueRows {
  table: string;
  /** The SQL condition of rows waiting to be done (e.g. `status = 'PENDING'`). */
  waiting: string;
  due: string;
  tries: string;
}

/**
 * Claims up to `limit` due rows in one statement: FOR UPDATE SKIP LOCKED, their due time pushed forward by the lease and
 * their try counted, so no other process takes them while this one works; a process that dies mid-way leaves them to
 * be retried once the lease ends. Table and column names are the caller's constants, never input.
 */
export async function claimDue(db: Db, rows: DueRows, limit: number, leaseSeconds: number, returning = '*'): Promise<any[]> {
  const { table, waiting, due, tries } = rows;
  const claimed = await db.query(
    `UPDATE ${table} SET ${due} = now() + make_interval(secs => $2), ${tries} = ${tries} + 1
      WHERE id IN (SELECT id FROM ${table} WHERE ${waiting} AND ${due} <= now()
                    ORDER BY ${due}, id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING ${returning}`,
    [limit, leaseSeconds],
  );
  return claimed.rows;
}
