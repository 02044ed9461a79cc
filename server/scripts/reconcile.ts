/**
 * Daily reconciliation with the payment providers' statements (issue 40 item 2; the reference server has no back office):
 *
 *   npm run reconcile [-- --date YYYY-MM-DD] [--provider wechatpay|alipay|paypal|snappay|iotpay] [--by NAME]
 *       fetches each configured provider's statement of the day (default: yesterday in the statement's time zone:
 *       Beijing for WeChat Pay and Alipay, UTC for PayPal), matches every line to the store's payments and refunds,
 *       applies a payment the store had not recorded through the notification's code, records a refund the statement
 *       shows failed, and prints each provider's report (also kept in the database, and mailed to MAIL_OPERATOR when it
 *       is set and the run found something or could not run). A provider without a documented statement API is listed
 *       as not reconciled.
 *   npm run reconcile -- list [--limit N]
 *       past runs, newest first, with their reports.
 *
 * Exit 0 when every statement matched (or nothing could be reconciled), 2 when a discrepancy was found, 1 when a run
 * could not be made (a statement that could not be had, the database, a wrong command line, --provider naming one not
 * configured or without a statement). Running it twice changes nothing more than once. The server runs it once a day
 * by itself (one instance: payments/reconcile.ts ReconcileWorker). Uses the same database settings and provider
 * variables as the server (DATA_DIR or DATABASE_URL; the embedded PGlite database is one process's: stop the server
 * first).
 */
import { parseArgs } from 'node:util';
import { exitCodeOf, isDay, pastRuns, reconcileDay, yesterdayIn, type RunReport } from '../src/payments/reconcile.ts';
import { reconcilables, RECONCILE_PROVIDERS } from '../src/payments/statements/index.ts';
import { cliArgs, usageError, withOperatorDb } from './operatorDb.ts';
import { actorOfBy, commandLineActor, viaCommandLine } from '../src/features/admin/cliActor.ts';
import { recordActivity } from '../src/features/admin/service.ts';

const USAGE = 'usage: reconcile [--date YYYY-MM-DD] [--provider wechatpay|alipay|paypal|snappay|iotpay] [--by NAME]\n' +
  '       reconcile list [--limit N]\n' +
  '(exit 0 all matched, 2 discrepancies found, 1 could not run)';

/** A wrong command line: it could not run (1; 2 means discrepancies here). */
const cannotRun = (message: string): never => usageError(message, 1);

let parsed!: ReturnType<typeof parseArgs<{ allowPositionals: true; options: { date: { type: 'string' }; provider: { type: 'string' }; by: { type: 'string' }; limit: { type: 'string' }; help: { type: 'boolean'; short: 'h' } } }>>;
try {
  parsed = parseArgs({
    args: cliArgs(), allowPositionals: true,
    options: { date: { type: 'string' }, provider: { type: 'string' }, by: { type: 'string' }, limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
} catch (e) {
  cannotRun(`${(e as Error).message}\n${USAGE}`);
}
const { positionals, values } = parsed;

if (values.help) {
  console.log(USAGE);
} else if (positionals[0] === 'list') {
  if (positionals.length > 1 || values.date || values.provider) cannotRun(USAGE);
  const limit = values.limit ?? '30';
  if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1) cannotRun(`--limit is a whole number of runs\n${USAGE}`);
  await withOperatorDb('reconcile list', async (db) => {
    const runs = await pastRuns(db, Number(limit));
    for (const r of runs) console.log(`#${r.id}  ${r.finishedAt.toISOString()}  by ${r.by}\n${r.report}\n`);
    console.log(runs.length ? `${runs.length} run${runs.length === 1 ? '' : 's'}` : 'no reconciliation has run yet');
  });
} else {
  if (positionals.length) cannotRun(USAGE);
  if (values.limit) cannotRun(`--limit is for list\n${USAGE}`);
  if (values.date !== undefined && !isDay(values.date)) cannotRun(`--date is a day, YYYY-MM-DD\n${USAGE}`);
  if (values.provider !== undefined && !(RECONCILE_PROVIDERS as readonly string[]).includes(values.provider)) cannotRun(`--provider is one of ${RECONCILE_PROVIDERS.join(', ')}\n${USAGE}`);
  let targets!: ReturnType<typeof reconcilables>;
  try {
    targets = reconcilables(process.env);
  } catch (e) {
    cannotRun(`reconcile: the providers' settings: ${(e as Error).message}`);
  }
  if (values.provider) {
    targets = targets.filter((t) => t.provider.name === values.provider);
    if (!targets.length) cannotRun(`reconcile: ${values.provider} is not configured (its variables are not set)`);
  }
  await withOperatorDb('reconcile', async (db) => {
    // --by: a staff member's e-mail once the shop has staff (features/admin/cliActor.ts); without it, 'cli' as before.
    const actor = values.by === undefined ? null : await actorOfBy(db, values.by);
    const by = actor?.email ?? 'cli';
    if (!targets.length) {
      console.log('no real payment provider is configured: nothing to reconcile');
      return 0;
    }
    const quiet = { info() {}, warn() {}, error(o: object, msg: string) { console.error(msg); } };
    const reports: RunReport[] = [];
    for (const t of targets) {
      const day = values.date ?? (t.source ? yesterdayIn(t.source.offset) : yesterdayIn('Z'));
      const report = await reconcileDay(db, t, day, { by, log: quiet, mailTo: process.env.MAIL_OPERATOR || undefined });
      console.log(`${report.text}\n`);
      reports.push(report);
      await recordActivity(db, actor ?? commandLineActor(), 'reconcile.run', `${t.provider.name} ${day}`, { outcome: report.outcome, ...viaCommandLine() });
    }
    // Asked for one provider that has no statement: it could not be reconciled.
    if (values.provider && reports.every((r) => r.outcome === 'NOT_RECONCILED')) return 1;
    return exitCodeOf(reports);
  });
}
