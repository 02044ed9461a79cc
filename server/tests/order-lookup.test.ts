/**
 * Order lookup (issue 18 item 4.11; issue 38 item 2, security probe 2026-12-01 N2): a guest order only, by the receipt
 * link's secret reference or by its number with the checkout e-mail AND phone; one answer for every miss, an
 * account's order included; limits per address, per order number and per contact.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOOKUP_ADDRESS_RULE, LOOKUP_CONTACT_RULE, LOOKUP_MISS, LOOKUP_ORDER_RULE, lookupAddressKey } from '../src/orders/lookup.ts';
import { serverOnFreshDb, Shopper, isError, ok, mailTo, CONTACT } from './helpers.ts';

// Each test looks up from its own address (X-Forwarded-For), so the per-address limit of one does not touch another.
const { db, srv } = serverOnFreshDb({ config: { trustProxy: true } }, async (started) => {
  await started.app.db.query('UPDATE variants SET stock = 1000 WHERE product_id = 1015');
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const lookup = (ip: string, orderID: string, email: string, phone: string) =>
  new Shopper(srv.base).post('/common3/orderLookup', { orderID, email, phone }, from(ip));
const byRef = (ip: string, ref: string) => new Shopper(srv.base).post('/common3/orderLookup', { ref }, from(ip));
const refOf = async (orderID: string) => (await srv.app.db.query('SELECT lookup_ref FROM orders WHERE id = $1', [orderID])).rows[0].lookup_ref as string;

/** A pickup order paid at the store, placed by `s` with `contact`. */
async function place(s: Shopper, contact = CONTACT) {
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1015', quantity: 1 }));
  ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', contact));
  const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
  ok(await s.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
  return orderID as string;
}

test('a guest finds the order by number with e-mail (any case, with #) and phone (any punctuation); read-only, no account', async () => {
  const guest = new Shopper(srv.base);
  const contact = { ...CONTACT, email: 'Lookup.Guest@example.com', phone: '(416) 555-0142' };
  const orderID = await place(guest, contact);
  const own = ok(await guest.get(`/common3/orders/${orderID}`));
  for (const [n, e, p] of [[orderID, 'lookup.guest@example.com', '416.555.0142'], [`#${orderID} `, ' LOOKUP.GUEST@EXAMPLE.COM', '+1 416 555 0142']]) {
    const o = ok(await lookup('198.51.100.10', n, e, p));
    assert.equal(o.orderID, orderID);
    assert.deepEqual([o.status, o.paymentStatus, o.method, o.localStoreName], ['NEW', 'PAY_AT_STORE', 'PICKUP', own.localStoreName]);
    assert.deepEqual(o.lines, own.lines);
    assert.equal(o.total, own.total);
    assert.equal(o.cancellable, false, 'the lookup is read-only');
    assert.equal(o.userID, null);
  }
});

test('N2: the e-mail or the phone alone is not enough any more (400, naming what is missing)', async () => {
  const orderID = await place(new Shopper(srv.base), { ...CONTACT, email: 'alone@example.com', phone: '416-555-0143' });
  const onlyPhone = isError(await new Shopper(srv.base).post('/common3/orderLookup', { orderID, phone: '416-555-0143' }, from('198.51.100.11')), 400);
  assert.deepEqual(onlyPhone.errors, ['Enter the e-mail address you gave at checkout']);
  const onlyEmail = isError(await new Shopper(srv.base).post('/common3/orderLookup', { orderID, email: 'alone@example.com' }, from('198.51.100.11')), 400);
  assert.deepEqual(onlyEmail.errors, ['Enter the phone number you gave at checkout']);
  // The old body ({ orderID, contact }) finds nothing either.
  isError(await new Shopper(srv.base).post('/common3/orderLookup', { orderID, contact: '416-555-0143' }, from('198.51.100.11')), 400);
});

test('N2: the receipt link\'s reference opens the guest order alone; it is not the number and differs per order', async () => {
  const guest = new Shopper(srv.base);
  const orderID = await place(guest, { ...CONTACT, email: 'ref-guest@example.com', phone: '416-555-0144' });
  const ref = await refOf(orderID);
  assert.match(ref, /^[0-9a-f]{32}$/);
  assert.notEqual(ref, await refOf(await place(new Shopper(srv.base), { ...CONTACT, email: 'ref-other@example.com' })));
  const o = ok(await byRef('198.51.100.12', ref));
  assert.deepEqual([o.orderID, o.userID, o.cancellable], [orderID, null, false]);
  ok(await byRef('198.51.100.12', ` ${ref.toUpperCase()} `));
  // A reference that is not one: 400 for the wrong shape, the one 404 for a made-up one.
  isError(await byRef('198.51.100.12', orderID), 400);
  const miss = isError(await byRef('198.51.100.12', 'f'.repeat(32)), 404);
  assert.deepEqual(miss.errors, [LOOKUP_MISS]);
});

test('wrong e-mail, wrong phone, wrong number, unsettled order: the same 404 and message', async () => {
  const guest = new Shopper(srv.base);
  const orderID = await place(guest, { ...CONTACT, email: 'miss@example.com', phone: '416-555-0177' });
  const other = new Shopper(srv.base);
  ok(await other.post('/shoppingManagement4/myCart', { productId: '1015', quantity: 1 }));
  ok(await other.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', { ...CONTACT, email: 'interim@example.com' }));
  const interim = ok(await other.post('/shoppingManagement4/reserve')).orderID;
  const misses = [
    await lookup('198.51.100.20', orderID, 'someone@example.com', '416-555-0177'),
    await lookup('198.51.100.20', orderID, 'miss@example.com', '416-555-0100'),
    await lookup('198.51.100.20', String(Number(orderID) + 1000), 'miss@example.com', '416-555-0177'),
    await lookup('198.51.100.20', interim, 'interim@example.com', CONTACT.phone),
    await byRef('198.51.100.20', await refOf(interim)),
  ];
  for (const r of misses) {
    isError(r, 404);
    assert.deepEqual(r.body, { message: LOOKUP_MISS, errors: [LOOKUP_MISS] });
  }
});

test('N2: an account\'s order answers exactly as a missing one: by number, e-mail and phone, or by its reference', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/clientRegistration', { emailID: 'member@example.com', password: 'longenough1', firstName: 'Grace', lastName: 'Hopper' }));
  const orderID = await place(s, { ...CONTACT, email: 'member@example.com', phone: '416-555-2512' });
  const missing = await lookup('198.51.100.30', '999999', 'member@example.com', '416-555-2512');
  for (const r of [
    await lookup('198.51.100.30', orderID, 'member@example.com', '416-555-2512'),
    await byRef('198.51.100.30', await refOf(orderID)),
    // Signed in as the owner changes nothing: the account's orders are under My orders.
    await s.post('/common3/orderLookup', { orderID, email: 'member@example.com', phone: '416-555-2512' }, from('198.51.100.31')),
  ]) {
    isError(r, 404);
    assert.deepEqual(r.body, missing.body);
  }
  // The order's mails link no lookup (a guest's do, with the reference).
  const mail = await mailTo(db, 'order-receipt', 'member@example.com');
  assert.ok(!mail.text.includes('/orderlookup'), 'no lookup link for an account\'s order');
});

test('bad input is a 400 with a message, never a 500', async () => {
  const both = { email: 'a@b.c', phone: '416-555-0100' };
  const bad: unknown[] = [{}, { orderID: '12' }, both, { ...both, orderID: 12 }, { ...both, orderID: 'abc' },
    { ...both, orderID: '1234567890' }, { orderID: '100001', email: 'not-an-email', phone: both.phone }, { orderID: '100001', email: both.email, phone: '12' },
    { orderID: '100001', email: 'x'.repeat(300), phone: both.phone }, { orderID: '100001', email: both.phone, phone: both.email },
    { ref: '' }, { ref: 12 }, { ref: 'x'.repeat(65) }, { ref: 'not-a-reference' }];
  for (const body of bad) {
    const r = await new Shopper(srv.base).post('/common3/orderLookup', body, from('198.51.100.40'));
    isError(r, 400);
    assert.ok(r.body.errors[0], `a message for ${JSON.stringify(body)}`);
  }
  isError(await new Shopper(srv.base).post('/common3/orderLookup', { orderID: '100001', ...both }, { xsrf: false }), 403);
});

test('rate limits: 5 misses per order number from anywhere, 20 per address; a match gives its count back', async () => {
  const guest = new Shopper(srv.base);
  const orderID = await place(guest, { ...CONTACT, email: 'limited@example.com' });
  for (let i = 0; i < LOOKUP_ORDER_RULE.max; i++) isError(await lookup(`203.0.113.${i + 1}`, orderID, `guess${i}@example.com`, `416-555-01${10 + i}`), 404);
  const limited = await lookup('203.0.113.99', orderID, 'limited@example.com', CONTACT.phone);
  isError(limited, 429);
  assert.match(limited.body.errors[0], /Too many order lookups/);

  // Per address: other numbers, one address.
  const mine = await place(new Shopper(srv.base), { ...CONTACT, email: 'addr@example.com', phone: '416-555-0188' });
  for (let i = 0; i < 3; i++) ok(await lookup('203.0.114.1', mine, 'addr@example.com', '416-555-0188')); // given back
  for (let i = 0; i < LOOKUP_ADDRESS_RULE.max; i++) isError(await lookup('203.0.114.1', String(900000 + i), `x${i}@example.com`, `647-555-01${10 + i}`), 404);
  isError(await lookup('203.0.114.1', mine, 'addr@example.com', '416-555-0188'), 429);
  ok(await lookup('203.0.114.2', mine, 'addr@example.com', '416-555-0188'));
});

test('N2: a scan of order numbers for one person\'s phone stops at the per-contact limit, from any number of addresses', async () => {
  const victim = { ...CONTACT, email: 'victim@example.com', phone: '416-555-2513' };
  const orderID = await place(new Shopper(srv.base), victim);
  // One try per number and per address (the per-address and per-number limits never trip), the phone always the same.
  for (let i = 0; i < LOOKUP_CONTACT_RULE.max; i++) {
    isError(await lookup(`203.0.115.${i + 1}`, String(800000 + i), `guess${i}@example.com`, victim.phone), 404);
  }
  isError(await lookup('203.0.115.200', orderID, victim.email, victim.phone), 429);
  // The same for one e-mail with changing phones.
  for (let i = 0; i < LOOKUP_CONTACT_RULE.max; i++) {
    isError(await lookup(`203.0.116.${i + 1}`, String(810000 + i), 'victim2@example.com', `905-555-01${10 + i}`), 404);
  }
  isError(await lookup('203.0.116.200', String(820000), 'victim2@example.com', '905-555-0199'), 429);
});

test('N2: an IPv6 client is counted by its /64', () => {
  assert.equal(lookupAddressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  assert.equal(lookupAddressKey('2001:0db8:0001:0002:ffff:1:2:3'), '2001:db8:1:2::/64');
  assert.equal(lookupAddressKey('2001:db8::5'), '2001:db8:0:0::/64');
  assert.equal(lookupAddressKey('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(lookupAddressKey('198.51.100.1'), '198.51.100.1');
});

test('the receipt mail of a guest order carries the lookup link with its reference, which opens the order', async () => {
  const guest = new Shopper(srv.base);
  const orderID = await place(guest, { ...CONTACT, email: 'receipt-link@example.com' });
  const mail = await mailTo(db, 'order-receipt', 'receipt-link@example.com');
  const link = mail.text.match(new RegExp(`Track my order:\\n(http://127\\.0\\.0\\.1:\\d+/orderlookup\\?order=${orderID}&ref=[0-9a-f]{32})`));
  assert.ok(link, mail.text);
  const ref = new URL(link[1]).searchParams.get('ref')!;
  assert.equal(ref, await refOf(orderID));
  assert.ok(mail.html.includes(`/orderlookup?order=${orderID}&#38;ref=${ref}`), 'the HTML part links it too (& escaped)');
  assert.equal(ok(await byRef('198.51.100.50', ref)).orderID, orderID);
});
