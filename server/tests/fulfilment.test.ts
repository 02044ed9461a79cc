/**
 * The day's orders (issue 26 item 3): the operator's `npm run orders -- today | picklist | move | history`, run as a
 * child process as `npm run` does. On PostgreSQL the CLI runs beside the running server (the shop stays open); on the
 * embedded PGlite database the server is stopped around each batch of runs, and the CLI refuses while the server holds
 * the database.
 * The store's moves are rows of the lifecycle's state table (src/orders/stateTable.ts), tested pair by pair in
 * state-table.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { registered } from './memberHelpers.ts';
import { ADDRESS, CONTACT, freshDb, mailTo, ok, payOnline, reservePickup, deskOf, type Desk, runCli, Shopper, startServer, tomorrow, type Running, type TestDb } from './helpers.ts';

describe('npm run orders: the day\'s orders', () => {
  let db: TestDb;
  let srv: Running;
  before(async () => {
    db = await freshDb();
    srv = await startServer(db);
  });
  after(async () => {
    await srv.close();
    await db.cleanup();
  });

  const atTheDesk = <T>(work: (orders: Desk) => Promise<T>) => work(deskOf(srv, 'orders'));
  /** What a desk run that must succeed printed. */
  const done = (r: Awaited<ReturnType<Desk>>) => {
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  const desk = (...args: string[]) => atTheDesk(async (orders) => done(await orders(...args)));
  const sql = async (text: string, params: unknown[] = []) => (await srv.app.db.query(text, params)).rows;
  const row = async (id: string) => (await sql('SELECT status, payment_status, refunded, updated_at FROM orders WHERE id = $1', [Number(id)]))[0];
  const events = async (id: string) =>
    (await sql('SELECT from_status, to_status, actor, note, created_at FROM order_events WHERE order_id = $1 ORDER BY id', [Number(id)]));
  const mailsTo = async (to: string) => (await sql('SELECT kind FROM mail_queue WHERE to_address = $1 ORDER BY id', [to])).map((r: any) => r.kind);
  const contact = (email: string) => ({ ...CONTACT, email });

  /** A pickup order of a signed-in shopper at TOR-DT, to pay at the store, due tomorrow (the first day a shopper can choose). */
  async function pickupOrder(email: string, lines: [productId: string, quantity: number, optionPair?: string][], locale: 'en' | 'zh' = 'en') {
    const s = await registered(srv.base, 'Ada', 'Lovelace');
    if (locale === 'zh') ok(await s.get('/common3/changeLocale/zh'));
    for (const [productId, quantity, optionPair] of lines) ok(await s.post('/shoppingManagement4/myCart', { productId, quantity, ...(optionPair ? { optionPair } : {}) }));
    const { orderID } = await reservePickup(s, [], contact(email));
    ok(await s.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
    return { s: s as Shopper, orderID };
  }
  /** A delivery order paid online (no delivery time chosen: due the day it was paid). */
  async function deliveryOrder(email: string) {
    const s = await registered(srv.base, 'Ada', 'Lovelace');
    ok(await s.post('/shoppingManagement4/myCart', { productId: '1048', quantity: 1 }));
    ok(await s.post('/shoppingManagement4/orderDeliverInfo', ADDRESS));
    ok(await s.post('/shoppingManagement4/orderContactInfo?methodName=DELIVERY', contact(email)));
    const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
    await payOnline(s, orderID);
    return { s: s as Shopper, orderID: orderID as string };
  }

  /** The order as its shopper's order API shows it (the server may have been restarted on another port). */
  const shown = async (s: Shopper, orderID: string) => {
    s.base = srv.base;
    return ok(await s.get(`/admin/orderManagement/order/${orderID}`));
  };
  // The tests below run in order and follow the same orders (each CLI run costs seconds on a loaded machine, and on
  // PGlite so does each stop and start of the server around a batch of them).
  const day = tomorrow();
  let a: { s: Shopper; orderID: string };
  let b: { s: Shopper; orderID: string };
  let delivery: { s: Shopper; orderID: string };

  test('today lists the day\'s orders by store and method; picklist sums what to prepare per store', async () => {
    a = await pickupOrder('pick-a@example.com', [['1011', 2], ['1001', 1, 'grind:Espresso']]);
    b = await pickupOrder('pick-b@example.com', [['1011', 3]]);
    const [out, pick, pickOnceReady] = await atTheDesk(async (orders) => {
      const listed = [done(await orders('today', '--date', day)), done(await orders('picklist', '--date', day, '--store', 'TOR-DT'))];
      done(await orders('move', b.orderID, 'ready', '--by', 'sam'));
      return [...listed, done(await orders('picklist', '--date', day, '--store', 'TOR-DT'))];
    });
    const lines = out.split('\n');
    assert.match(lines[0], new RegExp(`^orders due ${day}: \\d+$`));
    const header = lines.indexOf('TOR-DT PICKUP');
    assert.ok(header > 0, out);
    const rowA = lines.findIndex((l) => l.startsWith(`  ${a.orderID}  ${day} 10:30  NEW  PAY_AT_STORE  Ada Lovelace  3 items`));
    const rowB = lines.findIndex((l) => l.startsWith(`  ${b.orderID}  ${day} 10:30  NEW  PAY_AT_STORE  Ada Lovelace  3 items`));
    assert.ok(rowA > header && rowB > rowA, out);

    assert.match(pick, new RegExp(`^to prepare for ${day}: \\d+ lines\\nTOR-DT\\n`));
    assert.match(pick, new RegExp(`^  5 × .+  \\[1011\\]  orders ${a.orderID}, ${b.orderID}$`, 'm'));
    assert.match(pick, new RegExp(`^  1 × .+ \\(.+\\)  \\[1001\\]  orders ${a.orderID}$`, 'm'), 'with its option');

    // Ready orders are prepared: they leave the pick list.
    assert.match(pickOnceReady, new RegExp(`^  2 × .+  \\[1011\\]  orders ${a.orderID}$`, 'm'));

    // Without --date: today in the store's time zone. An order due today is listed; tomorrow's are not.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    await sql('UPDATE orders SET pickup_date_time = $2 WHERE id = $1', [Number(a.orderID), `${today} 18:00`]);
    const now = await desk('today', '--store', 'TOR-DT');
    assert.match(now, new RegExp(`^orders due ${today}: `));
    assert.match(now, new RegExp(`^  ${a.orderID}  ${today} 18:00  NEW`, 'm'));
    assert.doesNotMatch(now, new RegExp(`  ${b.orderID}  `));
  });

  test('ready for pickup, then completed: the shopper is mailed, each move is recorded with --by, the order API shows it', async () => {
    const before = Date.now();
    assert.equal(await desk('move', a.orderID, 'ready', '--by', 'Mia at the counter'),
      `order ${a.orderID}: NEW -> READY_FOR_PICKUP (PAY_AT_STORE) by Mia at the counter\n`);
    const detail = await shown(a.s, a.orderID);
    assert.equal(detail.status, 'READY_FOR_PICKUP');
    assert.equal(detail.cancellable, false, 'the shopper no longer cancels an order the store has prepared');
    const mail = await mailTo(db, 'order-ready', 'pick-a@example.com');
    assert.match(mail.subject, new RegExp(`order ${a.orderID} is ready for pickup`));
    assert.match(mail.text, /Downtown Toronto, 220 Yonge St, Toronto/);
    assert.match(mail.text, /Please pay when you collect it\./);

    const history = await atTheDesk(async (orders) => {
      done(await orders('move', a.orderID, 'completed', '--by', 'mia', '--note', 'collected'));
      return done(await orders('history', a.orderID));
    });
    assert.equal((await shown(a.s, a.orderID)).status, 'COMPLETED');
    const recorded = await events(a.orderID);
    assert.deepEqual(recorded.map((e: any) => [e.from_status, e.to_status, e.actor, e.note]),
      [['NEW', 'READY_FOR_PICKUP', 'Mia at the counter', ''], ['READY_FOR_PICKUP', 'COMPLETED', 'mia', 'collected']]);
    for (const e of recorded) assert.ok(new Date(e.created_at).getTime() >= before - 1000, 'recorded when it happened');
    assert.deepEqual(await mailsTo('pick-a@example.com'), ['order-receipt', 'order-ready'], 'completing sends nothing');
    assert.match(history,
      new RegExp(`^\\S+Z  Mia at the counter  NEW -> READY_FOR_PICKUP\\n\\S+Z  mia  READY_FOR_PICKUP -> COMPLETED  collected\\n$`));
  });

  test('out for delivery mails the shopper in the language of the order; the order API shows it', async () => {
    delivery = await deliveryOrder('out@example.com');
    const zh = await pickupOrder('zh@example.com', [['1011', 1]], 'zh');
    const deliveries = await atTheDesk(async (orders) => {
      done(await orders('move', delivery.orderID, 'out-for-delivery', '--by', 'driver-1'));
      done(await orders('move', zh.orderID, 'ready', '--by', 'mia'));
      return done(await orders('today', '--method', 'DELIVERY'));
    });
    assert.equal((await shown(delivery.s, delivery.orderID)).status, 'OUT_FOR_DELIVERY');
    const mail = await mailTo(db, 'order-out-for-delivery', 'out@example.com');
    assert.match(mail.subject, new RegExp(`order ${delivery.orderID} is out for delivery`));
    assert.match(deliveries, new RegExp(`^  ${delivery.orderID}  -  OUT_FOR_DELIVERY  PAID_ONLINE`, 'm'));
    assert.doesNotMatch(deliveries, /PICKUP/, 'only the method asked for');

    const zhMail = await mailTo(db, 'order-ready', 'zh@example.com');
    assert.match(zhMail.subject, new RegExp(`订单 ${zh.orderID} 可以取货了`));
    assert.match(zhMail.text, /多伦多市中心店/);
  });

  test('a refused move says why, exits 1 and changes nothing', async () => {
    const cases: [string, string, RegExp][] = [
      [a.orderID, 'ready', new RegExp(`Order ${a.orderID}: an order that is COMPLETED cannot be moved to READY_FOR_PICKUP \\(only from NEW\\)`)],
      [delivery.orderID, 'ready', new RegExp(`Order ${delivery.orderID}: ready is not a move for a delivery order`)],
      ['999999', 'completed', /Order 999999 not found/],
    ];
    const before = new Map<string, unknown>();
    for (const [id] of cases) if (id !== '999999') before.set(id, { row: await row(id), events: await events(id) });
    const refusals = await atTheDesk(async (orders) => {
      const out = [];
      for (const [id, move] of cases) out.push(await orders('move', id, move, '--by', 'mia'));
      return out;
    });
    for (const [i, [id, move, why]] of cases.entries()) {
      const r = refusals[i];
      assert.equal(r.code, 1, `${id} ${move}: ${r.stdout}`);
      assert.match(r.stderr, new RegExp(`^orders move: ${why.source}\\n$`));
      assert.equal(r.stdout, '');
      if (before.has(id)) assert.deepEqual({ row: await row(id), events: await events(id) }, before.get(id), 'the order is as it was, nothing recorded');
    }
    assert.deepEqual(await mailsTo('out@example.com'), ['order-receipt', 'order-out-for-delivery'], 'no mail for a refused move');

    // A wrong command line exits 2 before the database opens (the server may run): no --by, an unknown move.
    const noBy = await deskOf(srv, 'orders')('move', delivery.orderID, 'completed');
    assert.equal(noBy.code, 2);
    assert.match(noBy.stderr, /^move needs --by NAME/);
    const unknown = await deskOf(srv, 'orders')('move', delivery.orderID, 'shipped', '--by', 'mia');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^move to one of ready, out-for-delivery, completed, cancelled/);
    assert.equal((await row(delivery.orderID)).status, 'OUT_FOR_DELIVERY');
  });

  test('cancelled goes through the lifecycle\'s cancel: a paid order is refunded and its stock comes back; an unpaid ready one is cancelled, and cancelling it again changes and records nothing', async () => {
    const stock = async () => (await sql(`SELECT stock FROM variants WHERE product_id = 1048 AND option_pair = ''`))[0].stock as number;
    const stockBefore = await stock();
    const [out, cancelledAgain, history] = await atTheDesk(async (orders) => {
      const paid = done(await orders('move', delivery.orderID, 'cancelled', '--by', 'manager', '--note', 'address unreachable'));
      done(await orders('move', b.orderID, 'cancelled', '--by', 'mia', '--note', 'not collected'));
      return [paid, done(await orders('cancel', b.orderID, '--by', 'mia', '--reason', 'twice')), done(await orders('history', b.orderID))];
    });
    assert.match(out, new RegExp(`^order ${delivery.orderID}: OUT_FOR_DELIVERY -> REFUND(_PENDING|ED) \\(PAID_ONLINE\\) by manager\\n$`));
    const [{ total, refunded }] = await sql('SELECT total, refunded FROM orders WHERE id = $1', [Number(delivery.orderID)]);
    assert.equal(refunded, total, 'refunded in full');
    assert.equal(await stock(), stockBefore + 1, 'its unit is back on sale');
    assert.deepEqual((await events(delivery.orderID)).map((e: any) => [e.from_status, e.actor, e.note]).at(-1), ['OUT_FOR_DELIVERY', 'manager', 'address unreachable']);
    assert.match((await shown(delivery.s, delivery.orderID)).status, /^REFUND(_PENDING|ED)$/);

    // b was READY_FOR_PICKUP and to pay at the store: nothing to refund, it is cancelled as it stands.
    assert.deepEqual(await sql('SELECT status, refunded FROM orders WHERE id = $1', [Number(b.orderID)]), [{ status: 'CANCELLED', refunded: 0 }]);
    assert.equal((await shown(b.s, b.orderID)).status, 'CANCELLED');
    assert.equal(cancelledAgain, `order ${b.orderID}: CANCELLED (PAY_AT_STORE), refunded $0.00\n`);
    assert.match(history, new RegExp(`^\\S+Z  sam  NEW -> READY_FOR_PICKUP\\n\\S+Z  mia  READY_FOR_PICKUP -> CANCELLED  not collected\\n$`), 'the second cancel is not a move');
  });

  test('on the embedded database the order desk refuses while the server has it open (operatorDb.ts, every CLI: operator-cli.test.ts)', { skip: !process.env.DATABASE_URL ? false : 'PostgreSQL: the desk runs beside the server (every other test here)' }, async () => {
    assert.ok(fs.existsSync(path.join(db.dataDir, 'pglite.pid')));
    const r = await runCli(db, 'orders', 'today');
    assert.equal(r.code, 1);
    assert.match(r.stderr, new RegExp(`^orders today: process ${process.pid} \\(the server, or another operator CLI\\) has the embedded database \\(.+\\) open; stop it first`));
    assert.equal(r.stdout, '');
  });
});
