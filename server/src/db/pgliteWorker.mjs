/**
 * The embedded database on a thread of its own (db/index.ts opens it): PGlite runs its SQL in WebAssembly, a few
 * tenths of a millisecond of CPU per statement, which on the server's main thread would stall every other request's
 * HTTP work meanwhile. Here the two overlap. Plain JavaScript, so the thread needs no TypeScript loader.
 *
 * Messages in: { id, sql, params, name } (name: keep it prepared under that name) and { id, close: true }; out:
 * { id, rows, rowCount } or { id, error }.
 * Statements run one at a time in the order they arrive, so the caller may send the next before this one answers.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const { pgliteWasmModule, initdbWasmModule, fsBundle } = workerData.artifacts;
// PGLITE_SHARED_BUFFERS: PostgreSQL's shared_buffers (its default 128MB when unset). The thread zeroes that much memory
// as it starts, 0.6 s of CPU at 128MB; the tests, which start hundreds of small databases, set 16MB.
const sharedBuffers = process.env.PGLITE_SHARED_BUFFERS;
const pg = await PGlite.create(path.join(workerData.dataDir, 'pgdata'), {
  pgliteWasmModule,
  initdbWasmModule,
  // PGlite only asks the bundle for its bytes; a Blob's arrayBuffer() would copy them in small chunks each start.
  fsBundle: { arrayBuffer: async () => fsBundle.buffer.slice(fsBundle.byteOffset, fsBundle.byteOffset + fsBundle.byteLength) },
  startParams: [...PGlite.defaultStartParams, ...(sharedBuffers ? ['-c', `shared_buffers=${sharedBuffers}`] : [])],
});
const { serialize } = protocol;

// PGlite's query() parses and plans every time; a named statement (the extended protocol, as pg.query does it, with
// a name) is planned once. The parameter types come from describing it once; values are serialised as query() does.
// (query() also calls syncToFs afterwards: a no-op for the Node file system the server uses, which writes through.)
const prepared = new Map();
const send = (message) => pg.execProtocolStream(message, { syncToFs: false });

async function preparedQuery(name, sql, params) {
  return pg.runExclusive(async () => {
    let types = prepared.get(name);
    if (!types) {
      try {
        await send(serialize.parse({ name, text: sql }));
        types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
      } catch (e) {
        await send(serialize.sync()); // out of the failed extended-protocol exchange, for the next statement
        throw e;
      }
      prepared.set(name, types);
    }
    const values = params.map((v, i) => (v == null ? null : (pg.serializers[types[i]] ?? String)(v)));
    // One call into the database for the whole execution: bind, describe, execute and sync as one buffer.
    const messages = await send(Buffer.concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
    return parse.parseResults(messages, pg.parsers)[0];
  });
}

/** What the caller needs of a database error: its message and PostgreSQL's fields (code, detail, constraint…). */
function plainError(e) {
  const out = { message: e?.message ?? String(e) };
  for (const [k, v] of Object.entries(e ?? {})) if (v == null || typeof v !== 'object') out[k] = v;
  return out;
}

async function answer(m) {
  if (m.close) {
    await pg.close();
    parentPort.postMessage({ id: m.id, rows: [], rowCount: 0 });
    parentPort.close();
    return;
  }
  try {
    const r = m.name ? await preparedQuery(m.name, m.sql, m.params) : await pg.query(m.sql, m.params);
    parentPort.postMessage({ id: m.id, rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: plainError(e) });
  }
}

// In arrival order, strictly: PGlite's query() and runExclusive() queue on different locks, so a prepared statement
// could otherwise overtake a plain one sent before it.
let tail = Promise.resolve();
parentPort.on('message', (m) => {
  tail = tail.then(() => answer(m));
});
parentPort.postMessage({ ready: true });
