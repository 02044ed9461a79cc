/**
 * Background work that looks for what is due every `pollMs` (mail to send, refunds to send, campaigns to settle).
 * A round already under way is joined, not doubled; stop() lets it finish and starts no other, so it is called before
 * the database closes. What is due, and who takes it, is decided in the database (row locks, leases), so several
 * processes sharing one PostgreSQL never do the same work twice.
 */
export abstract class PollingWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  protected stopped = false;

  constructor(private readonly pollMs: number) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
    void this.tick();
  }

  /** Does what is due now; a round already under way is joined. */
  tick(): Promise<void> {
    if (this.stopped) return this.running ?? Promise.resolve();
    this.running ??= this.round().finally(() => (this.running = undefined));
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
