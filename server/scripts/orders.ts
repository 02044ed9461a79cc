/**
 * The store operator's order desk (the reference server has no back office):
 *
 *   npm run orders -- today [--date YYYY-MM-DD] [--store ID] [--method PICKUP|DELIVERY|EAT_IN]   the day's orders
 *   npm run orders -- picklist [--date YYYY-MM-DD] [--store ID]            what to prepare, per store
 *   npm run orders -- move <orderID> ready|out-for-delivery|completed|cancelled --by NAME [--note text]
 *   npm run orders -- history <orderID>                                    the order's moves: when, who, from, to
 *   npm run orders -- refund <orderID> [--amount 12.34] [--reason text] [--key k]   refund all that is left, or part
 *   npm run orders -- cancel <orderID> --by NAME [--reason text]           cancel; a paid order is refunded in full
 *   npm run orders -- refunds <orderID>                                    the order's refunds and their state
 *
 * A move is checked against the allowed moves (src/orders/stateTable.ts); a refused one says why, exits 1 and changes
 * nothing. `ready` and `out-for-delivery` mail the shopper; `cancelled` is the lifecycle's operator cancel (stock, store
 * credit, commission and memberships come back; a paid order is refunded in full), as is `cancel`, which also cancels
 * an order already handed over. Every move and cancel is recorded in order_events with --by, shown by `history`.
 * Once the shop has staff accounts, --by is a staff member's e-mail (an unknown one is refused, exit 1) and the move is
 * recorded with their account, as in the back office; before, any name (features/admin/cliActor.ts). Moves, cancels
 * and refunds are lines of the back office's activity list too, marked as done on the command line.
 * A refund is recorded at once (store credit goes back at once); the running server's refund worker sends the online
 * part to the payment provider and retries until it is accepted. Running the same command twice refunds once (the
 * refund's key is the order and amount, or the order and --key, kept apart so a key never meets an amount); the repeat
 * says which refund it was and when, and exits 1 (nothing new). A second refund of the same amount needs its own --key.
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL). With PostgreSQL it runs beside the running
 * servers. The embedded PGlite database is one process's: stop the server first (operatorDb.ts refuses while it runs).
 */
import { notFound } from '../src/lib/errors.ts';
import { formatMoney } from '../src/lib/money.ts';
import { isMove, STORE_MOVES, type Move } from '../src/orders/stateTable.ts';
import { moveOrder, operatorCancel, requestRefund } from '../src/orders/lifecycle.ts';
import { dayOrders, pickList } from '../src/services/dayOrders.ts';
import { refundsOf } from '../src/services/refunds.ts';
import { ORDER_METHODS } from '../../contract/constants.ts';
import { amountArg, operatorArgs, refundKeyPart, usageError, withOperatorDb } from './operatorDb.ts';
import { actorOfBy, commandLineActor, viaCommandLine } from '../src/features/admin/cliActor.ts';
import { recordActivity, type Actor } from '../src/features/admin/service.ts';
import type { Queryable } from '../src/db/index.ts';

/**
 * A move or cancel by `--by`: on the order (order_events.staff_id when --by is a staff member, as the back office
 * records it) and in the back office's activity list.
 */
async function recordStoreAction(q: Queryable, by: Actor, orderId: number, action: string, detail: Record<string, unknown>) {
  if (by.id !== null) await q.query('UPDATE order_events SET staff_id = $1 WHERE id = (SELECT max(id) FROM order_events WHERE order_id = $2)', [by.id, orderId]);
  await recordActivity(q, by, action, String(orderId), { ...detail, ...viaCommandLine() });
}

const USAGE = [
  'usage: orders refund <orderID> [--amount 12.34] [--reason text] [--key k] | orders cancel <orderID> --by NAME [--reason text] | orders refunds <orderID>',
  '     | orders today [--date YYYY-MM-DD] [--store ID] [--method PICKUP|DELIVERY|EAT_IN] | orders picklist [--date YYYY-MM-DD] [--store ID]',
  `     | orders move <orderID> ${STORE_MOVES.join('|')} --by NAME [--note text] | orders history <orderID>`,
].join('\n');
const { positionals, values } = operatorArgs(USAGE, {
  allowPositionals: true,
  options: {
    amount: { type: 'string' }, reason: { type: 'string' }, key: { type: 'string' },
    date: { type: 'string' }, store: { type: 'string' }, method: { type: 'string' }, by: { type: 'string' }, note: { type: 'string' },
  },
});
const [command, orderID, move] = positionals;
const DAY_COMMANDS = ['today', 'picklist'];
const ORDER_COMMANDS = ['move', 'history', 'refund', 'cancel', 'refunds'];
if (DAY_COMMANDS.includes(command)) {
  if (positionals.length > 1) usageError(USAGE);
  if (values.method !== undefined && (command !== 'today' || !(ORDER_METHODS as readonly string[]).includes(values.method))) usageError(`--method is one of ${ORDER_METHODS.join(', ')} (today only)\n${USAGE}`);
} else if (!ORDER_COMMANDS.includes(command) || !/^\d{1,9}$/.test(orderID ?? '')) {
  usageError(USAGE);
}
if (command === 'move' && !isMove(move ?? '')) usageError(`move to one of ${STORE_MOVES.join(', ')}\n${USAGE}`);
if ((command === 'move' || command === 'cancel') && !values.by?.trim()) usageError(`${command} needs --by NAME: who does it is recorded\n${USAGE}`);

await withOperatorDb(`orders ${command}`, async (db) => {
  if (command === 'today') {
    const { day, orders } = await dayOrders(db, { date: values.date, store: values.store, method: values.method });
    console.log(`orders due ${day}: ${orders.length}`);
    let group = '';
    for (const o of orders) {
      const g = `${o.store ?? '(no store)'} ${o.method}`;
      if (g !== group) console.log(`${(group = g)}`);
      console.log(`  ${o.orderID}  ${o.due ?? '-'}  ${o.status}  ${o.paymentStatus}  ${o.customer || '-'}  ${o.items} items  ${formatMoney(o.total, o.currency)}`);
    }
    return;
  }
  if (command === 'picklist') {
    const { day, lines } = await pickList(db, { date: values.date, store: values.store });
    console.log(`to prepare for ${day}: ${lines.length} lines`);
    let store: string | null | undefined;
    for (const l of lines) {
      if (l.store !== store) console.log(`${(store = l.store) ?? '(no store)'}`);
      console.log(`  ${l.quantity} × ${l.name}${l.options ? ` (${l.options})` : ''}  [${l.productId}]  orders ${l.orderIDs.join(', ')}`);
    }
    return;
  }
  if (command === 'move') {
    const { order, from, by } = await db.tx(async (q) => {
      const by = await actorOfBy(q, values.by!);
      const moved = await moveOrder(q, Number(orderID), move as Move, by.email, values.note ?? '');
      await recordStoreAction(q, by, Number(orderID), `order.${move}`, { from: moved.from, to: moved.order.status, ...(values.note ? { note: values.note } : {}) });
      return { ...moved, by };
    });
    console.log(`order ${order.id}: ${from} -> ${order.status} (${order.payment_status}) by ${by.email}`);
    return;
  }
  if (command === 'history') {
    const { rows } = await db.query(
      'SELECT created_at, actor, from_status, to_status, note FROM order_events WHERE order_id = $1 ORDER BY id', [Number(orderID)]);
    if (!rows.length && !(await db.query('SELECT 1 FROM orders WHERE id = $1', [Number(orderID)])).rows.length) throw notFound(`Order ${orderID} not found`);
    for (const e of rows) console.log(`${new Date(e.created_at).toISOString()}  ${e.actor}  ${e.from_status} -> ${e.to_status}${e.note ? `  ${e.note}` : ''}`);
    if (!rows.length) console.log(`order ${orderID} has no moves`);
    return;
  }
  if (command === 'cancel') {
    const o = await db.tx(async (q) => {
      const by = await actorOfBy(q, values.by!);
      const before = (await q.query('SELECT status FROM orders WHERE id = $1', [Number(orderID)])).rows[0];
      const cancelled = await operatorCancel(q, Number(orderID), by.email, values.reason ?? '');
      if (before && before.status !== cancelled.status) {
        await recordStoreAction(q, by, cancelled.id, 'order.cancel', { from: before.status, to: cancelled.status, ...(values.reason ? { reason: values.reason } : {}) });
      }
      return cancelled;
    });
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
    const key = `operator-refund:${o.id}:${refundKeyPart(values.key, amount)}`;
    const r = await db.tx(async (q) => {
      const done = await requestRefund(q, { orderID: String(o.id), amount, reason: values.reason ?? 'Refunded by the store', key });
      if (!done.repeated) await recordActivity(q, commandLineActor(), 'order.refund', String(o.id), { refund: done.id, amount: done.amount, reason: values.reason ?? 'Refunded by the store', ...viaCommandLine() });
      return done;
    });
    if (r.repeated) {
      // Idempotent: the same command again refunds nothing, and says so (probe N6: it used to print a success).
      console.error(`nothing refunded: order ${r.orderID} was refunded ${formatMoney(r.amount, o.currency)} by ${r.id} on ${r.createdAt} ` +
        `with this ${values.key !== undefined ? '--key' : values.amount !== undefined ? 'amount' : 'command'} (${r.status}); to refund the same amount again, give a new --key`);
      return 1;
    }
    console.log(`refund ${r.id} of order ${r.orderID}: ${formatMoney(r.amount, o.currency)} (${r.status})`);
  }
});
