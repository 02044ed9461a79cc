/**
 * Refunds (src/services/refunds.ts): once per key, online part retried through provider errors and restarts until the
 * provider accepts it, store-credit part back in the ledger once, the order's states REFUND_PENDING → REFUNDED as the
 * shopper sees them, operator cancellation of a paid order, money for a void attempt returned, listeners told once.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { operatorCancel, requestRefund, setOrderSubscribers, type OrderRefund } from '../src/orders/lifecycle.ts';
import { ORDER_SUBSCRIBERS } from '../src/composition.ts';
import { freshDb, isError, ok, Shopper, startServer, payOnline, reservePickup, waitFor, type Running, type TestDb } from './helpers.ts';

const dbs: TestDb[] = [];
after(async () => {
  for (const d of dbs) await d.cleanup();
});

const FAST = { refundPollMs: 30, refundRetryBaseMs: 30 };

const events: (OrderRefund & { orderID: string })[] = [];
const cancelled: string[] = [];
const heard = {
  name: 'test',
  refunded: async (_q: unknown, o: { id: number }, r: OrderRefund) => void events.push({ orderID: String(o.id), ...r }),
  cancelled: async (_q: unknown, o: { id: number }) => void cancelled.push(String(o.id)),
};

async function start(config: Record<string, unknown> = {}, db?: TestDb): Promise<{ srv: Running; db: TestDb }> {
  if (!db) {
    db = await freshDb();
    dbs.push(db);
  }
  const srv = await startServer(db, { config: { ...FAST, ...config } });
  // The store's subscribers, and one that records what it is told (order ids start over in each fresh database).
  setOrderSubscribers([...ORDER_SUBSCRIBERS, heard]);
  events.length = 0;
  cancelled.length = 0;
  return { srv, db };
}

/** A guest's pickup order paid online in the sandbox; answers its id and total. */
async function paidOrder(s: Shopper): Promise<{ orderID: string; total: number }> {
  const { orderID, total } = await reservePickup(s, [['1012', 2]]);
  await payOnline(s, orderID);
  return { orderID, total };
}

test('a full refund retried through provider errors is one refund, and the shopper sees it on its way, then done', async () => {
  const { srv } = await start({ sandboxRefundFailures: 2 });
  try {
    const s = new Shopper(srv.base);
    const { orderID, total } = await paidOrder(s);
    const refund = () => srv.app.db.tx((q) => requestRefund(q, { orderID, reason: 'test', key: `full:${orderID}` }));
    const [first, second] = await Promise.all([refund(), refund()]);
    assert.equal(first.id, second.id, 'the same key is the same refund');
    assert.equal(first.amount, total);
    assert.equal(events.filter((e) => e.orderID === orderID).length, 1, 'subscribers hear of it once');
    assert.deepEqual(events.find((e) => e.orderID === orderID), { orderID, id: first.id, amount: total, credit: 0, full: true, restock: false });
    const pending = ok(await s.get(`/common3/orders/${orderID}`));
    assert.ok(['REFUND_PENDING', 'REFUNDED'].includes(pending.status), pending.status);
    assert.equal(pending.refunded, total);
    const done = await waitFor('the refund to be accepted', async () => {
      const o = ok(await s.get(`/common3/orders/${orderID}`));
      return o.status === 'REFUNDED' ? o : undefined;
    });
    assert.equal(done.refunded, total);
    const { rows } = await srv.app.db.query('SELECT status, attempts, last_error FROM refunds WHERE order_id = $1', [Number(orderID)]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, 'DONE');
    assert.equal(rows[0].attempts, 3, 'two refused tries, then accepted');
    await assert.rejects(refund().then(() => srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 1, reason: 'more', key: `more:${orderID}` }))),
      /\$0\.00 left to refund/);
  } finally {
    await srv.close();
  }
});

test('a refund waiting for the provider survives a restart and is sent once by the next process', async () => {
  const { srv, db } = await start({ sandboxRefundFailures: 1_000_000, refundRetryBaseMs: 60_000 });
  const s = new Shopper(srv.base);
  const { orderID } = await paidOrder(s);
  await srv.app.db.tx((q) => requestRefund(q, { orderID, amount: 500, reason: 'partial', key: `restart:${orderID}` }));
  await waitFor('a refused try', async () => ((await srv.app.db.query('SELECT attempts FROM refunds')).rows[0]?.attempts >= 1 ? true : undefined));
  await srv.close();
  const next = await start({ sandboxRefundFailures: 0 }, db);
  try {
    // The lease of the refused try ends; the new process takes it over.
    await next.srv.app.db.query(`UPDATE refunds SET next_attempt_at = now()`);
    // Its worker polls on its own: a round that began before the update finds nothing, the next one sends it.
    await waitFor('the refund sent by the new process', async () =>
      (await next.srv.app.db.query(`SELECT 1 FROM refunds WHERE status = 'DONE'`)).rows.length ? true : undefined);
    const { rows } = await next.srv.app.db.query('SELECT status FROM refunds WHERE order_id = $1', [Number(orderID)]);
    assert.deepEqual(rows.map((r: any) => r.status), ['DONE']);
    s.base = next.srv.base;
    const o = ok(await s.get(`/common3/orders/${orderID}`));
    assert.equal(o.status, 'NEW', 'a partial refund leaves the order as it was');
    assert.equal(o.refunded, 500);
  } finally {
    await next.srv.close();
  }
});

test('store credit goes back to the ledger once; nothing is refunded from an unpaid order or beyond what was paid', async () => {
  const { srv } = await start();
  try {
    const db = srv.app.db;
    const user = (await db.query(`SELECT id FROM users ORDER BY id LIMIT 1`)).rows[0];
    const order = (await db.query(
      `INSERT INTO orders (user_id, status, payment_status, method, subtotal, discount, tip, tax, shipping, store_credit, total, currency)
       VALUES ($1, 'NEW', 'PAID_BY_DISCOUNT', 'PICKUP', 800, 0, 0, 0, 0, 800, 0, 'CAD') RETURNING id`, [user.id])).rows[0];
    const orderID = String(order.id);
    const before = (await db.query('SELECT COALESCE(sum(amount),0)::int AS n FROM store_credit_ledger WHERE user_id = $1', [user.id])).rows[0].n;
    const r1 = await db.tx((q) => requestRefund(q, { orderID, amount: 300, reason: 'part', key: `credit:${orderID}` }));
    const r2 = await db.tx((q) => requestRefund(q, { orderID, amount: 300, reason: 'part', key: `credit:${orderID}` }));
    assert.equal(r1.id, r2.id);
    assert.equal(r1.status, 'DONE', 'a store-credit refund needs no provider');
    const afterOne = (await db.query('SELECT COALESCE(sum(amount),0)::int AS n FROM store_credit_ledger WHERE user_id = $1', [user.id])).rows[0].n;
    assert.equal(afterOne - before, 300);
    await assert.rejects(db.tx((q) => requestRefund(q, { orderID, amount: 501, reason: 'too much', key: `over:${orderID}` })), /\$5\.00 left to refund, not \$5\.01/);
    await assert.rejects(db.tx((q) => requestRefund(q, { orderID, amount: 0, reason: 'zero', key: `zero:${orderID}` })), /positive/);
    const rest = await db.tx((q) => requestRefund(q, { orderID, reason: 'rest', key: `rest:${orderID}` }));
    assert.equal(rest.amount, 500);
    assert.equal((await db.query('SELECT status FROM orders WHERE id = $1', [order.id])).rows[0].status, 'REFUNDED');

    const { orderID: unpaid } = await reservePickup(new Shopper(srv.base), [['1012', 1]]);
    await assert.rejects(db.tx((q) => requestRefund(q, { orderID: unpaid, reason: 'x', key: `unpaid:${unpaid}` })), /was not paid/);
  } finally {
    await srv.close();
  }
});

test('the operator cancels a paid order: refunded in full, stock back, subscribers told; the shopper cancels an unpaid one', async () => {
  const { srv } = await start();
  try {
    const db = srv.app.db;
    const stock = async () => (await db.query(`SELECT stock FROM variants WHERE product_id = 1012 ORDER BY option_pair LIMIT 1`)).rows[0].stock;
    const s = new Shopper(srv.base);
    const before = await stock();
    const { orderID, total } = await paidOrder(s);
    assert.equal(await stock(), before - 2);
    const o = await db.tx((q) => operatorCancel(q, Number(orderID), 'out of stock'));
    assert.equal(o.refunded, total);
    assert.equal(await stock(), before);
    assert.deepEqual(events.filter((e) => e.orderID === orderID).map((e) => [e.full, e.restock]), [[true, true]]);
    await db.tx((q) => operatorCancel(q, Number(orderID), 'again'));
    assert.equal((await db.query('SELECT count(*)::int AS n FROM refunds WHERE order_id = $1', [Number(orderID)])).rows[0].n, 1);
    assert.equal(await stock(), before, 'a second cancel returns nothing twice');

    const guest = new Shopper(srv.base);
    ok(await guest.post('/common3/clientRegistration', { emailID: 'refunds@example.com', password: 'longenough1', firstName: 'Grace', lastName: 'Hopper' }));
    const { orderID: unpaid } = await reservePickup(guest, [['1012', 1]]);
    ok(await guest.put(`/admin/orderManagement/cancelOrder/${unpaid}`));
    assert.ok(cancelled.includes(unpaid), 'a shopper\'s cancellation is heard too');
  } finally {
    await srv.close();
  }
});

test('money reported for a payment that could no longer pay its order is returned by the worker', async () => {
  const { srv } = await start();
  try {
    const s = new Shopper(srv.base);
    const { orderID } = await paidOrder(s);
    const db = srv.app.db;
    await db.query(
      `INSERT INTO payment_attempts (id, order_id, channel, status, amount, currency, return_url, error_message)
       VALUES ('stray1', $1, 'OTT', 'NEEDS_REFUND', 100, 'CAD', '/', 'Paid but not applied (order is NEW/PAID_ONLINE): refund')`, [Number(orderID)]);
    await waitFor('the stray payment to be returned', async () => {
      const { rows } = await db.query(`SELECT status, error_message FROM payment_attempts WHERE id = 'stray1'`);
      return rows[0].status === 'REFUNDED' ? rows[0] : undefined;
    });
    const { rows } = await db.query(`SELECT error_message FROM payment_attempts WHERE id = 'stray1'`);
    assert.match(rows[0].error_message, /Paid but not applied/, 'why it was returned stays on record');
    isError(await s.get('/common3/orders/abc'), 400);
  } finally {
    await srv.close();
  }
});
