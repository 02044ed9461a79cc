/**
 * Every log line about an order or its payment names it (issue 37 item 6, orders/orderLog.ts): one order placed, paid
 * online and refunded by the order desk, with the server's log stream captured. Each line of that work (the order
 * placed, the payment started and paid, the receipt and refund mails, the refund sent by the refund worker) carries the
 * order's number as `orderId`, the payment's lines its `paymentId` too, so `grep '"orderId":<n>'` follows the order
 * through any process's log. Fastify's own request lines name a request, not an order: they are left out of the check
 * (their URL still holds the id where the route has it).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { buildApp } from '../src/app.ts';
import { deskOf, FAST_HASHING, freshDb, payOnline, reservePickup, Shopper, TEST_LIMITS, waitFor, type Running } from './helpers.ts';

test('one order paid and refunded: every log line of its work carries orderId, its payment\'s lines paymentId', async () => {
  const db = await freshDb();
  const lines: any[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = await buildApp({
    config: {
      ...FAST_HASHING, ...TEST_LIMITS, dataDir: db.dataDir, databaseUrl: db.databaseUrl, staticDir: path.join(db.dataDir, 'no-static'),
      port: 0, host: '127.0.0.1', refundPollMs: 100, mailPollMs: 100,
    },
    logger: { level: 'info', stream },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const srv: Running = { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
    const s = new Shopper(srv.base);
    lines.length = 0; // the start's lines are the store's, not an order's
    const { orderID } = await reservePickup(s, [['1013', 1]]);
    await payOnline(s, orderID);
    const refund = await deskOf(srv, 'orders')('refund', orderID);
    assert.equal(refund.code, 0, refund.stderr);
    const orderId = Number(orderID);
    const ofOrder = () => lines.filter((l) => l.orderId === orderId);
    await waitFor('the refund sent and both mails', () => {
      const msgs = ofOrder().map((l) => l.msg);
      return msgs.includes('refund sent') && msgs.filter((m) => /^mail \S+ sent/.test(m)).length >= 2 ? true : undefined;
    }, 30_000);

    const paymentId = lines.find((l) => l.msg === 'payment started')?.paymentId;
    assert.ok(paymentId, 'the payment started names its payment');
    // The order's whole story, in its lines.
    const story = ofOrder().map((l) => l.msg);
    for (const step of [/^order placed/, /^payment started$/, /^payment PAID$/, /^mail \S+ sent/, /^refund sent$/]) {
      assert.ok(story.some((m) => step.test(m)), `a line ${step} with orderId ${orderId}: ${JSON.stringify(story)}`);
    }
    // Every line about order or payment work names the order, every payment line the payment as well.
    const work = lines.filter((l) => !l.req && !l.res && /\b(order|payment|refund|mail)\b/i.test(String(l.msg)));
    assert.ok(work.length >= 5);
    for (const l of work) {
      assert.equal(l.orderId, orderId, `names the order: ${JSON.stringify(l)}`);
      if (/^(payment|refund)/.test(l.msg)) assert.equal(l.paymentId, paymentId, `names the payment: ${JSON.stringify(l)}`);
    }
    // And nothing of this order's work is logged without them: any line with the order's or payment's id in it is one
    // of the order's lines, or a request line (its URL).
    for (const l of lines) {
      const text = JSON.stringify(l);
      if (l.req || l.res || !(text.includes(paymentId) || new RegExp(`\\b${orderId}\\b`).test(text))) continue;
      assert.equal(l.orderId, orderId, `a line naming the order carries orderId: ${text}`);
    }
    console.log(`order ${orderId}'s log (${ofOrder().length} lines): ${story.join(' | ')}`);
  } finally {
    await app.close();
    await db.cleanup();
  }
});
