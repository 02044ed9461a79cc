/**
 * Security probe finding 18 (and the sign-up part of 4): sign-ups are limited per client address, every try counted
 * (the 409 "already exists" is an oracle and each sign-up costs a password hash), and forgotPassword answers without
 * waiting for the account's part of the work, so neither its time nor its failure tells whether an account exists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serverOnFreshDb, Shopper, isError, ok, waitFor } from './helpers.ts';
import { DEMO_EMAIL } from '../src/seed/index.ts';

const LIMIT = 4;
const { db, srv } = serverOnFreshDb({ config: { trustProxy: true, registrationsPerHour: LIMIT } });

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const person = (n: string) => ({ emailID: n.includes('@') ? n : `${n}@example.com`, password: 'longenough1', firstName: 'R', lastName: 'L' });

test('sign-ups are limited per address, 409s included, over e-mail and WeChat alike; other addresses are not affected', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/clientRegistration', person(`reg-a-${Date.now()}`), from('10.30.0.1')));
  for (let i = 1; i < LIMIT; i++) isError(await new Shopper(srv.base).post('/common3/clientRegistration', person(DEMO_EMAIL), from('10.30.0.1')), 409);
  isError(await new Shopper(srv.base).post('/common3/clientRegistration', person(`reg-b-${Date.now()}`), from('10.30.0.1')), 429);
  isError(await new Shopper(srv.base).post('/common3/clientRegistration', person(DEMO_EMAIL), from('10.30.0.1')), 429);
  const wx = new Shopper(srv.base);
  ok(await wx.post('/wechat/login', { code: `sandbox-wx-reg-${Date.now()}` }, from('10.30.0.1')));
  isError(await wx.post('/wechat/register', person(`reg-c-${Date.now()}`), from('10.30.0.1')), 429);
  ok(await new Shopper(srv.base).post('/common3/clientRegistration', person(`reg-d-${Date.now()}`), from('10.30.0.2')));
});

test('forgotPassword does the account\'s part after answering: a failure there is not seen, the mail still comes once it works', async () => {
  // Make the account-only step (storing a reset token) fail: before the fix, only a known e-mail got a 500.
  await srv.app.db.query(`CREATE FUNCTION refuse_reset() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no resets now'; END $$`);
  await srv.app.db.query(`CREATE TRIGGER refuse_reset BEFORE INSERT ON password_resets FOR EACH ROW EXECUTE FUNCTION refuse_reset()`);
  const g = new Shopper(srv.base);
  const unknown = await g.get('/common3/forgotPassword?emailID=nobody-here@example.com');
  const known = await g.get(`/common3/forgotPassword?emailID=${encodeURIComponent(DEMO_EMAIL)}`);
  assert.equal(known.status, unknown.status);
  assert.deepEqual(known.body, unknown.body);
  assert.equal(known.status, 200);
  await srv.app.db.query(`DROP TRIGGER refuse_reset ON password_resets`);
  ok(await g.get(`/common3/forgotPassword?emailID=${encodeURIComponent(DEMO_EMAIL)}`));
  const outbox = path.join(db.dataDir, 'outbox');
  await waitFor('the reset mail', () => (fs.existsSync(outbox) && fs.readdirSync(outbox).some((f) => f.endsWith('-password-reset.eml')) ? true : undefined));
});
