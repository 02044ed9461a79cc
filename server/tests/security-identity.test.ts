/**
 * Security probe finding 8 (in part): an account taken over before its owner registered, through a linked WeChat,
 * is recovered by a password reset: the reset unjoins every linked identity and says which.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { freshDb, startServer, Shopper, ok, type Running, type TestDb } from './helpers.ts';
import { hashToken } from '../src/lib/session.ts';

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

test("the owner's password reset unjoins the attacker's WeChat from the account", async () => {
  const mallory = `sandbox-wx-mallory-${Date.now()}`;
  const attacker = new Shopper(srv.base);
  assert.equal(ok(await attacker.post('/wechat/login', { code: mallory })).identity, 'NEW');
  ok(await attacker.post('/wechat/register', { emailID: 'carol@example.com', password: 'attackerpw1', firstName: 'Carol', lastName: 'C' }));
  assert.equal(ok(await new Shopper(srv.base).post('/wechat/login', { code: mallory })).identity, 'RETURNING');
  // carol recovers her address with "forgot password" (the mailed token is planted, as the mail is only logged)
  const uid = (await srv.app.db.query(`SELECT id FROM users WHERE email = 'carol@example.com'`)).rows[0].id;
  await srv.app.db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [hashToken('carol-tok'), uid]);
  const reset = ok(await new Shopper(srv.base).post('/common3/resetPasswordExternal', { token: 'carol-tok', password: 'carolsown1' }));
  assert.deepEqual(reset, { ok: true, unlinked: ['wechat'] });
  const again = ok(await new Shopper(srv.base).post('/wechat/login', { code: mallory }));
  assert.equal(again.identity, 'NEW', "mallory's WeChat no longer opens carol's account");
});
