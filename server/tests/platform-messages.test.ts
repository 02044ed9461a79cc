/**
 * Order messages on WeChat (issue 41 item 4; orders/platformMessages.ts) against the WeChat double's subscribeMessage.send
 * (tests/doubles/wechat.ts, written from WeChat's sendMessage page): the lifecycle's `platform messages` subscriber queues
 * a message per event the shop has a template for, and the worker sends it. A pickup order paid in the mini-program sends
 * "ready" once when the store makes it ready; the shopper's refusal (43101, no acceptance at checkout) and WeChat being
 * down do not stop the order's move; a refund sends its message and a refund mail; a shopper with no openid gets the mail
 * only. One server for the file; the worker is run by hand (tick), as in wechat-shipping.test.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import { settleAttempt } from '../src/payments/attempts.ts';
import { fitValue, PlatformMessageWorker } from '../src/orders/platformMessages.ts';
import { WeChatDouble } from './doubles/wechat.ts';
import { deliverableProducts, deskOf, freshDb, reservePickup, Shopper, startServer, type Running, type TestDb } from './helpers.ts';

const app = { appId: 'wx41b0123456789abc', secret: crypto.randomBytes(16).toString('hex'), unionBound: false };
const weChat = new WeChatDouble([app]);
const READY = 'tmpl-ready-0001';
const CONFIRMED = 'tmpl-confirmed-0001';
const REFUNDED = 'tmpl-refunded-0001';
const ORDER_PAGE = 'packages/user/pages/order/index';
let db: TestDb;
let srv: Running;
let products: string[] = [];
let next = 0;
const quiet = { info() {}, warn() {}, error() {} } as any;

before(async () => {
  await weChat.start();
  weChat.templates.set(app.appId, new Map([
    [CONFIRMED, ['character_string1', 'phrase2', 'thing3']],
    [READY, ['character_string1', 'thing2', 'time3', 'thing4']],
    [REFUNDED, ['character_string1', 'amount2', 'thing3']],
  ]));
  weChat.pages.add(ORDER_PAGE);
  db = await freshDb();
  srv = await startServer(db, { config: { allowSandbox: true, paymentSyncPollMs: 3_600_000, refundPollMs: 3_600_000 } });
  products = await deliverableProducts(srv.app);
  // The shop's templates (shop file `platformMessages`), as `npm run shop -- apply` writes the setting.
  await srv.app.db.query(`INSERT INTO settings (key, value) VALUES ('platformMessages', $1)`, [JSON.stringify({
    wechat: {
      confirmed: { templateId: CONFIRMED, data: { character_string1: 'orderId', phrase2: 'status', thing3: 'storeName' } },
      readyForPickup: { templateId: READY, data: { character_string1: 'orderId', thing2: 'pickupAt', time3: 'when', thing4: 'note' } },
      refunded: { templateId: REFUNDED, data: { character_string1: 'orderId', amount2: 'refundAmount', thing3: 'note' } },
    },
  })]);
});
after(async () => {
  await srv?.close();
  await db?.cleanup();
  await weChat.stop();
});

const worker = () => new PlatformMessageWorker(srv.app.db, { appId: app.appId, secret: app.secret, baseUrl: weChat.baseUrl }, { pollMs: 3_600_000, retryBaseMs: 1, log: quiet });
const tick = async () => { const w = worker(); await w.tick(); await w.stop(); };
const q = async (sql: string, params: unknown[] = []) => (await srv.app.db.query(sql, params)).rows;
const messagesOf = (orderID: string) => q('SELECT event, status, tries, template_id, last_error FROM platform_messages WHERE order_id = $1 ORDER BY id', [Number(orderID)]);
const mailsOf = async (orderID: string) => (await q('SELECT kind FROM mail_queue WHERE order_id = $1 ORDER BY id', [Number(orderID)])).map((r: any) => r.kind);
const statusOf = async (orderID: string) => (await q('SELECT status FROM orders WHERE id = $1', [Number(orderID)]))[0].status;
const sentTo = (orderID: string) => weChat.subscriptionMessages.filter((m) => m.data.character_string1?.value === orderID);
const move = (orderID: string, to: string) => deskOf(srv, 'orders')('move', orderID, to, '--by', 'mia');

/** A pickup order paid by WeChat Pay in the mini-program by `openid` (recorded as routes/payments.ts records it). */
async function paidInMiniProgram(openid: string | null) {
  const s = new Shopper(srv.base);
  const { orderID } = await reservePickup(s, [[products[next++ % products.length], 1]]);
  const [{ total }] = await q('SELECT total FROM orders WHERE id = $1', [Number(orderID)]);
  const attemptId = `wx${crypto.randomBytes(8).toString('hex')}`;
  await q(`INSERT INTO payment_attempts (id, order_id, channel, status, amount, currency, return_url, provider_ref, payer_openid)
           SELECT $1, id, $2, 'PENDING', $3, currency, '', $4, $5 FROM orders WHERE id = $6`,
  [attemptId, openid ? 'WECHAT_MINI_PROGRAM' : 'WECHAT_H5', total, `wx_prepay_${attemptId}`, openid, Number(orderID)]);
  assert.equal(await settleAttempt(srv.app.db, attemptId, 'PAID'), 'PAID');
  return orderID as string;
}

test('a pickup order sends "ready" through WeChat once; "confirmed", not accepted at checkout, is refused (43101) and the order moves on', async () => {
  const openid = weChat.openIdOf(app.appId, 'lin');
  // At checkout the shopper accepted the "ready" template only (wx.requestSubscribeMessage: READY accept, CONFIRMED reject).
  weChat.accept(app.appId, openid, READY);
  const orderID = await paidInMiniProgram(openid);
  assert.deepEqual(await messagesOf(orderID), [{ event: 'confirmed', status: 'PENDING', tries: 0, template_id: CONFIRMED, last_error: null }]);
  await tick();
  const [confirmed] = await messagesOf(orderID);
  assert.equal(confirmed.status, 'REFUSED');
  assert.match(confirmed.last_error, /43101/);
  assert.equal(sentTo(orderID).length, 0);

  assert.equal((await move(orderID, 'ready')).code, 0);
  assert.equal(await statusOf(orderID), 'READY_FOR_PICKUP');
  await tick();
  await tick();
  const sent = sentTo(orderID);
  assert.equal(sent.length, 1, 'sent once');
  assert.equal(sent[0].templateId, READY);
  assert.equal(sent[0].touser, openid);
  assert.equal(sent[0].page, `${ORDER_PAGE}?id=${orderID}`);
  assert.equal(sent[0].data.character_string1.value, orderID);
  assert.ok([...sent[0].data.thing2.value].length <= 20 && sent[0].data.thing2.value.length > 0);
  assert.ok(sent[0].data.thing4.value);
  assert.deepEqual((await messagesOf(orderID)).map((m: any) => [m.event, m.status]), [['confirmed', 'REFUSED'], ['readyForPickup', 'SENT']]);
  // Mail stays for the order's e-mail: the receipt and the ready mail, as before.
  assert.deepEqual(await mailsOf(orderID), ['order-receipt', 'order-ready']);

  // Completing the order sends nothing more; a second ready message would need a second acceptance.
  assert.equal((await move(orderID, 'completed')).code, 0);
  await tick();
  assert.equal(sentTo(orderID).length, 1);
});

test('WeChat down: the move is done at once, the message retried until WeChat takes it; a refusal for "ready" leaves the order ready', async () => {
  const openid = weChat.openIdOf(app.appId, 'mo');
  weChat.accept(app.appId, openid, READY);
  const orderID = await paidInMiniProgram(openid);
  weChat.failNext(1000);
  assert.equal((await move(orderID, 'ready')).code, 0, 'the move does not wait for WeChat');
  assert.equal(await statusOf(orderID), 'READY_FOR_PICKUP');
  await tick();
  const failed = (await messagesOf(orderID)).find((m: any) => m.event === 'readyForPickup');
  assert.equal(failed.status, 'PENDING');
  assert.ok(failed.tries >= 1);
  assert.match(failed.last_error, /WeChat/);
  weChat.failNext(0);
  await new Promise((resolve) => setTimeout(resolve, 5));
  await tick();
  assert.equal((await messagesOf(orderID)).find((m: any) => m.event === 'readyForPickup').status, 'SENT');
  assert.equal(sentTo(orderID).length, 1);

  // Another shopper who refused everything at checkout: the order is ready all the same, nothing sent.
  const refuser = weChat.openIdOf(app.appId, 'no-thanks');
  const other = await paidInMiniProgram(refuser);
  assert.equal((await move(other, 'ready')).code, 0);
  await tick();
  assert.equal(await statusOf(other), 'READY_FOR_PICKUP');
  assert.deepEqual((await messagesOf(other)).map((m: any) => m.status), ['REFUSED', 'REFUSED']);
  assert.equal(sentTo(other).length, 0);
});

test('a refund sends its WeChat message and a refund mail; a shopper with no openid gets the mails only', async () => {
  const openid = weChat.openIdOf(app.appId, 'qi');
  weChat.accept(app.appId, openid, REFUNDED);
  const orderID = await paidInMiniProgram(openid);
  assert.equal((await deskOf(srv, 'orders')('refund', orderID, '--reason', 'out of stock')).code, 0);
  await tick();
  const [refund] = sentTo(orderID).filter((m) => m.templateId === REFUNDED);
  assert.ok(refund, 'the refund message was sent');
  assert.match(refund.data.amount2.value, /\d/);
  assert.deepEqual(await mailsOf(orderID), ['order-receipt', 'order-refunded']);

  const noOpenId = await paidInMiniProgram(null);
  assert.equal((await move(noOpenId, 'ready')).code, 0);
  assert.deepEqual(await messagesOf(noOpenId), [], 'no openid: nothing queued');
  assert.deepEqual(await mailsOf(noOpenId), ['order-receipt', 'order-ready']);
});

test('values are cut to the limits of their kind (sendMessage: thing 20, character_string 32, phrase 5)', () => {
  const cases: [string, string, string][] = [
    ['thing2', 'A'.repeat(30), 'A'.repeat(20)],
    ['thing3', '上海市静安区南京西路一千二百六十六号恒隆广场', '上海市静安区南京西路一千二百六十六号恒隆'],
    ['character_string1', '1'.repeat(40), '1'.repeat(32)],
    ['phrase2', '已确认订单啦', '已确认订单'],
    ['time3', '2026-12-02 14:30', '2026-12-02 14:30'],
    ['amount4', 'CA$12.50', 'CA$12.50'],
  ];
  for (const [key, value, want] of cases) assert.equal(fitValue(key, value), want, key);
});
