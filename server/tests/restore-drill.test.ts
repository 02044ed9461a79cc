// test-run: own process (runs deploy/restore-drill.sh, which starts a server process with an environment file of its own)
/**
 * The restore drill as docs/deploy.md writes it (issue 37 item 6): the backup command of the document, then
 * `deploy/restore-drill.sh`, the very script the document calls, with a production environment file (the operator
 * run of issue 37 found the drill refused at start without it, and its `kill %1` left the server running). On the
 * embedded database (a .tgz of DATA_DIR's pgdata, taken with the server stopped) and, when the run has one, on
 * PostgreSQL (pg_dump's custom format). Proves: the restored shop answered /ready, the drill counted the backup's
 * orders (as many as the live database had, the same latest), and afterwards nothing of the drill is left: no server
 * on its port, no drill database, no drill folder.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { freshDb, type TestDb } from './helpers.ts';
import { freePort } from './serverProcess.ts';
import { openDb } from '../src/db/index.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const deployMd = fs.readFileSync(path.join(repo, 'docs', 'deploy.md'), 'utf8');

/** The document's command line that starts with `start` (the first one in the backups section). */
function documented(start: string): string {
  const line = deployMd.split('\n').map((l) => l.trim()).find((l) => l.startsWith(start));
  assert.ok(line, `docs/deploy.md has a command starting ${start}`);
  return line;
}

const OWN = /^(NODE_ENV|SEED|ISTORE_.*|PAYMENT_.*|IDENTITY_PROVIDER|DATABASE_URL|DATA_DIR|PORT|HOST|PUBLIC_.*|PLAIN_HTTP|WECHAT.*|ALIPAY_.*|PAYPAL_.*|SNAPPAY_.*|IOTPAY_.*|SMTP_URL|MAIL_FROM|TRUST_PROXY|STATIC_DIR|LOG_.*|DRILL_.*)$/;
const baseEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN.test(k)));

const bash = (script: string, env: NodeJS.ProcessEnv) => new Promise<{ code: number; out: string }>((resolve) => {
  execFile('bash', ['-c', script], { env, cwd: repo, timeout: 600_000 }, (err, stdout, stderr) =>
    resolve({ code: err ? Number((err as any).code ?? 1) : 0, out: stdout + stderr }));
});

async function live(db: TestDb) {
  const handle = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  try {
    const { rows: [{ n, latest }] } = await handle.query('SELECT count(*)::int AS n, max(created_at) AS latest FROM orders');
    return { n: Number(n), latest: latest ? new Date(latest).toISOString() : 'never' };
  } finally {
    await handle.close();
  }
}

async function drill(db: TestDb, backupCommand: string, backup: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-drill-test-'));
  try {
    const expected = await live(db);
    // The servers' environment file: a production store (the public-demo sandbox stands in for payment credentials).
    const envFile = path.join(dir, 'istore.env');
    fs.writeFileSync(envFile, [
      'NODE_ENV=production', 'ISTORE_SANDBOX=1', 'PUBLIC_URL=https://shop.test', 'PUBLIC_ORIGIN=https://shop.test',
      `DATABASE_URL=${db.databaseUrl ?? ''}`, `DATA_DIR=${db.dataDir}`, 'LOG_LEVEL=warn', '',
    ].join('\n'));
    const port = await freePort();
    const env = { ...baseEnv(), DATABASE_URL: db.databaseUrl ?? '', DATA_DIR: db.dataDir, BACKUPS: dir };
    const made = await bash(backupCommand, env);
    assert.equal(made.code, 0, `${backupCommand}: ${made.out}`);
    const file = fs.readdirSync(dir).find((f) => f.startsWith('istore-') && f.endsWith(backup));
    assert.ok(file, `the backup command wrote ${backup} in ${dir}: ${fs.readdirSync(dir).join(', ')}`);
    const run = await bash(`deploy/restore-drill.sh "$BACKUPS/${file}"`, {
      ...env, ISTORE_ENV_FILE: envFile, ISTORE_SERVER: path.join(repo, 'server'), DRILL_PORT: String(port),
    });
    assert.equal(run.code, 0, run.out);
    assert.match(run.out, /answered \/ready/);
    assert.match(run.out, new RegExp(`drill: ${expected.n} orders, the latest placed ${expected.latest.replace(/[.]/g, '\\.')}`), run.out);
    // Nothing of the drill left running or behind.
    assert.equal(await fetch(`http://127.0.0.1:${port}/api/istore/client/health`).then(() => 'answered', () => 'refused'), 'refused', 'the drill\'s server stopped');
    const work = /(\/\S*istore-drill\.\w+)/.exec(run.out)?.[1];
    assert.ok(work && !fs.existsSync(work), `the drill's folder ${work} removed`);
    return run.out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('restore drill on the embedded database: the documented tar backup, restored and started by deploy/restore-drill.sh', {
  skip: Boolean(process.env.DATABASE_URL) && 'the embedded database (the PostgreSQL drill is the next test)', timeout: 600_000,
}, async () => {
  const db = await freshDb();
  try {
    fs.mkdirSync(path.join(db.dataDir, 'uploads'), { recursive: true });
    const command = documented('tar czf "$BACKUPS/istore-').replace(/\\$/, '');
    await drill(db, command, '.tgz');
  } finally {
    await db.cleanup();
  }
});

test('restore drill on PostgreSQL: the documented pg_dump, restored into <name>_drill by deploy/restore-drill.sh, dropped after', {
  skip: !process.env.DATABASE_URL && 'PostgreSQL only (this run has no DATABASE_URL)', timeout: 600_000,
}, async () => {
  const db = await freshDb();
  try {
    await drill(db, documented('pg_dump --format=custom --file="$BACKUPS/istore-'), '.dump');
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const name = `${new URL(db.databaseUrl!).pathname.slice(1)}_drill`;
      assert.equal((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount, 0, 'the drill database dropped');
    } finally {
      await admin.end();
    }
  } finally {
    await db.cleanup();
  }
});
