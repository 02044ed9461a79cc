/**
 * Operator refunds that change nothing say so (issue 38 item 4, security probe 2026-12-01 N6): the CLI refunds stay
 * idempotent (the same command twice refunds once), but the repeat names the refund it already was and exits 1, and a
 * --key lives apart from amounts (`--key 1073` is not the refund of 10.73).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deskOf, payOnline, reservePickup, serverOnFreshDb, Shopper } from './helpers.ts';

const { srv } = serverOnFreshDb({ config: { refundPollMs: 3_600_000 } });

const money = (minor: number) => (minor / 100).toFixed(2);

test('N6: `orders refund` repeated with the same amount or key refunds nothing, says which refund it was, and exits 1', async () => {
  const s = new Shopper(srv.base);
  const { orderID, total } = await reservePickup(s, [['1015', 2]]);
  await payOnline(s, orderID);
  const half = Math.floor(total / 2);
  const refunds = async () => (await srv.app.db.query('SELECT id, amount FROM refunds WHERE order_id = $1 ORDER BY created_at', [Number(orderID)])).rows;

  {
    const desk = deskOf(srv, 'orders');
    const first = await desk('refund', orderID, '--amount', money(half));
    assert.equal(first.code, 0, first.stderr);
    const id = /^refund (\S+) of order/.exec(first.stdout)![1];

    // The second item at the same price: nothing new, and it says so.
    const again = await desk('refund', orderID, '--amount', money(half));
    assert.equal(again.code, 1);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, new RegExp(`nothing refunded: order ${orderID} was refunded \\$${money(half)} by ${id} on \\d{4}-\\d\\d-\\d\\dT.* with this amount .*give a new --key`));

    // A key that spells the first amount in minor units is its own refund (it used to return the 10.73 one).
    const keyed = await desk('refund', orderID, '--key', String(half), '--amount', '0.01');
    assert.equal(keyed.code, 0, keyed.stderr);
    assert.match(keyed.stdout, /: \$0\.01 \(PENDING\)$/m);
    const keyedAgain = await desk('refund', orderID, '--key', String(half), '--amount', '0.01');
    assert.equal(keyedAgain.code, 1);
    assert.match(keyedAgain.stderr, /nothing refunded: .* with this --key/);

    // The same amount again under a key of its own is a new refund.
    const second = await desk('refund', orderID, '--key', 'second-item', '--amount', money(half - 1));
    assert.equal(second.code, 0, second.stderr);
  }

  assert.deepEqual((await refunds()).map((r) => r.amount), [half, 1, half - 1]);
  assert.equal((await srv.app.db.query('SELECT refunded FROM orders WHERE id = $1', [Number(orderID)])).rows[0].refunded, total);
});
