/** Memberships (issue 13): plans, granting on payment, renewals, duplicate notifications, member prices everywhere. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, Shopper, isError, ok, payOnline, reservePickup } from './helpers.ts';
import { buy, planId, registered } from './memberHelpers.ts';
import { operatorCancel, requestRefund } from '../src/orders/lifecycle.ts';

const { srv } = serverOnFreshDb();

const membershipRows = async (userId: number) =>
  (await srv.app.db.query('SELECT * FROM memberships WHERE user_id = $1 ORDER BY starts_at, id', [userId])).rows;
const addMonths = (d: Date, n: number) => {
  const x = new Date(d);
  x.setUTCMonth(x.getUTCMonth() + n);
  return x;
};

test('the plans are the catalogue list of productType MEMBERSHIP, bilingual, and nowhere else in the catalogue', async () => {
  const s = new Shopper(srv.base);
  const { products } = ok(await s.get('/productManagement2/products?productType=MEMBERSHIP&recordStatus=ACTIVE&sortby=default&infiniteLoad=false'));
  assert.deepEqual(products.map((p: any) => p.membershipPlan.duration).sort(), ['LIFETIME', 'MONTH', 'QUARTER', 'YEAR']);
  for (const p of products) {
    assert.ok(p.nameContent.zh && p.nameContent.en && p.membershipPlan.level.zh && p.membershipPlan.benefits.length);
    assert.equal(p.memberPrice, undefined, 'a plan has no member price');
  }
  const all = ok(await s.get('/productManagement2/products?numberToLoad=100'));
  assert.ok(!all.products.some((p: any) => p.productType === 'MEMBERSHIP'));
  const related = ok(await s.get(`/productManagement2/products/relatedProducts/${products[0].id}`));
  assert.ok(!related.products.some((p: any) => p.productType === 'MEMBERSHIP'));
});

test('guests get 401 on the membership calls and cannot put a plan in the cart', async () => {
  const g = new Shopper(srv.base);
  isError(await g.get('/admin/userManagement/membershipProducts'), 401);
  isError(await g.get('/admin/userManagement/membershipDetail'), 401);
  isError(await g.post('/shoppingManagement4/myCart', { productId: await planId(g, 'MONTH'), quantity: 1 }), 401);
});

test('paying grants the membership; app info shows it; a renewal before expiry starts at the current end', async () => {
  const s = await registered(srv.base, 'Mia', 'Member');
  assert.equal(s.fields.membership, null);
  const plans = ok(await s.get('/admin/userManagement/membershipProducts'));
  assert.equal(plans.products.length, 4);
  assert.equal(plans.discountPercent, 10);
  const month = await planId(s, 'MONTH');
  const before1 = Date.now();
  await buy(s, [[month, 1]]);
  const [first] = await membershipRows(s.userID);
  assert.ok(new Date(first.starts_at).getTime() >= before1 - 1000);
  assert.equal(new Date(first.ends_at).toISOString(), addMonths(new Date(first.starts_at), 1).toISOString());
  const info = ok(await s.get('/common3/appInfoInit'));
  assert.equal(info.membership.level.en, 'Maple Member');
  assert.equal(info.membership.until, new Date(first.ends_at).toISOString());

  await buy(s, [[await planId(s, 'QUARTER'), 1]]);
  const rows = await membershipRows(s.userID);
  assert.equal(rows.length, 2, 'a renewal is a new dated row; the first is kept');
  assert.equal(new Date(rows[1].starts_at).toISOString(), new Date(first.ends_at).toISOString(), 'starts at the current end: no time lost or gained');
  assert.equal(new Date(rows[1].ends_at).toISOString(), addMonths(new Date(first.ends_at), 3).toISOString());
  const detail = ok(await s.get('/admin/userManagement/membershipDetail'));
  assert.equal(detail.periods.length, 2);
  assert.equal(detail.membership.since, new Date(first.starts_at).toISOString());
  assert.equal(detail.membership.until, new Date(rows[1].ends_at).toISOString());
});

test('a renewal after expiry starts now, not at the old end', async () => {
  const s = await registered(srv.base, 'Rex', 'Renew');
  const month = await planId(s, 'MONTH');
  await buy(s, [[month, 1]]);
  // the month ran out 10 days ago
  await srv.app.db.query(`UPDATE memberships SET starts_at = now() - interval '40 days', ends_at = now() - interval '10 days' WHERE user_id = $1`, [s.userID]);
  assert.equal(ok(await s.get('/common3/appInfoInit')).membership, null, 'expired without any job');
  const t0 = Date.now();
  await buy(s, [[month, 1]]);
  const rows = await membershipRows(s.userID);
  const start = new Date(rows[1].starts_at).getTime();
  assert.ok(start >= t0 - 1000 && start <= Date.now() + 1000, 'starts at the payment, not 10 days ago');
  const detail = ok(await s.get('/admin/userManagement/membershipDetail'));
  assert.equal(detail.membership.since, new Date(rows[1].starts_at).toISOString(), 'the run since the renewal; the expired one is history');
  assert.equal(detail.periods.length, 2);
});

test('a repeated payment notification grants nothing twice', async () => {
  const s = await registered(srv.base, 'Dup', 'Notify');
  const { orderID } = await reservePickup(s, [[await planId(s, 'YEAR'), 1]]);
  const page = await payOnline(s, orderID);
  ok(await s.post(`${s.base}${page}/pay`));
  ok(await s.post('/shoppingManagement4/checkOttPaymentStatus', { orderID }));
  const rows = await membershipRows(s.userID);
  assert.equal(rows.length, 1);
  assert.equal(new Date(rows[0].ends_at).toISOString(), addMonths(new Date(rows[0].starts_at), 12).toISOString());
});

test('two units renew one after the other; lifetime has no end; pay at store is refused for a plan', async () => {
  const s = await registered(srv.base, 'Two', 'Units');
  await buy(s, [[await planId(s, 'MONTH'), 2]]);
  const rows = await membershipRows(s.userID);
  assert.equal(rows.length, 2);
  assert.equal(new Date(rows[1].starts_at).toISOString(), new Date(rows[0].ends_at).toISOString());

  const { orderID } = await reservePickup(s, [[await planId(s, 'LIFETIME'), 1]]);
  isError(await s.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }), 400);
  assert.equal((await membershipRows(s.userID)).length, 2, 'the refused settlement granted nothing');
  await payOnline(s, orderID);
  const info = ok(await s.get('/common3/appInfoInit'));
  assert.equal(info.membership.until, null, 'lifetime');
});

test('member price on every priced call: list, product, cart, billing, the charged total and what was saved', async () => {
  const s = await registered(srv.base, 'Price', 'Check');
  const coffee = ok(await s.get('/productManagement2/products?categoryName=Coffee&numberToLoad=100'));
  const listed = coffee.products.find((p: any) => p.id === '1001');
  assert.equal(listed.price, 1699);
  assert.equal(listed.memberPrice, 1399, 'its own member price');
  const other = coffee.products.find((p: any) => p.id !== '1001' && p.options.length === 0 && p.price >= 1000);
  assert.equal(other.memberPrice, Math.floor((other.price * 90) / 100), 'the store member discount');
  assert.equal(ok(await s.get('/productDetailManagement/productDetail/1001')).product.memberPrice, 1399);
  assert.equal(ok(await s.get('/productManagement/product/1001')).memberPrice, 1399);

  // not a member: regular prices, and what a member would save
  ok(await s.post('/shoppingManagement4/myCart', { productId: other.id, quantity: 2 }));
  let cart = ok(await s.get('/shoppingManagement4/myCart'));
  let line = Object.values(cart.lineItems)[0] as any;
  assert.equal(cart.member, false);
  assert.equal(line.unitPrice, other.price);
  assert.equal(line.memberUnitPrice, other.memberPrice);
  assert.equal(cart.memberSavings, (other.price - other.memberPrice) * 2);

  await buy(s, [[await planId(s, 'MONTH'), 1]]);
  // the cart was emptied by that order; a member's cart
  const { orderID, total } = await reservePickup(s, [[other.id, 2]]);
  cart = ok(await s.get('/shoppingManagement4/myCart'));
  line = Object.values(cart.lineItems)[0] as any;
  assert.equal(cart.member, true);
  assert.equal(line.unitPrice, other.memberPrice);
  assert.equal(line.regularUnitPrice, other.price);
  assert.equal(cart.subtotal, other.memberPrice * 2);
  const billing = ok(await s.get('/shoppingManagement4/billing/'));
  assert.equal(billing.subtotal, other.memberPrice * 2);
  assert.equal(billing.total, total, 'the reserved (charged) total is the billed one');
  await payOnline(s, orderID);
  const order = ok(await s.get(`/common3/orderStatus/${orderID}`));
  assert.equal(order.paymentStatus, 'PAID_ONLINE');
  const placed = (await srv.app.db.query('SELECT subtotal, total FROM orders WHERE id = $1', [Number(orderID)])).rows[0];
  assert.equal(placed.subtotal, other.memberPrice * 2);
  assert.equal(placed.total, total);
  const detail = ok(await s.get('/admin/userManagement/membershipDetail'));
  assert.equal(detail.saved, (other.price - other.memberPrice) * 2);
});

test('membership ends on time: member prices stop without any job', async () => {
  const s = await registered(srv.base, 'Ends', 'Today');
  await buy(s, [[await planId(s, 'MONTH'), 1]]);
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1011', quantity: 1 }));
  assert.equal((Object.values(ok(await s.get('/shoppingManagement4/myCart')).lineItems)[0] as any).unitPrice, 2799);
  await srv.app.db.query(`UPDATE memberships SET ends_at = now() - interval '1 second' WHERE user_id = $1`, [s.userID]);
  assert.equal((Object.values(ok(await s.get('/shoppingManagement4/myCart')).lineItems)[0] as any).unitPrice, 3299);
});

test('a membership order refunded in full or cancelled takes its time back; a partial refund does not', async () => {
  const s = await registered(srv.base, 'Rae', 'Refund');
  const month = await planId(s, 'MONTH');
  const first = await buy(s, [[month, 1]]);
  const second = await buy(s, [[await planId(s, 'QUARTER'), 1]]);
  await srv.app.db.tx((q) => requestRefund(q, { orderID: second.orderID, amount: 100, reason: 'goodwill', key: `partial:${second.orderID}` }));
  assert.equal((await membershipRows(s.userID)).filter((r: any) => r.ends_at && new Date(r.ends_at) > new Date()).length, 2, 'a partial refund keeps both');
  // The renewal not yet begun is refunded in full: it becomes an empty row at now; the month in force stays.
  await srv.app.db.tx((q) => requestRefund(q, { orderID: second.orderID, reason: 'changed mind', key: `rest:${second.orderID}` }));
  const afterRefund = await membershipRows(s.userID);
  assert.equal(afterRefund.length, 2, 'history is kept');
  const info = ok(await s.get('/common3/appInfoInit'));
  assert.equal(info.membership.until, new Date(afterRefund.find((r: any) => r.order_id === Number(first.orderID)).ends_at).toISOString());
  // The month in force is cancelled by the operator: no membership is left, and a new month starts now.
  await srv.app.db.tx((q) => operatorCancel(q, Number(first.orderID), 'fraud check'));
  assert.equal(ok(await s.get('/common3/appInfoInit')).membership, null);
  const before = Date.now();
  await buy(s, [[month, 1]]);
  const renewed = (await membershipRows(s.userID)).at(-1);
  assert.ok(Math.abs(new Date(renewed.starts_at).getTime() - before) < 60_000, 'starts now, not at a refunded end');
});
