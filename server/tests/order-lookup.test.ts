/** Order lookup (issue 18 item 4.11): number + checkout e-mail or phone, one answer for every miss, rate limits. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOOKUP_ADDRESS_RULE, LOOKUP_MISS, LOOKUP_ORDER_RULE } from '../src/services/orderLookup.ts';
import { serverOnFreshDb, Shopper, isError, ok, mailTo, CONTACT } from './helpers.ts';

// Each test looks up from its own address (X-Forwarded-For), so the per-address limit of one does not touch another.
const { db, srv } = serverOnFreshDb({ config: { trustProxy: true } }, async (started) => {
  await started.app.db.query('UPDATE variants SET stock = 1000 WHERE product_id = 1015');
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const lookup = (ip: string, orderID: string, contact: string) => new Shopper(srv.base).post('/common3/orderLookup', { orderID, contact }, from(ip));

/** A pickup order paid at the store, placed by `s` with `contact`. */
async function place(s: Shopper, contact = CONTACT) {
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1015', quantity: 1 }));
  ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', contact));
  const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
  ok(await s.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
  return orderID as string;
}

test('a guest finds the order by number and e-mail (any case, with #) or phone (any punctuation); read-only, no account', async () => {
  const guest = new Shopper(srv.base);
  const contact = { ...CONTACT, email: 'Lookup.Guest@example.com', phone: '(416) 555-0142' };
  const orderID = await place(guest, contact);
  const own = ok(await guest.get(`/common3/orders/${orderID}`));
  for (const [n, c] of [[orderID, 'lookup.guest@example.com'], [`#${orderID} `, ' LOOKUP.GUEST@EXAMPLE.COM'], [orderID, '416.555.0142'], [orderID, '+1 416 555 0142']]) {
    const o = ok(await lookup('198.51.100.10', n, c));
    assert.equal(o.orderID, orderID);
    assert.deepEqual([o.status, o.paymentStatus, o.method, o.localStoreName], ['NEW', 'PAY_AT_STORE', 'PICKUP', own.localStoreName]);
    assert.deepEqual(o.lines, own.lines);
    assert.equal(o.total, own.total);
    assert.equal(o.cancellable, false, 'the lookup is read-only');
    assert.equal(o.userID, null);
  }
});

test('wrong e-mail, wrong phone, wrong number, unsettled order: the same 404 and message', async () => {
  const guest = new Shopper(srv.base);
  const orderID = await place(guest, { ...CONTACT, email: 'miss@example.com', phone: '416-555-0177' });
  const other = new Shopper(srv.base);
  ok(await other.post('/shoppingManagement4/myCart', { productId: '1015', quantity: 1 }));
  ok(await other.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', { ...CONTACT, email: 'interim@example.com' }));
  const interim = ok(await other.post('/shoppingManagement4/reserve')).orderID;
  const misses = [
    await lookup('198.51.100.20', orderID, 'someone@example.com'),
    await lookup('198.51.100.20', orderID, '416-555-0100'),
    await lookup('198.51.100.20', String(Number(orderID) + 1000), 'miss@example.com'),
    await lookup('198.51.100.20', interim, 'interim@example.com'),
  ];
  for (const r of misses) {
    isError(r, 404);
    assert.deepEqual(r.body, { message: LOOKUP_MISS, errors: [LOOKUP_MISS] });
  }
});

test('a signed-in shopper\'s order: found by its checkout e-mail from any browser, without the account', async () => {
  const s = new Shopper(srv.base);
  const reg = ok(await s.post('/common3/clientRegistration', { emailID: 'member@example.com', password: 'longenough1', firstName: 'Grace', lastName: 'Hopper' }));
  const orderID = await place(s, { ...CONTACT, email: 'member@example.com' });
  assert.equal(ok(await s.get(`/admin/orderManagement/order/${orderID}`)).userID, reg.userID);
  const o = ok(await lookup('198.51.100.30', orderID, 'member@example.com'));
  assert.equal(o.userID, null, 'the account is not named');
  assert.equal(o.cancellable, false);
  assert.ok(!JSON.stringify(o).includes(reg.userID), 'no account data in the answer');
  // A signed-in shopper looking up someone else's order needs its e-mail like anyone else.
  isError(await s.post('/common3/orderLookup', { orderID, contact: 'grace@example.com' }, from('198.51.100.31')), 404);
});

test('bad input is a 400 with a message, never a 500', async () => {
  const bad: unknown[] = [{}, { orderID: '12' }, { contact: 'a@b.c' }, { orderID: 12, contact: 'a@b.c' }, { orderID: 'abc', contact: 'a@b.c' },
    { orderID: '1234567890', contact: 'a@b.c' }, { orderID: '100001', contact: 'not-an-email' }, { orderID: '100001', contact: '12' },
    { orderID: '100001', contact: 'x'.repeat(300) }];
  for (const body of bad) {
    const r = await new Shopper(srv.base).post('/common3/orderLookup', body, from('198.51.100.40'));
    isError(r, 400);
    assert.ok(r.body.errors[0], `a message for ${JSON.stringify(body)}`);
  }
  isError(await new Shopper(srv.base).post('/common3/orderLookup', { orderID: '100001', contact: 'a@b.c' }, { xsrf: false }), 403);
});

test('rate limits: 5 misses per order number from anywhere, 20 per address; a match gives its count back', async () => {
  const guest = new Shopper(srv.base);
  const orderID = await place(guest, { ...CONTACT, email: 'limited@example.com' });
  for (let i = 0; i < LOOKUP_ORDER_RULE.max; i++) isError(await lookup(`203.0.113.${i + 1}`, orderID, `guess${i}@example.com`), 404);
  const limited = await lookup('203.0.113.99', orderID, 'limited@example.com');
  isError(limited, 429);
  assert.match(limited.body.errors[0], /Too many order lookups/);

  // Per address: other numbers, one address.
  const mine = await place(new Shopper(srv.base), { ...CONTACT, email: 'addr@example.com' });
  for (let i = 0; i < 3; i++) ok(await lookup('203.0.114.1', mine, 'addr@example.com')); // given back
  for (let i = 0; i < LOOKUP_ADDRESS_RULE.max; i++) isError(await lookup('203.0.114.1', String(900000 + i), 'x@example.com'), 404);
  isError(await lookup('203.0.114.1', mine, 'addr@example.com'), 429);
  ok(await lookup('203.0.114.2', mine, 'addr@example.com'));
});

test('the receipt mail carries the lookup link of the shop the order was placed on', async () => {
  const guest = new Shopper(srv.base);
  const orderID = await place(guest, { ...CONTACT, email: 'receipt-link@example.com' });
  const mail = await mailTo(db, 'order-receipt', 'receipt-link@example.com');
  assert.match(mail.text, new RegExp(`Track my order:\\nhttp://127\\.0\\.0\\.1:\\d+/orderlookup\\?order=${orderID}`));
  assert.ok(mail.html.includes(`/orderlookup?order=${orderID}`));
});
