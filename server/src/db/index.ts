/**
 * One small query interface over two drivers: embedded PGlite (default) and node-postgres (DATABASE_URL).
 * The same SQL runs on both. PGlite is a single connection, so every query and transaction is serialized
 * through a FIFO mutex; on PostgreSQL a pool is used and correctness under concurrency comes from row locks
 * and conditional updates in the SQL itself.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
}

async function openPglite(dataDir: string): Promise<Db> {
  const { PGlite, protocol, parse } = await import('@electric-sql/pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(path.join(dataDir, 'pgdata'));
  const mutex = new Mutex();
  const { serialize } = protocol;
  // PGlite's query() parses and plans every time; a named statement (the extended protocol, as pg.query does it, with
  // a name) is planned once. The parameter types come from describing it once; values are serialised as query() does.
  // (query() also calls syncToFs afterwards: a no-op for the Node file system the server uses, which writes through.)
  const prepared = new Map<string, number[]>();
  const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
  async function preparedQuery(sql: string, params: unknown[]) {
    const name = statementName(sql);
    return pg.runExclusive(async () => {
      const messages = [];
      try {
        let types = prepared.get(name);
        if (!types) {
          await send(serialize.parse({ name, text: sql }));
          types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
          prepared.set(name, types);
        }
        const values = params.map((v, i) => (v == null ? null : (pg.serializers[types![i]] ?? String)(v)));
        messages.push(...(await send(serialize.bind({ statement: name, values }))));
        messages.push(...(await send(serialize.describe({ type: 'P' }))));
        messages.push(...(await send(serialize.execute({}))));
      } finally {
        messages.push(...(await send(serialize.sync())));
      }
      return parse.parseResults(messages, pg.parsers)[0];
    });
  }
  const raw: Queryable = {
    async query(sql, params = [], opts) {
      const r = opts?.prepare ? await preparedQuery(sql, params) : await pg.query<any>(sql, params as any[]);
      return { rows: r.rows as any[], rowCount: r.affectedRows ?? r.rows.length };
    },
  };
  let closed = false;
  return {
    kind: 'pglite',
    query: (sql, params, opts) => mutex.run(() => raw.query(sql, params, opts)),
    tx: (fn) =>
      mutex.run(async () => {
        await pg.query('BEGIN');
        try {
          const out = await fn(raw);
          await pg.query('COMMIT');
          return out;
        } catch (e) {
          await pg.query('ROLLBACK').catch(() => undefined);
          throw e;
        }
      }),
    close: () =>
      mutex.run(async () => {
        if (closed) return;
        closed = true;
        await pg.close();
      }),
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pgmod } = await import('pg');
  // timestamps/ints: keep node-postgres defaults; SQL casts counts to int so both drivers return numbers.
  // A request waits at most this long for a connection: with the database gone it gets a 503, not a hang.
  const pool = new pgmod.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10), connectionTimeoutMillis: 5000 });
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

/** DB_TRACE=1: every statement with its time on stderr (finding where a request's time goes; off by default). */
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
