import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './index.ts';
import { syncVocabularyChecks } from './vocabularies.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

function migrationFiles(): string[] {
  return fs.readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
}

/** The migrations this code knows that the database has not recorded (a readiness check: an upgrade not yet migrated). */
export async function pendingMigrations(db: Pick<Db, 'query'>): Promise<string[]> {
  const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.version));
  return migrationFiles().filter((f) => !applied.has(parseInt(f, 10)));
}

/**
 * Applies src/db/migrations/NNN_name.sql in order, each in its own transaction, recording versions. Only the files not
 * yet recorded get a transaction: every start of the server and of each operator CLI runs this, and a transaction per
 * known file (34 of them) cost each start on PGlite seconds on a loaded machine. Each one checks again under the lock
 * (another instance may be migrating the same PostgreSQL database). Then the columns that hold a vocabulary of the
 * contract get their CHECK from it (vocabularies.ts).
 */
export async function migrate(db: Db, log: (msg: string) => void = () => undefined): Promise<number[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: number[] = [];
  for (const file of await pendingMigrations(db)) {
    const version = parseInt(file, 10);
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const done = await db.tx(async (q) => {
      if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(7311001)');
      const { rows } = await q.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (rows.length) return false;
      // split on lines that end a statement; migrations keep to simple DDL (no functions with inner ;)
      for (const stmt of sql.split(/;\s*$/m).map((s) => s.trim()).filter(Boolean)) await q.query(stmt);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
      return true;
    });
    if (done) {
      applied.push(version);
      log(`migration ${file} applied`);
    }
  }
  for (const column of await syncVocabularyChecks(db)) log(`${column} held to the contract's list`);
  return applied;
}
