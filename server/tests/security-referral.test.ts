/**
 * Security probe 2026-11-26 M2 (self-referral through a second account; any shopper in the 8% group) and L6 (switching
 * groups shortens the hold). The referral rules (server/CONTRACT.md "Referral rules"): an attribution counts once the
 * introduced account confirmed its e-mail (or, with a WeChat/Alipay identity, paid an order as someone other than the
 * referrer); no commission where the payer or the delivery address is the referrer's; higher-rate groups are the
 * operator's to assign; a monthly cap per referrer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, confirmEmail, freshDb, isError, ok, payOnline, deskOf, serverOnFreshDb, startServer, Shopper, type TestDb } from './helpers.ts';
import { buy, registered } from './memberHelpers.ts';
import { assignGroup, creditDue, DEFAULT_MONTHLY_CAP, referralSettings, setMonthlyCap } from '../src/features/referral/service.ts';
import { addressKey, cappedCommission, phoneKey, referrerOwnOrder } from '../src/features/referral/rules.ts';

const { db, srv } = serverOnFreshDb();
const INFO = '/admin/trackingManagement/referrer/userTracking/GeneralInfo/';
const sql = (text: string, params: unknown[] = []) => srv.app.db.query(text, params);
const accrued = async (orderID: string) =>
  (await sql(`SELECT amount, hold_days FROM referral_commissions WHERE order_id = $1 AND kind = 'ACCRUE'`, [Number(orderID)])).rows[0];
/** 1011 costs 32.99: 5% is 1.64, 8% is 2.63. */
const GOODS = 3299;

/** A delivery order to `address`, paid online, with the shopper's contact (or `contact`). */
async function deliveredTo(s: Awaited<ReturnType<typeof registered>>, address: object, contact = s.contact) {
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1048', quantity: 1 }));
  ok(await s.post('/shoppingManagement4/orderDeliverInfo', address));
  ok(await s.post('/shoppingManagement4/orderContactInfo?methodName=DELIVERY', contact));
  const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
  await payOnline(s, orderID);
  return orderID as string;
}

test('M2 rules: who the referrer is, as an order shows it (table)', () => {
  const traces = { emails: ['ann@example.com'], phones: ['+1 (416) 555-0101'], addresses: [{ streetNumberAndNameDetails: '100 Queen St. W', postCode: 'M5H 2N2' }] };
  const cases: [string, Parameters<typeof referrerOwnOrder>[1], ReturnType<typeof referrerOwnOrder>][] = [
    ['someone else', { contact: { email: 'bob@example.com', phone: '416-555-0199' }, delivery: { streetNumberAndNameDetails: '1 Main St', postCode: 'M5V 1A1' } }, null],
    ['the referrer\'s e-mail in another case', { contact: { email: ' Ann@Example.com ', phone: '' }, delivery: null }, 'PAYER_IS_REFERRER'],
    ['the referrer\'s phone written otherwise', { contact: { email: 'bob@example.com', phone: '416.555.0101' }, delivery: null }, 'PAYER_IS_REFERRER'],
    ['the referrer\'s address written otherwise', { contact: { email: 'bob@example.com', phone: '' }, delivery: { streetNumberAndNameDetails: '100 queen st w', postCode: 'm5h2n2' } }, 'ADDRESS_IS_REFERRERS'],
    ['same building, another unit', { contact: null, delivery: { streetNumberAndNameDetails: '100 Queen St W', unit: '12', postCode: 'M5H 2N2' } }, null],
    ['no contact, no address', { contact: null, delivery: null }, null],
  ];
  for (const [what, order, want] of cases) assert.equal(referrerOwnOrder(traces, order), want, what);
  assert.equal(phoneKey('12'), null, 'too short to be anyone\'s');
  assert.equal(phoneKey('+86 138 0013 8000'), phoneKey('13800138000'));
  assert.equal(addressKey({ streetNumberAndNameDetails: '', postCode: 'M5H 2N2' }), null);
  assert.deepEqual([cappedCommission(3299, 5, 0, 10_000), cappedCommission(3299, 5, 9_900, 10_000), cappedCommission(3299, 5, 10_000, 10_000), cappedCommission(-5, 5, 0, 100)], [164, 100, 0, 0]);
});

test('M2: an attribution counts only once the introduced account confirmed its e-mail; orders before that earn nothing', async () => {
  const a = await registered(srv.base, 'Ann', 'Referrer');
  const b = await registered(srv.base, 'Bob', 'Second', a.myID);
  const early = await buy(b, [['1011', 1]]);
  assert.equal(await accrued(early.orderID), undefined, 'unconfirmed: no commission');
  assert.equal(ok(await a.get(INFO)).usersIntroduced, 0);
  await confirmEmail(srv, db, b.emailID);
  assert.equal(ok(await a.get(INFO)).usersIntroduced, 1);
  const later = await buy(b, [['1011', 1]]);
  assert.equal((await accrued(later.orderID)).amount, Math.floor((GOODS * 5) / 100));
});

test('M2: an account with a WeChat identity counts once it pays an order as someone other than the referrer', async () => {
  const a = await registered(srv.base, 'Wen', 'Referrer');
  const b = await registered(srv.base, 'Wei', 'Wechat', a.myID);
  // The state a WeChat sign-up leaves (routes/identity.ts join): the account holds a WeChat identity.
  await sql(`INSERT INTO identities (provider, subject, user_id, open_id) VALUES ('wechat', $1, $2, $3)`, [`union-${b.userID}`, b.userID, `open-${b.userID}`]);
  const asReferrer = await buy(Object.assign(b, { contact: { ...b.contact, email: a.emailID } }), [['1011', 1]]);
  assert.equal(await accrued(asReferrer.orderID), undefined, 'paid as the referrer: nothing, and the attribution still does not count');
  assert.equal(ok(await a.get(INFO)).usersIntroduced, 0);
  const own = await buy(Object.assign(b, { contact: { ...b.contact, email: b.emailID } }), [['1011', 1]]);
  assert.equal((await accrued(own.orderID)).amount, Math.floor((GOODS * 5) / 100));
  assert.equal(ok(await a.get(INFO)).usersIntroduced, 1);
});

test('M2: no commission where the payer (contact e-mail or phone) or the delivery address is the referrer\'s', async () => {
  const a = await registered(srv.base, 'Ada', 'Self');
  ok(await a.post(`/admin/userManagement/updateAddresses/${a.userID}/SHIPPING`, { addresses: [ADDRESS] }));
  // A's own order teaches the store A's phone (its contact), as the address book teaches A's address.
  await buy(a, [['1011', 1]]);
  const b = await registered(srv.base, 'Sock', 'Puppet', a.myID);
  await confirmEmail(srv, db, b.emailID);
  const byEmail = await buy(Object.assign(b, { contact: { ...b.contact, email: a.emailID.toUpperCase() } }), [['1011', 1]]);
  const byPhone = await buy(Object.assign(b, { contact: { ...b.contact, email: b.emailID, phone: `+1 ${a.contact.phone.replace(/-/g, ' ')}` } }), [['1011', 1]]);
  const toAddress = await deliveredTo(Object.assign(b, { contact: { ...b.contact, phone: '647-555-0142' } }),
    { ...ADDRESS, streetNumberAndNameDetails: '100 QUEEN ST. W.', postCode: 'm5h2n2' });
  for (const orderID of [byEmail.orderID, byPhone.orderID, toAddress]) assert.equal(await accrued(orderID), undefined, orderID);
  const elsewhere = await deliveredTo(b, { ...ADDRESS, streetNumberAndNameDetails: '1 Main St', postCode: 'M5V 1A1' });
  assert.ok((await accrued(elsewhere)).amount > 0, 'someone else\'s address and contact earn');
});

test('M2: a shopper joins only open groups; the 8% group is the operator\'s to assign', async () => {
  const a = await registered(srv.base, 'Amb', 'Wannabe');
  const amb = (await sql(`SELECT id FROM referral_groups WHERE commission_percent = 8`)).rows[0].id;
  isError(await a.get(`/admin/userManagement/joinAffiliatedReferralGoup/${amb}`), 404);
  assert.equal(ok(await a.get('/common3/appInfoInit')).referrerUserGroup.commissionPercent, 5);
  const listed = ok(await a.get('/admin/userManagement/affiliatedReferralGoups')).groups.map((g: any) => g.id);
  assert.ok(!listed.includes(String(amb)), 'a closed group is not offered');
  await assignGroup(srv.app.db, a.userID, amb);
  assert.equal(ok(await a.get('/common3/appInfoInit')).referrerUserGroup.commissionPercent, 8);
});

test('M2: commission stops at the monthly cap per referrer ($100.00 unless the operator sets another)', async () => {
  assert.equal((await referralSettings(srv.app.db)).monthlyCapPerReferrer, DEFAULT_MONTHLY_CAP);
  assert.equal(DEFAULT_MONTHLY_CAP, 10_000);
  const a = await registered(srv.base, 'Cap', 'Referrer');
  const b = await registered(srv.base, 'Cap', 'Buyer', a.myID);
  await confirmEmail(srv, db, b.emailID);
  await setMonthlyCap(srv.app.db, 200);
  try {
    const amounts = [];
    for (let i = 0; i < 3; i++) amounts.push((await accrued((await buy(b, [['1011', 1]])).orderID)).amount);
    assert.deepEqual(amounts, [164, 36, 0]);
  } finally {
    await setMonthlyCap(srv.app.db, DEFAULT_MONTHLY_CAP);
  }
});

test('L6: a commission keeps the hold of the group it accrued in: switching to a shorter one does not credit it sooner', async () => {
  const a = await registered(srv.base, 'Hold', 'Switcher');
  const amb = (await sql(`SELECT id, hold_days FROM referral_groups WHERE commission_percent = 8`)).rows[0];
  await assignGroup(srv.app.db, a.userID, amb.id);
  const b = await registered(srv.base, 'Hold', 'Buyer', a.myID);
  await confirmEmail(srv, db, b.emailID);
  const { orderID } = await buy(b, [['1011', 1]]);
  assert.deepEqual(await accrued(orderID), { amount: Math.floor((GOODS * 8) / 100), hold_days: amb.hold_days });
  await assignGroup(srv.app.db, a.userID, null);
  const credited = async () => (await sql(`SELECT 1 FROM referral_commissions WHERE order_id = $1 AND kind = 'CREDIT'`, [Number(orderID)])).rows.length;
  await sql(`UPDATE orders SET settled_at = now() - interval '8 days' WHERE id = $1`, [Number(orderID)]);
  await creditDue(srv.app.db, a.userID);
  assert.equal(await credited(), 0, 'the default group\'s 7 days are not this commission\'s');
  await sql(`UPDATE orders SET settled_at = now() - make_interval(days => $2) WHERE id = $1`, [Number(orderID), amb.hold_days + 1]);
  await creditDue(srv.app.db, a.userID);
  assert.equal(await credited(), 1);
});

test('M2: npm run referral assigns groups, opens and closes them, and sets the monthly cap', async () => {
  const own: TestDb = await freshDb();
  const beside = await startServer(own);
  try {
    const cli = deskOf(beside, 'referral');
    const amb: number = (await beside.app.db.query(`SELECT id FROM referral_groups WHERE commission_percent = 8`)).rows[0].id;
    assert.match((await cli('groups')).stdout, new RegExp(`#${amb}  Ambassadors / .+  8%  hold 14 days  assigned`));
    const assigned = await cli('assign', 'demo@istore.test', String(amb));
    assert.equal(assigned.code, 0, assigned.stderr);
    assert.match(assigned.stdout, /demo@istore.test: referral group #\d+ Ambassadors \(8%\)/);
    assert.equal((await cli('assign', 'nobody@example.com', String(amb))).stderr.trim(), 'referral assign: No account with e-mail nobody@example.com');
    assert.equal((await cli('assign', 'demo@istore.test', 'x')).code, 2);
    assert.match((await cli('open', String(amb))).stdout, /open: shoppers may join it/);
    assert.match((await cli('groups')).stdout, /8%  hold 14 days  open  1 assigned/);
    assert.match((await cli('close', String(amb))).stdout, /closed/);
    assert.match((await cli('unassign', 'demo@istore.test')).stdout, /\(5%\)/);
    assert.match((await cli('cap')).stdout, /monthly cap per referrer: \$100\.00/);
    assert.match((await cli('cap', '25.50')).stdout, /monthly cap per referrer: \$25\.50/);
    assert.equal((await cli('cap', '-1')).code, 2);
  } finally {
    await beside.close();
    await own.cleanup();
  }
});
