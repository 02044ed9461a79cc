/**
 * The operator CLIs' `--by` becomes the staff member (issue 43, features/admin/cliActor.ts): before the shop has staff
 * accounts any name is recorded as given (opening day); once it has, `--by` must be a staff member's e-mail (any case),
 * an unknown or disabled one is refused (exit 1, nothing changed), and the action is recorded with the account, on
 * the order (order_events.staff_id) and in the back office's activity list beside what the screens did.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { actorOfBy } from '../src/features/admin/cliActor.ts';
import { Staff } from './adminClient.ts';
import { registered } from './memberHelpers.ts';
import { deskOf, ok, payOnline, reservePickup, serverOnFreshDb } from './helpers.ts';

const OWNER = 'owner@shop.example';
const CLERK = 'clerk@shop.example';
const PASSWORD = 'counter-password-1';

const { db, srv } = serverOnFreshDb();
const cli = (script: string) => deskOf(srv, script);

async function paidPickup(last: string) {
  const shopper = await registered(srv.base, 'Cli', last);
  const { orderID } = await reservePickup(shopper, [['1012', 1]], shopper.contact);
  await payOnline(shopper, orderID);
  return orderID;
}

describe('the CLIs\' --by', () => {
  test('no staff yet (opening day): any name is recorded as given', async () => {
    const orderID = await paidPickup('Opening');
    const r = await cli('orders')('move', orderID, 'ready', '--by', 'Sam at the counter');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /by Sam at the counter/);
    const { rows } = await srv.app.db.query('SELECT actor, staff_id FROM order_events WHERE order_id = $1', [Number(orderID)]);
    assert.deepEqual(rows.at(-1), { actor: 'Sam at the counter', staff_id: null });
    assert.deepEqual(await actorOfBy(srv.app.db, '  Anyone  '), { id: null, email: 'Anyone' });
  });

  test('with staff: a staff e-mail is the staff member, on the order and in the activity list beside the screens\' actions', async () => {
    const pw = path.join(db.dataDir, 'pw');
    fs.writeFileSync(pw, `${PASSWORD}\n`);
    assert.equal((await cli('staff')('add', OWNER, '--role', 'owner', '--password-file', pw)).code, 0);
    assert.equal((await cli('staff')('add', CLERK, '--role', 'staff', '--password-file', pw)).code, 0);
    const orderID = await paidPickup('Counter');
    const r = await cli('orders')('move', orderID, 'ready', '--by', 'Clerk@Shop.example');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /by clerk@shop\.example/);
    const { rows: [ev] } = await srv.app.db.query(
      'SELECT e.actor, s.email FROM order_events e JOIN staff s ON s.id = e.staff_id WHERE e.order_id = $1 ORDER BY e.id DESC LIMIT 1', [Number(orderID)]);
    assert.deepEqual(ev, { actor: CLERK, email: CLERK });
    // The same staff member completes it in the back office: both lines in one list, with who.
    const clerk = new Staff(srv.base);
    ok(await clerk.signIn(CLERK, PASSWORD));
    ok(await clerk.post(`/orders/${orderID}/move`, { move: 'completed' }));
    const owner = new Staff(srv.base);
    ok(await owner.signIn(OWNER, PASSWORD));
    const items = ok(await owner.get('/activity?limit=50')).items.filter((i: any) => i.subject === orderID);
    assert.deepEqual(items.map((i: any) => [i.actor, i.action]), [[CLERK, 'order.completed'], [CLERK, 'order.ready']]);
    assert.match(items[1].detail, /via: command line \(/);
    assert.doesNotMatch(items[0].detail, /via/);
    // The page's history shows who, whichever way it was done.
    assert.deepEqual(ok(await owner.get(`/orders/${orderID}`)).history.map((h: any) => h.actor).slice(-2), [CLERK, CLERK]);
  });

  test('with staff: an unknown name or a disabled account is refused and nothing changes; a refund is recorded as the command line\'s', async () => {
    const orderID = await paidPickup('Refused');
    let r = await cli('orders')('move', orderID, 'ready', '--by', 'Sam at the counter');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /--by Sam at the counter is not a staff member's e-mail/);
    r = await cli('orders')('cancel', orderID, '--by', 'nobody@shop.example');
    assert.equal(r.code, 1);
    const { rows: [o] } = await srv.app.db.query('SELECT status FROM orders WHERE id = $1', [Number(orderID)]);
    assert.equal(o.status, 'NEW', 'nothing changed');
    assert.equal((await cli('staff')('disable', CLERK)).code, 0);
    r = await cli('orders')('move', orderID, 'ready', '--by', CLERK);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /disabled/);
    assert.equal((await cli('staff')('enable', CLERK)).code, 0);
    r = await cli('attention')('handled', 'refund', 'rf_none', '--by', 'Somebody');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /not a staff member's e-mail/);
    r = await cli('orders')('cancel', orderID, '--by', OWNER, '--reason', 'Out of beans');
    assert.equal(r.code, 0, r.stderr);
    r = await cli('orders')('refunds', orderID);
    assert.equal(r.code, 0);
    const owner = new Staff(srv.base);
    ok(await owner.signIn(OWNER, PASSWORD));
    const items = ok(await owner.get('/activity?limit=50')).items.filter((i: any) => i.subject === orderID);
    assert.deepEqual(items.map((i: any) => [i.actor, i.action]), [[OWNER, 'order.cancel']]);
    assert.match(items[0].detail, /reason: Out of beans/);
    const other = await paidPickup('Refund');
    r = await cli('orders')('refund', other, '--amount', '1.00', '--reason', 'Spilled');
    assert.equal(r.code, 0, r.stderr);
    const refund = ok(await owner.get('/activity?limit=50')).items.find((i: any) => i.subject === other);
    assert.equal(refund.action, 'order.refund');
    assert.match(refund.actor, /^command line \(/);
  });
});
