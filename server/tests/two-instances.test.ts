/**
 * Two server processes' worth of instances on one PostgreSQL database, as behind a load balancer: a shopper whose
 * consecutive requests land on different instances keeps session, cart and checkout, pays and sees the order; the
 * scheduled work both instances run (mail queue, refund worker, expired-hold sweep) happens exactly once.
 * PostgreSQL only (the embedded PGlite database belongs to one process): `npm test` runs it in its PostgreSQL pass.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { expireReservations, requestRefund } from '../src/orders/lifecycle.ts';
import { CONTACT, freshDb, ok, Shopper, startServer, tomorrow, reservePickup, waitFor, type Running, type TestDb } from './helpers.ts';

/** Waits up to 15 s for `probe` to answer something other than undefined. */
const until = <T>(what: string, probe: () => Promise<T | undefined>) => waitFor(what, probe, 15_000);

const onPostgres = Boolean(process.env.DATABASE_URL);
let db: TestDb;
let a: Running;
let b: Running;

/** A shopper whose every request goes to the other instance than the one before. */
class RoundRobinShopper extends Shopper {
  private turn = 0;
  constructor(private instances: Running[]) {
    super(instances[0].base);
  }
  override req<T = any>(...args: Parameters<Shopper['req']>) {
    this.base = this.instances[this.turn++ % this.instances.length].base;
    return super.req<T>(...args);
  }
}

before(async () => {
  if (!onPostgres) return;
  db = await freshDb();
  const config = { mailPollMs: 20, refundPollMs: 20, refundRetryBaseMs: 20 };
  [a, b] = [await startServer(db, { config }), await startServer(db, { config })];
});
after(async () => {
  if (!onPostgres) return;
  await a.close();
  await b.close();
  await db.cleanup();
});

test('a shopper served by both instances in turn signs up, fills the cart, checks out, pays and sees the order', { skip: !onPostgres && 'PostgreSQL only' }, async () => {
  const s = new RoundRobinShopper([a, b]);
  ok(await s.post('/common3/clientRegistration', { emailID: 'both@example.com', password: 'longenough1', firstName: 'Ada', lastName: 'Both' }));
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1012', quantity: 2 }));
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1012', quantity: 1 }));
  assert.equal(ok(await s.get('/shoppingManagement4/myCart')).itemCount, 3, 'the cart is the same on both');
  ok(await s.post('/shoppingManagement4/updateOrderMethod', { method: 'PICKUP' }));
  ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', CONTACT));
  ok(await s.post('/shoppingManagement4/orderPickupDateTime', { date: tomorrow(), time: '10:30' }));
  const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
  const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
  ok(await s.post(`${b.base}${new URL(redirectUrl).pathname}/pay`));
  ok(await s.post(`${a.base}${new URL(redirectUrl).pathname}/pay`));
  assert.equal(ok(await s.get(`/common3/orderStatus/${orderID}`)).paymentStatus, 'PAID_ONLINE');
  const mine = ok(await s.get('/admin/orderManagement/orders/list'));
  assert.deepEqual(mine.orders.map((o: any) => o.orderID), [orderID]);
  assert.equal(ok(await s.get('/shoppingManagement4/myCart')).itemCount, 0, 'the paid cart is empty on both');

  // Both mail workers poll the one queue: the receipt is written once.
  const outbox = path.join(db.dataDir, 'outbox');
  const receipts = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes('order-receipt')) : []);
  await until('the receipt', async () => (receipts().length ? true : undefined));
  const sent = await until('the receipt marked sent', async () => {
    const { rows } = await a.app.db.query(`SELECT status, attempts FROM mail_queue WHERE kind = 'order-receipt'`);
    return rows.every((r: any) => r.status === 'SENT') ? rows : undefined;
  });
  assert.deepEqual(sent.map((r: any) => r.attempts), [1], 'one worker took it, once');
  assert.equal(receipts().length, 1);

  // Both refund workers poll the one table: the refund goes to the provider once.
  await a.app.db.tx((q) => requestRefund(q, { orderID, reason: 'two instances', key: `both:${orderID}` }));
  const refund = await until('the refund', async () => {
    const { rows } = await b.app.db.query(`SELECT status, attempts FROM refunds WHERE order_id = $1`, [Number(orderID)]);
    return rows[0]?.status === 'DONE' ? rows[0] : undefined;
  });
  assert.equal(refund.attempts, 1);
  assert.equal(ok(await s.get(`/common3/orders/${orderID}`)).status, 'REFUNDED');
});

test('an expired hold swept by both instances at once returns its stock once', { skip: !onPostgres && 'PostgreSQL only' }, async () => {
  const stock = async () => (await a.app.db.query(`SELECT stock FROM variants WHERE product_id = 1012 ORDER BY option_pair LIMIT 1`)).rows[0].stock;
  const s = new RoundRobinShopper([a, b]);
  const before = await stock();
  const { orderID } = await reservePickup(s, [['1012', 2]]);
  assert.equal(await stock(), before - 2);
  await a.app.db.query(`UPDATE orders SET hold_started_at = now() - interval '2 hours', created_at = now() - interval '2 hours' WHERE id = $1`, [Number(orderID)]);
  const swept = await Promise.all([expireReservations(a.app.db, 30), expireReservations(b.app.db, 30), expireReservations(a.app.db, 30)]);
  assert.ok(swept.some((n) => n >= 1));
  assert.equal(await stock(), before, 'the two units came back once');
  assert.equal((await a.app.db.query(`SELECT status FROM orders WHERE id = $1`, [Number(orderID)])).rows[0].status, 'CANCELLED');
});
