/**
 * Group-buy (fission) campaigns over HTTP on a real database: the public calls, the campaign cart, reserving and paying
 * a campaign order through the sandbox, success at the target, failure at the end with refunds, the last-unit race,
 * the per-shopper limit, a payment landing after the campaign closed, the sweeper after a restart and with two
 * sweepers at once, and bad input.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openDb } from '../src/db/index.ts';
import { createCampaign, settleCampaign, sweepCampaigns } from '../src/features/campaigns/service.ts';
import { seedCampaignList } from '../src/features/campaigns/seed.ts';
import { freshDb, serverOnFreshDb, withFreshServer, isError, ok, Shopper, startServer, waitFor, type Running } from './helpers.ts';

/** Waits up to 15 s for `probe` to answer something other than undefined. */
const until = <T>(what: string, probe: () => Promise<T | undefined>) => waitFor(what, probe, 15_000);

let seq = 0;
/** The refund worker polls often, and retries at once after a provider error. */
const FAST_REFUNDS = { refundPollMs: 30, refundRetryBaseMs: 30 };
const { db: tdb, srv } = serverOnFreshDb({ config: FAST_REFUNDS });

/** A product without options with plenty of store stock. */
async function product(): Promise<number> {
  const { rows } = await srv.app.db.query(
    `SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id AND v.option_pair = '' WHERE v.stock >= 3 AND p.price > 1000 ORDER BY p.id LIMIT 1 OFFSET $1`,
    [seq % 5]);
  await srv.app.db.query(`UPDATE variants SET stock = stock + 50 WHERE product_id = $1 AND option_pair = ''`, [rows[0].id]);
  return rows[0].id;
}

async function campaign(opts: { target?: number; stock?: number; limit?: number; endsInMinutes?: number } = {}) {
  seq++;
  const productId = await product();
  const id = await createCampaign(srv.app.db, {
    name: { en: `Test group ${seq}`, zh: `测试拼团 ${seq}` }, description: { en: 'A test', zh: '测试' }, target: opts.target ?? 2,
    localStoreId: 'TOR-DT', startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + (opts.endsInMinutes ?? 60) * 60_000),
    items: [{ productId, campaignPrice: 999, stock: opts.stock ?? 10, limitPerShopper: opts.limit ?? 3 }],
  });
  const items = ok(await new Shopper(srv.base).get(`/productManagement2/campaignProductItem/list/all?fissionCampaignId=${id}`)).items;
  return { id: String(id), itemId: items[0].id as string, productId };
}

async function shopper(first = 'Grace') {
  const s = new Shopper(srv.base);
  const email = `buyer${++seq}-${Date.now()}@example.com`;
  const r = ok(await s.post('/common3/clientRegistration', { emailID: email, password: 'longenough1', firstName: first, lastName: 'Hopper' }));
  return { s, myId: r.myID as string | undefined, email };
}

async function myId(s: Shopper): Promise<string> {
  const info = ok(await s.get('/common3/appInfoInit'));
  return info.myID;
}

const cartUrl = (c: { id: string }) => `/shoppingManagement4/myCart/fc/${c.id}`;

async function reserve(s: Shopper, c: { id: string; itemId: string }, quantity = 1, inviter?: string) {
  ok(await s.post(cartUrl(c), { itemId: c.itemId, quantity, ...(inviter ? { inviter } : {}) }));
  return ok(await s.post(`${cartUrl(c)}/reserve`)).orderID as string;
}

/** Pays an order through the sandbox's hosted page, as a shopper would. */
async function pay(s: Shopper, orderID: string) {
  const attempt = await openPayment(s, orderID);
  await payAttempt(s, attempt);
}
async function openPayment(s: Shopper, orderID: string) {
  const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
  return /sandbox\/pay\/([^/?#]+)/.exec(redirectUrl)![1];
}
async function payAttempt(s: Shopper, attemptId: string) {
  ok(await s.post(`/sandbox/pay/${attemptId}/pay`));
}

const order = async (s: Shopper, id: string) => ok(await s.get(`/admin/orderManagement/order/${id}`));
const detail = async (c: { id: string }) => ok(await new Shopper(srv.base).get(`/common3/campaign/fission/${c.id}`)).campaign;
const available = async (c: { id: string; itemId: string }) => ok(await new Shopper(srv.base).get(`/productManagement2/campaignProductItem/${c.itemId}`)).available as number;
const refundedState = (status: string) => status === 'REFUND_PENDING' || status === 'REFUNDED';
const storeStock = async (productId: number) =>
  (await srv.app.db.query(`SELECT stock FROM variants WHERE product_id = $1 AND option_pair = ''`, [productId])).rows[0].stock as number;
const refundRows = async (app: Running['app'], orderID: string) =>
  (await app.db.query('SELECT idempotency_key, status, amount, attempts FROM refunds WHERE order_id = $1', [Number(orderID)])).rows;

describe('campaigns', () => {
  test('the seed has a filling campaign, one ending within the hour and one that succeeded, in both languages', async () => {
    // Timed from the moment of seeding (a test database may be a copy of an older seeded template).
    const seededAt = Date.parse((await srv.app.db.query(`SELECT value->>'at' AS at FROM settings WHERE key = 'seeded.campaigns'`)).rows[0].at);
    const g = new Shopper(srv.base);
    const list = ok(await g.get('/common3/campaign/fissionList?scope=all'));
    assert.ok(Date.parse(list.serverTime) > 0);
    const [filling, ending, succeeded] = seedCampaignList.map((sc) => list.campaigns.find((c: any) => c.nameContent.en === sc.name.en));
    assert.ok(filling && ending && succeeded);
    assert.ok(Date.parse(filling.endsAt) - seededAt > 24 * 3600_000);
    assert.ok(filling.participants > 0 && filling.participants < filling.target);
    const endsIn = Date.parse(ending.endsAt) - seededAt;
    assert.ok(endsIn > 0 && endsIn <= 3600_000, `ends ${endsIn} ms after seeding`);
    assert.equal(succeeded.status, 'SUCCEEDED');
    assert.ok(succeeded.participants >= succeeded.target);
    for (const c of [filling, ending, succeeded]) assert.ok(c.nameContent.zh && c.nameContent.en !== c.nameContent.zh && c.descriptionContent.zh);
    const people = ok(await g.get(`/common3/orders/list?fissionCampaignId=${filling.id}`));
    assert.equal(people.participants.length, filling.participants);
    for (const p of people.participants) assert.match(p.name, /^\S\*\*/);
  });

  test('target reached: both payers join, the campaign succeeds, prices come from the server, the inviter is recorded', async () => {
    const c = await campaign({ target: 2 });
    const a = await shopper('Alice');
    const b = await shopper('Bob');
    const aId = await myId(a.s);
    const oa = await reserve(a.s, c);
    const oaView = await order(a.s, oa);
    assert.equal(oaView.total, 999);
    assert.equal(oaView.lines[0].unitPrice, 999);
    assert.equal(oaView.campaign.status, 'OPEN');
    await pay(a.s, oa);
    assert.equal((await detail(c)).participants, 1);
    assert.equal((await detail(c)).status, 'OPEN');
    // the paid cart is empty again
    assert.equal(ok(await a.s.get(cartUrl(c))).itemCount, 0);
    const ob = await reserve(b.s, c, 1, aId);
    await pay(b.s, ob);
    const d = await detail(c);
    assert.equal(d.status, 'SUCCEEDED');
    assert.equal(d.participants, 2);
    for (const [s, id] of [[a.s, oa], [b.s, ob]] as const) {
      const o = await order(s, id);
      assert.equal(o.status, 'NEW');
      assert.equal(o.paymentStatus, 'PAID_ONLINE');
      assert.equal(o.campaign.status, 'SUCCEEDED');
    }
    const people = ok(await b.s.get(`/common3/orders/list?fissionCampaignId=${c.id}`)).participants;
    assert.deepEqual(people.map((p: any) => [p.name, p.invited]), [['B**r', true], ['A**r', false]]);
    // closed: nobody joins any more
    const late = await shopper();
    isError(await late.s.post(cartUrl(c), { itemId: c.itemId, quantity: 1 }), 409);
    // settling later changes nothing
    assert.equal(await settleCampaign(srv.app.db, Number(c.id), 'test'), null);
  });

  test('end reached first: every paid order is refunded, unpaid ones can no longer join, and the stock is back', async () => {
    const c = await campaign({ target: 3, stock: 5 });
    const stock = await storeStock(c.productId);
    const a = await shopper();
    const b = await shopper();
    const oa = await reserve(a.s, c, 2);
    await pay(a.s, oa);
    const ob = await reserve(b.s, c, 1);
    assert.equal(await available(c), 2);
    assert.equal(await storeStock(c.productId), stock - 3);
    await srv.app.db.query(`UPDATE campaigns SET ends_at = now() - interval '1 second' WHERE id = $1`, [Number(c.id)]);
    assert.equal((await detail(c)).status, 'CLOSING');
    isError(await b.s.post(`${cartUrl(c)}/reserve`), 409);
    const settled = await sweepCampaigns(srv.app.db, 'test');
    assert.deepEqual(settled.filter((s) => s.campaignId === Number(c.id)).map((s) => [s.outcome, s.refunds]), [['FAILED', 1]]);
    const d = await detail(c);
    assert.equal(d.status, 'FAILED');
    const list = ok(await a.s.get('/admin/orderManagement/orders/list'));
    const mine = list.orders.filter((o: any) => o.campaign?.id === c.id);
    assert.equal(mine.length, 1);
    assert.ok(refundedState(mine[0].status), mine[0].status);
    assert.equal(mine[0].refunded, 2 * 999);
    assert.equal(mine[0].campaign.status, 'FAILED');
    assert.deepEqual((await refundRows(srv.app, oa)).map((r: any) => [r.idempotency_key, r.amount]), [[`campaign-${c.id}-order-${oa}`, 2 * 999]]);
    // the refund worker sends it: the shopper sees it refunded
    await until('the refund to be done', async () => ((await order(a.s, oa)).status === 'REFUNDED' ? true : undefined));
    // A's units are back in the store's stock; B's still held until B's reservation ends
    assert.equal(await storeStock(c.productId), stock - 1);
    // B's unpaid order is not refunded (nothing was paid); when it expires its units count no more
    assert.equal((await order(b.s, ob)).status, 'INTERIM');
    await srv.app.db.query(`UPDATE orders SET status = 'CANCELLED' WHERE id = $1`, [Number(ob)]);
    assert.equal(await available(c), 5);
  });

  test('the detail tells a signed-in shopper their part (participation): guest, outsider, payment pending, paid, cancelled, refunded', async () => {
    const c = await campaign({ target: 3, limit: 3 });
    const part = async (s: Shopper) => ok(await s.get(`/common3/campaign/fission/${c.id}`)).participation;
    const guest = new Shopper(srv.base);
    ok(await guest.get('/common3/appInfoInit'));
    assert.equal(await part(guest), null);
    const outsider = await shopper();
    assert.equal(await part(outsider.s), null);
    const a = await shopper();
    const oa = await reserve(a.s, c, 2);
    assert.deepEqual(await part(a.s), { state: 'PAYMENT_PENDING', units: 2, orderIDs: [oa], pendingOrderID: oa, items: [] });
    await pay(a.s, oa);
    assert.deepEqual(await part(a.s), { state: 'JOINED', units: 2, orderIDs: [oa], pendingOrderID: null, items: [{ itemId: c.itemId, units: 2 }] });
    // nobody else sees A's part; the public fields are the same for all
    assert.equal(await part(outsider.s), null);
    assert.equal(await part(guest), null);
    assert.equal((await detail(c)).participants, 1);
    // a reservation the shopper cancelled does not put them in
    const b = await shopper();
    const ob = await reserve(b.s, c, 1);
    ok(await b.s.put(`/admin/orderManagement/cancelOrder/${ob}`));
    assert.equal((await order(b.s, ob)).status, 'CANCELLED');
    assert.equal(await part(b.s), null);
    // the group fails: A's paid order is refunded, and the page says so
    await srv.app.db.query(`UPDATE campaigns SET ends_at = now() - interval '1 second' WHERE id = $1`, [Number(c.id)]);
    await sweepCampaigns(srv.app.db, 'test');
    const failed = await part(a.s);
    assert.ok(failed.state === 'REFUND_PENDING' || failed.state === 'REFUNDED', failed.state);
    assert.deepEqual([failed.units, failed.orderIDs], [2, [oa]]);
    await until('the refund to be done', async () => ((await part(a.s)).state === 'REFUNDED' ? true : undefined));
    assert.equal(await part(b.s), null);
  });

  test('the last unit raced by two payers: exactly one wins, the other gets a clear error and holds nothing', async () => {
    const c = await campaign({ stock: 1, target: 5 });
    const a = await shopper();
    const b = await shopper();
    ok(await a.s.post(cartUrl(c), { itemId: c.itemId, quantity: 1 }));
    ok(await b.s.post(cartUrl(c), { itemId: c.itemId, quantity: 1 }));
    const stockBefore = (await srv.app.db.query(`SELECT stock FROM variants WHERE product_id = $1 AND option_pair = ''`, [c.productId])).rows[0].stock;
    const [ra, rb] = await Promise.all([a.s.post(`${cartUrl(c)}/reserve`), b.s.post(`${cartUrl(c)}/reserve`)]);
    const statuses = [ra.status, rb.status].sort();
    assert.deepEqual(statuses, [200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    assert.match(isError(loser, 409).message, /Only 0 left in this campaign/);
    const stockAfter = (await srv.app.db.query(`SELECT stock FROM variants WHERE product_id = $1 AND option_pair = ''`, [c.productId])).rows[0].stock;
    assert.equal(stockAfter, stockBefore - 1);
    const loserShopper = ra.status === 409 ? a : b;
    assert.equal(ok(await loserShopper.s.get(cartUrl(c))).reservedOrderID, null);
    assert.equal(await available(c), 0);
    isError(await loserShopper.s.put(cartUrl(c), { itemId: c.itemId, quantity: 1 }), 409);
  });

  test('per-shopper limit: in the cart, at reserve, and across orders', async () => {
    const c = await campaign({ limit: 2, stock: 20, target: 9 });
    const a = await shopper();
    assert.match(isError(await a.s.post(cartUrl(c), { itemId: c.itemId, quantity: 3 }), 409).message, /At most 2 per shopper/);
    const o = await reserve(a.s, c, 2);
    await pay(a.s, o);
    assert.match(isError(await a.s.post(cartUrl(c), { itemId: c.itemId, quantity: 1 }), 409).message, /you already have 2/);
    // another shopper is not limited by A
    const b = await shopper();
    ok(await b.s.post(cartUrl(c), { itemId: c.itemId, quantity: 2 }));
  });

  test('a payment that lands after the campaign failed is refunded, never silently accepted', async () => {
    const c = await campaign({ target: 2 });
    const a = await shopper();
    const o = await reserve(a.s, c);
    const attempt = await openPayment(a.s, o);
    await srv.app.db.query(`UPDATE campaigns SET ends_at = now() - interval '1 second' WHERE id = $1`, [Number(c.id)]);
    await sweepCampaigns(srv.app.db, 'test');
    assert.equal((await detail(c)).status, 'FAILED');
    await payAttempt(a.s, attempt);
    const view = await order(a.s, o);
    assert.ok(refundedState(view.status), view.status);
    assert.equal(view.refunded, 999);
    assert.deepEqual((await refundRows(srv.app, o)).map((r: any) => r.idempotency_key), [`campaign-${c.id}-order-${o}`]);
    assert.equal((await detail(c)).participants, 0);
    // the payment page reporting again changes nothing
    await payAttempt(a.s, attempt);
    assert.equal((await refundRows(srv.app, o)).length, 1);
  });

  test('two sweepers at once (two processes on PostgreSQL): each campaign is settled once, one refund per paid order', async () => {
    const c = await campaign({ target: 3 });
    const a = await shopper();
    const b = await shopper();
    const orders = [await reserve(a.s, c), await reserve(b.s, c)];
    await pay(a.s, orders[0]);
    await pay(b.s, orders[1]);
    // a second connection pool stands for a second server process on PostgreSQL (PGlite is one process's)
    const other = tdb.databaseUrl ? await openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir }) : srv.app.db;
    try {
      await srv.app.db.query(`UPDATE campaigns SET ends_at = now() - interval '1 second' WHERE id = $1`, [Number(c.id)]);
      // The server's own sweeper (every CAMPAIGN_SWEEP_SECONDS) may take part too: it is a fourth sweeper, and whichever
      // gets there first settles, once; the settlement row names it.
      const runs = await Promise.all([sweepCampaigns(srv.app.db, 'one'), sweepCampaigns(other, 'two'), settleCampaign(other, Number(c.id), 'three')]);
      const mine = [...runs[0], ...runs[1], ...(runs[2] ? [runs[2]] : [])].filter((s) => s.campaignId === Number(c.id));
      assert.ok(mine.length <= 1, `settled by ${mine.length} of the sweepers`);
    } finally {
      if (other !== srv.app.db) await other.close();
    }
    const { rows } = await srv.app.db.query('SELECT refunds FROM campaign_settlements WHERE campaign_id = $1', [Number(c.id)]);
    assert.deepEqual(rows, [{ refunds: 2 }], 'settled once, with a refund for each paid order');
    const perOrder = await srv.app.db.query('SELECT order_id, count(*)::int AS n FROM refunds WHERE order_id = ANY($1::int[]) GROUP BY order_id', [orders.map(Number)]);
    assert.deepEqual(perOrder.rows.map((r: any) => r.n), [1, 1], 'one refund per paid order');
  });

  test('bad input answers 4xx with a message', async () => {
    const g = new Shopper(srv.base);
    isError(await g.get('/common3/campaign/fission/abc'), 400);
    isError(await g.get('/common3/campaign/fission/999999'), 404);
    isError(await g.get('/productManagement2/campaignProductItem/list/all'), 400);
    isError(await g.get('/productManagement2/campaignProductItem/list/all?fissionCampaignId=x1'), 400);
    isError(await g.get('/productManagement2/campaignProductItem/424242'), 404);
    isError(await g.get('/common3/orders/list?fissionCampaignId=-1'), 400);
    const c = await campaign();
    isError(await g.post(cartUrl(c), { itemId: c.itemId, quantity: 1 }), 401);
    const a = await shopper();
    isError(await a.s.post(cartUrl(c), { itemId: c.itemId, quantity: -1 }), 400);
    isError(await a.s.post(cartUrl(c), { itemId: c.itemId, quantity: 0 }), 400);
    isError(await a.s.post(cartUrl(c), { itemId: c.itemId, quantity: '1' }), 400);
    isError(await a.s.post(cartUrl(c), { itemId: '424242', quantity: 1 }), 404);
    isError(await a.s.post(`${cartUrl(c)}/reserve`), 400);
    isError(await a.s.post('/shoppingManagement4/myCart/fc/x/reserve'), 400);
    // a campaign order is paid online, not at the store
    const o = await reserve(a.s, c);
    isError(await a.s.post(`/shoppingManagement4/billing/${o}`, { method: 'PAY_AT_STORE' }), 400);
  });
});

describe('campaign refunds through provider errors', () => {
  test('a refund the provider refuses twice is retried and is still one refund; settling again adds none', async () => {
    await withFreshServer({ config: { ...FAST_REFUNDS, sandboxRefundFailures: 2 } }, async (running) => {
      const productId = (await running.app.db.query(`SELECT product_id FROM variants WHERE option_pair = '' AND stock >= 2 ORDER BY product_id LIMIT 1`)).rows[0].product_id;
      const id = await createCampaign(running.app.db, {
        name: { en: 'Retry', zh: '重试' }, description: { en: '', zh: '' }, target: 2, localStoreId: 'TOR-DT',
        startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 3600_000),
        items: [{ productId, campaignPrice: 1500, stock: 5, limitPerShopper: 1 }],
      });
      const s = new Shopper(running.base);
      ok(await s.post('/common3/clientRegistration', { emailID: `retry-${Date.now()}@example.com`, password: 'longenough1', firstName: 'Re', lastName: 'Try' }));
      const itemId = ok(await s.get(`/productManagement2/campaignProductItem/list/all?fissionCampaignId=${id}`)).items[0].id;
      ok(await s.post(`/shoppingManagement4/myCart/fc/${id}`, { itemId, quantity: 1 }));
      const orderID = ok(await s.post(`/shoppingManagement4/myCart/fc/${id}/reserve`)).orderID;
      const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
      ok(await s.post(`/sandbox/pay/${/sandbox\/pay\/([^/?#]+)/.exec(redirectUrl)![1]}/pay`));
      await running.app.db.query(`UPDATE campaigns SET ends_at = now() - interval '1 second' WHERE id = $1`, [id]);
      await sweepCampaigns(running.app.db, 'test');
      await until('the refund to be accepted', async () => (ok(await s.get(`/common3/orders/${orderID}`)).status === 'REFUNDED' ? true : undefined));
      const rows = await refundRows(running.app, orderID);
      assert.equal(rows.length, 1);
      assert.equal(rows[0].status, 'DONE');
      assert.equal(rows[0].attempts, 3, 'two refused tries, then accepted');
      assert.equal(await settleCampaign(running.app.db, id, 'again'), null);
      assert.deepEqual(await sweepCampaigns(running.app.db, 'again'), []);
      assert.equal((await refundRows(running.app, orderID)).length, 1);
    });
  });
});

describe('campaign sweeper across a restart', () => {
  test('a campaign whose end passed while the server was down is settled when it starts again', async () => {
    const db = await freshDb();
    let running = await startServer(db);
    try {
      const productId = (await running.app.db.query(`SELECT product_id FROM variants WHERE option_pair = '' AND stock >= 2 ORDER BY product_id LIMIT 1`)).rows[0].product_id;
      const id = await createCampaign(running.app.db, {
        name: { en: 'Restart', zh: '重启' }, description: { en: '', zh: '' }, target: 1, localStoreId: 'TOR-DT',
        startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 3600_000),
        items: [{ productId, campaignPrice: 100, stock: 1, limitPerShopper: 1 }],
      });
      await running.close();
      // the end passes while no server runs
      const raw = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
      await raw.query(`UPDATE campaigns SET ends_at = now() - interval '1 minute' WHERE id = $1`, [id]);
      await raw.close();
      running = await startServer(db);
      const { rows } = await running.app.db.query('SELECT c.status, s.outcome FROM campaigns c JOIN campaign_settlements s ON s.campaign_id = c.id WHERE c.id = $1', [id]);
      assert.deepEqual(rows, [{ status: 'FAILED', outcome: 'FAILED' }]);
    } finally {
      await running.close();
      await db.cleanup();
    }
  });
});
