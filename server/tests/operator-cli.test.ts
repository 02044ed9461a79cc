/**
 * The operator CLIs (server/scripts, around operatorDb.ts): a wrong command line exits 2 with the usage before the
 * database opens, a refusal by the store's rules exits 1 with "<cli> <command>: <why>", work done exits 0, and on the
 * embedded database every CLI refuses while another process has it open.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openDb } from '../src/db/index.ts';
import { freshDb, runCli, type TestDb } from './helpers.ts';

let db: TestDb;
before(async () => { db = await freshDb(); });
after(async () => { await db.cleanup(); });

const cli = (script: string, ...args: string[]) => runCli(db, script, ...args);

test('an unknown option or a missing value is a usage error (exit 2), not a stack trace', async () => {
  const missing = await cli('orders', 'refund', '1', '--amount');
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /argument missing\nusage: orders refund/);
  assert.doesNotMatch(missing.stderr, /\n\s+at /);
  const unknown = await cli('campaigns', 'list', '--bogus');
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /Unknown option '--bogus'/);
});

test('orders move and orders cancel need --by: who does it is recorded', async () => {
  for (const args of [['move', '1', 'completed'], ['cancel', '1', '--reason', 'no show'], ['cancel', '1', '--by', ' ']]) {
    const r = await cli('orders', ...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, new RegExp(`^${args[0]} needs --by NAME: who does it is recorded\nusage: orders `));
  }
});

test('campaigns create checks every argument before the database opens', async () => {
  const r = await cli('campaigns', 'create', '--name-en', 'A', '--name-zh', 'B', '--target', '2', '--store', '1', '--hours', '1', '--item', '1023:12.99');
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^bad --item '1023:12.99': expected PRODUCT/);
});

test("a refusal by the store's rules exits 1 with the command and the reason", async () => {
  const r = await cli('orders', 'refunds', '999999');
  assert.equal(r.code, 1);
  assert.equal(r.stderr.trim(), 'orders refunds: Order 999999 not found');
  const end = await cli('campaigns', 'end', 'abc');
  assert.equal(end.code, 1);
  assert.match(end.stderr, /^campaigns end: /);
  const topUp = await cli('topups', 'refund', 'no-such-top-up', '--amount', '5');
  assert.equal(topUp.code, 1);
  assert.equal(topUp.stderr.trim(), 'topups refund: Top-up no-such-top-up not found');
  const nobody = await cli('topups', 'list', 'nobody@example.com');
  assert.equal(nobody.code, 1);
  assert.equal(nobody.stderr.trim(), 'topups list: No account with e-mail nobody@example.com');
});

test('work done exits 0', async () => {
  const r = await cli('campaigns', 'list');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^server time /);
});

test('L4: stored shopper text reaches the operator\'s terminal with its control characters shown, not obeyed', async () => {
  const { openDb } = await import('../src/db/index.ts');
  const { terminalSafe } = await import('../scripts/operatorDb.ts');
  const ESC = '\u001b';
  const store = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  try {
    const form = {
      formName: 'contact', name: `Eve${ESC}[2K${ESC}[1A`, email: 'eve@example.com', phone: '',
      subject: `${ESC}]8;;http://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`, message: `line one\n${ESC}[2J${ESC}[Hverified #1 OK\u009b31m\u202eevil\ttab`,
    };
    await store.query(`INSERT INTO form_submissions (form, ip, locale) VALUES ($1::jsonb, '127.0.0.1', 'en')`, [JSON.stringify(form)]);
  } finally {
    await store.close();
  }
  const r = await cli('messages', 'list', '1');
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/, 'no control character is printed');
  assert.ok(r.stdout.includes('Eve\\x1b[2K\\x1b[1A'), r.stdout);
  assert.ok(r.stdout.includes('\\x1b[2J\\x1b[Hverified #1 OK\\x9b31m\\u202eevil\ttab'), 'tab and newline stay; the rest is shown');
  assert.match(r.stdout, /\n  line one\n/);
  assert.equal(terminalSafe('plain text, 中文\n\ttab'), 'plain text, 中文\n\ttab');
});

/** One command of each operator CLI that gets as far as opening the database (scripts/*.ts around withOperatorDb). */
const EVERY_CLI: [script: string, ...args: string[]][] = [
  ['attention', 'list'], ['blog', 'list'], ['campaigns', 'list'], ['catalog', 'export'], ['delivery-areas', 'list'], ['influencers', 'list'], ['messages', 'list'], ['orders', 'today'],
  ['reconcile', 'list'], ['referral', 'groups'], ['shop', 'export'], ['staff', 'list'], ['stock', 'alerts'], ['topups', 'list', 'nobody@example.com'], ['verified-contacts', 'list'],
];

test('on the embedded database every operator CLI refuses while another process has it open, and runs once it is closed',
  { skip: process.env.DATABASE_URL ? 'PostgreSQL: the CLIs run beside the servers' : false }, async () => {
    const scripts = path.join(import.meta.dirname, '..', 'scripts');
    const withDb = fs.readdirSync(scripts).filter((f) => fs.readFileSync(path.join(scripts, f), 'utf8').includes('await withOperatorDb('));
    assert.deepEqual(EVERY_CLI.map(([script]) => `${script}.ts`), withDb.sort(), 'a command of every CLI that opens the database');

    const holder = await openDb({ dataDir: db.dataDir }); // this process holds it, as a running server does
    let refused: Awaited<ReturnType<typeof cli>>[];
    try {
      refused = await Promise.all(EVERY_CLI.map(([script, ...args]) => cli(script, ...args)));
    } finally {
      await holder.close();
    }
    for (const [i, [script, command]] of EVERY_CLI.entries()) {
      const r = refused[i];
      assert.equal(r.code, 1, `${script} ${command}: ${r.stderr}`);
      const why = `${script} ${command}: process ${process.pid} (the server, or another operator CLI) has the embedded database (${db.dataDir}) open; stop it first and run this again.`;
      assert.ok(r.stderr.startsWith(why), r.stderr);
      assert.equal(r.stdout, '', `${script} ${command} did nothing`);
    }
    const ran = await cli('campaigns', 'list');
    assert.equal(ran.code, 0, ran.stderr);
  });
