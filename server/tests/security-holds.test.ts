/**
 * Security probe finding 6: no stock hoarding. A reservation holds a bounded number of units, unpaid guest
 * reservations are bounded per client address, changing the draft never renews a hold, and expired holds give the
 * stock back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, reservedDelivery, deliverableProducts, Shopper, ADDRESS, CONTACT, isError, ok } from './helpers.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';
import { expireReservations } from '../src/orders/lifecycle.ts';

let products: string[];
const { srv } = serverOnFreshDb({ config: { reservationMaxUnits: 3, reservationMaxOpenPerAddress: 2 } }, async (started) => {
  products = await deliverableProducts(started.app);
});

const stockOf = async (id: string) =>
  (await srv.app.db.query(`SELECT stock FROM variants WHERE product_id = $1 AND option_pair = ''`, [Number(id)])).rows[0].stock as number;

async function draft(s: Shopper, productId: string, quantity: number) {
  ok(await s.post('/shoppingManagement4/myCart', { productId, quantity }));
  ok(await s.post('/shoppingManagement4/orderDeliverInfo', ADDRESS));
  ok(await s.post('/shoppingManagement4/orderContactInfo?methodName=DELIVERY', CONTACT));
}

test('one reservation holds at most the configured number of units, and a refused one takes no stock', async () => {
  const s = new Shopper(srv.base);
  const before = await stockOf(products[0]);
  await draft(s, products[0], 4);
  assert.match(isError(await s.post('/shoppingManagement4/reserve'), 400).message, /at most 3 items/);
  assert.equal(await stockOf(products[0]), before);
  ok(await s.put('/shoppingManagement4/myCart', { itemKey: products[0], quantity: 3 }));
  ok(await s.post('/shoppingManagement4/reserve'));
  assert.equal(await stockOf(products[0]), before - 3);
});

test('unpaid guest reservations are bounded per address; a signed-in shopper is not counted with the guests', async () => {
  await srv.app.db.query(`UPDATE orders SET status = 'CANCELLED' WHERE status = 'INTERIM'`); // a clean slate for the count
  await reservedDelivery(new Shopper(srv.base), products[1]);
  await reservedDelivery(new Shopper(srv.base), products[1]);
  const third = new Shopper(srv.base);
  await draft(third, products[1], 1);
  isError(await third.post('/shoppingManagement4/reserve'), 429);
  const member = new Shopper(srv.base);
  ok(await member.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  await reservedDelivery(member, products[1]);
});

test('changing the draft and reserving again does not renew the hold; the expired hold gives the stock back', async () => {
  await srv.app.db.query(`UPDATE orders SET status = 'CANCELLED' WHERE status = 'INTERIM'`);
  const s = new Shopper(srv.base);
  const before = await stockOf(products[2]);
  const first = await reservedDelivery(s, products[2]);
  await srv.app.db.query(`UPDATE orders SET created_at = now() - interval '29 minutes' WHERE id = $1`, [Number(first)]);
  ok(await s.post('/shoppingManagement4/updateCustomerComment', { comment: 'renew please' }));
  const second = ok(await s.post('/shoppingManagement4/reserve')).orderID;
  assert.notEqual(second, first);
  assert.equal(await stockOf(products[2]), before - 1);
  // 28-minute holds: the replacement started with the first one 29 minutes ago, so it has expired
  await expireReservations(srv.app.db, 28);
  assert.equal(await stockOf(products[2]), before);
  const order = ok(await s.get(`/common3/orderStatus/${second}`));
  assert.equal(order.status, 'CANCELLED');
});
