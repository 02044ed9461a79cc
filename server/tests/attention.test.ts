/**
 * `npm run attention` (issue 40 item 4; scripts/attention.ts, src/payments/attention.ts), run in-process on the file's
 * server (deskOf): what needs the operator's hand, oldest first: a WeChat shipping upload WeChat refused, an open
 * dispute, a payment that could not pay its order and is not returned, a refund the provider refused 3 times (driven by
 * the refund worker against a provider that answers ABNORMAL) or waiting longer than --stuck-after; what is resolved or
 * sent is no longer listed; the command line's checks (exit 2) and --help.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { disputeOpened, disputeResolved } from '../src/orders/lifecycle.ts';
import { RefundWorker } from '../src/payments/refundWorker.ts';
import type { PaymentProvider } from '../src/payments/provider.ts';
import { deliverableProducts, deskOf, payOnline, reservePickup, serverOnFreshDb, Shopper } from './helpers.ts';

const { srv } = serverOnFreshDb({ config: { refundPollMs: 3_600_000, paymentSyncPollMs: 3_600_000 } });
const attention = (...args: string[]) => deskOf(srv, 'attention')(...args);
const q = async (sql: string, params: unknown[] = []) => (await srv.app.db.query(sql, params)).rows;
const quiet = { info() {}, warn() {}, error() {} };

let products: string[] = [];
let next = 0;

/** A pickup order of one item in stock, paid in the payment sandbox: its id, number and attempt. */
async function paidOrder() {
  if (!products.length) products = await deliverableProducts(srv.app);
  const s = new Shopper(srv.base);
  const { orderID } = await reservePickup(s, [[products[next++ % products.length], 1]]);
  await payOnline(s, orderID);
  const [attempt] = await q(`SELECT id, amount, currency FROM payment_attempts WHERE order_id = $1 AND status = 'PAID'`, [Number(orderID)]);
  return { orderID, id: Number(orderID), attemptId: attempt.id as string, amount: attempt.amount as number, currency: attempt.currency as string };
}

/** The listed lines without the count, as [kind, id]. */
const listed = (stdout: string) => stdout.trim().split('\n').slice(0, -1).map((l) => l.split(/\s+/).slice(1, 3));

test('the command line: list is the default, a wrong one exits 2, --help prints the usage', async () => {
  const none = await attention();
  assert.equal(none.code, 0, none.stderr);
  assert.equal(none.stdout, 'nothing needs a hand\n');
  assert.equal((await attention('list')).stdout, 'nothing needs a hand\n');
  for (const args of [['refunds'], ['list', 'more'], ['--stuck-after', 'soon'], ['--stuck-after', '-5'], ['--all']]) {
    const r = await attention(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, /usage: attention \[list\] \[--stuck-after MINUTES\]/);
    assert.equal(r.stdout, '');
  }
  const help = await attention('--help');
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^usage: attention /);
});

test('what needs a hand, oldest first; what is resolved or sent is no longer listed', async () => {
  // 1. A WeChat mini-program payment whose shipping upload WeChat refused (as ShippingWorker records it).
  const shipped = await paidOrder();
  const wxAttempt = `wx${shipped.id}`;
  await q(`INSERT INTO payment_attempts (id, order_id, channel, status, amount, currency, return_url, provider_ref, payer_openid)
           SELECT $1, id, 'WECHAT_MINI_PROGRAM', 'PAID', total, currency, '', $2, 'openid' FROM orders WHERE id = $3`,
  [wxAttempt, `wx_prepay_${wxAttempt}`, shipped.id]);
  await q(`INSERT INTO wechat_shipping_uploads (attempt_id, order_id, logistics_type, tries, last_error) VALUES ($1, $2, 4, 2, $3)`,
    [wxAttempt, shipped.id, 'WeChat /wxa/sec/order/upload_shipping_info: 10060001 支付单不存在']);

  // 2. A PayPal dispute opened on another order (the lifecycle's own step).
  const disputed = await paidOrder();
  const dispute = { provider: 'paypal', disputeId: 'PP-D-1', orderId: disputed.id, attemptId: disputed.attemptId, status: 'OPEN', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', amount: disputed.amount, currency: disputed.currency };
  await srv.app.db.tx((tx) => disputeOpened(tx, dispute));

  // 3. Money that could not pay its order, not yet returned after 3 tries.
  const stray = await paidOrder();
  await q(`UPDATE payment_attempts SET status = 'NEEDS_REFUND', refund_attempts = 3, error_message = 'order already paid' WHERE id = $1`, [stray.attemptId]);

  // 4. A refund the provider keeps refusing: the refund worker tries it against a provider answering ABNORMAL.
  const refunded = await paidOrder();
  const r = await deskOf(srv, 'orders')('refund', refunded.orderID);
  assert.equal(r.code, 0, r.stderr);
  const [refund] = await q('SELECT id FROM refunds WHERE order_id = $1', [refunded.id]);
  const abnormal = { refund: async () => { throw new Error('WeChat Pay refund not accepted: ABNORMAL'); } } as unknown as PaymentProvider;
  const worker = new RefundWorker(srv.app.db, abnormal, { pollMs: 3_600_000, retryBaseMs: 1, log: quiet });
  const tries = async () => (await q('SELECT attempts FROM refunds WHERE id = $1', [refund.id]))[0].attempts as number;
  await worker.tick();
  assert.equal(await tries(), 1);
  assert.deepEqual(listed((await attention()).stdout).map(([kind]) => kind), ['shipping', 'dispute', 'return'], 'refused once, and young: not yet');
  const young = await attention('--stuck-after', '0');
  assert.match(young.stdout, new RegExp(`  refund    ${refund.id}  order ${refunded.id}  \\$[\\d.]+  PENDING, 1 try, last refused: .*ABNORMAL`));
  while ((await tries()) < 3) await worker.tick(); // due again after 1, then 2 ms
  await worker.stop();

  const all = await attention();
  assert.equal(all.code, 0, all.stderr);
  assert.deepEqual(listed(all.stdout), [
    ['shipping', wxAttempt], ['dispute', 'paypal:PP-D-1'], ['return', stray.attemptId], ['refund', refund.id],
  ], all.stdout);
  const lines = all.stdout.split('\n');
  assert.match(lines[0], new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  shipping  ${wxAttempt}  order ${shipped.id}  \\$[\\d.]+  WeChat has not taken the shipping upload \\(funds frozen\\), 2 tries, last: .*10060001`));
  assert.match(lines[1], new RegExp(`  dispute   paypal:PP-D-1  order ${disputed.id}  \\$[\\d.]+  OPEN: MERCHANDISE_OR_SERVICE_NOT_RECEIVED$`));
  assert.match(lines[2], new RegExp(`  return    ${stray.attemptId}  order ${stray.id}  .*could not pay its order \\(order already paid\\); not yet returned, \\d+ tries$`)); // the worker tried it too
  assert.match(lines[3], /PENDING, 3 tries, last refused: WeChat Pay refund not accepted: ABNORMAL$/);
  assert.equal(lines[4], '4 need a hand');

  // Resolved, uploaded, returned, sent: nothing is left.
  await srv.app.db.tx((tx) => disputeResolved(tx, { ...dispute, status: 'RESOLVED', outcome: 'SELLER', outcomeCode: 'RESOLVED_SELLER_FAVOUR' }));
  await q(`UPDATE wechat_shipping_uploads SET status = 'DONE', done_at = now(), last_error = NULL WHERE attempt_id = $1`, [wxAttempt]);
  await q(`UPDATE payment_attempts SET status = 'REFUNDED' WHERE id = $1`, [stray.attemptId]);
  await q(`UPDATE refunds SET status = 'DONE', done_at = now(), last_error = NULL WHERE id = $1`, [refund.id]);
  assert.equal((await attention()).stdout, 'nothing needs a hand\n');
});
