/**
 * Security note M1: a cancellation or refund started from the operator CLIs (server/scripts, a process of their own
 * that loads only what the CLI imports) takes back what the order gave, as one started in the server does, because the
 * CLIs install the same order subscribers (composition.ts): referral commission, in proportion for a partial
 * refund, and memberships. Each test sets up over HTTP and runs the CLI's own module with its command line on the
 * server's database (helpers.ts deskOf; scripts/operatorDb.ts installs the subscribers for a hosted run as for a
 * process: the process itself is operator-cli.test.ts's).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { creditDue } from '../src/features/referral/service.ts';
import { confirmEmail, freshDb, ok, payOnline, reservePickup, deskOf, startServer, type Running, type TestDb } from './helpers.ts';
import { buy, planId, registered } from './memberHelpers.ts';

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

/** Runs the operator CLI (it must exit 0); answers what it printed. */
async function operator(script: string, ...args: string[]): Promise<string> {
  const r = await deskOf(srv, script)(...args);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

const sql = async (text: string, params: unknown[]) => (await srv.app.db.query(text, params)).rows;
/** The order's referral ledger, oldest first: [kind, amount, reason]. */
const commissions = async (orderID: string) =>
  (await sql('SELECT kind, amount, reason FROM referral_commissions WHERE order_id = $1 ORDER BY id', [Number(orderID)])).map((r: any) => [r.kind, r.amount, r.reason]);
const accrued = async (orderID: string) => (await sql(`SELECT amount FROM referral_commissions WHERE order_id = $1 AND kind = 'ACCRUE'`, [Number(orderID)]))[0].amount as number;
const balance = async (userId: number) => (await sql('SELECT COALESCE(sum(amount), 0)::int AS b FROM store_credit_ledger WHERE user_id = $1', [userId]))[0].b as number;
/** The store's recorded changes of the order (order_events): [from, to, who, note]. */
const storeChanges = async (orderID: string) =>
  (await sql('SELECT from_status, to_status, actor, note FROM order_events WHERE order_id = $1 ORDER BY id', [Number(orderID)])).map((e: any) => [e.from_status, e.to_status, e.actor, e.note]);
const orderRow = async (orderID: string) => (await sql('SELECT status, payment_status, total, refunded FROM orders WHERE id = $1', [Number(orderID)]))[0];
/** The order's hold has passed: it settled `days` ago. */
const settledDaysAgo = (orderID: string, days: number) => sql(`UPDATE orders SET settled_at = now() - make_interval(days => $2) WHERE id = $1`, [Number(orderID), days]);
const money = (minor: number) => (minor / 100).toFixed(2);
/** A shopper registered through `referrerID`'s link who confirmed their e-mail: the attribution counts (referral rules). */
async function introduced(first: string, referrerID: string) {
  const s = await registered(srv.base, first, 'Buyer', referrerID);
  await confirmEmail(srv, db, s.emailID);
  return s;
}

test('M1: `orders cancel` of a paid order refunds it and takes back the commission already credited and the membership bought', async () => {
  const referrer = await registered(srv.base, 'Rhea', 'Referrer');
  const buyer = await introduced('Bea', referrer.myID);
  const plan = await planId(buyer, 'MONTH');
  const { orderID, total } = await buy(buyer, [[plan, 1], ['1011', 2]]);
  assert.ok(ok(await buyer.get('/common3/appInfoInit')).membership, 'the plan made the buyer a member');
  const commission = await accrued(orderID);
  assert.ok(commission > 0);
  await settledDaysAgo(orderID, 8);
  const before = await balance(referrer.userID);
  assert.equal(await creditDue(srv.app.db, referrer.userID), 1);
  assert.equal(await balance(referrer.userID), before + commission, 'the commission was credited as store credit');

  const out = await operator('orders', 'cancel', orderID, '--by', 'Rita (manager)', '--reason', 'fraud check');
  assert.match(out, new RegExp(`^order ${orderID}: REFUND(_PENDING|ED) \\(PAID_ONLINE\\), refunded \\$${money(total)}`));
  assert.deepEqual(await storeChanges(orderID), [['NEW', 'REFUND_PENDING', 'Rita (manager)', 'fraud check']], 'recorded with who and why, as it left the CLI');
  assert.deepEqual(await commissions(orderID), [['ACCRUE', commission, 'ORDER_SETTLED'], ['CREDIT', commission, 'HOLD_PASSED'], ['REVERSE', -commission, 'ORDER_REFUNDED']]);
  assert.equal(await balance(referrer.userID), before, 'the credited commission is taken back');
  const [{ n: members }] = await sql('SELECT count(*)::int AS n FROM memberships WHERE order_id = $1 AND (ends_at IS NULL OR ends_at > now())', [Number(orderID)]);
  assert.equal(members, 0, 'the membership bought with the order ended');
});

test('M1: `orders cancel` of an order to pay at the store takes back its pending commission and gives back its store credit', async () => {
  const referrer = await registered(srv.base, 'Remy', 'Referrer');
  const buyer = await introduced('Bo', referrer.myID);
  await srv.app.db.query(`INSERT INTO store_credit_ledger (user_id, amount, reason) VALUES ($1, 500, 'DEPOSIT')`, [buyer.userID]);
  await reservePickup(buyer, [['1011', 1]], buyer.contact);
  ok(await buyer.post('/shoppingManagement4/applyStoreCredit', { amount: 500 }));
  const { orderID } = ok(await buyer.post('/shoppingManagement4/reserve'));
  ok(await buyer.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
  assert.equal(await balance(buyer.userID), 0, 'settling took the store credit');
  const commission = await accrued(orderID);

  await operator('orders', 'cancel', orderID, '--by', 'sam');
  const o = await orderRow(orderID);
  assert.deepEqual([o.status, o.refunded], ['CANCELLED', 0]);
  assert.deepEqual(await storeChanges(orderID), [['NEW', 'CANCELLED', 'sam', '']]);
  assert.deepEqual(await commissions(orderID), [['ACCRUE', commission, 'ORDER_SETTLED'], ['REVERSE', -commission, 'ORDER_CANCELLED']]);
  assert.equal(await balance(buyer.userID), 500, 'the store credit the order took is back');
});

test('M1: a partial `orders refund --amount` takes back the matching part of the commission, and the rest with the rest', async () => {
  const referrer = await registered(srv.base, 'Rosa', 'Referrer');
  const buyer = await introduced('Ben', referrer.myID);
  const { orderID, total } = await buy(buyer, [['1011', 3]]);
  const commission = await accrued(orderID);
  const third = Math.floor(total / 3);
  const part = Math.round((commission * third) / total);
  assert.ok(part > 0 && part < commission);

  assert.match(await operator('orders', 'refund', orderID, '--amount', money(third)), new RegExp(`: \\$${money(third)} \\(PENDING\\)$`, 'm'));
  assert.deepEqual(await commissions(orderID), [['ACCRUE', commission, 'ORDER_SETTLED'], ['REVERSE', -part, 'ORDER_REFUNDED']]);
  // After the hold, only what is left of the commission is credited.
  await settledDaysAgo(orderID, 8);
  const before = await balance(referrer.userID);
  assert.equal(await creditDue(srv.app.db, referrer.userID), 1);
  assert.equal(await balance(referrer.userID), before + commission - part);

  await operator('orders', 'refund', orderID);
  assert.equal((await orderRow(orderID)).refunded, total);
  const reversed = (await commissions(orderID)).filter(([kind]) => kind === 'REVERSE').map(([, amount]) => amount);
  assert.deepEqual(reversed, [-part, -(commission - part)], 'the whole commission, to the minor unit');
  assert.equal(await balance(referrer.userID), before, 'what was credited is taken back');
});

test('M1: `campaigns end` refunds a failed campaign\'s paid order and takes back its commission', async () => {
  const [{ id: productId }] = await sql(
    `SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id AND v.option_pair = '' WHERE v.stock >= 5 AND p.product_type <> 'MEMBERSHIP' ORDER BY p.id LIMIT 1`, []);
  const created = await operator('campaigns', 'create', '--name-en', 'M1 group', '--name-zh', 'M1 拼团', '--target', '2', '--store', 'TOR-DT',
    '--hours', '1', '--item', `${productId}:9.99:10:3`);
  const campaignId = /^campaign #(\d+) created/.exec(created)![1];
  const stock = async () => (await sql(`SELECT stock FROM variants WHERE product_id = $1 AND option_pair = ''`, [productId]))[0].stock as number;
  const stockBefore = await stock();
  const referrer = await registered(srv.base, 'Ravi', 'Referrer');
  const buyer = await introduced('Bianca', referrer.myID);
  const { items } = ok(await buyer.get(`/productManagement2/campaignProductItem/list/all?fissionCampaignId=${campaignId}`));
  ok(await buyer.post(`/shoppingManagement4/myCart/fc/${campaignId}`, { itemId: items[0].id, quantity: 2 }));
  const { orderID } = ok(await buyer.post(`/shoppingManagement4/myCart/fc/${campaignId}/reserve`));
  await payOnline(buyer, orderID);
  const commission = await accrued(orderID);
  assert.equal(commission, Math.floor((2 * 999 * 5) / 100));
  assert.equal(await stock(), stockBefore - 2);

  assert.match(await operator('campaigns', 'end', campaignId), /ended: FAILED with 1 participant\(s\), 1 refund\(s\) requested/);
  assert.equal((await orderRow(orderID)).refunded, 2 * 999);
  assert.deepEqual(await commissions(orderID), [['ACCRUE', commission, 'ORDER_SETTLED'], ['REVERSE', -commission, 'ORDER_REFUNDED']]);
  assert.equal(await stock(), stockBefore, 'the units are back on sale');
});
