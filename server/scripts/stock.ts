/**
 * The store operator's stock desk and back-in-stock alerts (the reference server has no back office):
 *
 *   npm run stock -- set <productID> <N> [--option "color:Red,size:M"]   the stock of the product (or of one option pair)
 *   npm run stock -- alerts                                                 shoppers waiting for each sold-out product (pair)
 *
 * Stock that comes back (set here, by a cancelled or expired order, a refund, or SQL) is noticed by the running server's
 * restock worker (RESTOCK_POLL_MS), which e-mails each waiting shopper once in their language.
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside); on PGlite the mail goes out when it starts.
 */
import { setStock, waitingAlerts } from '../src/services/restock.ts';
import { operatorArgs, usageError, withOperatorDb } from './operatorDb.ts';

const USAGE = 'usage: stock set <productID> <N> [--option "name:value,name:value"] | stock alerts';
const { positionals, values } = operatorArgs(USAGE, { allowPositionals: true, options: { option: { type: 'string' } } });
const [command, productID, count] = positionals;
const setting = command === 'set' && /^\d{1,9}$/.test(productID ?? '') && /^\d{1,7}$/.test(count ?? '');
if (!setting && !(command === 'alerts' && positionals.length === 1)) usageError(USAGE);

await withOperatorDb(`stock ${command}`, async (db) => {
  if (setting) {
    const { optionPair, before } = await setStock(db, Number(productID), values.option, Number(count));
    console.log(`product ${productID}${optionPair ? ` (${optionPair})` : ''}: stock ${before} → ${count}`);
    const waiting = (await waitingAlerts(db)).filter((a) => a.productId === Number(productID));
    const n = waiting.reduce((sum, a) => sum + a.waiting, 0);
    if (n && Number(count) > 0) console.log(`${n} shopper(s) wait for it: the running server e-mails those whose choice is in stock now`);
  } else {
    const alerts = await waitingAlerts(db);
    for (const a of alerts) console.log(`product ${a.productId}${a.optionPair ? ` (${a.optionPair})` : ' (any option)'}: ${a.waiting} waiting`);
    if (!alerts.length) console.log('nobody is waiting for a product');
  }
});
