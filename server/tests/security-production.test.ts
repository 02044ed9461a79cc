/**
 * Production defaults (issue 26 item 1; security probe 2026-11-26 M3, L2, L5): NODE_ENV is read by one function,
 * case-insensitively; a production store seeds no demo unless asked for by name and refuses the demo account's
 * published password; its cookies are Secure and it sends HSTS unless PLAIN_HTTP=1 says otherwise; it needs PUBLIC_URL
 * and mail links never follow the request's Host; the benchmark's floor route is not there and the served OpenAPI
 * document does not list it.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import paymentRoutes from '../src/routes/payments.ts';
import { paymentRouter } from '../src/payments/index.ts';
import { sandboxProvider } from '../src/payments/sandbox.ts';
import { cookieSecurity, isProduction, loadConfig, productionRefusal, seedsDemo, type Config } from '../src/config.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, demoAccountRefusal } from '../src/seed/index.ts';
import { hashPassword } from '../src/lib/password.ts';
import { SESSION_COOKIE } from '../src/lib/session.ts';
import { freshDb, isError, mailTo, ok, PREFIX, Shopper, startServer, withFreshServer, FAST_HASHING, type TestDb } from './helpers.ts';
import { nodeArgs } from './entry.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');
/** A public demo in production (the sandboxes, ISTORE_SANDBOX=1); production on real providers: production-payments.test.ts. */
const PUBLIC_DEMO: Partial<Config> = { nodeEnv: 'prod', allowSandbox: true, publicUrl: 'https://shop.test' };
/** The same with its demo store asked for by name (a fresh PostgreSQL database starts empty). */
const SEEDED_DEMO: Partial<Config> = { ...PUBLIC_DEMO, seed: 'demo' };
const dbs: TestDb[] = [];
after(async () => {
  for (const d of dbs) await d.cleanup();
});

function runEntry(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-prod-'));
  const child = spawn(process.execPath, nodeArgs('src/index.ts'), {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ISTORE_SANDBOX: '', PUBLIC_URL: '', SEED: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => child.on('exit', (code) => {
    clearTimeout(kill);
    fs.rmSync(dataDir, { recursive: true, force: true });
    resolve({ code, stderr });
  }));
}

test('L5: NODE_ENV is production in any case and spelling but the names of a developer machine', () => {
  for (const v of ['production', 'Production', 'PRODUCTION', 'prod', 'Prod', ' production ', 'staging']) {
    assert.equal(isProduction({ nodeEnv: v }), true, v);
  }
  for (const v of ['development', 'Development', 'dev', 'test', 'TEST', 'testing', '']) assert.equal(isProduction({ nodeEnv: v }), false, v);
  assert.equal(isProduction(loadConfig({})), false, 'unset is development');
  assert.equal(isProduction(loadConfig({ NODE_ENV: 'Prod' })), true);
});

test('L5: NODE_ENV=Production and NODE_ENV=prod on the sandbox providers: npm start refuses like production', async () => {
  for (const nodeEnv of ['Production', 'prod']) {
    const r = await runEntry({ NODE_ENV: nodeEnv, PUBLIC_URL: 'https://shop.test' });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`Refusing to start: NODE_ENV=${nodeEnv} with PAYMENT_PROVIDER=sandbox`));
  }
});

test('M3: production seeds no demo store unless SEED=demo names it, and SEED=true is refused there', () => {
  assert.equal(seedsDemo({ nodeEnv: 'production' }), false);
  assert.equal(seedsDemo({ nodeEnv: 'production', seed: 'demo' }), true);
  assert.equal(seedsDemo({ nodeEnv: 'development' }), true);
  assert.equal(seedsDemo({ nodeEnv: 'development', seed: 'false' }), false);
  assert.equal(seedsDemo({ nodeEnv: 'development', seed: 'none' }), false);
  const prod = { ...loadConfig({}), ...PUBLIC_DEMO };
  assert.match(productionRefusal({ ...prod, seed: 'true' }) ?? '', /SEED=demo/);
  assert.match(productionRefusal({ ...prod, seed: 'demo', allowSandbox: false }) ?? '', /only a public demo run on purpose \(ISTORE_SANDBOX=1\)/);
  assert.equal(productionRefusal({ ...prod, seed: 'demo' }), null);
  assert.match(productionRefusal({ ...loadConfig({}), seed: 'yes' }) ?? '', /SEED must be demo or none/);
});

test('M3: a production start on an empty database seeds nothing: it refuses to start, and the demo account does not exist', async () => {
  const db = await freshDb({ pristine: true });
  dbs.push(db);
  // Without shop settings production does not start (issue 37): it names the command that writes them.
  await assert.rejects(startServer(db, { config: PUBLIC_DEMO }), /^Error: Refusing to start: this database has no shop settings yet .*npm --prefix server run shop -- init/);
  // What the refused start left: a development start that seeds nothing finds no account and no demo store.
  const srv = await startServer(db, { config: { seed: 'none' } });
  try {
    const s = new Shopper(srv.base);
    isError(await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }), 401);
    const { rows } = await srv.app.db.query(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM settings WHERE key = 'seeded')::int AS seeded`);
    assert.deepEqual(rows[0], { users: 0, seeded: 0 });
  } finally {
    await srv.close();
  }
});

test('M3: a production database with the demo account keeps it only as a public demo, and not once its password changed', async () => {
  const db = await freshDb();
  dbs.push(db);
  // The seeded demo store as a public demo (ISTORE_SANDBOX=1) runs, and warns in its log.
  const logged: string[] = [];
  const app = await buildApp({
    config: { ...FAST_HASHING, ...SEEDED_DEMO, dataDir: db.dataDir, databaseUrl: db.databaseUrl, staticDir: path.join(db.dataDir, 'none') },
    logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
  });
  try {
    assert.ok(logged.some((l) => l.includes(`DEMO STORE: the demo account ${DEMO_EMAIL} exists with its published password`)), logged.join(''));
    // What a store that is not a demo is refused for, and what lets it run.
    assert.match(await demoAccountRefusal(app.db) ?? '', /delete it or change its password/);
    await app.db.query(`UPDATE users SET email = 'Demo@istore.test' WHERE email = $1`, [DEMO_EMAIL]);
    assert.ok(await demoAccountRefusal(app.db), 'the address in another case is the same account');
    await app.db.query(`UPDATE users SET password_hash = $1 WHERE lower(email) = $2`, [await hashPassword('not-the-demo-1'), DEMO_EMAIL]);
    assert.equal(await demoAccountRefusal(app.db), null);
  } finally {
    await app.close();
  }
});

test('L5: production cookies are Secure and HSTS is sent on every answer; PLAIN_HTTP=1 turns both off', async () => {
  assert.equal(cookieSecurity({ nodeEnv: 'development', cookieSecure: false, plainHttp: false }), 'auto');
  await withFreshServer({ config: SEEDED_DEMO }, async (srv) => {
    const s = new Shopper(srv.base);
    const res = await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD });
    ok(res);
    const session = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    assert.ok(session, res.setCookies.join(' | '));
    assert.match(session, /; Secure/);
    const first = await new Shopper(srv.base).get('/health');
    assert.match(first.setCookies.find((c) => c.startsWith('XSRF-TOKEN='))!, /; Secure/);
    assert.equal(first.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  });
  await withFreshServer({ config: { ...PUBLIC_DEMO, publicUrl: 'http://shop.test', plainHttp: true } }, async (srv) => {
    const first = await new Shopper(srv.base).get('/health');
    assert.doesNotMatch(first.setCookies.find((c) => c.startsWith('XSRF-TOKEN='))!, /Secure/);
    assert.equal(first.headers.get('strict-transport-security'), null);
  });
});

test('L2: production refuses to start without PUBLIC_URL (or with an http one and no PLAIN_HTTP=1), before it opens a database', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-prod-'));
  try {
    await assert.rejects(buildApp({ config: { ...PUBLIC_DEMO, publicUrl: undefined, dataDir }, logger: false }), /without PUBLIC_URL/);
    await assert.rejects(buildApp({ config: { ...PUBLIC_DEMO, publicUrl: 'http://shop.test', dataDir }, logger: false }), /must be https:\/\//);
    await assert.rejects(buildApp({ config: { ...PUBLIC_DEMO, publicUrl: 'shop.test', dataDir }, logger: false }), /PUBLIC_URL must be/);
    assert.deepEqual(fs.readdirSync(dataDir), [], 'nothing was created');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('L2: without PUBLIC_URL (development) a reset link and a back-in-stock link point at the server itself, never at the Host asked for', async () => {
  await withFreshServer({ config: { trustProxy: true } }, async (srv, db) => {
    const evil = { headers: { 'x-forwarded-host': 'evil.example' } };
    ok(await new Shopper(srv.base).get(`/common3/forgotPassword?emailID=${DEMO_EMAIL}`, evil));
    const mail = await mailTo(db, 'password-reset', DEMO_EMAIL);
    const link = mail.text.match(/https?:\/\/\S+\/account\/reset\S+/)![0];
    assert.ok(link.startsWith(`${srv.base}/account/reset?token=`), link);
    const { rows: [earlGrey] } = await srv.app.db.query(`SELECT id FROM products WHERE name_en = 'Earl Grey Loose Leaf 100g'`);
    ok(await new Shopper(srv.base).post('/common3/restockAlert', { productId: String(earlGrey.id), email: 'watcher@example.com' }, evil));
    const { rows } = await srv.app.db.query(`SELECT shop_origin FROM restock_alerts WHERE email = 'watcher@example.com'`);
    assert.deepEqual(rows, [{ shop_origin: srv.base }]);
  });
});

test('L5: a production store has no benchmark floor route, and its OpenAPI document does not list it', async () => {
  await withFreshServer({ config: PUBLIC_DEMO }, async (srv) => {
    const s = new Shopper(srv.base);
    isError(await s.get('/bench/floor'), 404);
    const doc = ok(await s.get('/openapi.json'));
    const paths = Object.keys(doc.paths);
    assert.ok(paths.length > 100, 'the document lists the store\'s routes');
    assert.ok(!paths.some((p) => p.includes('/bench/')), paths.filter((p) => p.includes('bench')).join());
  });
  await withFreshServer({}, async (srv) => {
    ok(await new Shopper(srv.base).get('/bench/floor'));
  });
});

test('L5: with no payment channel on the sandbox (production on real providers), its pay routes are not registered', async () => {
  const routesWith = async (sandbox: boolean) => {
    const app = Fastify();
    app.decorate('db', {} as never);
    app.decorate('config', loadConfig({}));
    app.decorate('paymentProvider', paymentRouter([], sandbox ? sandboxProvider() : null));
    await app.register(paymentRoutes, { prefix: PREFIX });
    await app.ready();
    const has = (method: 'GET' | 'POST', url: string) => app.hasRoute({ method, url: `${PREFIX}${url}` });
    const found = [has('GET', '/sandbox/pay/:attemptId'), has('POST', '/sandbox/pay/:attemptId/:action')];
    await app.close();
    return found;
  };
  assert.deepEqual(await routesWith(true), [true, true]);
  assert.deepEqual(await routesWith(false), [false, false]);
});
