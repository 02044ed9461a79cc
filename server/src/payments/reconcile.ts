/**
 * Daily reconciliation (issue 40 item 2; `npm run reconcile`, scripts/reconcile.ts, and once a day by one instance:
 * ReconcileWorker). The payment sync worker asks about the attempts the store knows; a provider's statement of a day
 * (payments/statements/) says what the provider holds, so it finds what the store does not know or got wrong. Each line
 * is matched to the store's payments (payment_attempts: the store's attempt id is the out_trade_no / invoice_id the
 * provider was given) and refunds (refunds: the store's refund id, out_refund_no / out_request_no / invoice_id):
 *
 * - matched: the store holds the same money;
 * - missing at the store: money the provider took on an attempt the store had not recorded as paid (a notification that
 *   never came, an attempt it voided or stopped asking about) is applied through the same code as a notification
 *   (events.ts applyNotificationEvent: once only; on a void attempt it becomes NEEDS_REFUND and the refund worker
 *   returns it); what cannot be applied (an attempt the store does not know, a refund the store never made: one made
 *   in the provider's dashboard) is flagged for the operator;
 * - missing at the provider: a payment the store recorded as paid in the day, or a refund it recorded as sent, that the
 *   statement does not have;
 * - amount or currency differs (never applied: events.ts refuses it too);
 * - refunds stuck: a refund line the provider shows failed (WeChat Pay ABNORMAL, a PayPal refund DENIED...): recorded as
 *   the refund's provider_outcome when the store had no word of it yet (a notification's later word is kept), so
 *   `npm run attention` lists it until the provider says SUCCESS or the operator marks it handled;
 * - fees: what the provider kept, per line and in total (not a discrepancy).
 *
 * Nothing is ever changed twice: applying goes through settleAttempt (an attempt settles once), a provider_outcome is
 * written only where there was none, and each finding is one reconcile_items row per (provider, day, kind, reference)
 * whatever the number of runs. A run writes its report to the log and the database (reconcile_runs) and, when
 * MAIL_OPERATOR is set, to the operator's mail.
 *
 * The store's side of a day: attempts of the provider's channels PAID whose last change (payment_attempts.updated_at,
 * the settling) falls in the statement's day, and refunds sent (refunds.done_at) in it, in the statement's own time zone
 * (Beijing for WeChat Pay and Alipay, UTC for PayPal). A payment settled a moment after midnight of one the provider
 * took before it is listed as missing at the provider on both days: the operator sees it in the next day's statement.
 */
import type { Db, Queryable } from '../db/index.ts';
import { enqueueMail } from '../mail/queue.ts';
import { formatMoney } from '../lib/money.ts';
import { PollingWorker, retryDelayMs } from '../lib/pollingWorker.ts';
import { refundIdOf } from '../services/refunds.ts';
import { applyNotificationEvent } from './events.ts';
import type { PaymentProvider } from './provider.ts';

/** One line of a provider's statement, in the store's terms (minor units of `currency`). */
export interface StatementLine {
  kind: 'PAYMENT' | 'REFUND';
  /** The provider's own id of the line: its transaction id, or its refund id. */
  providerRef: string;
  /** The store's attempt id as the provider was given it (out_trade_no, invoice_id); null when the line has none. */
  attemptId: string | null;
  /** A refund line's store refund id (out_refund_no, out_request_no, the refund's invoice_id); null when it has none. */
  refundId: string | null;
  /** The money of the line: paid, or refunded (positive). */
  amount: number;
  currency: string;
  /** What the provider kept (minor units of feeCurrency; a refund's returned fee is negative). */
  fee: number;
  feeCurrency: string;
  /** The provider's status of the line, as it writes it (SUCCESS, REFUND/ABNORMAL, S, ...). */
  status: string;
  /** A refund line the provider shows failed (not PROCESSING or SUCCESS): the money did not reach the payer. */
  failed: boolean;
  /** The line's time as the provider writes it. */
  at: string;
}

/** A provider's statement reader (payments/statements/<provider>.ts), or why the provider is not reconciled. */
export interface StatementSource {
  /** The provider's name (the payment router's). */
  name: string;
  /** The statement's day boundary: its offset from UTC ('+08:00' for Beijing, 'Z' for UTC) and its zone's name. */
  offset: string;
  timeZone: string;
  /** The lines of one day (YYYY-MM-DD in the statement's time zone); throws when the statement cannot be had. */
  fetch(day: string): Promise<StatementLine[]>;
}

export interface Reconcilable {
  provider: PaymentProvider;
  /** null: the provider documents no statement API; `why` says so. */
  source: StatementSource | null;
  why?: string;
}

export type FindingKind = 'MISSING_AT_STORE' | 'MISSING_AT_PROVIDER' | 'AMOUNT_DIFFERS' | 'CURRENCY_DIFFERS' | 'REFUND_STUCK' | 'FEE';
export type FindingAction = 'APPLIED' | 'FLAGGED' | 'RECORDED' | 'NOTED';

export interface Finding {
  kind: FindingKind;
  action: FindingAction;
  ref: string;
  attemptId: string | null;
  refundId: string | null;
  orderId: number | null;
  amount: number | null;
  currency: string | null;
  detail: string;
}

export type RunOutcome = 'MATCHED' | 'DISCREPANCIES' | 'FAILED' | 'NOT_RECONCILED';

export interface RunReport {
  runId: number;
  provider: string;
  day: string;
  outcome: RunOutcome;
  counts: Record<string, number | Record<string, number>>;
  findings: Finding[];
  text: string;
}

type Log = { info(o: object, msg: string): void; warn(o: object, msg: string): void; error(o: object, msg: string): void };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar date written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The day before `now` in a zone `offset` from UTC ('+08:00', 'Z'): the default statement day. */
export function yesterdayIn(offset: string, now = new Date()): string {
  const minutes = offset === 'Z' ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return new Date(now.getTime() + minutes * 60_000 - 86_400_000).toISOString().slice(0, 10);
}

/** The UTC instants a statement day spans: [start, end). */
export function dayWindow(day: string, offset: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00${offset}`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** Minor units from a decimal string of major units ("12.30" CNY → 1230); null when it is not one. */
export function minorUnits(value: string, decimals: number): number | null {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(decimals, '0');
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals))) return null;
  const n = Number(m[2]) * 10 ** decimals + Number(frac.slice(0, decimals) || '0');
  return m[1] ? -n : n;
}

const money = (amount: number | null, currency: string | null) => (amount != null && currency ? `${formatMoney(amount, currency, '')} ${currency}` : '-');

/**
 * Matches a statement's lines to the store (pure over what it is given, except `apply`): the findings, and the lines
 * matched. `store` is what the store holds for the lines' attempts and refunds and its own side of the day.
 */
export interface StoreView {
  attempts: Map<string, { id: string; status: string; amount: number; currency: string; orderId: number | null; channel: string }>;
  refunds: Map<string, { id: string; attemptId: string | null; online: number; currency: string; orderId: number | null; status: string; providerOutcome: string | null }>;
  /** The store's side of the day: attempts settled PAID and refunds sent in it. */
  paidInDay: { id: string; amount: number; currency: string; orderId: number | null }[];
  refundsInDay: { id: string; attemptId: string | null; online: number; currency: string; orderId: number | null }[];
}

export interface Matched {
  matched: number;
  findings: Finding[];
  /** Payments to apply through the notification's code: attempt id and what the provider holds. */
  toApply: { line: StatementLine; attemptId: string; orderId: number | null }[];
  /** Refund outcomes to record (the store had no word yet). */
  toRecord: { refundId: string; status: string }[];
  fees: Record<string, number>;
}

export function matchStatement(lines: StatementLine[], store: StoreView): Matched {
  const findings: Finding[] = [];
  const toApply: Matched['toApply'] = [];
  const toRecord: Matched['toRecord'] = [];
  const fees: Record<string, number> = {};
  let matched = 0;
  const paidSeen = new Set<string>();
  const refundsSeen = new Set<string>();
  for (const line of lines) {
    if (line.fee) {
      fees[line.feeCurrency] = (fees[line.feeCurrency] ?? 0) + line.fee;
      findings.push({
        kind: 'FEE', action: 'NOTED', ref: `${line.kind === 'REFUND' ? 'refund ' : ''}${line.providerRef}`, attemptId: line.attemptId, refundId: line.refundId,
        orderId: line.attemptId ? store.attempts.get(line.attemptId)?.orderId ?? null : null, amount: line.fee, currency: line.feeCurrency,
        detail: `${line.kind === 'REFUND' ? 'fee returned with a refund' : 'fee kept'} on ${money(line.amount, line.currency)}`,
      });
    }
    const base = { ref: line.providerRef, attemptId: line.attemptId, refundId: line.refundId, amount: line.amount, currency: line.currency };
    if (line.kind === 'PAYMENT') {
      const a = line.attemptId ? store.attempts.get(line.attemptId) : undefined;
      if (!a) {
        findings.push({ ...base, kind: 'MISSING_AT_STORE', action: 'FLAGGED', orderId: null,
          detail: `paid ${money(line.amount, line.currency)} at the provider for ${line.attemptId ? `attempt ${line.attemptId}, which` : 'a payment that'} the store does not know` });
        continue;
      }
      paidSeen.add(a.id);
      const withOrder = { ...base, orderId: a.orderId };
      if (line.currency !== a.currency) {
        findings.push({ ...withOrder, kind: 'CURRENCY_DIFFERS', action: 'FLAGGED', detail: `provider holds ${money(line.amount, line.currency)}, the store's attempt is ${money(a.amount, a.currency)} (${a.status})` });
      } else if (line.amount !== a.amount) {
        findings.push({ ...withOrder, kind: 'AMOUNT_DIFFERS', action: 'FLAGGED', detail: `provider holds ${money(line.amount, line.currency)}, the store's attempt is ${money(a.amount, a.currency)} (${a.status})` });
      } else if (a.status === 'PAID' || a.status === 'NEEDS_REFUND' || a.status === 'REFUNDED') {
        matched++;
      } else {
        toApply.push({ line, attemptId: a.id, orderId: a.orderId });
      }
      continue;
    }
    // A refund: the store's refund by its id, or a payment the refund worker returned (NEEDS_REFUND → REFUNDED).
    const r = line.refundId ? store.refunds.get(line.refundId) : undefined;
    const stray = !r && line.attemptId && line.refundId === refundIdOf(`stray-payment:${line.attemptId}`) ? store.attempts.get(line.attemptId) : undefined;
    if (!r && !stray) {
      const a = line.attemptId ? store.attempts.get(line.attemptId) : undefined;
      findings.push({ ...base, kind: 'MISSING_AT_STORE', action: 'FLAGGED', orderId: a?.orderId ?? null,
        detail: `refunded ${money(line.amount, line.currency)} at the provider${line.refundId ? ` (refund ${line.refundId})` : ''}, which the store never made: one made in the provider's dashboard?` });
      continue;
    }
    const id = r?.id ?? (line.refundId as string);
    refundsSeen.add(id);
    const storeAmount = r ? r.online : (stray as { amount: number }).amount;
    const storeCurrency = r ? r.currency : (stray as { currency: string }).currency;
    const orderId = r ? r.orderId : (stray as { orderId: number | null }).orderId;
    const withOrder = { ...base, refundId: id, orderId };
    if (line.currency !== storeCurrency || line.amount !== storeAmount) {
      findings.push({ ...withOrder, kind: line.currency !== storeCurrency ? 'CURRENCY_DIFFERS' : 'AMOUNT_DIFFERS', action: 'FLAGGED',
        detail: `refund at the provider ${money(line.amount, line.currency)}, the store's refund ${id} is ${money(storeAmount, storeCurrency)}` });
    } else if (line.failed) {
      const known = r?.providerOutcome ?? null;
      if (r && known === null) toRecord.push({ refundId: r.id, status: line.status });
      findings.push({ ...withOrder, kind: 'REFUND_STUCK', action: r && known === null ? 'RECORDED' : 'FLAGGED',
        detail: `the provider shows refund ${id} ${line.status}: the money did not reach the payer${known && known !== line.status ? ` (the provider's later word: ${known})` : ''}; return it by hand` });
    } else {
      matched++;
    }
  }
  for (const p of store.paidInDay) {
    if (paidSeen.has(p.id)) continue;
    findings.push({ kind: 'MISSING_AT_PROVIDER', action: 'FLAGGED', ref: p.id, attemptId: p.id, refundId: null, orderId: p.orderId, amount: p.amount, currency: p.currency,
      detail: `the store recorded attempt ${p.id} paid ${money(p.amount, p.currency)}; the provider's statement of the day does not have it` });
  }
  for (const r of store.refundsInDay) {
    if (refundsSeen.has(r.id)) continue;
    findings.push({ kind: 'MISSING_AT_PROVIDER', action: 'FLAGGED', ref: r.id, attemptId: r.attemptId, refundId: r.id, orderId: r.orderId, amount: r.online, currency: r.currency,
      detail: `the store sent refund ${r.id} of ${money(r.online, r.currency)}; the provider's statement of the day does not have it` });
  }
  return { matched, findings, toApply, toRecord, fees };
}

const SECTIONS: [FindingKind[], string][] = [
  [['MISSING_AT_STORE'], 'missing at the store'],
  [['MISSING_AT_PROVIDER'], 'missing at the provider'],
  [['AMOUNT_DIFFERS', 'CURRENCY_DIFFERS'], 'amount or currency differs'],
  [['REFUND_STUCK'], 'refunds stuck'],
  [['FEE'], 'fees'],
];

/** Whether a finding is a discrepancy (exit 2; attention lists it unless applied): everything but a fee and an applied payment. */
export const isDiscrepancy = (f: Pick<Finding, 'kind' | 'action'>) => f.kind !== 'FEE';
export const needsHand = (f: Pick<Finding, 'kind' | 'action'>) => f.kind !== 'FEE' && f.action !== 'APPLIED';

/** The report's text: a heading, the counts, then each section's lines. */
export function reportText(r: { provider: string; day: string; timeZone: string; outcome: RunOutcome; lines: number; matched: number; findings: Finding[]; fees: Record<string, number>; error?: string }): string {
  const out = [`reconciliation of ${r.provider} for ${r.day} (${r.timeZone}): ${r.outcome}`];
  if (r.outcome === 'FAILED' || r.outcome === 'NOT_RECONCILED') {
    out.push(`  ${r.error ?? ''}`);
    return out.join('\n');
  }
  out.push(`  statement lines: ${r.lines}, matched: ${r.matched}`);
  for (const [kinds, title] of SECTIONS) {
    const found = r.findings.filter((f) => kinds.includes(f.kind));
    const total = title === 'fees' && found.length
      ? ` (${Object.entries(r.fees).map(([c, n]) => money(n, c)).join(', ')})` : '';
    out.push(`  ${title}: ${found.length}${total}`);
    for (const f of found) {
      const subject = f.orderId != null ? `order ${f.orderId}` : f.attemptId ? `attempt ${f.attemptId}` : '-';
      out.push(`    ${f.action.padEnd(8)} ${f.kind === 'FEE' ? money(f.amount, f.currency) : f.ref}  ${subject}  ${f.detail}`);
    }
  }
  return out.join('\n');
}

/** What the store holds for a statement's lines and its own side of the day. */
async function storeView(q: Queryable, provider: PaymentProvider, lines: StatementLine[], window: { start: Date; end: Date }): Promise<StoreView> {
  const attemptIds = [...new Set(lines.map((l) => l.attemptId).filter((x): x is string => !!x))];
  const refundIds = [...new Set(lines.map((l) => l.refundId).filter((x): x is string => !!x))];
  const channels = [...provider.channels];
  const attempts = new Map<string, StoreView['attempts'] extends Map<string, infer V> ? V : never>();
  for (const a of (await q.query(
    `SELECT id, status, amount, currency, order_id, channel FROM payment_attempts WHERE id = ANY($1) AND channel = ANY($2)`, [attemptIds, channels])).rows) {
    attempts.set(a.id, { id: a.id, status: a.status, amount: a.amount, currency: a.currency, orderId: a.order_id, channel: a.channel });
  }
  const refunds = new Map<string, StoreView['refunds'] extends Map<string, infer V> ? V : never>();
  for (const r of (await q.query(
    `SELECT id, attempt_id, online, currency, order_id, status, provider_outcome FROM refunds WHERE id = ANY($1)`, [refundIds])).rows) {
    refunds.set(r.id, { id: r.id, attemptId: r.attempt_id, online: r.online, currency: r.currency, orderId: r.order_id, status: r.status, providerOutcome: r.provider_outcome });
  }
  const paidInDay = (await q.query(
    `SELECT id, amount, currency, order_id FROM payment_attempts
      WHERE status = 'PAID' AND channel = ANY($1) AND updated_at >= $2 AND updated_at < $3 ORDER BY updated_at, id`,
    [channels, window.start, window.end])).rows.map((a: any) => ({ id: a.id, amount: a.amount, currency: a.currency, orderId: a.order_id }));
  const refundsInDay = (await q.query(
    `SELECT r.id, r.attempt_id, r.online, r.currency, r.order_id FROM refunds r JOIN payment_attempts a ON a.id = r.attempt_id
      WHERE r.status = 'DONE' AND r.source = 'STORE' AND r.online > 0 AND a.channel = ANY($1) AND r.done_at >= $2 AND r.done_at < $3
      ORDER BY r.done_at, r.id`,
    [channels, window.start, window.end])).rows.map((r: any) => ({ id: r.id, attemptId: r.attempt_id, online: r.online, currency: r.currency, orderId: r.order_id }));
  return { attempts, refunds, paidInDay, refundsInDay };
}

export interface RunOptions {
  by: string;
  log: Log;
  /** MAIL_OPERATOR: the operator's address, mailed the report of a run that found something or could not run. */
  mailTo?: string;
}

/** Reconciles one provider's statement of one day: applies, records, writes the run and its findings, mails. */
export async function reconcileDay(db: Db, target: Reconcilable, day: string, opts: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const name = target.provider.name;
  const source = target.source;
  if (!source) {
    const text = reportText({ provider: name, day, timeZone: '-', outcome: 'NOT_RECONCILED', lines: 0, matched: 0, findings: [], fees: {}, error: target.why ?? 'no documented statement API' });
    return record(db, { name, day, startedAt, outcome: 'NOT_RECONCILED', counts: {}, findings: [], text }, opts);
  }
  let lines: StatementLine[];
  try {
    lines = await source.fetch(day);
  } catch (e: any) {
    const error = `the statement could not be had: ${String(e?.message ?? e).slice(0, 300)}`;
    opts.log.warn({ provider: name, day, err: error }, 'reconciliation could not run');
    const text = reportText({ provider: name, day, timeZone: source.timeZone, outcome: 'FAILED', lines: 0, matched: 0, findings: [], fees: {}, error });
    return record(db, { name, day, startedAt, outcome: 'FAILED', counts: {}, findings: [], text }, opts);
  }
  const window = dayWindow(day, source.offset);
  const m = matchStatement(lines, await storeView(db, target.provider, lines, window));
  for (const a of m.toApply) {
    const status = await applyNotificationEvent(db, target.provider,
      { attemptId: a.attemptId, outcome: 'PAID', amount: a.line.amount, currency: a.line.currency }, opts.log);
    const applied = status === 'PAID' || status === 'NEEDS_REFUND';
    m.findings.push({
      kind: 'MISSING_AT_STORE', action: applied ? 'APPLIED' : 'FLAGGED', ref: a.line.providerRef, attemptId: a.attemptId, refundId: null, orderId: a.orderId,
      amount: a.line.amount, currency: a.line.currency,
      detail: status === 'PAID' ? 'paid at the provider, not recorded by the store (a lost notification): applied, the order is paid'
        : status === 'NEEDS_REFUND' ? 'paid at the provider on an attempt that could no longer pay its order: applied as money to return (the refund worker sends it back)'
        : `paid at the provider, the store's attempt is ${status ?? 'unknown'}: not applied, needs the operator`,
    });
  }
  for (const r of m.toRecord) {
    // The statement is a snapshot: a word the store already has (a notification's, which may be later) is kept.
    await db.query(`UPDATE refunds SET provider_outcome = $2, provider_outcome_at = clock_timestamp() WHERE id = $1 AND provider_outcome IS NULL`,
      [r.refundId, r.status.slice(0, 40)]);
  }
  const order: FindingKind[] = ['MISSING_AT_STORE', 'MISSING_AT_PROVIDER', 'AMOUNT_DIFFERS', 'CURRENCY_DIFFERS', 'REFUND_STUCK', 'FEE'];
  m.findings.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const outcome: RunOutcome = m.findings.some(isDiscrepancy) ? 'DISCREPANCIES' : 'MATCHED';
  const count = (...kinds: FindingKind[]) => m.findings.filter((f) => kinds.includes(f.kind)).length;
  const counts = {
    lines: lines.length, matched: m.matched, missingAtStore: count('MISSING_AT_STORE'), missingAtProvider: count('MISSING_AT_PROVIDER'),
    differs: count('AMOUNT_DIFFERS', 'CURRENCY_DIFFERS'), refundsStuck: count('REFUND_STUCK'), fees: m.fees,
  };
  const text = reportText({ provider: name, day, timeZone: source.timeZone, outcome, lines: lines.length, matched: m.matched, findings: m.findings, fees: m.fees });
  return record(db, { name, day, startedAt, outcome, counts, findings: m.findings, text }, opts);
}

async function record(db: Db, r: { name: string; day: string; startedAt: Date; outcome: RunOutcome; counts: RunReport['counts']; findings: Finding[]; text: string }, opts: RunOptions): Promise<RunReport> {
  const runId = await db.tx(async (q) => {
    const { rows: [run] } = await q.query(
      `INSERT INTO reconcile_runs (provider, day, outcome, counts, report, by, started_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [r.name, r.day, r.outcome, JSON.stringify(r.counts), r.text, opts.by.slice(0, 100), r.startedAt]);
    let news = 0;
    for (const f of r.findings) {
      const { rowCount } = await q.query(
        `INSERT INTO reconcile_items (provider, day, kind, ref, action, attempt_id, refund_id, order_id, amount, currency, detail, first_run)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (provider, day, kind, ref) DO NOTHING`,
        [r.name, r.day, f.kind, f.ref.slice(0, 200), f.action, f.attemptId, f.refundId, f.orderId, f.amount, f.currency, f.detail.slice(0, 1000), run.id]);
      if (rowCount && f.kind !== 'FEE') news++;
    }
    // The operator hears of a day once: when a run finds something not found before, or first fails to run.
    const firstFailure = r.outcome === 'FAILED' && (await q.query(
      `SELECT 1 FROM reconcile_runs WHERE provider = $1 AND day = $2 AND outcome = 'FAILED' AND id <> $3 LIMIT 1`, [r.name, r.day, run.id])).rows.length === 0;
    if (opts.mailTo && (news > 0 || firstFailure)) {
      const subject = `Reconciliation ${r.name} ${r.day}: ${r.outcome}`;
      const html = `<pre>${r.text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`;
      await enqueueMail(q, { kind: 'reconciliation', to: opts.mailTo, locale: 'en', subject, text: r.text, html });
    }
    return run.id as number;
  });
  const level = r.outcome === 'MATCHED' ? 'info' : r.outcome === 'FAILED' ? 'error' : 'warn';
  opts.log[level]({ provider: r.name, day: r.day, outcome: r.outcome, counts: r.counts, runId }, r.text);
  return { runId, provider: r.name, day: r.day, outcome: r.outcome, counts: r.counts, findings: r.findings, text: r.text };
}

/** Past runs, newest first: `npm run reconcile -- list`. */
export async function pastRuns(q: Queryable, limit = 30): Promise<{ id: number; provider: string; day: string; outcome: RunOutcome; counts: any; by: string; finishedAt: Date; report: string }[]> {
  const { rows } = await q.query(
    `SELECT id, provider, to_char(day, 'YYYY-MM-DD') AS day, outcome, counts, by, finished_at, report FROM reconcile_runs ORDER BY id DESC LIMIT $1`, [limit]);
  return rows.map((r: any) => ({ id: r.id, provider: r.provider, day: r.day, outcome: r.outcome, counts: r.counts, by: r.by, finishedAt: new Date(r.finished_at), report: r.report }));
}

/** Exit code of a command-line run: 1 if any could not run, else 2 if any found a discrepancy, else 0. */
export function exitCodeOf(reports: Pick<RunReport, 'outcome'>[]): number {
  if (reports.some((r) => r.outcome === 'FAILED')) return 1;
  return reports.some((r) => r.outcome === 'DISCREPANCIES') ? 2 : 0;
}

/**
 * The daily run: once a day per provider, the day before in its statement's time zone, after the hour its statements
 * are ready (WeChat Pay and Alipay from 10:00 Beijing time the next day, PayPal's transaction search within hours: all
 * taken at 10:30 of the next day in their zone), by one instance: reconcile_days holds one row per provider and day,
 * claimed with a conditional UPDATE whose due time is the lease (as the refund worker's queue), retried an hour later
 * (doubling) when the statement could not be had, done once its run is recorded.
 */
export class ReconcileWorker extends PollingWorker {
  constructor(private db: Db, private targets: Reconcilable[], private opts: RunOptions & { pollMs: number; retryBaseMs: number; now?: () => Date }) {
    super(opts.pollMs);
  }

  protected async round() {
    for (const t of this.targets) {
      if (this.stopped || !t.source) continue;
      try {
        // One clock for the schedule and the lease (a test's, or this process's).
        const now = this.opts.now?.() ?? new Date();
        const day = yesterdayIn(t.source.offset, now);
        const due = new Date(dayWindow(day, t.source.offset).end.getTime() + 10.5 * 3_600_000);
        await this.db.query(`INSERT INTO reconcile_days (provider, day, due_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [t.provider.name, day, due]);
        const { rows: [claimed] } = await this.db.query(
          `UPDATE reconcile_days SET due_at = $3::timestamptz + interval '30 minutes', tries = tries + 1
            WHERE provider = $1 AND day = $2 AND done_at IS NULL AND due_at <= $3 RETURNING tries`, [t.provider.name, day, now]);
        if (!claimed) continue;
        const report = await reconcileDay(this.db, t, day, this.opts);
        if (report.outcome === 'FAILED') {
          await this.db.query(`UPDATE reconcile_days SET due_at = $4::timestamptz + make_interval(secs => $3) WHERE provider = $1 AND day = $2`,
            [t.provider.name, day, retryDelayMs(this.opts.retryBaseMs, claimed.tries) / 1000, now]);
        } else {
          await this.db.query(`UPDATE reconcile_days SET done_at = now() WHERE provider = $1 AND day = $2`, [t.provider.name, day]);
        }
      } catch (e) {
        this.opts.log.error({ err: e, provider: t.provider.name }, 'reconciliation: the daily run failed');
      }
    }
  }
}
