/**
 * `/ready` and an unreachable database (issue 38 item 4, security probe 2026-12-01 N9): the answer says the database is
 * not reachable and nothing more (the driver's text, with hosts, ports and database names, goes to the log); a database
 * that is gone (3D000) or refuses our credentials (28xxx) is unavailable like a refused connection: 503, not 500.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isError, ok, serverOnFreshDb, Shopper } from './helpers.ts';

const { srv } = serverOnFreshDb();

const FAULTS: [code: string, message: string][] = [
  ['ECONNREFUSED', 'connect ECONNREFUSED 10.20.30.40:19150'],
  ['3D000', 'database "sec_p21_gone" does not exist'],
  ['28P01', 'password authentication failed for user "istore_prod"'],
  ['08006', 'connection to server at "db.internal" (10.20.30.40), port 5432 failed'],
];

test('N9: /ready answers "Database not reachable" without the driver\'s text; /health and app info answer 503, never 500', async () => {
  const db = srv.app.db;
  const real = db.query;
  try {
    for (const [code, message] of FAULTS) {
      db.query = (async () => {
        throw Object.assign(new Error(message), { code });
      }) as typeof db.query;
      const ready = await new Shopper(srv.base).get('/ready');
      assert.deepEqual(isError(ready, 503).errors, ['Database not reachable'], code);
      assert.ok(!JSON.stringify(ready.body).includes(message.slice(0, 12)), `${code}: no driver text`);
      for (const path of ['/health', '/common3/appInfoInit']) {
        const r = await new Shopper(srv.base).get(path);
        isError(r, 503);
        assert.ok(!JSON.stringify(r.body).includes(message.slice(0, 12)), `${code} ${path}: no driver text`);
      }
    }
  } finally {
    db.query = real;
  }
  assert.deepEqual(ok(await new Shopper(srv.base).get('/ready')), { ok: true });
});
