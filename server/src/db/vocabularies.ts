/**
 * Columns that hold one of the contract's vocabularies, and the CHECK that holds them to it. The CHECK is written from
 * the contract's list at each migration (not copied into a migration file), so a status added to contract/constants.ts
 * is accepted by the database on the next start, and a status dropped from it while orders still carry it stops the
 * start with PostgreSQL's own refusal, instead of orders the code no longer knows.
 */
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../contract/constants.ts';
import type { Db } from './index.ts';

export interface VocabularyCheck {
  table: string;
  column: string;
  constraint: string;
  values: readonly string[];
}

export const VOCABULARY_CHECKS: readonly VocabularyCheck[] = [
  { table: 'orders', column: 'status', constraint: 'orders_status_known', values: ORDER_STATUSES },
  { table: 'orders', column: 'payment_status', constraint: 'orders_payment_status_known', values: PAYMENT_STATUSES },
];

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** The values a CHECK as PostgreSQL prints it allows (pg_get_constraintdef), sorted; undefined when there is none. */
export function valuesOfCheck(definition: string | undefined): string[] | undefined {
  if (definition === undefined) return undefined;
  return [...definition.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'")).sort();
}

/** Each vocabulary's CHECK as the contract's list says, replaced where it says otherwise. Answers what it changed. */
export async function syncVocabularyChecks(db: Db): Promise<string[]> {
  const changed: string[] = [];
  for (const check of VOCABULARY_CHECKS) {
    const want = [...check.values].sort();
    const current = async (q: Pick<Db, 'query'>) => {
      const { rows } = await q.query<{ def: string }>(
        `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c WHERE c.conname = $1 AND c.conrelid = $2::regclass`,
        [check.constraint, check.table],
      );
      return valuesOfCheck(rows[0]?.def);
    };
    if (JSON.stringify(await current(db)) === JSON.stringify(want)) continue;
    const done = await db.tx(async (q) => {
      if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(7311001)');
      if (JSON.stringify(await current(q)) === JSON.stringify(want)) return false;
      await q.query(`ALTER TABLE ${check.table} DROP CONSTRAINT IF EXISTS ${check.constraint}`);
      await q.query(`ALTER TABLE ${check.table} ADD CONSTRAINT ${check.constraint} CHECK (${check.column} IN (${quoted(check.values)}))`);
      return true;
    });
    if (done) changed.push(`${check.table}.${check.column}`);
  }
  return changed;
}
