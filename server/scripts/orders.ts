/**
 * The store operator's order desk (the reference server has no back office):
 *
 *   npm run orders -- refund <orderID> [--amount 12.34] [--reason text] [--key k]   refund all that is left, or part
 *   npm run orders -- cancel <orderID> [--reason text]                     cancel; a paid order is refunded in full
 *   npm run orders -- refunds <orderID>                                    the order's refunds and their state
 *
 * A refund is recorded at once (store credit goes back at once); the running server's refund worker sends the online
 * part to the payment provider and retries until it is accepted. Running the same command twice refunds once (the
 * refund's key is the order and amount); a second refund of the same amount needs its own --key.
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside).
 */
import { notFound } from '../src/lib/errors.ts';
import { formatMoney } from '../src/lib/money.ts';
import { operatorCancel, requestRefund } from '../src/orders/lifecycle.ts';
import { refundsOf } from '../src/services/refunds.ts';
import { amountArg, operatorArgs, usageError, withOperatorDb } from './operatorDb.ts';

const USAGE = 'usage: orders refund <orderID> [--amount 12.34] [--reason text] [--key k] | orders cancel <orderID> [--reason text] | orders refunds <orderID>';
const { positionals, values } = operatorArgs(USAGE, {
  allowPositionals: true,
  options: { amount: { type: 'string' }, reason: { type: 'string' }, key: { type: 'string' } },
});
const [command, orderID] = positionals;
if (!['refund', 'cancel', 'refunds'].includes(command) || !/^\d{1,9}$/.test(orderID ?? '')) usageError(USAGE);

await withOperatorDb(`orders ${command}`, async (db) => {
  const reason = values.reason ?? 'Refunded by the store';
  if (command === 'cancel') {
    const o = await db.tx((q) => operatorCancel(q, Number(orderID), reason));
    console.log(`order ${o.id}: ${o.status} (${o.payment_status}), refunded ${formatMoney(o.refunded, o.currency)}`);
    return;
  }
  const o = (await db.query('SELECT id, currency FROM orders WHERE id = $1', [Number(orderID)])).rows[0];
  if (!o) throw notFound(`Order ${orderID} not found`);
  if (command === 'refunds') {
    const refunds = await refundsOf(db, o.id);
    for (const r of refunds) console.log(`${r.id}  ${formatMoney(r.amount, o.currency)}  ${r.status}`);
    if (!refunds.length) console.log(`order ${o.id} has no refunds`);
  } else {
    const amount = amountArg(values.amount, o.currency);
    const key = `operator-refund:${o.id}:${values.key ?? amount ?? 'rest'}`;
    const r = await db.tx((q) => requestRefund(q, { orderID: String(o.id), amount, reason, key }));
    console.log(`refund ${r.id} of order ${r.orderID}: ${formatMoney(r.amount, o.currency)} (${r.status})`);
  }
});
