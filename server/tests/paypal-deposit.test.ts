/**
 * PayPal as a hosted provider of the sandbox (GET paymentoption/PayPal, checkPayPalPaymentStatus) and store-credit
 * top-ups (POST applyStoreCreditDeposit, storeCreditDepositStatus) on the whole server: pay / fail / abandon, bad
 * input, guests vs signed-in shoppers, idempotent notifications, refunds of a PayPal order, and a top-up credited
 * exactly once across a restart.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serverOnFreshDb, isError, ok, Shopper, startServer, waitFor, reservePickup } from './helpers.ts';
import { requestRefund } from '../src/orders/lifecycle.ts';

const FAST_REFUNDS = { config: { refundPollMs: 30, refundRetryBaseMs: 30 } };
const { db, srv } = serverOnFreshDb(FAST_REFUNDS);

/** A guest's reserved pickup order. */
const reservedOrder = (s: Shopper) => reservePickup(s, [['1012', 1]]);

const paypal = (s: Shopper, orderID: string, returnUrlInfo?: string) =>
  s.get(`/shoppingManagement4/paymentoption/PayPal?orderID=${encodeURIComponent(orderID)}${returnUrlInfo === undefined ? '' : `&returnUrlInfo=${encodeURIComponent(returnUrlInfo)}`}`);

const status = async (s: Shopper, orderID: string) => ok(await s.post('/shoppingManagement4/checkPayPalPaymentStatus', { orderID, returnUrlInfo: '' }));

/** The sandbox page's path of a provider redirect, and a press of one of its buttons (the provider's notification). */
const pagePath = (redirectUrl: string) => new URL(redirectUrl).pathname;
const press = async (s: Shopper, redirectUrl: string, action: 'pay' | 'fail' | 'abandon') =>
  ok(await s.post(`${srv.base}${pagePath(redirectUrl)}/${action}`)).redirectUrl as string;

async function signedIn(email: string): Promise<Shopper> {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/clientRegistration', { emailID: email, password: 'longenough1', firstName: 'Top', lastName: 'Up' }));
  return s;
}

const balance = async (s: Shopper) => ok(await s.get('/admin/storeCreditManagement/storeCredit')).balance as number;

test('PayPal is one of the hosted channels paymentConfig offers', async () => {
  const config = ok(await new Shopper(srv.base).get('/shoppingManagement4/paymentConfig'));
  assert.ok(config.onlineProviders.h5Channels.includes('PAYPAL'));
});

test('PayPal: the sandbox PayPal page, Pending until paid, then PAID_ONLINE back on /confirmation with paypal_h5X<id>', async () => {
  const s = new Shopper(srv.base);
  const { orderID, total } = await reservedOrder(s);
  const answer = ok(await paypal(s, orderID));
  assert.equal(answer.orderID, orderID);
  const page = await s.get(`${srv.base}${pagePath(answer.redirectUrl)}`);
  assert.equal(page.status, 200);
  assert.match(page.body, /PayPal sandbox checkout/);
  assert.match(page.body, new RegExp(`\\$${(total / 100).toFixed(2)} CAD`));
  assert.match(page.body, /<span id="sandbox-method">PayPal<\/span>/, 'the method by its name, not the channel code');
  assert.deepEqual(await status(s, orderID), { orderID, status: 'INTERIM', paymentStatus: 'NOT_PAID', qrCodeScan: false });

  assert.equal(await press(s, answer.redirectUrl, 'pay'), `/confirmation?from_source=paypal_h5X${orderID}`);
  assert.deepEqual(await status(s, orderID), { orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
  // A repeated notification changes nothing, and the order cannot be paid again.
  assert.equal(await press(s, answer.redirectUrl, 'pay'), `/confirmation?from_source=paypal_h5X${orderID}`);
  await press(s, answer.redirectUrl, 'fail');
  assert.deepEqual(await status(s, orderID), { orderID, status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false });
  assert.equal(isError(await paypal(s, orderID), 409).message, 'This order is already paid');
  const { rows } = await srv.app.db.query(`SELECT channel, status FROM payment_attempts WHERE order_id = $1`, [Number(orderID)]);
  assert.deepEqual(rows, [{ channel: 'PAYPAL', status: 'PAID' }]);
});

test('PayPal: fail shows FAILED and the order stays payable; abandon leaves it Pending; returnUrlInfo is checked', async () => {
  const s = new Shopper(srv.base);
  const { orderID } = await reservedOrder(s);
  const first = ok(await paypal(s, orderID));
  await press(s, first.redirectUrl, 'fail');
  assert.deepEqual(await status(s, orderID), { orderID, status: 'FAILED', paymentStatus: 'FAILED', qrCodeScan: false });
  const second = ok(await paypal(s, orderID, srv.base));
  assert.equal(await press(s, second.redirectUrl, 'abandon'), `${srv.base}/confirmation?from_source=paypal_h5X${orderID}`);
  assert.deepEqual(await status(s, orderID), { orderID, status: 'INTERIM', paymentStatus: 'NOT_PAID', qrCodeScan: false });
  await press(s, second.redirectUrl, 'pay');
  assert.equal((await status(s, orderID)).paymentStatus, 'PAID_ONLINE');

  isError(await paypal(s, orderID, 'https://evil.example.com'), 400);
  isError(await s.get('/shoppingManagement4/paymentoption/PayPal'), 400);
  // Someone else's order is not found, never revealed.
  isError(await paypal(new Shopper(srv.base), orderID), 404);
});

test('a PayPal order is refunded through the refund service and the provider', async () => {
  const s = new Shopper(srv.base);
  const { orderID, total } = await reservedOrder(s);
  await press(s, ok(await paypal(s, orderID)).redirectUrl, 'pay');
  const refund = await srv.app.db.tx((q) => requestRefund(q, { orderID, reason: 'test', key: `paypal:${orderID}` }));
  assert.equal(refund.amount, total);
  const done = await waitFor('the PayPal refund to be accepted', async () => {
    const o = ok(await s.get(`/common3/orders/${orderID}`));
    return o.status === 'REFUNDED' ? o : undefined;
  });
  assert.equal(done.refunded, total);
  const { rows } = await srv.app.db.query(
    `SELECT r.status, a.channel FROM refunds r JOIN payment_attempts a ON a.id = r.attempt_id WHERE r.order_id = $1`, [Number(orderID)]);
  assert.deepEqual(rows, [{ status: 'DONE', channel: 'PAYPAL' }]);
});

test('top-up: guests get 401, bad amounts and channels 400', async () => {
  const guest = new Shopper(srv.base);
  const refused = isError(await guest.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 2000, channel: 'PAYPAL' }), 401);
  assert.match(refused.message, /Sign in/);
  isError(await guest.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: 'x' }), 401);
  const s = await signedIn('topup-bad@example.com');
  for (const amount of [0, -500, 12.5, 99, 100001, '2000', null]) {
    isError(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount, channel: 'PAYPAL' }), 400);
  }
  isError(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 2000 }), 400);
  isError(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 2000, channel: 'CASH' }), 400);
  isError(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 2000, channel: 'WECHAT_MINI_PROGRAM' }), 400);
  isError(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 2000, channel: 'PAYPAL', returnUrlInfo: 'https://evil.example.com' }), 400);
  isError(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: 'no-such-deposit' }), 404);
  assert.equal(await balance(s), 0, 'nothing was credited');
});

test('top-up on a hosted channel: PENDING, paid once whatever the notifications, balance and ledger DEPOSIT', async () => {
  const s = await signedIn('topup-hosted@example.com');
  const before = await balance(s);
  const started = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 2500, channel: 'PAYPAL', returnUrlInfo: srv.base }));
  assert.equal(started.status, 'PENDING');
  assert.equal(started.amount, 2500);
  assert.equal(started.currency, 'CAD');
  assert.equal(started.balance, before);
  const page = await s.get(`${srv.base}${pagePath(started.redirectUrl)}`);
  assert.match(page.body, /Store credit top-up/);
  assert.match(page.body, /\$25\.00 CAD/);
  const check = async () => ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: started.depositID }));
  assert.equal((await check()).status, 'PENDING');

  // Another shopper cannot see or settle it through the status call.
  isError(await (await signedIn('topup-other@example.com')).post('/shoppingManagement4/storeCreditDepositStatus', { depositID: started.depositID }), 404);

  const back = await Promise.all([press(s, started.redirectUrl, 'pay'), press(s, started.redirectUrl, 'pay')]);
  assert.deepEqual(back, [`${srv.base}/user/list?deposit=${started.depositID}`, `${srv.base}/user/list?deposit=${started.depositID}`]);
  await press(s, started.redirectUrl, 'fail');
  // A hosted top-up ignores what a client claims; only the provider's notification counts.
  const paid = ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: started.depositID, clientReport: 'FAILED' }));
  assert.deepEqual(paid, { depositID: started.depositID, amount: 2500, currency: 'CAD', status: 'PAID', balance: before + 2500 });
  assert.equal(await balance(s), before + 2500);
  const history = ok(await s.get('/admin/storeCreditManagement/storeCreditHistory'));
  assert.deepEqual(history.entries.filter((e: any) => e.reason === 'DEPOSIT').map((e: any) => e.amount), [2500]);
});

test('top-up: a failed payment credits nothing; the in-app channels take the sheet result', async () => {
  const s = await signedIn('topup-inapp@example.com');
  const failed = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 1000, channel: 'PAYPAL' }));
  await press(s, failed.redirectUrl, 'fail');
  await press(s, failed.redirectUrl, 'pay');
  assert.equal(ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: failed.depositID })).status, 'FAILED');
  assert.equal(await balance(s), 0);

  const wx = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 3000, channel: 'WECHAT_MINI_PROGRAM', wechatCode: 'sandbox-wx-topup' }));
  assert.ok(wx.weChatPayInfo.package.startsWith('prepay_id=sandbox_'));
  assert.equal(ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: wx.depositID })).status, 'PENDING');
  const wxPaid = ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: wx.depositID, clientReport: 'PAID' }));
  assert.equal(wxPaid.status, 'PAID');
  assert.equal(wxPaid.balance, 3000);
  // A late failure report changes nothing.
  assert.equal(ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: wx.depositID, clientReport: 'FAILED' })).status, 'PAID');

  const ali = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 500, channel: 'ALIPAY_MINI_PROGRAM' }));
  assert.match(ali.tradeNO, /^SANDBOX/);
  const aliFailed = ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: ali.depositID, clientReport: 'FAILED', errorMessage: 'Alipay 6001' }));
  assert.equal(aliFailed.status, 'FAILED');
  assert.equal(await balance(s), 3000);
});

test('top-up: a notification after a restart credits once, and a repeated one after that changes nothing', async () => {
  const s = await signedIn('topup-restart@example.com');
  const started = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 4200, channel: 'PAYPAL' }));
  await srv.close();
  Object.assign(srv, await startServer(db, FAST_REFUNDS));
  s.base = srv.base;
  assert.equal(ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: started.depositID })).status, 'PENDING');
  await press(s, started.redirectUrl, 'pay');
  await srv.close();
  Object.assign(srv, await startServer(db, FAST_REFUNDS));
  s.base = srv.base;
  await press(s, started.redirectUrl, 'pay');
  const after = ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID: started.depositID }));
  assert.equal(after.status, 'PAID');
  assert.equal(after.balance, 4200);
  const { rows } = await srv.app.db.query(`SELECT count(*)::int AS n FROM store_credit_ledger WHERE reason = 'DEPOSIT' AND deposit_attempt_id = $1`, [started.depositID]);
  assert.equal(rows[0].n, 1);
});

/** A paid top-up of `amount` on PayPal; answers its id. */
async function paidTopUp(s: Shopper, amount: number): Promise<string> {
  const started = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount, channel: 'PAYPAL' }));
  await press(s, started.redirectUrl, 'pay');
  return started.depositID;
}

test('a paid top-up is refunded once per key: the credit leaves at once, the provider gets the money back, the history says so', async () => {
  const { requestDepositRefund, depositRefundsOf } = await import('../src/payments/depositRefunds.ts');
  const s = await signedIn('topup-refund@example.com');
  const depositID = await paidTopUp(s, 5000);
  assert.equal(await balance(s), 5000);
  const refund = (amount: number | undefined, key: string) =>
    srv.app.db.tx((q) => requestDepositRefund(q, { depositID, amount, reason: 'asked for it back', key }));

  const part = await refund(2000, 'test-topup-refund-1');
  assert.deepEqual({ depositID: part.depositID, amount: part.amount, status: part.status }, { depositID, amount: 2000, status: 'PENDING' });
  assert.equal(await balance(s), 3000, 'the credit leaves with the recording');
  assert.equal((await refund(2000, 'test-topup-refund-1')).id, part.id, 'the same key is the same refund');
  assert.equal(await balance(s), 3000);
  await waitFor('the top-up refund to be accepted', async () => ((await depositRefundsOf(srv.app.db, depositID))[0]?.status === 'DONE' ? true : undefined));

  const rest = await refund(undefined, 'test-topup-refund-2');
  assert.equal(rest.amount, 3000, 'by default all that is left');
  assert.equal(await balance(s), 0);
  assert.match(await rejectionOf(refund(1, 'test-topup-refund-3'), 409), new RegExp(`Top-up ${depositID} has \\$0.00 left to refund`));
  await waitFor('both refunds to be accepted', async () => ((await depositRefundsOf(srv.app.db, depositID)).every((r) => r.status === 'DONE') ? true : undefined));
  const { entries } = ok(await s.get('/admin/storeCreditManagement/storeCreditHistory'));
  assert.deepEqual(entries.map((e: any) => [e.reason, e.amount]), [['DEPOSIT_REFUND', -3000], ['DEPOSIT_REFUND', -2000], ['DEPOSIT', 5000]]);
  // The top-up itself stays paid: it was paid, then refunded.
  assert.equal(ok(await s.post('/shoppingManagement4/storeCreditDepositStatus', { depositID })).status, 'PAID');
});

test('a top-up refund takes back only credit the account still holds; unpaid, unknown and order payments are refused', async () => {
  const { requestDepositRefund } = await import('../src/payments/depositRefunds.ts');
  const refund = (depositID: string, amount?: number) =>
    srv.app.db.tx((q) => requestDepositRefund(q, { depositID, amount, reason: 'test', key: `test-topup-limits:${depositID}:${amount}` }));
  const s = await signedIn('topup-spent@example.com');
  const depositID = await paidTopUp(s, 4000);
  // 3,000 of it paid an order (store credit first, the rest online).
  await reservePickup(s, [['1011', 1]]);
  ok(await s.post('/shoppingManagement4/applyStoreCredit', { amount: 3000 }));
  const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
  const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
  ok(await s.post(`${srv.base}${pagePath(redirectUrl)}/pay`));
  assert.equal(await balance(s), 1000);

  assert.match(await rejectionOf(refund(depositID), 409), /The account holds \$10\.00 of store credit: at most that much/);
  assert.equal(await balance(s), 1000, 'a refused refund takes nothing');
  assert.equal((await refund(depositID, 1000)).amount, 1000);
  assert.equal(await balance(s), 0);

  const unpaid = ok(await s.post('/shoppingManagement4/applyStoreCreditDeposit', { amount: 1500, channel: 'PAYPAL' }));
  assert.match(await rejectionOf(refund(unpaid.depositID), 409), /was not paid: nothing to refund/);
  assert.match(await rejectionOf(refund('no-such-top-up'), 404), /Top-up no-such-top-up not found/);
  const order = (await srv.app.db.query(`SELECT id FROM payment_attempts WHERE order_id = $1`, [Number(orderID)])).rows[0];
  assert.match(await rejectionOf(refund(order.id), 404), /not found/, "an order's payment is refunded as the order's");
  const { rows } = await srv.app.db.query(`SELECT count(*)::int AS n FROM refunds WHERE attempt_id = ANY($1)`, [[unpaid.depositID, order.id]]);
  assert.equal(rows[0].n, 0);
});

/** The message of the refusal (an ApiError of `status`) the promise rejects with. */
async function rejectionOf(p: Promise<unknown>, status: number): Promise<string> {
  try {
    await p;
  } catch (e: any) {
    assert.equal(e.statusCode, status, e.message);
    return e.message;
  }
  throw new Error(`expected a ${status} refusal`);
}
