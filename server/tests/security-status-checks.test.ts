/**
 * Status checks do not multiply provider queries (issue 38 item 4, security probe 2026-12-01 N5): a check asks the
 * provider about the order's newest pending attempt only, and at most STATUS_QUERY_RULE.max times per order per
 * interval, whoever asks; the other attempts are the sync worker's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STATUS_QUERY_RULE } from '../src/routes/payments.ts';
import { ok, reservedDelivery, serverOnFreshDb, Shopper } from './helpers.ts';

const { srv } = serverOnFreshDb({ config: { paymentSyncPollMs: 3_600_000 } });

test('N5: ten checks of an order with five open payments make at most the rule\'s queries, all of the newest; the next interval more', async () => {
  const s = new Shopper(srv.base);
  const orderID = await reservedDelivery(s);
  for (let i = 0; i < 5; i++) ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
  const { rows: open } = await srv.app.db.query(
    `SELECT id FROM payment_attempts WHERE order_id = $1 AND status = 'PENDING' ORDER BY created_at DESC`, [Number(orderID)]);
  assert.equal(open.length, 5, 'five attempts wait');

  const router = srv.app.paymentProvider;
  const real = router.query.bind(router);
  const asked: string[] = [];
  router.query = async (attempt, report) => {
    asked.push(attempt.id);
    return real(attempt, report);
  };
  try {
    const checks = await Promise.all(Array.from({ length: 10 }, () => s.post('/shoppingManagement4/checkOttPaymentStatus', { orderID })));
    for (const c of checks) assert.equal(ok(c).paymentStatus, 'NOT_PAID');
    // Ten checks at once: the rule's few queries (a burst may straddle two intervals), never one per attempt per check.
    assert.ok(asked.length >= 1 && asked.length <= 2 * STATUS_QUERY_RULE.max, `${asked.length} queries`);
    assert.deepEqual(new Set(asked), new Set([open[0].id]), 'only the newest attempt is asked about');
    const burst = asked.length;
    // Another session is not let in (a status check is the order's own session's), and asks nothing.
    assert.equal((await new Shopper(srv.base).post('/shoppingManagement4/checkOttPaymentStatus', { orderID })).status, 404);
    assert.equal(asked.length, burst);
    await new Promise((r) => setTimeout(r, STATUS_QUERY_RULE.windowMs + 1100));
    ok(await s.post('/shoppingManagement4/checkOttPaymentStatus', { orderID }));
    assert.deepEqual(asked.slice(burst), [open[0].id], 'the next interval asks again, the newest again');
  } finally {
    router.query = real;
  }
});
