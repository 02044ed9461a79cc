/**
 * The database holds orders.status and orders.payment_status to the contract's lists (issue 44 item 3): the CHECK is
 * written from contract/constants.ts at each migration, a value outside the list is refused by the database itself,
 * and a CHECK that says otherwise than the contract (an older list) is replaced on the next migration, once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb } from './helpers.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../contract/constants.ts';
import { migrate } from '../src/db/migrate.ts';
import { valuesOfCheck } from '../src/db/vocabularies.ts';

const { srv } = serverOnFreshDb();
const sql = (text: string, params: unknown[] = []) => srv.app.db.query(text, params);
const checkValues = async (constraint: string) =>
  valuesOfCheck((await sql(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = $1`, [constraint])).rows[0]?.def);
const refusal = async (statement: string) => {
  try {
    await sql(statement);
  } catch (e) {
    return e as { code?: string; message: string };
  }
  assert.fail(`${statement} was accepted`);
};

test('valuesOfCheck reads the values of a CHECK as PostgreSQL prints it', () => {
  for (const [def, values] of [
    ["CHECK ((status = ANY (ARRAY['NEW'::text, 'INTERIM'::text])))", ['INTERIM', 'NEW']],
    ["CHECK ((kind = ANY (ARRAY['it''s'::text])))", ["it's"]],
    [undefined, undefined],
  ] as const) assert.deepEqual(valuesOfCheck(def), values);
});

test("orders' status and payment status are held to the contract's lists by the database", async () => {
  assert.deepEqual(await checkValues('orders_status_known'), [...ORDER_STATUSES].sort());
  assert.deepEqual(await checkValues('orders_payment_status_known'), [...PAYMENT_STATUSES].sort());
  const { rows } = await sql('SELECT id FROM orders ORDER BY id LIMIT 1');
  assert.ok(rows.length, 'the demo database has an order');
  for (const [column, value] of [['status', 'SHIPPED'], ['payment_status', 'PAID']]) {
    const e = await refusal(`UPDATE orders SET ${column} = '${value}' WHERE id = ${rows[0].id}`);
    assert.equal(e.code, '23514', e.message); // check_violation
  }
});

test("a CHECK with an older list is replaced by the contract's on the next migration, and a second migration changes nothing", async () => {
  const older = ORDER_STATUSES.filter((s) => s !== 'CHARGED_BACK');
  await sql('ALTER TABLE orders DROP CONSTRAINT orders_status_known');
  await sql(`ALTER TABLE orders ADD CONSTRAINT orders_status_known CHECK (status IN (${older.map((s) => `'${s}'`).join(', ')}))`);
  assert.deepEqual(await checkValues('orders_status_known'), [...older].sort());
  const said: string[] = [];
  await migrate(srv.app.db, (m) => said.push(m));
  assert.deepEqual(said, ["orders.status held to the contract's list"]);
  assert.deepEqual(await checkValues('orders_status_known'), [...ORDER_STATUSES].sort());
  said.length = 0;
  await migrate(srv.app.db, (m) => said.push(m));
  assert.deepEqual(said, []);
});
