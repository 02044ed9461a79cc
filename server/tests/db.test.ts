/**
 * The query layer itself (src/db/index.ts), on the driver this run uses: PGlite on its own thread, where statements
 * are sent ahead without waiting for the one before, or PostgreSQL's pool. Errors keep PostgreSQL's fields, a failed
 * statement leaves the connection usable, and no statement lands inside another caller's transaction.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, pgliteThread, type Db } from '../src/db/index.ts';
import { freshDb, type TestDb } from './helpers.ts';

let tdb: TestDb;
let db: Db;

before(async () => {
  tdb = await freshDb({ pristine: true });
  db = await openDb({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
  await db.query('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL UNIQUE, at timestamptz, data jsonb)');
});

after(async () => {
  await db.close();
  await tdb.cleanup();
});

test('values go in and come back typed: dates, JSON, nulls, numbers', async () => {
  const at = new Date('2026-11-23T12:34:56.789Z');
  const { rows, rowCount } = await db.query('INSERT INTO notes (body, at, data) VALUES ($1, $2, $3) RETURNING *', ['typed', at, JSON.stringify({ a: [1, 'b'] })], { prepare: true });
  assert.equal(rowCount, 1);
  assert.ok(rows[0].at instanceof Date);
  assert.equal(rows[0].at.getTime(), at.getTime());
  assert.deepEqual(rows[0].data, { a: [1, 'b'] });
  assert.equal(typeof rows[0].id, 'number');
  const { rows: empty } = await db.query('SELECT $1::text AS nothing', [null]);
  assert.equal(empty[0].nothing, null);
});

test("a failed statement answers with PostgreSQL's error code and leaves the connection usable, prepared or not", async () => {
  for (const prepare of [false, true]) {
    await assert.rejects(db.query('SELECT $1::int AS n', ['not a number'], { prepare }), (e: any) => e.code === '22P02' && /integer/.test(e.message));
    await assert.rejects(db.query('INSERT INTO notes (body) VALUES ($1)', ['typed'], { prepare }), (e: any) => e.code === '23505');
    await assert.rejects(db.query('SELEKT 1', [], { prepare }), (e: any) => e.code === '42601');
    const { rows } = await db.query('SELECT $1::int + 1 AS n', [41], { prepare });
    assert.equal(rows[0].n, 42);
  }
});

test('many statements at once each get their own answer', async () => {
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => db.query('SELECT $1::int * 2 AS n', [i], { prepare: i % 2 === 0 })));
  assert.deepEqual(answers.map((r) => r.rows[0].n), Array.from({ length: 200 }, (_, i) => i * 2));
});

test('statements run in the order they were sent, even when the caller does not wait in between', async () => {
  const writes = Array.from({ length: 10 }, (_, i) => db.query('INSERT INTO notes (body) VALUES ($1)', [`order-${i}`]));
  const { rows } = await db.query("SELECT count(*)::int AS n FROM notes WHERE body LIKE 'order-%'", [], { prepare: true });
  await Promise.all(writes);
  if (db.kind === 'pglite') assert.equal(rows[0].n, 10); // one connection: a queue (a pool runs them side by side)
});

test('a transaction commits or rolls back as a whole, and statements sent meanwhile never run inside it', async () => {
  const seen: number[] = [];
  const count = async () => (await db.query('SELECT count(*)::int AS n FROM notes WHERE body LIKE $1', ['tx-%'], { prepare: true })).rows[0].n as number;
  let outside: Promise<unknown> = Promise.resolve();
  const failing = db.tx(async (q) => {
    await q.query('INSERT INTO notes (body) VALUES ($1)', ['tx-rolled-back']);
    // Sent from outside while the transaction is open and has more to do.
    outside = Promise.all(Array.from({ length: 20 }, () => count().then((n) => seen.push(n))));
    for (let i = 0; i < 5; i++) await q.query('SELECT pg_sleep(0.001)');
    throw new Error('changed my mind');
  });
  await assert.rejects(failing, /changed my mind/);
  await outside;
  assert.equal(seen.length, 20);
  assert.ok(seen.every((n) => n === 0), `a statement saw the uncommitted row: ${seen}`);

  await db.tx(async (q) => {
    await q.query('INSERT INTO notes (body) VALUES ($1)', ['tx-committed']);
    await assert.rejects(q.query('SELECT $1::int', ['x']), (e: any) => e.code === '22P02');
  }).catch(() => undefined);
  assert.equal(await count(), 0, 'an error inside the transaction rolled it back');

  await db.tx(async (q) => {
    await q.query('INSERT INTO notes (body) VALUES ($1)', ['tx-committed']);
  });
  assert.equal(await count(), 1);
});

test('PGlite: a lost database thread fails what was sent to it as unavailable (503), and the next statement starts a new one on the same data', {
  skip: Boolean(process.env.DATABASE_URL) && 'the embedded database only',
}, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-db-thread-'));
  const thread = await pgliteThread(dataDir);
  try {
    await thread.query('CREATE TABLE kept (n int)');
    await thread.query('INSERT INTO kept VALUES (7)');
    // A statement that runs for seconds, and the thread ended under it (as a WebAssembly abort would end it).
    const waiting = thread.query('SELECT count(*) FROM generate_series(1, 200000000)');
    const crashed = thread.worker!;
    await crashed.terminate();
    await assert.rejects(waiting, (e: any) => e.code === '57P01' && /embedded database unavailable/.test(e.message));
    assert.equal(thread.worker, null);
    assert.deepEqual((await thread.query('SELECT n FROM kept')).rows, [{ n: 7 }]);
    assert.ok(thread.worker && thread.worker !== crashed, 'a new thread');
  } finally {
    await thread.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
