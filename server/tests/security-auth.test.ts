/**
 * Security probe findings 3, 4 and 15: sign-in limits that hold (no spoofed address, no concurrent burst, no lockout of
 * the owner by others, change-password limited), no unauthenticated password hashing for made-up reset tokens, bounded
 * hashing under a flood, and a password change or reset that ends other sessions and old reset links.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, Shopper, isError, ok, type Running } from './helpers.ts';
import { hashToken } from '../src/lib/session.ts';
import * as password from '../src/lib/password.ts';
import { ACCOUNT_RULE, ADDRESS_RULE, CHANGE_PASSWORD_RULE, PAIR_RULE } from '../src/identity/rateLimit.ts';

/** Default configuration: X-Forwarded-For is not believed. */
const { srv: plain } = serverOnFreshDb();
/** Behind a trusted proxy (TRUST_PROXY=true): tests choose the client address with X-Forwarded-For. */
const { srv: proxied } = serverOnFreshDb({ config: { trustProxy: true } });

let seq = 0;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function account(srv: Running, ip = '10.1.0.1') {
  const s = new Shopper(srv.base);
  const p = { emailID: `shopper${++seq}-${Date.now().toString(36)}@example.com`, password: 'correct horse', firstName: 'T', lastName: 'S' };
  ok(await s.post('/common3/clientRegistration', p, from(ip)));
  return { shopper: s, ...p };
}

const signon = (s: Shopper, emailID: string, pw: string, ip: string) => s.post('/common3/signon', { emailID, password: pw }, from(ip));

test('X-Forwarded-For is not believed by default: a spoofed address does not escape the per-address limit', async () => {
  const s = new Shopper(plain.base);
  const statuses: number[] = [];
  for (let i = 0; i <= ADDRESS_RULE.max; i++) {
    statuses.push((await signon(s, `nobody${i}@example.com`, 'wrong-pass', `10.9.0.${i + 1}`)).status);
  }
  assert.deepEqual(statuses.slice(0, ADDRESS_RULE.max), Array(ADDRESS_RULE.max).fill(401));
  assert.equal(statuses[ADDRESS_RULE.max], 429);
});

test('a concurrent burst of guesses is counted atomically: 5 are checked, the right password inside the burst does not get in', async () => {
  const a = await account(proxied);
  const s = new Shopper(proxied.base);
  ok(await s.get('/health'));
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) =>
    signon(s, a.emailID, i === 17 ? a.password : `wrong-${i}-xx`, '10.2.0.1').then((r) => ({ i, status: r.status }))));
  const counts: Record<number, number> = {};
  for (const r of burst) counts[r.status] = (counts[r.status] ?? 0) + 1;
  assert.equal((counts[401] ?? 0) + (counts[200] ?? 0), PAIR_RULE.max, JSON.stringify(counts));
  assert.equal(counts[429], 20 - PAIR_RULE.max);
});

test('a guesser cannot lock the owner out: the limit is per account and address; the account-wide one spares known addresses', async () => {
  const a = await account(proxied, '10.3.0.1');
  const owner = new Shopper(proxied.base);
  ok(await signon(owner, a.emailID, a.password, '10.3.0.1')); // the owner's usual address
  const attacker = new Shopper(proxied.base);
  for (let i = 0; i < PAIR_RULE.max; i++) isError(await signon(attacker, a.emailID, 'wrong-pass', '10.3.9.9'), 401);
  assert.match(isError(await signon(attacker, a.emailID, a.password, '10.3.9.9'), 429).message, /Too many failed sign-in attempts/);
  ok(await signon(owner, a.emailID, a.password, '10.3.0.1'));
  // spread over many addresses the account-wide brake stops the guesser, but not the owner at a known address
  let refused = 0;
  for (let i = 0; i < ACCOUNT_RULE.max; i++) {
    if ((await signon(attacker, a.emailID, 'wrong-pass', `10.4.${i >> 8}.${(i & 255) + 1}`)).status === 429) refused++;
  }
  assert.ok(refused >= PAIR_RULE.max, `account-wide limit refused ${refused}`);
  isError(await signon(attacker, a.emailID, a.password, '10.5.0.1'), 429);
  ok(await signon(owner, a.emailID, a.password, '10.3.0.1'));
});

test('change password is limited: repeated wrong current passwords give 429, then even the right one', async () => {
  const a = await account(proxied, '10.6.0.1');
  for (let i = 0; i < CHANGE_PASSWORD_RULE.max; i++) {
    isError(await a.shopper.post('/admin/userManagement/resetPassword', { oldPassword: `nope-${i}-xx`, newPassword: 'another123' }, from('10.6.0.1')), 400);
  }
  isError(await a.shopper.post('/admin/userManagement/resetPassword', { oldPassword: a.password, newPassword: 'another123' }, from('10.6.0.1')), 429);
});

test('a made-up reset token costs no password hash; a real one still resets', async () => {
  const g = new Shopper(proxied.base);
  ok(await g.get('/health'));
  const before = password.hashCount;
  for (let i = 0; i < 5; i++) isError(await g.post('/common3/resetPasswordExternal', { token: `bogus-${i}`, password: 'longenough1' }), 400);
  assert.equal(password.hashCount, before);
});

test('password hashing is bounded: a flood of registrations gets 503 for the excess while a sign-in still works', async () => {
  const a = await account(proxied, '10.7.0.1');
  const g = new Shopper(proxied.base);
  ok(await g.get('/health'));
  const flood = Promise.all(Array.from({ length: 40 }, (_, i) =>
    g.post('/common3/clientRegistration', { emailID: `flood${i}-${seq}@example.com`, password: 'longenough1', firstName: 'F', lastName: 'L' }, from(`10.8.0.${i + 1}`))));
  const signIn = await signon(new Shopper(proxied.base), a.emailID, a.password, '10.7.0.1');
  const answers = await flood;
  assert.equal(signIn.status, 200);
  const statuses = answers.map((r) => r.status);
  assert.ok(statuses.every((s) => s === 200 || s === 503), JSON.stringify(statuses));
  assert.ok(statuses.includes(503), 'the excess is refused at once');
  for (const r of answers.filter((x) => x.status === 503)) isError(r, 503);
});

test('a password change signs out every other session and kills outstanding reset links', async () => {
  const a = await account(proxied, '10.10.0.1');
  const other = new Shopper(proxied.base);
  ok(await signon(other, a.emailID, a.password, '10.10.0.1'));
  const uid = (await proxied.app.db.query(`SELECT id FROM users WHERE email = $1`, [a.emailID])).rows[0].id;
  await proxied.app.db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [hashToken(`old-${uid}`), uid]);
  ok(await a.shopper.post('/admin/userManagement/resetPassword', { oldPassword: a.password, newPassword: 'another123' }, from('10.10.0.1')));
  ok(await a.shopper.get('/admin/userManagement/userInfo'));
  isError(await other.get('/admin/userManagement/userInfo'), 401);
  isError(await new Shopper(proxied.base).post('/common3/resetPasswordExternal', { token: `old-${uid}`, password: 'takeover123' }), 400);
});

test('a reset ends the other reset links of the account', async () => {
  const a = await account(proxied, '10.11.0.1');
  const uid = (await proxied.app.db.query(`SELECT id FROM users WHERE email = $1`, [a.emailID])).rows[0].id;
  for (const t of ['t1', 't2']) {
    await proxied.app.db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [hashToken(`${t}-${uid}`), uid]);
  }
  const g = new Shopper(proxied.base);
  ok(await g.post('/common3/resetPasswordExternal', { token: `t1-${uid}`, password: 'brandnew123' }));
  isError(await g.post('/common3/resetPasswordExternal', { token: `t2-${uid}`, password: 'takeover123' }), 400);
});
