/**
 * The embedded database is one process's (src/db/index.ts, claimEmbeddedDb): processes opening it together (two operator
 * CLIs, a CLI and a server starting) get it exactly once, the others are refused with the holder's pid, also when the
 * DATA_DIR/pglite.pid they race over was left by a process that died; the server itself refuses to start beside a holder.
 */
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { test } from 'node:test';
import { EmbeddedDbInUse, openDb } from '../src/db/index.ts';
import { freshDb } from './helpers.ts';
import { nodeArgs } from './entry.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');
const skip = process.env.DATABASE_URL ? 'PostgreSQL: servers and CLIs share it' : false;
const CLAIMANTS = 4;

interface Claimant {
  child: ChildProcessWithoutNullStreams;
  next(): Promise<string>;
}

function startClaimant(dataDir: string): Claimant {
  const child = spawn(process.execPath, nodeArgs('tests/embeddedDbClaimant.ts'), { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir } });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return {
    child,
    async next() {
      const { value, done } = await lines.next();
      assert.ok(!done, `claimant ${child.pid} ended: ${stderr}`);
      return value;
    },
  };
}

/** Starts the claimants, lets them open the database at the same moment, answers what each did; then ends them. */
async function race(dataDir: string): Promise<{ pid: number; opened?: number; refused?: number; message?: string }[]> {
  const claimants = Array.from({ length: CLAIMANTS }, () => startClaimant(dataDir));
  try {
    for (const c of claimants) assert.equal(await c.next(), 'ready');
    for (const c of claimants) c.child.stdin.write('go\n');
    return await Promise.all(claimants.map(async (c) => ({ pid: c.child.pid!, ...JSON.parse(await c.next()) })));
  } finally {
    await Promise.all(claimants.map((c) => new Promise((resolve) => {
      c.child.once('exit', resolve);
      c.child.stdin.end();
    })));
  }
}

function assertOneHolder(outcomes: Awaited<ReturnType<typeof race>>, dataDir: string) {
  const opened = outcomes.filter((o) => o.opened !== undefined);
  assert.equal(opened.length, 1, `exactly one process opened it: ${JSON.stringify(outcomes)}`);
  const holder = opened[0].pid;
  for (const o of outcomes.filter((x) => x.opened === undefined)) {
    assert.equal(o.refused, holder, 'the refusal names the process that has it');
    assert.ok(o.message!.startsWith(`process ${holder} (the server, or another operator CLI) has the embedded database (${dataDir}) open; stop it first`), o.message);
  }
}

/** A pid no process has any more: a child that has exited. */
const deadPid = () => new Promise<number>((resolve) => {
  const child = execFile(process.execPath, ['-e', '']);
  child.once('exit', () => resolve(child.pid!));
});

test('processes opening the embedded database together: exactly one gets it, the others are told which', { skip }, async () => {
  const db = await freshDb();
  try {
    assertOneHolder(await race(db.dataDir), db.dataDir);
    assert.equal(fs.existsSync(path.join(db.dataDir, 'pglite.pid')), false, 'the holder removed its file on closing');
  } finally {
    await db.cleanup();
  }
});

test('a pglite.pid left by a process that died is taken over once, however many take it at the same moment', { skip }, async () => {
  const db = await freshDb();
  try {
    fs.writeFileSync(path.join(db.dataDir, 'pglite.pid'), String(await deadPid()));
    assertOneHolder(await race(db.dataDir), db.dataDir);
    // Alone, it is simply taken over.
    fs.writeFileSync(path.join(db.dataDir, 'pglite.pid'), String(await deadPid()));
    const store = await openDb({ dataDir: db.dataDir });
    try {
      assert.equal(fs.readFileSync(path.join(db.dataDir, 'pglite.pid'), 'utf8'), String(process.pid));
    } finally {
      await store.close();
    }
    assert.deepEqual(fs.readdirSync(db.dataDir).filter((f) => f.startsWith('pglite.pid')), [], 'nothing left beside it');
  } finally {
    await db.cleanup();
  }
});

test('a second open in the same process is refused too, and the database opens again once closed', { skip }, async () => {
  const db = await freshDb();
  try {
    const first = await openDb({ dataDir: db.dataDir });
    try {
      await assert.rejects(openDb({ dataDir: db.dataDir }), (e) => e instanceof EmbeddedDbInUse && e.pid === process.pid);
    } finally {
      await first.close();
    }
    const again = await openDb({ dataDir: db.dataDir });
    await again.close();
  } finally {
    await db.cleanup();
  }
});

test('the server refuses to start on an embedded database another process has open, naming it', { skip }, async () => {
  const db = await freshDb();
  const holder = await openDb({ dataDir: db.dataDir });
  try {
    const started = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, nodeArgs('src/index.ts'), {
        cwd: serverDir,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: db.dataDir, DATABASE_URL: '', STATIC_DIR: path.join(db.dataDir, 'no-static') },
      }, (err, _stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stderr }));
    });
    assert.equal(started.code, 1, started.stderr);
    assert.ok(started.stderr.includes(`process ${process.pid} (the server, or another operator CLI) has the embedded database (${db.dataDir}) open`), started.stderr);
    assert.equal(fs.readFileSync(path.join(db.dataDir, 'pglite.pid'), 'utf8'), String(process.pid), 'the holder keeps it');
  } finally {
    await holder.close();
    await db.cleanup();
  }
});
