/**
 * Alipay sign-in for real: the server configured with Alipay credentials exchanges the mini-program's my.getAuthCode
 * code with alipay.system.oauth.token at a double of Alipay's gateway (doubles/alipay.ts, which checks the app's RSA2
 * signature and signs its answers with Alipay's key; alipay-sdk on the store's side), on the real server and database
 * (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDb, isError, ok, Shopper, startServer, type Running, type TestDb } from './helpers.ts';
import { AlipayDouble } from './doubles/alipay.ts';
import { createIdentityProvider } from '../src/identity/index.ts';

const alipay = new AlipayDouble('global');
const db = {} as TestDb;
const srv = {} as Running;
const saved = { ...process.env };
let env: Record<string, string>;

before(async () => {
  await alipay.start();
  env = alipay.env();
  Object.assign(process.env, env);
  // Real credentials beside the sandbox, here and for the test template this process may build: a sandbox start on
  // purpose (ISTORE_SANDBOX=1; security probe 2026-12-01 N1).
  process.env.ISTORE_SANDBOX = '1';
  Object.assign(db, await freshDb());
  Object.assign(srv, await startServer(db, { config: { allowSandbox: true } }));
});
after(async () => {
  delete process.env.ISTORE_SANDBOX;
  await srv.close?.();
  await db.cleanup?.();
  await alipay.stop();
  for (const k of Object.keys(env)) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

async function accountJoinedTo(subject: string): Promise<number> {
  const { rows: [user] } = await srv.app.db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, my_id) VALUES ($1, 'x', 'Li', 'Na', 'A' || substr(md5($1), 1, 10)) RETURNING id`,
    [`li-${subject}@example.com`],
  );
  await srv.app.db.query(`INSERT INTO identities (provider, subject, user_id, open_id) VALUES ('alipay', $1, $2, $1)`, [subject, user.id]);
  return user.id;
}

describe('Alipay mini-program sign-in (alipay.system.oauth.token)', () => {
  test('the app id the client needs is the configured app\'s', async () => {
    assert.deepEqual(ok(await new Shopper(srv.base).get('/common3/apaId')), { appId: alipay.appId });
  });

  test('a fresh code signs in as the user_id Alipay answers; the code works once, a made-up one is refused', async () => {
    const code = alipay.authCode({ user_id: '2088102100000001' });
    const s = new Shopper(srv.base);
    const refusedBefore = alipay.refusedRequests;
    assert.equal(ok(await s.post('/alipay/login', { code })).identity, 'NEW');
    assert.equal(alipay.refusedRequests, refusedBefore, 'the gateway double verified the app\'s RSA2 request signature');
    assert.equal(alipay.calls.at(-1), 'alipay.system.oauth.token');
    const { rows } = await srv.app.db.query(`SELECT subject FROM pending_identities WHERE provider = 'alipay'`);
    assert.ok(rows.some((r: any) => r.subject === '2088102100000001'), 'the pending identity is the user_id Alipay verified');

    const again = isError(await s.post('/alipay/login', { code }), 400);
    assert.match(again.message, /Alipay code was not accepted \(isv\.code-invalid\)/);
    isError(await s.post('/alipay/login', { code: 'madeUpCode123' }), 400);
  });

  test('a returning shopper is recognised by the id the app receives: user_id, or open_id for an open_id app', async () => {
    const byUserId = await accountJoinedTo('2088102100000002');
    const a = ok(await new Shopper(srv.base).post('/alipay/login', { code: alipay.authCode({ user_id: '2088102100000002' }) }));
    assert.deepEqual([a.identity, String(a.userID)], ['RETURNING', String(byUserId)]);

    const openId = '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5';
    const byOpenId = await accountJoinedTo(openId);
    const b = ok(await new Shopper(srv.base).post('/alipay/login', { code: alipay.authCode({ open_id: openId }) }));
    assert.deepEqual([b.identity, String(b.userID)], ['RETURNING', String(byOpenId)]);
  });

  test('an answer that does not verify with Alipay\'s public key signs nobody in (502, retry)', async () => {
    const userId = await accountJoinedTo('2088102100000003');
    alipay.failNext('alipay.system.oauth.token', { badSignature: true });
    const s = new Shopper(srv.base);
    const r = isError(await s.post('/alipay/login', { code: alipay.authCode({ user_id: '2088102100000003' }) }), 502);
    assert.match(r.message, /Alipay did not confirm the sign-in/);
    const signedIn = ok(await s.post('/alipay/login', { code: alipay.authCode({ user_id: '2088102100000003' }) }));
    assert.equal(String(signedIn.userID), String(userId));
  });
});

describe('Alipay sign-in configuration', () => {
  test('production with only Alipay configured offers Alipay sign-in and not WeChat\'s', () => {
    const router = createIdentityProvider({ identityProvider: 'sandbox', nodeEnv: 'production', allowSandbox: false }, '/api', env);
    assert.deepEqual([router.offers('ALIPAY_MINI_PROGRAM'), router.offers('WECHAT_MINI_PROGRAM'), router.offers('WECHAT_OFFICIAL_ACCOUNT')], [true, false, false]);
    assert.equal(router.alipayAppId, alipay.appId);
    assert.equal(router.name, 'alipay');
  });

  test('a missing or malformed Alipay credential stops the start naming it', () => {
    const make = (over: Record<string, string | undefined>) => () =>
      createIdentityProvider({ identityProvider: 'sandbox', nodeEnv: 'development', allowSandbox: false }, '/api', { ...env, ...over });
    assert.throws(make({ ALIPAY_PUBLIC_KEY_FILE: undefined }), /ALIPAY_PUBLIC_KEY_FILE is missing/);
    assert.throws(make({ ALIPAY_APP_ID: 'abc' }), /ALIPAY_APP_ID must be/);
    assert.throws(make({ ALIPAY_PRIVATE_KEY_FILE: env.ALIPAY_PUBLIC_KEY_FILE }), /ALIPAY_PRIVATE_KEY_FILE: .* is not an RSA private key/);
  });
});
