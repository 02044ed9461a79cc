/** Issue 15 item 5: the calls the storefront wires for shoppers (coupons, brands, lists, detail, rates, pickup, PayPal, top-up). */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { freshDb, startServer, Shopper, isError, ok, type Running, type TestDb } from './helpers.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';

let db: TestDb;
let srv: Running;
before(async () => {
  db = await freshDb();
  srv = await startServer(db);
});
after(async () => {
  await srv?.close();
  await db?.cleanup();
});

async function signedIn(): Promise<Shopper> {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  return s;
}

test('coupons: a guest lists the public unexpired ones; an account also those given to it, first and marked personal', async () => {
  const guest = new Shopper(srv.base);
  const pub = ok(await guest.get('/common3/coupons/')).coupons;
  assert.deepEqual(pub.map((c: any) => c.code), ['BIG15', 'SAVE5', 'WELCOME10']);
  assert.ok(pub.every((c: any) => !c.personal && !c.expired));
  const demo = await signedIn();
  assert.deepEqual(ok(await demo.get('/common3/coupons/')).coupons.map((c: any) => c.code), ['BIG15', 'SAVE5', 'WELCOME10']);
  isError(await demo.get('/common3/coupons/STAFF50'), 404);
  await srv.app.db.query(`INSERT INTO coupon_grants (code, user_id) SELECT 'STAFF50', id FROM users WHERE email = $1`, [DEMO_EMAIL]);
  const mine = ok(await demo.get('/common3/coupons/')).coupons;
  assert.deepEqual(mine.map((c: any) => [c.code, c.personal]), [['STAFF50', true], ['BIG15', false], ['SAVE5', false], ['WELCOME10', false]]);
  const staff = ok(await demo.get('/common3/coupons/staff50'));
  assert.deepEqual([staff.code, staff.type, staff.value, staff.descriptionContent.zh], ['STAFF50', 'FIXED', 5000, '员工50加元代金券']);
  // still nobody else's
  isError(await guest.get('/common3/coupons/STAFF50'), 404);
  assert.ok(!ok(await guest.get('/common3/coupons/')).coupons.some((c: any) => c.code === 'STAFF50'));
  // bad input
  isError(await guest.get(`/common3/coupons/${'X'.repeat(41)}`), 400);
});
