/**
 * What in the store's money needs the operator's hand (issue 40 item 4; the reference server has no back office):
 *
 *   npm run attention [-- list] [--stuck-after MINUTES]   stuck refunds, payments to return, open disputes, failed
 *                                                         WeChat shipping uploads, statement lines the daily
 *                                                         reconciliation found, oldest first (list: the default)
 *   npm run attention -- handled refund|statement ID --by NAME
 *                                                         marks a refund the provider ended ABNORMAL/CLOSED, or a
 *                                                         statement line, handled by hand (who and when; once)
 *
 * One line each: since when (UTC), what (refund, return, dispute, shipping), its id, the order or top-up, the amount
 * and what the record says (tries, the provider's last refusal, the dispute's status and reason); then a count. A
 * pending refund or return is listed once the provider refused it 3 times, or when it has waited longer than
 * --stuck-after minutes (default 60); a refund the provider accepted and then reported ABNORMAL or CLOSED until it
 * reports SUCCESS; an upload once WeChat refused it. What is listed and why: src/payments/attention.ts.
 * Exit 0 when it could look (whether or not anything is listed), 1 when it could not (the database), 2 for a wrong
 * command line; --help prints this usage. Once the shop has staff accounts, --by is a staff member's e-mail (an unknown
 * one is refused, exit 1), recorded with their account in the back office's activity list (features/admin/cliActor.ts).
 * `list` reads only. Uses the same database settings as the server (DATA_DIR or DATABASE_URL); the embedded PGlite database is one process's: stop the server first (with PostgreSQL it runs beside).
 */
import { formatMoney } from '../src/lib/money.ts';
import { markHandled, needsAttention } from '../src/payments/attention.ts';
import { operatorArgs, usageError, withOperatorDb } from './operatorDb.ts';
import { actorOfBy, viaCommandLine } from '../src/features/admin/cliActor.ts';
import { recordActivity } from '../src/features/admin/service.ts';

const USAGE = 'usage: attention [list] [--stuck-after MINUTES]   (stuck refunds, payments to return, open disputes, failed WeChat shipping uploads, statement lines; oldest first)\n' +
  '       attention handled refund|statement ID --by NAME   (a refund the provider ended ABNORMAL/CLOSED, or a statement line, dealt with by hand)';
const { positionals, values } = operatorArgs(USAGE, {
  allowPositionals: true,
  options: { 'stuck-after': { type: 'string' }, by: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(USAGE);
} else if (positionals[0] === 'handled') {
  const [, kind, id] = positionals;
  if (positionals.length !== 3 || (kind !== 'refund' && kind !== 'statement') || values['stuck-after'] !== undefined) usageError(USAGE);
  const name = values.by?.trim();
  if (!name || name.length > 100) usageError(`--by names who handled it (at most 100 characters)\n${USAGE}`);
  await withOperatorDb('attention handled', async (db) => {
    const { at, by } = await db.tx(async (q) => {
      const by = await actorOfBy(q, name);
      const at = await markHandled(q, kind, id, by.email);
      await recordActivity(q, by, `attention.${kind}.handled`, id, viaCommandLine());
      return { at, by };
    });
    console.log(`${kind} ${id} marked handled by ${by.email} at ${at.toISOString()}`);
  });
} else {
  if (values.by !== undefined) usageError(USAGE);
  if (positionals.length > 1 || (positionals[0] ?? 'list') !== 'list') usageError(USAGE);
  const raw = values['stuck-after'] ?? '60';
  if (!/^\d{1,6}$/.test(raw)) usageError(`--stuck-after is a whole number of minutes\n${USAGE}`);

  await withOperatorDb('attention list', async (db) => {
    const items = await needsAttention(db, { stuckAfterMinutes: Number(raw) });
    for (const i of items) {
      const subject = i.orderId != null ? `order ${i.orderId}` : i.depositId ? `top-up ${i.depositId}` : '-';
      const money = i.amount != null && i.currency ? formatMoney(i.amount, i.currency) : '-';
      console.log(`${i.since.toISOString()}  ${i.kind.padEnd(8)}  ${i.id}  ${subject}  ${money}  ${i.detail}`);
    }
    console.log(items.length ? `${items.length} need${items.length === 1 ? 's' : ''} a hand` : 'nothing needs a hand');
  });
}
