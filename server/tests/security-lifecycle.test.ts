/**
 * Security probe findings 15, 17, 19: stronger password hashing (weaker stored hashes upgraded at sign-in), reset
 * links not logged in production, retention of ever-growing rows, the 10-address cap on every path, contact forms
 * limited per address, and shoppers listing only ACTIVE products.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { freshDb, serverOnFreshDb, Shopper, ADDRESS, FAST_HASHING, isError, ok, waitFor } from './helpers.ts';
import { buildApp } from '../src/app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';
import { sweepExpired } from '../src/services/retention.ts';
import { configurePasswordHashing, hashPassword } from '../src/lib/password.ts';
import { CONTACT_LIMITS } from '../src/services/contact.ts';

// the production cost of new hashes (the suite's template was seeded with the cheaper one)
const { srv } = serverOnFreshDb({ config: { scryptLogN: 15, scryptP: 3 } });

test('a sign-in upgrades a password hash made at a lower cost to N=2^15, p=3', async () => {
  const hashOf = async () => (await srv.app.db.query('SELECT password_hash FROM users WHERE email = $1', [DEMO_EMAIL])).rows[0].password_hash as string;
  // a hash stored at the old cost (on PostgreSQL the seed already ran at the new one)
  configurePasswordHashing(14, 1);
  const old = await hashPassword(DEMO_PASSWORD);
  configurePasswordHashing(15, 3);
  await srv.app.db.query('UPDATE users SET password_hash = $1 WHERE email = $2', [old, DEMO_EMAIL]);
  assert.match(await hashOf(), /^scrypt\$16384\$8\$1\$/);
  ok(await new Shopper(srv.base).post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  assert.match(await hashOf(), /^scrypt\$32768\$8\$3\$/);
  ok(await new Shopper(srv.base).post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
});

test('saving delivery addresses at checkout stops at the 10 the address book allows', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }));
  for (let i = 0; i < 12; i++) {
    ok(await s.post('/shoppingManagement4/orderDeliverInfo?saveToMyProfile=true', { ...ADDRESS, streetNumberAndNameDetails: `${i + 1} Queen St W` }));
  }
  assert.equal(ok(await s.get('/admin/userManagement/getAddresses/me/type/SHIPPING')).addresses.length, 10);
});

test('contact-form messages are limited per address', async () => {
  const s = new Shopper(srv.base);
  for (let i = 0; i < CONTACT_LIMITS.perAddress.max; i++) ok(await s.post('/message/submitForm', { name: 'Ada', email: 'ada@example.com', message: `hello ${i}` }));
  isError(await s.post('/message/submitForm', { name: 'Ada', email: 'ada@example.com', message: 'one more' }), 429);
});

test('a shopper never lists products that are not ACTIVE, whatever recordStatus asks', async () => {
  await srv.app.db.query(`UPDATE products SET record_status = 'INACTIVE' WHERE id = 1003`);
  const s = new Shopper(srv.base);
  const asked = ok(await s.get('/productManagement2/products?recordStatus=INACTIVE&sortby=default&infiniteLoad=false'));
  const list = Array.isArray(asked) ? asked : asked.products ?? asked.items ?? [];
  assert.equal(JSON.stringify(list).includes('"1003"'), false);
  await srv.app.db.query(`UPDATE products SET record_status = 'ACTIVE' WHERE id = 1003`);
});

test('the sweep removes expired sessions, reset and confirmation links, waiting identities, old void attempts and anonymous messages', async () => {
  const q = srv.app.db;
  await q.query(`INSERT INTO sessions (token_hash, expires_at) VALUES ('old-session', now() - interval '2 days')`);
  const uid = (await q.query('SELECT id FROM users WHERE email = $1', [DEMO_EMAIL])).rows[0].id;
  await q.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('old-reset', $1, now() - interval '2 days')`, [uid]);
  await q.query(`INSERT INTO form_submissions (form, created_at) VALUES ('{}'::jsonb, now() - interval '200 days')`);
  await q.query(`INSERT INTO email_verifications (token_hash, user_id, email, expires_at) VALUES ('old-confirm', $1, $2, now() - interval '2 days')`, [uid, DEMO_EMAIL]);
  await q.query(`INSERT INTO auth_attempts (key, count, window_start, window_secs) VALUES ('pair:x|y', 3, now() - interval '3 days', 900)`);
  await sweepExpired(q);
  const count = async (sql: string) => (await q.query(sql)).rows[0].n as number;
  assert.equal(await count(`SELECT count(*)::int AS n FROM sessions WHERE token_hash = 'old-session'`), 0);
  assert.equal(await count(`SELECT count(*)::int AS n FROM password_resets WHERE token_hash = 'old-reset'`), 0);
  assert.equal(await count(`SELECT count(*)::int AS n FROM email_verifications WHERE token_hash = 'old-confirm'`), 0);
  assert.equal(await count(`SELECT count(*)::int AS n FROM form_submissions WHERE created_at < now() - interval '100 days'`), 0);
  assert.equal(await count(`SELECT count(*)::int AS n FROM auth_attempts WHERE key = 'pair:x|y'`), 0);
});

test('in production the reset link is not written to the log', async () => {
  const d = await freshDb();
  const lines: string[] = [];
  const app = await buildApp({
    config: { ...FAST_HASHING, dataDir: d.dataDir, databaseUrl: d.databaseUrl, staticDir: path.join(d.dataDir, 'none'), nodeEnv: 'production', allowSandbox: true, publicUrl: 'https://shop.test', seed: 'demo' },
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const s = new Shopper(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
    ok(await s.get(`/common3/forgotPassword?emailID=${encodeURIComponent(DEMO_EMAIL)}`));
    await waitFor('the reset token', async () => (await app.db.query('SELECT 1 FROM password_resets')).rows[0]);
    assert.ok(!lines.some((l) => /resetToken|resetLink/.test(l)), 'no reset token in the log');
  } finally {
    await app.close();
    await d.cleanup();
  }
});
