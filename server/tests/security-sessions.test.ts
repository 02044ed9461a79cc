/**
 * Security probe finding 7: a new session row at sign-in and sign-out. Nothing pending (an identity to bind, guest
 * orders, a cart) passes to the next person on a shared browser; the guest cart still merges at sign-in.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, reservedDelivery, deliverableProducts, Shopper, isError, ok } from './helpers.ts';
import { hashToken } from '../src/lib/session.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';

let products: string[];
const { srv } = serverOnFreshDb({}, async (started) => {
  products = await deliverableProducts(started.app);
});

let seq = 0;
async function register(browser: Shopper, name: string) {
  const p = { emailID: `${name}${++seq}@example.com`, password: 'correct horse', firstName: name, lastName: 'T' };
  ok(await browser.post('/common3/clientRegistration', p));
  return p;
}
const sessionIdOf = async (s: Shopper) =>
  (await srv.app.db.query('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(s.cookies.get('ISTORE_SESSION')!)])).rows[0]?.id;

test('sign-in and sign-out each continue in a new session row; the old token opens nothing', async () => {
  const s = new Shopper(srv.base);
  ok(await s.get('/common3/changeLocale/zh'));
  const guest = await sessionIdOf(s);
  ok(await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  const signedIn = await sessionIdOf(s);
  assert.notEqual(signedIn, guest);
  assert.equal(ok(await s.get('/common3/appInfoInit')).appContent.system.appMessage.currentLocale, 'zh', 'locale carried over');
  const token = s.cookies.get('ISTORE_SESSION')!;
  ok(await s.get('/common3/logout'));
  const after = await sessionIdOf(s);
  assert.ok(after && after !== signedIn);
  const stale = new Shopper(srv.base);
  stale.cookies.set('ISTORE_SESSION', token);
  isError(await stale.get('/admin/userManagement/userInfo'), 401);
});

test("a WeChat identity left waiting on a shared browser does not join the next person's account", async () => {
  const browser = new Shopper(srv.base);
  const alice = `sandbox-wx-alice-${Date.now()}`;
  assert.equal(ok(await browser.post('/wechat/login', { code: alice })).identity, 'NEW');
  ok(await browser.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  ok(await browser.get('/common3/logout'));
  const bob = await register(browser, 'bob');
  assert.deepEqual(ok(await browser.get('/wechat/bind')), { bound: false });
  const elsewhere = ok(await new Shopper(srv.base).post('/wechat/login', { code: alice }));
  assert.equal(elsewhere.identity, 'NEW', `alice's WeChat must not open ${bob.emailID}`);
});

test("an earlier guest's order on the browser does not become the next shopper's; the shopper's own fresh one does", async () => {
  const browser = new Shopper(srv.base);
  ok(await browser.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  ok(await browser.get('/common3/logout'));
  const earlier = await reservedDelivery(browser, products[0]);
  await srv.app.db.query(`UPDATE orders SET created_at = now() - interval '2 hours' WHERE id = $1`, [Number(earlier)]);
  await srv.app.db.query(`UPDATE carts SET reserved_order_id = NULL WHERE reserved_order_id = $1`, [Number(earlier)]);
  ok(await browser.post('/shoppingManagement4/updateCustomerComment', { comment: 'mine' }));
  const mine = ok(await browser.post('/shoppingManagement4/reserve')).orderID;
  await register(browser, 'dave');
  isError(await browser.get(`/admin/orderManagement/order/${earlier}`), 404);
  assert.equal(ok(await browser.get(`/admin/orderManagement/order/${mine}`)).orderID, mine);
});
