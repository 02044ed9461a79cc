/**
 * One small query interface over two drivers: embedded PGlite (default) and node-postgres (DATABASE_URL).
 * The same SQL runs on both. PGlite is a single connection on a thread of its own (pgliteWorker.mjs): statements are
 * sent to it in order, without waiting for the one before, and a transaction holds the line (a FIFO mutex) from BEGIN
 * to COMMIT; on PostgreSQL a pool is used and correctness under concurrency comes from row locks
 * and conditional updates in the SQL itself.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface QueryOptions {
  /**
   * Keep the statement prepared (per connection; named by a hash of its text) so that it is parsed and planned once and
   * then runs on the cached plan. For the hot, fixed statements (session lookup, cart writes and view): on the embedded
   * database planning a statement with a few subqueries costs ten times its execution.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T = any>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<{ rows: T[]; rowCount: number }>;
}

const statementName = (sql: string) => `s_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT; ROLLBACK if it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.then(() => undefined, () => undefined);
    return result;
  }
  /** Like run, but releases as soon as send() is called: its statement is queued on the database thread, before the next. */
  post<T>(send: () => Promise<T>): Promise<T> {
    let answer!: Promise<T>;
    const sent = this.tail.then(() => {
      answer = send();
    });
    this.tail = sent;
    return sent.then(() => answer);
  }
}

type Answer = { rows: any[]; rowCount: number };

/** A statement's error when the embedded database's thread is gone: "database unavailable" (a 503, lib/errors.ts). */
const unavailable = (why: string) => Object.assign(new Error(`embedded database unavailable: ${why}`), { code: '57P01' });

/**
 * PGlite's WebAssembly compiled, and its file bundle read, once per process and handed to each thread it starts (a
 * restart after a crash, the CLIs, the tests' hundreds of servers): a thread then only instantiates them.
 */
let pgliteArtifacts: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Buffer }> | null = null;
const loadPgliteArtifacts = () =>
  (pgliteArtifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const read = (file: string) => fs.promises.readFile(path.join(dist, file));
    const [pglite, initdb, fsBundle] = await Promise.all([read('pglite.wasm'), read('initdb.wasm'), read('pglite.data')]);
    return { pgliteWasmModule: await WebAssembly.compile(pglite), initdbWasmModule: await WebAssembly.compile(initdb), fsBundle };
  })());

/**
 * The embedded database's thread (pgliteWorker.mjs): one statement per message, answered in order. Should the thread
 * die (a WebAssembly abort, say), the statements sent to it fail as unavailable and the next statement starts a new
 * thread on the same data, the way PostgreSQL's pool replaces a lost connection. `worker` is the running thread (tests
 * end it to stand for such a crash).
 */
export async function pgliteThread(dataDir: string): Promise<Queryable & { close(): Promise<void>; readonly worker: Worker | null }> {
  fs.mkdirSync(dataDir, { recursive: true });
  const pending = new Map<number, { resolve: (r: Answer) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let worker: Worker | null = null;
  let starting: Promise<void> | null = null;
  let closing = false;
  /** Messages waiting for a thread that is (re)starting, in the order they were sent. */
  const queue: { id: number }[] = [];

  const settle = (id: number, outcome: (call: { resolve: (r: Answer) => void; reject: (e: Error) => void }) => void) => {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    if (pending.size === 0) worker?.unref();
    outcome(call);
  };
  const lost = (thread: Worker, why: string) => {
    if (thread !== worker || closing) return;
    worker = null;
    console.warn(`embedded database thread lost (${why}); the next statement starts a new one`);
    for (const id of [...pending.keys()]) settle(id, (call) => call.reject(unavailable(why)));
  };
  const artifacts = await loadPgliteArtifacts();
  const start = () =>
    (starting ??= new Promise<Worker>((resolve, reject) => {
      const thread = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: { dataDir, artifacts } });
      thread.once('message', () => resolve(thread));
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`thread exited with code ${code} while starting`)));
    }).then(
      (thread) => {
        starting = null;
        worker = thread;
        // Like a socket: the thread keeps the process alive only while a statement waits for it.
        if (pending.size === 0) thread.unref();
        thread.on('message', (m: { id: number; error?: Record<string, unknown> & { message: string } } & Answer) =>
          settle(m.id, (call) => (m.error ? call.reject(Object.assign(new Error(m.error.message), m.error)) : call.resolve(m))));
        thread.on('error', (e) => lost(thread, e.message));
        thread.on('exit', (code) => lost(thread, `thread exited with code ${code}`));
        for (const message of queue.splice(0)) thread.postMessage(message);
      },
      (e: Error) => {
        starting = null;
        for (const { id } of queue.splice(0)) settle(id, (call) => call.reject(unavailable(e.message)));
        throw e;
      },
    ));
  const call = (message: object) =>
    new Promise<Answer>((resolve, reject) => {
      if (closing) return reject(unavailable('closed'));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      if (worker && !queue.length) {
        if (pending.size === 1) worker.ref();
        worker.postMessage({ id, ...message });
      } else {
        queue.push({ id, ...message });
        start().catch(() => undefined);
      }
    });
  await start();
  return {
    query: (sql, params = [], opts) => call({ sql, params, name: opts?.prepare ? statementName(sql) : undefined }),
    get worker() {
      return worker;
    },
    async close() {
      const thread = worker;
      if (!thread) {
        closing = true;
        return;
      }
      const closed = call({ close: true });
      closing = true; // from here the thread's exit is expected, and nothing more is sent
      await closed;
      await thread.terminate();
    },
  };
}

/** The file naming the process that has the embedded database open (DATA_DIR/pglite.pid). */
const holderFile = (dataDir: string) => path.join(dataDir, 'pglite.pid');
/** The embedded databases this process has open (resolved paths): a second open here is refused like another process's. */
const heldHere = new Set<string>();
/** Takers of a stale file that each find it replaced by a fresh one give up after this many rounds (never, between two). */
const CLAIM_ROUNDS = 10;

/** Another process (or this one, already) has the embedded database open; `pid` names it. */
export class EmbeddedDbInUse extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`process ${pid} (the server, or another operator CLI) has the embedded database (${dataDir}) open; stop it first and run this again. `
      + 'The embedded PGlite database is one process\'s; on PostgreSQL (DATABASE_URL) servers and operator CLIs share one.');
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const readHolder = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
};

/**
 * Takes the embedded database for this process, or throws EmbeddedDbInUse naming the process that has it. PGlite is one
 * process's: a server and an operator CLI writing beside each other could lose either's work. The holder file is made
 * by a hard link of a file already holding our pid, which fails when the file exists: of processes starting together
 * exactly one gets it, and no reader ever sees it half written. A file naming a process no longer running (killed; or our
 * own pid, reused by a new run in a container, while this process holds nothing) is stale: it is moved aside under a
 * name of our own and, only if what was moved is still that stale file, dropped; a fresh claim moved by mistake (another
 * taker replaced the stale file in between) is linked back. Answers the release.
 */
function claimEmbeddedDb(dataDir: string): () => void {
  const held = path.resolve(dataDir);
  if (heldHere.has(held)) throw new EmbeddedDbInUse(dataDir, process.pid);
  fs.mkdirSync(dataDir, { recursive: true });
  const file = holderFile(dataDir);
  const ours = `${file}.${process.pid}.${crypto.randomUUID()}`;
  fs.writeFileSync(ours, String(process.pid));
  try {
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      try {
        fs.linkSync(ours, file);
        heldHere.add(held);
        return () => {
          heldHere.delete(held);
          if (readHolder(file) === String(process.pid)) fs.rmSync(file, { force: true });
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = readHolder(file);
      if (seen === null) continue;
      const pid = Number(seen);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) throw new EmbeddedDbInUse(dataDir, pid);
      const aside = `${file}.stale.${crypto.randomUUID()}`;
      try {
        fs.renameSync(file, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      try {
        if (fs.readFileSync(aside, 'utf8') !== seen) fs.linkSync(aside, file);
      } catch (e) {
        // EEXIST: a third process took the place meanwhile; the next round names it.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      } finally {
        fs.rmSync(aside, { force: true });
      }
    }
    const pid = Number(readHolder(file));
    throw new EmbeddedDbInUse(dataDir, Number.isInteger(pid) && pid > 0 ? pid : 0);
  } finally {
    fs.rmSync(ours, { force: true });
  }
}

async function openPglite(dataDir: string): Promise<Db> {
  const release = claimEmbeddedDb(dataDir);
  let thread: Awaited<ReturnType<typeof pgliteThread>>;
  try {
    thread = await pgliteThread(dataDir);
  } catch (e) {
    release();
    throw e;
  }
  const mutex = new Mutex();
  let closed = false;
  return {
    kind: 'pglite',
    query: (sql, params, opts) => mutex.post(() => thread.query(sql, params, opts)),
    tx: (fn) =>
      mutex.run(async () => {
        await thread.query('BEGIN');
        try {
          const out = await fn(thread);
          await thread.query('COMMIT');
          return out;
        } catch (e) {
          await thread.query('ROLLBACK').catch(() => undefined);
          throw e;
        }
      }),
    close: () =>
      mutex.run(async () => {
        if (closed) return;
        closed = true;
        await thread.close();
        release();
      }),
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pgmod } = await import('pg');
  // timestamps/ints: keep node-postgres defaults; SQL casts counts to int so both drivers return numbers.
  // A request waits at most this long for a connection: with the database gone it gets a 503, not a hang.
  const connectionTimeoutMillis = Number(process.env.PG_CONNECT_TIMEOUT_MS ?? 5000) || 5000;
  const pool = new pgmod.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10), connectionTimeoutMillis });
  // An idle connection the database dropped (restart, failover, terminated backend) emits 'error' on the pool; unheard,
  // it would end the process. The pool replaces it by itself; requests in flight get a 503 (lib/errors.ts).
  pool.on('error', (err) => console.warn(`database connection lost (${(err as Error).message}); the pool reconnects`));
  await pool.query('select 1');
  const wrap = (c: { query: (q: { text: string; values: any[]; name?: string }) => Promise<any> }): Queryable => ({
    async query(sql, params = [], opts) {
      const r = await c.query({ text: sql, values: params as any[], ...(opts?.prepare ? { name: statementName(sql) } : {}) });
      return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
    },
  });
  return {
    kind: 'postgres',
    query: (sql, params, opts) => wrap(pool).query(sql, params, opts),
    async tx(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        // A connection that cannot even roll back is dropped from the pool, not handed to the next request.
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw e;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * DB_TRACE=1: every statement with its time on stderr (finding where a request's time goes; off by default). On PGlite the
 * time runs from sending to the answer, so it includes the wait behind statements sent before it.
 */
function traced(q: Queryable): Queryable {
  return {
    async query(sql, params, opts) {
      const started = performance.now();
      try {
        return await q.query(sql, params, opts);
      } finally {
        process.stderr.write(`[db ${(performance.now() - started).toFixed(2)} ms] ${sql.replace(/\s+/g, ' ').slice(0, 160)}\n`);
      }
    },
  };
}

export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  const db = await (opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir));
  if (process.env.DB_TRACE !== '1') return db;
  return { ...db, kind: db.kind, query: traced(db).query, tx: (fn) => db.tx((q) => fn(traced(q))), close: () => db.close() };
}
