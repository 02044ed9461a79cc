/**
 * Faults: the server process killed (SIGKILL) while shoppers are checking out and paying, then restarted on the same
 * embedded database: it opens, no acknowledged order is lost or doubled, a paid order stays paid when its provider
 * notification is replayed after the restart, and stock adds up. On PostgreSQL: the database dropping every
 * connection gives 503s with a message, never a 500 or a dead process, and the server recovers by itself.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
// @ts-expect-error: a plain ES module shared with the browser tests and the mini-program runner
import { startServerProcess } from '../../tests/support/referenceServer.mjs';
import { CONTACT, freshDb, ok, Shopper, startServer, tomorrow, type TestDb } from './helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const dbs: TestDb[] = [];
after(async () => {
  for (const d of dbs) await d.cleanup();
});

const PRODUCT = '1012';

interface Journey {
  shopper: Shopper;
  orderID?: string;
  payPath?: string;
  /** The provider's notification was answered: the order is paid as far as the shopper was told. */
  paid: boolean;
}

/** One shopper's checkout, step by step; stops quietly at the first request the dying server does not answer. */
async function checkout(j: Journey) {
  const s = j.shopper;
  try {
    ok(await s.post('/shoppingManagement4/myCart', { productId: PRODUCT, quantity: 1 }));
    ok(await s.post('/shoppingManagement4/updateOrderMethod', { method: 'PICKUP' }));
    ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', CONTACT));
    ok(await s.post('/shoppingManagement4/orderPickupDateTime', { date: tomorrow(), time: '10:30' }));
    j.orderID = ok(await s.post('/shoppingManagement4/reserve')).orderID;
    const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID: j.orderID }));
    j.payPath = new URL(redirectUrl).pathname;
    ok(await s.post(`${s.base}${j.payPath}/pay`));
    j.paid = true;
  } catch {
    // the server went away mid-journey
  }
}

test('a server killed mid-checkout restarts on its database with every acknowledged order, none doubled, stock adding up', { skip: onPostgres && 'the embedded database only (PostgreSQL survives its clients)' }, async () => {
  const db = await freshDb();
  dbs.push(db);
  const first = await startServerProcess({ dataDir: db.dataDir, staticDir: db.dataDir });
  const stockOf = async (base: string) => {
    const res = await new Shopper(base).get(`/productManagement/product/${PRODUCT}`);
    return ok(res);
  };
  const before = await stockOf(first.baseUrl);
  const journeys: Journey[] = Array.from({ length: 12 }, () => ({ shopper: new Shopper(first.baseUrl), paid: false }));
  const running = journeys.map((j) => checkout(j));
  // Kill it once a few payments went through and the others are somewhere in between.
  const deadline = Date.now() + 60_000;
  while (journeys.filter((j) => j.paid).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  await first.crash();
  await Promise.all(running);
  const paid = journeys.filter((j) => j.paid);
  assert.ok(paid.length >= 3, `only ${paid.length} payments before the kill`);

  const second = await startServerProcess({ dataDir: db.dataDir, staticDir: db.dataDir });
  try {
    for (const j of journeys) j.shopper.base = second.baseUrl;
    for (const j of paid) {
      // The provider notifies again after the restart (retries are normal); the order stays paid, once.
      ok(await j.shopper.post(`${second.baseUrl}${j.payPath}/pay`));
      const status = ok(await j.shopper.get(`/common3/orderStatus/${j.orderID}`));
      assert.equal(status.paymentStatus, 'PAID_ONLINE', `order ${j.orderID} was acknowledged as paid`);
      const detail = ok(await j.shopper.get(`/common3/orders/${j.orderID}`));
      assert.equal(detail.lines.reduce((n: number, l: any) => n + l.quantity, 0), 1, 'one unit, not two');
    }
    // Every reserved order the shoppers were told about still exists, once; no shopper holds two.
    for (const j of journeys.filter((x) => x.orderID)) {
      const res = await j.shopper.get(`/common3/orderStatus/${j.orderID}`);
      assert.equal(res.status, 200, `order ${j.orderID} was lost`);
    }
    // Stock adds up: what left the shelf is what the surviving orders hold.
    const after = await stockOf(second.baseUrl);
    const held = journeys.filter((j) => j.orderID).length;
    const stockDelta = stockTotal(before) - stockTotal(after);
    assert.ok(stockDelta >= paid.length && stockDelta <= held, `stock moved by ${stockDelta}; ${paid.length} paid, ${held} reserved`);
  } finally {
    await second.stop();
  }
});

/** Units in stock over all options of the product answer (contract: Product.stock). */
const stockTotal = (product: { stock: number }) => product.stock;

test('PostgreSQL dropping every connection gives 503s with a message, and the server recovers by itself', { skip: !onPostgres && 'PostgreSQL only' }, async () => {
  const db = await freshDb();
  dbs.push(db);
  const srv = await startServer(db);
  try {
    const s = new Shopper(srv.base);
    ok(await s.post('/shoppingManagement4/myCart', { productId: PRODUCT, quantity: 1 }));
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: db.databaseUrl });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await admin.end();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await s.get('/shoppingManagement4/myCart');
      statuses.push(res.status);
      if (res.status === 503) assert.match(res.body.message, /briefly unavailable/);
    }
    assert.deepEqual(statuses.filter((code) => code !== 200 && code !== 503), [], `answers while the connections were gone: ${statuses}`);
    const end = Date.now() + 10_000;
    let cart;
    while (Date.now() < end) {
      const res = await s.get('/shoppingManagement4/myCart');
      if (res.status === 200) {
        cart = res.body;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(cart?.itemCount, 1, 'the server recovered, with the cart intact');
  } finally {
    await srv.close();
  }
});
