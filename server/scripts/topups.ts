/**
 * Store-credit top-ups for the store operator (the reference server has no back office):
 *
 *   npm run topups -- list <e-mail>                                   the account's top-ups, refunds and balance
 *   npm run topups -- refund <depositID> [--amount 12.34] [--reason text] [--key k]
 *
 * A refund takes the amount out of the account's store credit at once (only what the account still holds: credit spent
 * on orders stays spent) and the running server's refund worker returns it to the payer through the provider, retrying
 * until it is accepted. The same command twice refunds once (the key is the top-up and the amount); a second refund
 * of the same amount needs its own --key. Uses the same database settings as the server (DATA_DIR or DATABASE_URL);
 * the embedded PGlite database is one process's: stop the server first (with PostgreSQL it can run alongside).
 */
import { notFound } from '../src/lib/errors.ts';
import { formatMoney } from '../src/lib/money.ts';
import { depositOf } from '../src/payments/deposits.ts';
import { depositRefundsOf, requestDepositRefund } from '../src/payments/depositRefunds.ts';
import { storeCreditBalance } from '../src/services/storeCredit.ts';
import { amountArg, operatorArgs, refundKeyPart, usageError, withOperatorDb } from './operatorDb.ts';
import { storeCurrency } from '../src/services/storeCurrency.ts';

const USAGE = 'usage: topups list <e-mail> | topups refund <depositID> [--amount 12.34] [--reason text] [--key k]';
const { positionals: [command, subject], values } = operatorArgs(USAGE, {
  allowPositionals: true,
  options: { amount: { type: 'string' }, reason: { type: 'string' }, key: { type: 'string' } },
});
if (!['list', 'refund'].includes(command) || !subject) usageError(USAGE);

await withOperatorDb(`topups ${command}`, async (db) => {
  if (command === 'list') {
    const user = (await db.query('SELECT id FROM users WHERE email = $1', [subject.trim().toLowerCase()])).rows[0];
    if (!user) throw notFound(`No account with e-mail ${subject}`);
    const { rows } = await db.query(
      `SELECT id, amount, currency, status, channel, created_at FROM payment_attempts WHERE user_id = $1 ORDER BY created_at DESC`, [user.id]);
    for (const t of rows) {
      const refunds = await depositRefundsOf(db, t.id);
      const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
      console.log(`${t.id}  ${new Date(t.created_at).toISOString()}  ${formatMoney(t.amount, t.currency)}  ${t.status}  ${t.channel}${refunded ? `  refunded ${formatMoney(refunded, t.currency)} (${refunds.map((r) => r.status).join(', ')})` : ''}`);
    }
    if (!rows.length) console.log('no top-ups');
    console.log(`store credit now: ${formatMoney(await storeCreditBalance(db, user.id), await storeCurrency(db))}`);
    return;
  }
  // The amount is in the top-up's own currency (the store currency it was paid in). Read from the top-up, not the
  // setting: an unknown top-up is then a 404 on any database, even one whose store is not set up.
  const { currency } = await depositOf(db, subject);
  const amount = amountArg(values.amount, currency);
  const key = `operator-topup-refund:${subject}:${refundKeyPart(values.key, amount)}`;
  const r = await db.tx((q) => requestDepositRefund(q, { depositID: subject, amount, reason: values.reason ?? 'Top-up refunded by the store', key }));
  if (r.repeated) {
    console.error(`nothing refunded: top-up ${r.depositID} was refunded ${formatMoney(r.amount, currency)} by ${r.id} on ${r.createdAt} ` +
      `with this ${values.key !== undefined ? '--key' : values.amount !== undefined ? 'amount' : 'command'} (${r.status}); to refund the same amount again, give a new --key`);
    return 1;
  }
  console.log(`refund ${r.id} of top-up ${r.depositID}: ${formatMoney(r.amount, currency)} (${r.status})`);
});
