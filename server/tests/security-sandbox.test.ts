/**
 * Security probe finding 1: the payment and identity sandboxes never run in production by accident.
 * A production-mode start (the real entry point, src/index.ts) refuses and says why; ISTORE_SANDBOX=1 is the explicit
 * opt-in, and then the store says it is a sandbox (header, app info, the hosted payment page).
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { freshDb, startServer, reservedDelivery, Shopper, ok, type TestDb } from './helpers.ts';
import { nodeArgs } from './entry.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');
const dbs: TestDb[] = [];
after(async () => {
  for (const d of dbs) await d.cleanup();
});

function runEntry(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-prod-'));
  const child = spawn(process.execPath, nodeArgs('src/index.ts'), {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
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

test('NODE_ENV=production on the sandbox providers: npm start refuses to start and says why', async () => {
  const r = await runEntry({ NODE_ENV: 'production', ISTORE_SANDBOX: '' });
  assert.equal(r.code, 1);
  // The identity sandbox is not named: in production a sign-in without credentials is simply not offered.
  assert.match(r.stderr, /Refusing to start: NODE_ENV=production with PAYMENT_PROVIDER=sandbox\. /);
  assert.match(r.stderr, /ISTORE_SANDBOX=1/);
});

test('buildApp refuses the same configuration before it opens any database', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-prod-'));
  await assert.rejects(buildApp({ config: { dataDir, nodeEnv: 'production', allowSandbox: false }, logger: false }), /Refusing to start/);
  assert.deepEqual(fs.readdirSync(dataDir), [], 'nothing was created');
  fs.rmSync(dataDir, { recursive: true, force: true });
  await assert.rejects(buildApp({ config: { dataDir, paymentProvider: 'stripe' }, logger: false }), /PAYMENT_PROVIDER 'stripe' is not available/);
});

test('with ISTORE_SANDBOX=1 a production store runs, and says "sandbox" in a header, in app info and on the payment page', async () => {
  const db = await freshDb();
  dbs.push(db);
  const srv = await startServer(db, { config: { nodeEnv: 'production', allowSandbox: true, publicUrl: 'https://shop.test', seed: 'demo' } });
  try {
    const s = new Shopper(srv.base);
    const info = await s.get('/common3/appInfoInit');
    assert.equal(info.headers.get('x-sandbox'), 'true');
    assert.equal(ok(info).appContent.appDetail.sandbox, true);
    const orderID = await reservedDelivery(s);
    const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
    const page = await s.get(`~${new URL(redirectUrl).pathname}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /<p id="sandbox-mark"[^>]*>SANDBOX: test payment, no money moves<\/p>/);
  } finally {
    await srv.close();
  }
});
