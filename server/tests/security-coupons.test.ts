/**
 * Security probe finding 9: non-public coupons only for the accounts they were given to, unknown coupon codes
 * rate-limited per address, and a zero-total order settled by a coupon is PAID_BY_DISCOUNT, not PAID_ONLINE.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, Shopper, CONTACT, isError, ok } from './helpers.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';
import { COUPON_RULE } from '../src/identity/rateLimit.ts';

const { srv } = serverOnFreshDb({ config: { trustProxy: true } });

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

test('a non-public coupon is not readable and not usable by guests or other accounts; the account given it may use it', async () => {
  const guest = new Shopper(srv.base);
  isError(await guest.get('/common3/coupons/STAFF50', from('10.20.0.1')), 404);
  ok(await guest.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }, from('10.20.0.1')));
  assert.equal(isError(await guest.get('/shoppingManagement4/couponVerification/STAFF50', from('10.20.0.1')), 400).message, 'Coupon not valid');
  const demo = new Shopper(srv.base);
  ok(await demo.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }, from('10.20.0.2')));
  ok(await demo.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }, from('10.20.0.2')));
  isError(await demo.get('/shoppingManagement4/couponVerification/STAFF50', from('10.20.0.2')), 400);
  await srv.app.db.query(`INSERT INTO coupon_grants (code, user_id) SELECT 'STAFF50', id FROM users WHERE email = $1`, [DEMO_EMAIL]);
  const applied = ok(await demo.get('/shoppingManagement4/couponVerification/STAFF50', from('10.20.0.2')));
  assert.equal(applied.coupon.code, 'STAFF50');
  assert.ok(applied.discount > 0);
  // public coupons are unchanged
  ok(await guest.get('/common3/coupons/WELCOME10', from('10.20.0.1')));
});

test('unknown coupon codes are rate-limited per address; known ones do not count', async () => {
  const s = new Shopper(srv.base);
  ok(await s.get('/common3/coupons/WELCOME10', from('10.21.0.1')));
  for (let i = 0; i < COUPON_RULE.max; i++) isError(await s.get(`/common3/coupons/GUESS${i}`, from('10.21.0.1')), 404);
  isError(await s.get('/common3/coupons/STAFF50', from('10.21.0.1')), 429);
  isError(await s.get('/shoppingManagement4/couponVerification/STAFF50', from('10.21.0.1')), 429);
  isError(await s.get('/common3/coupons/GUESS0', from('10.21.0.2')), 404); // another address
});

test('a coupon that takes the total to 0 settles as PAID_BY_DISCOUNT, not PAID_ONLINE', async () => {
  const demo = new Shopper(srv.base);
  ok(await demo.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }, from('10.22.0.1')));
  await srv.app.db.query(`INSERT INTO coupon_grants (code, user_id) SELECT 'STAFF50', id FROM users WHERE email = $1 ON CONFLICT DO NOTHING`, [DEMO_EMAIL]);
  ok(await demo.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }));
  ok(await demo.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', CONTACT));
  const cart = ok(await demo.get('/shoppingManagement4/couponVerification/STAFF50', from('10.22.0.1')));
  assert.equal(cart.total, 0, JSON.stringify(cart));
  const { orderID, total } = ok(await demo.post('/shoppingManagement4/reserve'));
  assert.equal(total, 0);
  const paid = ok(await demo.post(`/shoppingManagement4/billing/${orderID}`, { method: 'STORE_CREDIT' }));
  assert.deepEqual([paid.status, paid.paymentStatus], ['NEW', 'PAID_BY_DISCOUNT']);
});
