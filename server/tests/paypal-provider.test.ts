/**
 * The PayPal provider (payments/paypal.ts, through PayPal's server SDK) against the PayPal double
 * (tests/doubles/paypal.ts, written from PayPal's REST documentation): amounts, configuration, create / approve /
 * capture, idempotency under late answers, 5xx and concurrent status checks, refunds, webhook verification, tokens.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  captureRequestId, createRequestId, fromPayPalValue, moneyBackOf, PayPalFailure, paypalConfigFromEnv, paypalProvider, toPayPalValue,
  type PayPalConfig,
} from '../src/payments/paypal.ts';
import { NotificationRefused, type PaymentAttempt, type PaymentProvider } from '../src/payments/provider.ts';
import { startPayPalDouble, type PayPalDouble } from './doubles/paypal.ts';

let paypal: PayPalDouble;
let config: PayPalConfig;
let provider: PaymentProvider;
const ctx = { origin: 'https://shop.example.com', userAgent: 'test', clientIp: '127.0.0.1' };

before(async () => {
  paypal = await startPayPalDouble();
  config = { clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId, baseUrl: paypal.baseUrl, timeoutMs: 2_000 };
  provider = paypalProvider(config);
});
after(() => paypal.stop());

/** The framework's replay store, in memory: false for a nonce seen before. */
const seenNonces = new Set<string>();
const firstSeen = async (nonce: string) => !seenNonces.has(nonce) && Boolean(seenNonces.add(nonce));

let serial = 0;
function attempt(over: Partial<PaymentAttempt> = {}): PaymentAttempt {
  serial++;
  return {
    id: `att${serial}x${Date.now().toString(36)}`,
    purpose: 'ORDER',
    orderID: String(100000 + serial),
    channel: 'PAYPAL',
    amount: 2599,
    currency: 'CAD',
    returnUrl: `/confirmation?from_source=paypal_h5X${100000 + serial}`,
    ...over,
  };
}

/** Starts the attempt at PayPal and keeps the reference as the store does. */
async function started(a: PaymentAttempt) {
  const { redirectUrl, providerRef } = await provider.startHosted(a, ctx);
  a.providerRef = providerRef;
  return redirectUrl;
}

const requestsTo = (path: RegExp) => paypal.requests.filter((r) => path.test(r.path));

test('amounts: minor units of the store to PayPal decimals and back, and what PayPal cannot take', () => {
  const table: Array<[number, string, string]> = [[2599, 'CAD', '25.99'], [5, 'USD', '0.05'], [100000, 'EUR', '1000.00'], [1500, 'JPY', '1500'], [250000, 'HUF', '2500']];
  for (const [amount, currency, value] of table) {
    assert.equal(toPayPalValue(amount, currency), value, `${amount} ${currency}`);
    assert.equal(fromPayPalValue(value, currency), amount, `${value} ${currency}`);
  }
  assert.throws(() => toPayPalValue(1000, 'KRW'), /PayPal does not take payments in KRW/);
  assert.throws(() => toPayPalValue(250050, 'HUF'), /whole units only/);
  assert.throws(() => toPayPalValue(0, 'CAD'), /Cannot ask PayPal/);
  assert.equal(fromPayPalValue('25.999', 'CAD'), null);
  assert.equal(fromPayPalValue('25.9', 'CAD'), 2590);
  assert.equal(fromPayPalValue('-1.00', 'CAD'), null);
  assert.equal(fromPayPalValue('1.00', 'XXX'), null);
});

test('configuration: none is no PayPal; a partial or malformed set names the variable; plain http only to this machine', () => {
  const good = { PAYPAL_CLIENT_ID: 'AbCdEf0123456789', PAYPAL_CLIENT_SECRET: 'EFsecret0123456789', PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' };
  assert.equal(paypalConfigFromEnv({}), null);
  assert.deepEqual(paypalConfigFromEnv(good), { clientId: good.PAYPAL_CLIENT_ID, clientSecret: good.PAYPAL_CLIENT_SECRET, webhookId: good.PAYPAL_WEBHOOK_ID, baseUrl: 'https://api-m.paypal.com' });
  assert.equal(paypalConfigFromEnv({ ...good, PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com/' })?.baseUrl, 'https://api-m.sandbox.paypal.com');
  assert.throws(() => paypalConfigFromEnv({ PAYPAL_CLIENT_ID: good.PAYPAL_CLIENT_ID }), /PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID are missing/);
  assert.throws(() => paypalConfigFromEnv({ ...good, PAYPAL_WEBHOOK_ID: '' }), /PAYPAL_WEBHOOK_ID is missing/);
  assert.throws(() => paypalConfigFromEnv({ ...good, PAYPAL_WEBHOOK_ID: 'has-dashes' }), /PAYPAL_WEBHOOK_ID is not/);
  assert.throws(() => paypalConfigFromEnv({ ...good, PAYPAL_CLIENT_ID: 'short' }), /PAYPAL_CLIENT_ID is not/);
  assert.throws(() => paypalConfigFromEnv({ ...good, PAYPAL_CLIENT_SECRET: 'with a space in it' }), /PAYPAL_CLIENT_SECRET is not/);
  assert.throws(() => paypalConfigFromEnv({ ...good, PAYPAL_BASE_URL: 'http://paypal.example.com' }), /PAYPAL_BASE_URL .* must be https/);
  assert.throws(() => paypalConfigFromEnv({ ...good, PAYPAL_BASE_URL: 'not a url' }), /PAYPAL_BASE_URL .* is not a URL/);
  assert.equal(paypalConfigFromEnv({ ...good, PAYPAL_BASE_URL: 'http://127.0.0.1:4010' })?.baseUrl, 'http://127.0.0.1:4010');
});

test('bad credentials: PayPal refuses the token and the store gets a PayPalFailure (502), not an order', async () => {
  const wrong = paypalProvider({ ...config, clientSecret: 'EFnot-the-secret' });
  const err = await wrong.startHosted(attempt(), ctx).then(() => null, (e) => e);
  assert.ok(err instanceof PayPalFailure, String(err));
  assert.equal(err.statusCode, 502);
  assert.equal(err.httpStatus, 401);
  assert.equal(err.issue, 'invalid_client');
});

test('create: the order is the attempt\'s amount in its currency, tagged with the attempt, at an absolute return URL', async () => {
  const a = attempt({ amount: 12345, currency: 'USD' });
  const redirectUrl = await started(a);
  const order = paypal.order(a.providerRef as string);
  assert.deepEqual(order.amount, { currency_code: 'USD', value: '123.45' });
  assert.equal(order.custom_id, a.id);
  assert.equal(order.invoice_id, a.id);
  assert.equal(order.description, `Order ${a.orderID}`);
  assert.equal(order.returnUrl, `https://shop.example.com${a.returnUrl}`);
  assert.equal(redirectUrl, `${paypal.baseUrl}/checkoutnow?token=${order.id}`);
  assert.equal(requestsTo(/^\/v2\/checkout\/orders$/).at(-1)?.requestId, createRequestId(a.id));
  // A storefront on another origin keeps its absolute return URL.
  const b = attempt({ returnUrl: 'https://m.shop.example.com/confirmation?from_source=paypal_h5X7', purpose: 'DEPOSIT', orderID: '' });
  await started(b);
  assert.equal(paypal.order(b.providerRef as string).returnUrl, 'https://m.shop.example.com/confirmation?from_source=paypal_h5X7');
  assert.equal(paypal.order(b.providerRef as string).description, 'Store credit top-up');
  // A currency PayPal does not take is refused before PayPal is called.
  await assert.rejects(provider.startHosted(attempt({ currency: 'KRW', amount: 5000 }), ctx), /PayPal does not take payments in KRW/);
});

test('create answered late: the store times out, and the retry with the same PayPal-Request-Id gets the same order', async () => {
  const a = attempt();
  const before = paypal.orders.size;
  paypal.answerLate(/^\/v2\/checkout\/orders$/, 3_000);
  await assert.rejects(provider.startHosted(a, ctx), (e) => e instanceof PayPalFailure && e.httpStatus === null);
  assert.equal(paypal.orders.size, before + 1, 'PayPal made the order');
  const { providerRef } = await provider.startHosted(a, ctx);
  assert.equal(paypal.orders.size, before + 1, 'no second order');
  assert.equal(providerRef, [...paypal.orders.keys()].at(-1));
});

test('pay: pending until the buyer approves; the status check captures once, on the server, and reads PayPal\'s amount', async () => {
  const a = attempt();
  await started(a);
  assert.deepEqual(await provider.query(a), { outcome: null });
  const back = new URL(paypal.approve(a.providerRef as string));
  assert.equal(back.searchParams.get('from_source'), `paypal_h5X${a.orderID}`);
  assert.equal(back.searchParams.get('token'), a.providerRef);
  assert.deepEqual(await provider.query(a), { outcome: 'PAID', amount: 2599, currency: 'CAD' });
  const captures = requestsTo(new RegExp(`^/v2/checkout/orders/${a.providerRef}/capture$`));
  assert.deepEqual(captures.map((r) => [r.requestId, r.status]), [[captureRequestId(a.id), 201]]);
  // Asked again (the client polls, the sync worker runs): read from the order, no second capture call.
  assert.deepEqual(await provider.query(a), { outcome: 'PAID', amount: 2599, currency: 'CAD' });
  assert.equal(requestsTo(new RegExp(`^/v2/checkout/orders/${a.providerRef}/capture$`)).length, 1);
  // No reference (the creation failed): nothing to ask.
  assert.deepEqual(await provider.query(attempt()), { outcome: null });
});

test('capture: two status checks at once capture once (same PayPal-Request-Id); a lost answer is read back from the order', async () => {
  const a = attempt();
  await started(a);
  paypal.approve(a.providerRef as string);
  const [x, y] = await Promise.all([provider.query(a), provider.query({ ...a })]);
  assert.deepEqual(x, { outcome: 'PAID', amount: 2599, currency: 'CAD' });
  assert.deepEqual(y, x);
  assert.equal([...paypal.captures.values()].filter((c) => c.orderId === a.providerRef).length, 1);

  const b = attempt();
  await started(b);
  paypal.approve(b.providerRef as string);
  paypal.failNext(/\/capture$/, { status: 500, phase: 'after' });
  await assert.rejects(provider.query(b), (e) => e instanceof PayPalFailure && e.httpStatus === 500);
  assert.equal(paypal.order(b.providerRef as string).status, 'COMPLETED', 'PayPal captured before failing to answer');
  assert.deepEqual(await provider.query(b), { outcome: 'PAID', amount: 2599, currency: 'CAD' });
});

test('capture declined or held: a declined card ends the attempt (FAILED); a capture under review stays pending', async () => {
  const a = attempt();
  await started(a);
  paypal.approve(a.providerRef as string, 'INSTRUMENT_DECLINED');
  assert.deepEqual(await provider.query(a), { outcome: 'FAILED' });

  const b = attempt();
  await started(b);
  paypal.approve(b.providerRef as string, 'DECLINED');
  assert.deepEqual(await provider.query(b), { outcome: 'FAILED' });

  const c = attempt();
  await started(c);
  paypal.approve(c.providerRef as string, 'PENDING');
  assert.deepEqual(await provider.query(c), { outcome: null });
  paypal.settlePendingCapture(c.providerRef as string);
  assert.deepEqual(await provider.query(c), { outcome: 'PAID', amount: 2599, currency: 'CAD' });
});

test('webhooks: a verified capture event settles its attempt; tampered, wrongly signed, unsigned or replayed ones are refused', async () => {
  const a = attempt();
  await started(a);
  paypal.approve(a.providerRef as string, 'PENDING');
  await provider.query(a);
  paypal.settlePendingCapture(a.providerRef as string);
  const completed = paypal.lastEvent('PAYMENT.CAPTURE.COMPLETED', a.providerRef as string);
  const signed = paypal.signedWebhook(completed);
  const got = await provider.notification!({ headers: signed.headers, rawBody: signed.body, firstSeen });
  assert.deepEqual(got.events, [{ attemptId: a.id, outcome: 'PAID', amount: 2599, currency: 'CAD' }]);
  assert.equal(got.reply.status, 200);
  // PayPal delivering the event again (a new transmission) is read again: the store applies it once (tested on the
  // server). The same transmission again is a replay, refused.
  const again = paypal.signedWebhook(completed);
  assert.deepEqual((await provider.notification!({ headers: again.headers, rawBody: again.body, firstSeen })).events, got.events);
  await assert.rejects(provider.notification!({ headers: signed.headers, rawBody: signed.body, firstSeen }), /transmission replayed/);

  const refused = (headers: Record<string, string | undefined>, rawBody: string) =>
    assert.rejects(provider.notification!({ headers, rawBody, firstSeen }), (e) => e instanceof NotificationRefused && e.reply.status === 400);
  await refused(signed.headers, signed.body.replace('"25.99"', '"2.59"'));
  const forOther = paypal.signedWebhook(completed, { webhookId: 'SOMEONEELSESWEBHOOK' });
  await refused(forOther.headers, forOther.body);
  await refused({ ...signed.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') }, signed.body);
  await refused({ ...signed.headers, 'paypal-transmission-sig': undefined }, signed.body);
  await refused(signed.headers, 'not json');
  // A certificate elsewhere than PayPal, or another algorithm: refused without asking PayPal.
  const verifications = requestsTo(/verify-webhook-signature$/).length;
  await refused({ ...signed.headers, 'paypal-cert-url': 'https://evil.example.com/cert.pem' }, signed.body);
  await refused({ ...signed.headers, 'paypal-auth-algo': 'SHA1withRSA' }, signed.body);
  assert.equal(requestsTo(/verify-webhook-signature$/).length, verifications);

  // Other verified events settle nothing: an approval is captured by the status check, never from the webhook.
  const approved = paypal.signedWebhook(paypal.lastEvent('CHECKOUT.ORDER.APPROVED', a.providerRef as string));
  assert.deepEqual((await provider.notification!({ headers: approved.headers, rawBody: approved.body, firstSeen })).events, []);
  const declined = attempt();
  await started(declined);
  paypal.approve(declined.providerRef as string, 'DECLINED');
  await provider.query(declined);
  const denied = paypal.signedWebhook(paypal.lastEvent('PAYMENT.CAPTURE.DECLINED', declined.providerRef as string));
  assert.deepEqual((await provider.notification!({ headers: denied.headers, rawBody: denied.body, firstSeen })).events,
    [{ attemptId: declined.id, outcome: 'FAILED', amount: 2599, currency: 'CAD' }]);
});

test('webhooks: PayPal unreachable for the verification is an error (answered 5xx, PayPal delivers again), not a refusal', async () => {
  const a = attempt();
  await started(a);
  paypal.approve(a.providerRef as string);
  await provider.query(a);
  const signed = paypal.signedWebhook(paypal.lastEvent('PAYMENT.CAPTURE.COMPLETED', a.providerRef as string));
  paypal.failNext(/verify-webhook-signature$/, { status: 503 });
  const err = await provider.notification!({ headers: signed.headers, rawBody: signed.body, firstSeen }).then(() => null, (e) => e);
  assert.ok(err instanceof PayPalFailure && !(err instanceof NotificationRefused), String(err));
  assert.equal((await provider.notification!({ headers: signed.headers, rawBody: signed.body, firstSeen })).events.length, 1);
});

test('refunds: a 5xx then the retry with the same id makes one refund; an answer lost after the refund is not a second one', async () => {
  const a = attempt({ amount: 5000 });
  await started(a);
  paypal.approve(a.providerRef as string);
  await provider.query(a);
  const captureId = paypal.order(a.providerRef as string).capture?.id as string;

  paypal.failNext(/\/refund$/, { status: 503 });
  await assert.rejects(provider.refund(a, { refundId: 'rf_first', amount: 2000 }), (e) => e instanceof PayPalFailure && e.httpStatus === 503);
  await provider.refund(a, { refundId: 'rf_first', amount: 2000 });
  paypal.failNext(/\/refund$/, { status: 500, phase: 'after' });
  await assert.rejects(provider.refund(a, { refundId: 'rf_second', amount: 1000 }));
  await provider.refund(a, { refundId: 'rf_second', amount: 1000 });
  await provider.refund(a, { refundId: 'rf_first', amount: 2000 });
  const refunds = [...paypal.refunds.values()].filter((r) => r.captureId === captureId);
  assert.deepEqual(refunds.map((r) => r.amount), [{ currency_code: 'CAD', value: '20.00' }, { currency_code: 'CAD', value: '10.00' }]);
  assert.deepEqual(requestsTo(/\/refund$/).filter((r) => r.status < 300).map((r) => r.requestId), ['rf_first', 'rf_second', 'rf_first']);
  assert.equal(paypal.captures.get(captureId)?.status, 'PARTIALLY_REFUNDED');
  // More than is left, or a reused refund id for another amount, is refused by PayPal.
  await assert.rejects(provider.refund(a, { refundId: 'rf_third', amount: 2001 }), (e) => e instanceof PayPalFailure && e.issue === 'REFUND_AMOUNT_EXCEEDED');
  await assert.rejects(provider.refund(a, { refundId: 'rf_first', amount: 500 }), (e) => e instanceof PayPalFailure && e.issue === 'PAYPAL_REQUEST_ID_PREVIOUSLY_USED');
  await provider.refund(a, { refundId: 'rf_rest', amount: 2000 });
  assert.equal(paypal.captures.get(captureId)?.status, 'REFUNDED');
  // Nothing captured: nothing to refund.
  const unpaid = attempt();
  await started(unpaid);
  await assert.rejects(provider.refund(unpaid, { refundId: 'rf_none', amount: 100 }), /has no completed capture/);
});

test('tokens: one token for many calls; a refused or failed token request does not break the next call', async () => {
  const own = paypalProvider(config);
  const tokenCalls = () => requestsTo(/^\/v1\/oauth2\/token$/).length;
  const a = attempt();
  const first = tokenCalls();
  a.providerRef = (await own.startHosted(a, ctx)).providerRef;
  await own.query(a);
  await own.query(a);
  assert.equal(tokenCalls(), first + 1, 'one token for three calls');

  paypal.revokeTokens();
  assert.deepEqual(await own.query(a), { outcome: null }, 'the 401 is answered by asking again with a new token');
  assert.equal(tokenCalls(), first + 2);
  assert.deepEqual(requestsTo(new RegExp(`^/v2/checkout/orders/${a.providerRef}$`)).slice(-2).map((r) => r.status), [401, 200]);
  const signed = paypal.signedWebhook(paypal.events[0]);
  paypal.revokeTokens();
  assert.equal((await own.notification!({ headers: signed.headers, rawBody: signed.body, firstSeen })).reply.status, 200);
  assert.deepEqual(requestsTo(/verify-webhook-signature$/).slice(-2).map((r) => r.status), [401, 200], 'verified with a new token');

  const fresh = paypalProvider(config);
  paypal.failNext(/^\/v1\/oauth2\/token$/, { status: 503 });
  await assert.rejects(fresh.query(a), (e) => e instanceof PayPalFailure);
  assert.deepEqual(await fresh.query(a), { outcome: null }, 'the SDK client was rebuilt after the failed token request');
});

test('close: nothing is called at PayPal, and a voided attempt\'s approved order is never captured by the provider itself', async () => {
  const a = attempt();
  await started(a);
  const calls = paypal.requests.length;
  await provider.close(a);
  assert.equal(paypal.requests.length, calls);
  paypal.approve(a.providerRef as string);
  assert.equal(paypal.order(a.providerRef as string).status, 'APPROVED');
});

test('the double: refuses a reused PayPal-Request-Id for another order, a create without one, and a bad amount', async () => {
  const a = attempt();
  await started(a);
  const token = (await (await fetch(`${paypal.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  })).json()).access_token;
  const create = async (body: object, requestId?: string) => {
    const res = await fetch(`${paypal.baseUrl}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(requestId ? { 'paypal-request-id': requestId } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const order = (value: string) => ({
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'CAD', value } }],
    payment_source: { paypal: { experience_context: { return_url: 'https://shop.example.com/r', cancel_url: 'https://shop.example.com/c' } } },
  });
  const reused = await create(order('1.00'), createRequestId(a.id));
  assert.equal(reused.status, 422);
  assert.equal(reused.body.details[0].issue, 'PAYPAL_REQUEST_ID_PREVIOUSLY_USED');
  assert.equal((await create(order('1.00'))).body.details[0].issue, 'PAYPAL_REQUEST_ID_REQUIRED');
  assert.equal((await create(order('1.001'), 'x1')).body.details[0].issue, 'DECIMAL_PRECISION');
  assert.equal((await create(order('0.00'), 'x2')).body.details[0].issue, 'CANNOT_BE_ZERO_OR_NEGATIVE');
  const noAuth = await fetch(`${paypal.baseUrl}/v2/checkout/orders/${a.providerRef}`);
  assert.equal(noAuth.status, 401);
});

test('disputes and money taken back: verified webhooks carry them, named by the attempt; capture events stay as they were', async () => {
  const a = attempt({ amount: 5000 });
  await started(a);
  paypal.approve(a.providerRef as string);
  await provider.query(a);
  const ref = a.providerRef as string;
  const read = async (type: string) => {
    const signed = paypal.signedWebhook(paypal.lastEvent(type, ref));
    return provider.notification!({ headers: signed.headers, rawBody: signed.body, firstSeen });
  };
  const dispute = paypal.openDispute(ref, { units: 2000 });
  const created = await read('CUSTOMER.DISPUTE.CREATED');
  assert.deepEqual(created.events, []);
  assert.deepEqual(created.moneyBack, [{
    kind: 'DISPUTE', attemptId: a.id, disputeId: dispute.dispute_id, status: 'OPEN', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    amount: 2000, currency: 'CAD', outcome: null, outcomeCode: '',
  }]);
  paypal.updateDispute(dispute.dispute_id, 'UNDER_REVIEW');
  assert.deepEqual((await read('CUSTOMER.DISPUTE.UPDATED')).moneyBack?.map((e) => e.kind === 'DISPUTE' && [e.status, e.outcome]), [['UNDER_REVIEW', null]]);
  for (const [code, outcome] of [['RESOLVED_SELLER_FAVOUR', 'SELLER'], ['CANCELED_BY_BUYER', 'SELLER'], ['RESOLVED_BUYER_FAVOUR', 'BUYER'], ['ACCEPTED', 'BUYER'], ['NONE', 'OTHER']] as const) {
    paypal.resolveDispute(dispute.dispute_id, code);
    assert.deepEqual((await read('CUSTOMER.DISPUTE.RESOLVED')).moneyBack?.map((e) => e.kind === 'DISPUTE' && [e.status, e.outcome, e.outcomeCode]), [['RESOLVED', outcome, code]], code);
  }
  paypal.refundInDashboard(ref, 700);
  assert.deepEqual((await read('PAYMENT.CAPTURE.REFUNDED')).moneyBack, [{ kind: 'REFUND', attemptId: a.id, id: [...paypal.refunds.keys()].at(-1), amount: 700, currency: 'CAD', totalRefunded: 700 }]);
  await provider.refund(a, { refundId: 'rf_after_dashboard', amount: 300 });
  assert.deepEqual((await read('PAYMENT.CAPTURE.REFUNDED')).moneyBack?.map((e) => e.kind === 'REFUND' && [e.amount, e.totalRefunded]), [[300, 1000]]);
  const reversed = paypal.reverse(ref);
  assert.deepEqual((await read('PAYMENT.CAPTURE.REVERSED')).moneyBack, [{ kind: 'REVERSAL', attemptId: a.id, id: reversed.resource.id, amount: 4000, currency: 'CAD' }]);
  // Unreadable ones are left out: no attempt named, no amount.
  assert.deepEqual(moneyBackOf({ event_type: 'PAYMENT.CAPTURE.REVERSED', resource: { id: 'X', amount: { currency_code: 'CAD', value: '1.00' } } }), []);
  assert.deepEqual(moneyBackOf({ event_type: 'CUSTOMER.DISPUTE.CREATED', resource: { dispute_id: 'PP-D-1', disputed_transactions: [{}] } }), []);
  assert.deepEqual(moneyBackOf({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }), []);
  // The Disputes API shows the same dispute (GET /v1/customer/disputes/{id}, with the merchant's token).
  const token = await (await fetch(`${paypal.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  })).json();
  const shown = await (await fetch(`${paypal.baseUrl}/v1/customer/disputes/${dispute.dispute_id}`, { headers: { authorization: `Bearer ${token.access_token}` } })).json();
  assert.equal(shown.dispute_outcome.outcome_code, 'NONE');
  assert.equal(shown.disputed_transactions[0].custom, a.id);
});
