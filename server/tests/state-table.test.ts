/**
 * The order lifecycle's state table (src/orders/stateTable.ts, issue 44 item 3): every (status, move) pair, for an
 * order paid and one not, answers allowed, done already, held (a dispute) or refused with a reason that names what it
 * needs; a move is refused to anyone its row does not name; the back office's allowed moves and the CLI's verbs are
 * the table's; every move has its file in src/orders/transitions/. Pure: no server, no database.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ORDER_STATUSES } from '../../contract/constants.ts';
import { ADMIN_MOVES } from '../../contract/admin.ts';
import {
  ACTORS, allowedMoves, isMove, MOVES, refusalText, STORE_MOVES, TRANSITIONS, verdict, type Actor, type MoveName,
} from '../src/orders/stateTable.ts';

// The statuses in ORDER_STATUSES' order; each expectation is one letter per status:
// A allowed, D done already (answered as is), H held by a dispute, R refused.
const ORDER = 'INTERIM NEW READY_FOR_PICKUP OUT_FOR_DELIVERY COMPLETED CANCELLED REFUND_PENDING REFUNDED DISPUTED CHARGED_BACK'.split(' ');

/** [move, who makes it, payment status, method, the answer for each status in ORDER]. */
const EXPECTED: [MoveName, Actor, string, string, string][] = [
  ['settle', 'provider', 'NOT_PAID', 'PICKUP', 'A R R R R R R R R R'],
  ['settle', 'shopper', 'NOT_PAID', 'PICKUP', 'A R R R R R R R R R'],
  ['settle', 'provider', 'PAID_ONLINE', 'PICKUP', 'R R R R R R R R R R'],
  ['release', 'system', 'NOT_PAID', 'PICKUP', 'A R R R R R R R R R'],
  ['release', 'system', 'PAY_AT_STORE', 'PICKUP', 'R R R R R R R R R R'],
  ['cancel', 'shopper', 'NOT_PAID', 'PICKUP', 'A A R R R R R R R R'],
  ['cancel', 'shopper', 'PAY_AT_STORE', 'DELIVERY', 'A A R R R R R R R R'],
  ['cancel', 'shopper', 'PAID_ONLINE', 'PICKUP', 'R R R R R R R R R R'],
  ['cancel', 'shopper', 'PAID_BY_DISCOUNT', 'PICKUP', 'R R R R R R R R R R'],
  ['ready', 'staff', 'PAY_AT_STORE', 'PICKUP', 'R A R R R R R R H R'],
  ['ready', 'staff', 'PAID_ONLINE', 'PICKUP', 'R A R R R R R R H R'],
  ['ready', 'staff', 'PAID_ONLINE', 'DELIVERY', 'R R R R R R R R H R'],
  ['ready', 'staff', 'PAID_ONLINE', 'EAT_IN', 'R R R R R R R R H R'],
  ['out-for-delivery', 'staff', 'PAID_ONLINE', 'DELIVERY', 'R A R R R R R R H R'],
  ['out-for-delivery', 'staff', 'PAID_ONLINE', 'PICKUP', 'R R R R R R R R H R'],
  ['out-for-delivery', 'staff', 'PAID_ONLINE', 'EAT_IN', 'R R R R R R R R H R'],
  ['completed', 'staff', 'PAID_ONLINE', 'PICKUP', 'R A A A R R R R H R'],
  ['completed', 'staff', 'PAY_AT_STORE', 'EAT_IN', 'R A A A R R R R H R'],
  ['completed', 'staff', 'NOT_PAID', 'DELIVERY', 'R A A A R R R R H R'],
  ['cancelled', 'staff', 'PAID_ONLINE', 'DELIVERY', 'A A A A R R R R H R'],
  ['cancelled', 'staff', 'NOT_PAID', 'PICKUP', 'A A A A R R R R H R'],
  ['cancelled', 'staff', 'PAY_AT_STORE', 'EAT_IN', 'A A A A R R R R H R'],
  ['operator-cancel', 'staff', 'PAID_ONLINE', 'PICKUP', 'A A A A A D D D H D'],
  ['operator-cancel', 'staff', 'PAY_AT_STORE', 'PICKUP', 'A A A A A D D D H D'],
  ['refund', 'staff', 'PAID_ONLINE', 'PICKUP', 'R A A A A A A A A A'],
  ['refund', 'system', 'PAID_BY_DISCOUNT', 'PICKUP', 'R A A A A A A A A A'],
  ['refund', 'staff', 'PAY_AT_STORE', 'PICKUP', 'R R R R R R R R R R'],
  ['refund', 'staff', 'NOT_PAID', 'PICKUP', 'R R R R R R R R R R'],
  ['refund-sent', 'system', 'PAID_ONLINE', 'PICKUP', 'R R R R R R A R R R'],
  ['dispute-opened', 'provider', 'PAID_ONLINE', 'PICKUP', 'R A A A A R A A D D'],
  ['dispute-opened', 'provider', 'PAY_AT_STORE', 'PICKUP', 'R R R R R R R R D D'],
  ['dispute-resolved', 'provider', 'PAID_ONLINE', 'PICKUP', 'R A A A A R A A A A'],
  ['dispute-resolved', 'provider', 'NOT_PAID', 'PICKUP', 'R R R R R R R R R R'],
  ['provider-refunded', 'provider', 'PAID_ONLINE', 'PICKUP', 'R A A A A R A A A A'],
  ['provider-refunded', 'provider', 'PAY_AT_STORE', 'PICKUP', 'R R R R R R R R R R'],
];

/** Words each refusal must carry: the state it met and what the move needs, in the store's words. */
const REASONS: Partial<Record<MoveName, RegExp>> = {
  settle: /^Order 7 is not waiting for payment$/,
  cancel: /^Order 7 can no longer be cancelled$/,
  refund: /^Order 7 was not paid: nothing to refund$/,
  ready: /^Order 7: (an order that is \w+ cannot be moved to READY_FOR_PICKUP \(only from NEW\)|ready is not a move for an? (delivery|eat-in) order)$/,
  'out-for-delivery': /^Order 7: (an order that is \w+ cannot be moved to OUT_FOR_DELIVERY \(only from NEW\)|out-for-delivery is not a move for an? (pickup|eat-in) order)$/,
  completed: /^Order 7: an order that is \w+ cannot be moved to COMPLETED \(only from NEW, READY_FOR_PICKUP, OUT_FOR_DELIVERY\)$/,
  cancelled: /^Order 7: an order that is \w+ cannot be moved to CANCELLED \(only from INTERIM, NEW, READY_FOR_PICKUP, OUT_FOR_DELIVERY\)$/,
  release: /^Order 7: an order that is \w+ cannot be an unpaid reservation let go .*\(only (from INTERIM|NOT_PAID)\)$/,
  'refund-sent': /^Order 7: an order that is \w+ cannot be its refund accepted by the payment provider \(only from REFUND_PENDING\)$/,
  'dispute-opened': /^Order 7: an order that is \w+ cannot be disputed by the buyer at the payment provider \(only (from NEW|PAID_ONLINE, PAID_BY_DISCOUNT)/,
  'dispute-resolved': /^Order 7: an order that is \w+ cannot be its dispute resolved at the payment provider \(only (from NEW|PAID_ONLINE, PAID_BY_DISCOUNT)/,
  'provider-refunded': /^Order 7: an order that is \w+ cannot be its money sent back by the payment provider .*\(only (from NEW|PAID_ONLINE, PAID_BY_DISCOUNT)/,
};

describe('the state table answers every (status, move) pair', () => {
  test('the expectations name every status, in the contract\'s order', () => {
    assert.deepEqual(ORDER, [...ORDER_STATUSES]);
  });
  for (const [move, actor, payment, method, answers] of EXPECTED) {
    test(`${move} by the ${actor}, ${payment}, ${method}: ${answers}`, () => {
      const letters = answers.split(' ');
      assert.equal(letters.length, ORDER.length);
      ORDER.forEach((status, i) => {
        const v = verdict(move, { status, payment_status: payment, method }, actor);
        const got = v.allowed ? 'A' : v.done ? 'D' : v.standalone && /DISPUTED/.test(v.reason) ? 'H' : 'R';
        assert.equal(got, letters[i], `${move} from ${status}`);
        const text = refusalText(7, v);
        if (got === 'R') assert.match(text!, REASONS[move] ?? /^Order 7: .{10,}/, `${move} from ${status}`);
        if (got === 'H') assert.equal(text, 'Order 7 is DISPUTED at its payment provider: no fulfilment move or cancel until the dispute is resolved');
        if (got === 'A' || got === 'D') assert.equal(text, null);
      });
    });
  }
  test('every move of the table is answered above, by every actor its row names', () => {
    for (const t of TRANSITIONS) {
      for (const actor of t.by) assert.ok(EXPECTED.some(([m, a]) => m === t.move && a === actor) || t.move === 'refund', `${t.move} by ${actor}`);
    }
  });
  test('a move is refused to anyone its row does not name, whatever the state', () => {
    for (const t of TRANSITIONS) {
      for (const actor of ACTORS.filter((a) => !(t.by as readonly string[]).includes(a))) {
        for (const status of ORDER) {
          const v = verdict(t.move, { status, payment_status: 'PAID_ONLINE', method: 'PICKUP' }, actor);
          assert.equal(v.allowed, false);
          assert.match(refusalText(7, v)!, new RegExp(`^Order 7: ${t.move} is not a move for the ${actor} \\(only `));
        }
      }
    }
  });
  test('a move reaches only states of the contract\'s list', () => {
    for (const t of TRANSITIONS) {
      for (const s of [...t.from, ...t.to.filter((x) => x !== 'same')]) assert.ok((ORDER_STATUSES as readonly string[]).includes(s), `${t.move}: ${s}`);
    }
  });
});

describe('the readers of the table', () => {
  test('the store\'s moves are the wire\'s (contract/admin.ts) and the CLI\'s verbs', () => {
    assert.deepEqual([...STORE_MOVES], [...ADMIN_MOVES]);
    assert.deepEqual(MOVES, { ready: 'READY_FOR_PICKUP', 'out-for-delivery': 'OUT_FOR_DELIVERY', completed: 'COMPLETED', cancelled: 'CANCELLED' });
    for (const m of STORE_MOVES) assert.ok(isMove(m));
    for (const m of ['settle', 'refund', 'operator-cancel', 'READY_FOR_PICKUP', '']) assert.equal(isMove(m), false, m);
  });
  test('the back office\'s allowed moves: none while disputed, the method\'s own from NEW', () => {
    assert.deepEqual(allowedMoves({ status: 'NEW', payment_status: 'PAID_ONLINE', method: 'PICKUP' }), ['ready', 'completed', 'cancelled']);
    assert.deepEqual(allowedMoves({ status: 'NEW', payment_status: 'PAY_AT_STORE', method: 'DELIVERY' }), ['out-for-delivery', 'completed', 'cancelled']);
    assert.deepEqual(allowedMoves({ status: 'NEW', payment_status: 'PAID_ONLINE', method: 'EAT_IN' }), ['completed', 'cancelled']);
    assert.deepEqual(allowedMoves({ status: 'READY_FOR_PICKUP', payment_status: 'PAID_ONLINE', method: 'PICKUP' }), ['completed', 'cancelled']);
    assert.deepEqual(allowedMoves({ status: 'DISPUTED', payment_status: 'PAID_ONLINE', method: 'PICKUP' }), []);
    for (const status of ['COMPLETED', 'CANCELLED', 'REFUND_PENDING', 'REFUNDED', 'CHARGED_BACK']) {
      assert.deepEqual(allowedMoves({ status, payment_status: 'PAID_ONLINE', method: 'PICKUP' }), [], status);
    }
  });
  test('every move has its file in orders/transitions/', () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/orders/transitions');
    const camel = (m: string) => (m === 'cancelled' ? 'storeCancel' : m.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
    for (const t of TRANSITIONS) {
      const file = path.join(dir, `${camel(t.move)}.ts`);
      assert.ok(fs.existsSync(file), `${t.move}: ${file}`);
      assert.match(fs.readFileSync(file, 'utf8'), new RegExp(`^/\\*\\*\\n \\* ${t.move} \\(`), `${file} opens with the move it is`);
    }
  });
});
