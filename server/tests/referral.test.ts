/** The referral programme (issue 13): attribution, groups, the commission ledger, the referrer area and its charts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { confirmEmail, serverOnFreshDb, Shopper, isError, ok, reservePickup } from './helpers.ts';
import { buy, registered } from './memberHelpers.ts';
import { assignGroup, attribute } from '../src/features/referral/service.ts';
import { requestRefund } from '../src/orders/lifecycle.ts';
import { STORE_CREDIT_REASONS } from '../../contract/constants.ts';

const { db, srv } = serverOnFreshDb();
/** A shopper registered through `referrerID`'s link who confirmed their e-mail: the attribution counts (referral rules). */
async function introduced(first: string, last: string, referrerID: string) {
  const s = await registered(srv.base, first, last, referrerID);
  await confirmEmail(srv, db, s.emailID);
  return s;
}

const INFO = '/admin/trackingManagement/referrer/userTracking/GeneralInfo/';
const USERS = '/admin/trackingManagement/referrer/userTracking/usersIntroduced';
const ORDERS = '/admin/trackingManagement/referrer/userTracking/orderIntroduced';
const sql = (text: string, params: unknown[] = []) => srv.app.db.query(text, params);
const referrerOf = async (userId: number) => (await sql('SELECT referred_by FROM users WHERE id = $1', [userId])).rows[0].referred_by;
const balance = async (s: Shopper) => ok(await s.get('/admin/storeCreditManagement/storeCredit')).balance as number;
/** The order's hold has passed: it was settled `days` ago. */
const settledDaysAgo = (orderID: string, days: number) =>
  sql(`UPDATE orders SET settled_at = now() - make_interval(days => $2) WHERE id = $1`, [Number(orderID), days]);

test('guests get 401 on every referral call', async () => {
  const g = new Shopper(srv.base);
  for (const url of [INFO, USERS, ORDERS, '/admin/trackingManagement/referrer/summary/user?period=day&from=2026-11-01&to=2026-11-02',
    '/admin/trackingManagement/referrer/summary/order?period=day&from=2026-11-01&to=2026-11-02', '/admin/userManagement/affiliatedReferralGoups',
    '/admin/userManagement/joinAffiliatedReferralGoup/1']) {
    isError(await g.get(url), 401);
  }
});

test('registration through a link attributes the new shopper; an unknown id registers without a referrer; a malformed one is 400', async () => {
  const a = await registered(srv.base, 'Alice', 'Anders');
  assert.match(a.myID, /^[A-Z0-9]+$/);
  assert.equal(a.fields.referrerUserGroup.commissionPercent, 5, 'everyone is in the default group');
  const b = await introduced('Bob', 'Brown', a.myID.toLowerCase());
  assert.equal(await referrerOf(b.userID), a.userID);
  const c = await introduced('Cleo', 'Cole', 'NOSUCHID1');
  assert.equal(await referrerOf(c.userID), null);
  isError(await new Shopper(srv.base).post('/common3/clientRegistration', { emailID: 'x@example.com', password: 'longenough1', firstName: 'X', lastName: 'Y', referrerID: 'not valid!' }), 400);
  const info = ok(await a.get(INFO));
  assert.equal(info.myID, a.myID);
  assert.equal(info.usersIntroduced, 1);
});

test('attribution rules: never oneself, first referrer wins and never changes, no loops', async () => {
  const a = await registered(srv.base, 'Ann', 'One');
  const b = await introduced('Ben', 'Two', a.myID);
  const c = await introduced('Cat', 'Three', b.myID);
  const d = await registered(srv.base, 'Dan', 'Four');
  const q = srv.app.db;
  assert.equal(await attribute(q, d.userID, d.myID), 'SELF');
  assert.equal(await referrerOf(d.userID), null);
  assert.equal(await attribute(q, b.userID, d.myID), 'ALREADY_ATTRIBUTED');
  assert.equal(await referrerOf(b.userID), a.userID, 'the first referrer stays');
  assert.equal(await attribute(q, a.userID, c.myID), 'LOOP', 'A introduced B who introduced C: C cannot introduce A');
  assert.equal(await attribute(q, a.userID, b.myID), 'LOOP');
  assert.equal(await referrerOf(a.userID), null);
  assert.equal(await attribute(q, a.userID, d.myID), 'ATTRIBUTED', 'a shopper outside the chain may still be the first referrer');
});

test('groups: a shopper sees and joins the open ones; the operator puts them in the others (its rate applies to later orders); unknown 404, malformed 400', async () => {
  const a = await registered(srv.base, 'Gus', 'Group');
  const { groups, currentGroupID } = ok(await a.get('/admin/userManagement/affiliatedReferralGoups'));
  assert.deepEqual(groups.map((g: any) => g.isDefault), [true], 'only the open default group is listed');
  assert.equal(currentGroupID, groups[0].id);
  ok(await a.get(`/admin/userManagement/joinAffiliatedReferralGoup/${groups[0].id}`));
  const amb = (await sql(`SELECT id FROM referral_groups WHERE NOT is_default`)).rows[0];
  await assignGroup(srv.app.db, a.userID, amb.id);
  const listed = ok(await a.get('/admin/userManagement/affiliatedReferralGoups'));
  assert.equal(listed.currentGroupID, String(amb.id));
  const mine = listed.groups.find((g: any) => g.id === String(amb.id));
  assert.ok(mine.name.zh && mine.rules.en && mine.rules.zh);
  assert.equal(ok(await a.get('/common3/appInfoInit')).referrerUserGroup.id, String(amb.id));
  isError(await a.get('/admin/userManagement/joinAffiliatedReferralGoup/999'), 404);
  isError(await a.get('/admin/userManagement/joinAffiliatedReferralGoup/abc'), 400);

  const b = await introduced('Hal', 'Group', a.myID);
  const { orderID } = await buy(b, [['1011', 1]]);
  const [o] = ok(await a.get(ORDERS)).orders;
  assert.equal(o.orderID, orderID);
  assert.equal(o.commission, Math.floor((3299 * 8) / 100));
});

test('commission: pending while the hold runs, then credited as store credit exactly once', async () => {
  const a = await registered(srv.base, 'Ida', 'Earner');
  const b = await introduced('Jon', 'Buyer', a.myID);
  const { orderID } = await buy(b, [['1011', 2]]);
  const goods = 3299 * 2;
  const commission = Math.floor((goods * 5) / 100);
  let info = ok(await a.get(INFO));
  assert.equal(info.ordersIntroduced, 1);
  assert.equal(info.commissionPending, commission);
  assert.equal(info.commissionEarned, 0);
  const before = await balance(a);
  let [o] = ok(await a.get(ORDERS)).orders;
  assert.deepEqual({ goods: o.goodsTotal, state: o.commissionState, name: o.maskedName }, { goods, state: 'PENDING', name: 'J*** B***' });

  await settledDaysAgo(orderID, 8);
  info = ok(await a.get(INFO));
  assert.equal(info.commissionPending, 0);
  assert.equal(info.commissionEarned, commission);
  assert.equal(await balance(a), before + commission);
  ok(await a.get(INFO));
  assert.equal(await balance(a), before + commission, 'credited once');
  [o] = ok(await a.get(ORDERS)).orders;
  assert.equal(o.commissionState, 'CREDITED');
  const [u] = ok(await a.get(USERS)).users;
  assert.deepEqual({ name: u.maskedName, orders: u.orders }, { name: 'J*** B***', orders: 1 });
});

test('an order to pay at the store stays pending while it can be cancelled', async () => {
  const a = await registered(srv.base, 'Kim', 'Keeper');
  const b = await introduced('Lou', 'Later', a.myID);
  const { orderID } = await reservePickup(b, [['1011', 1]]);
  ok(await b.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
  await settledDaysAgo(orderID, 30);
  const info = ok(await a.get(INFO));
  assert.equal(info.commissionPending, Math.floor((3299 * 5) / 100));
  assert.equal(info.commissionEarned, 0);
});

test('partial refunds claw back in proportion, cumulatively exact, even after the credit was spent (balance below zero)', async () => {
  const a = await registered(srv.base, 'May', 'Spender');
  const b = await introduced('Ned', 'Refund', a.myID);
  const { orderID, total } = await buy(b, [['1011', 3]]);
  const commission = Math.floor((3299 * 3 * 5) / 100);
  await settledDaysAgo(orderID, 8);
  assert.equal(ok(await a.get(INFO)).commissionEarned, commission);
  // A spends every cent of store credit on an order
  const credit = await balance(a);
  await reservePickup(a, [['1011', 1]]);
  ok(await a.post('/shoppingManagement4/applyStoreCredit', { amount: credit }));
  const { orderID: spent } = ok(await a.post('/shoppingManagement4/reserve'));
  const { redirectUrl } = ok(await a.post('/shoppingManagement4/requestOTTH5Payment', { orderID: spent }));
  ok(await a.post(`${a.base}${new URL(redirectUrl).pathname}/pay`));
  assert.equal(await balance(a), 0);

  const third = Math.floor(total / 3);
  await srv.app.db.tx((q) => requestRefund(q, { orderID, amount: third, reason: 'damaged', key: `test-refund-1:${orderID}` }));
  const first = Math.round((commission * third) / total);
  let info = ok(await a.get(INFO));
  assert.equal(info.commissionReversed, first);
  assert.equal(info.commissionEarned, commission - first);
  assert.equal(await balance(a), -first, 'clawed back in full: below zero, not capped at the balance');
  let [o] = ok(await a.get(ORDERS)).orders;
  assert.equal(o.commissionState, 'PARTLY_REVERSED');

  // the same refund again (same key): nothing more is clawed back
  await srv.app.db.tx((q) => requestRefund(q, { orderID, amount: third, reason: 'damaged', key: `test-refund-1:${orderID}` }));
  assert.equal(ok(await a.get(INFO)).commissionReversed, first);
  await srv.app.db.tx((q) => requestRefund(q, { orderID, reason: 'the rest', key: `test-refund-2:${orderID}` }));
  info = ok(await a.get(INFO));
  assert.equal(info.commissionReversed, commission, 'the whole commission, to the minor unit');
  assert.equal(info.commissionEarned, 0);
  assert.equal(await balance(a), -commission);
  [o] = ok(await a.get(ORDERS)).orders;
  assert.equal(o.commissionState, 'REVERSED');
  // The referrer's store-credit history names both moves with reasons of the contract (the client words each).
  const { entries } = ok(await a.get('/admin/storeCreditManagement/storeCreditHistory'));
  const referral = entries.filter((e: any) => e.orderID === orderID).map((e: any) => [e.reason, e.amount]);
  assert.deepEqual(referral.sort(), [['REFERRAL_COMMISSION', commission], ['REFERRAL_REVERSED', -(commission - first)], ['REFERRAL_REVERSED', -first]].sort());
  for (const e of entries) assert.ok((STORE_CREDIT_REASONS as readonly string[]).includes(e.reason), e.reason);
});

test('a cancelled order takes its whole pending commission back; the order stops counting in the chart', async () => {
  const a = await registered(srv.base, 'Olga', 'Owner');
  const b = await introduced('Pete', 'Cancel', a.myID);
  const { orderID } = await reservePickup(b, [['1011', 2]]);
  ok(await b.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
  const commission = Math.floor((3299 * 2 * 5) / 100);
  assert.equal(ok(await a.get(INFO)).commissionPending, commission);
  ok(await b.put(`/admin/orderManagement/cancelOrder/${orderID}`));
  const info = ok(await a.get(INFO));
  assert.equal(info.commissionPending, 0);
  assert.equal(info.commissionReversed, commission);
  const [o] = ok(await a.get(ORDERS)).orders;
  assert.deepEqual([o.orderID, o.commissionState, o.reversed], [orderID, 'REVERSED', commission]);
  const today = ok(await a.get('/admin/trackingManagement/referrer/summary/order?period=day&count=1'));
  assert.equal(today.buckets[0].count, 0);
});

test('the ledger is append-only', async () => {
  const before = (await sql('SELECT count(*)::int AS n, COALESCE(sum(amount), 0)::int AS s FROM referral_commissions')).rows[0];
  await assert.rejects(sql('UPDATE referral_commissions SET amount = amount + 100'), /append-only/);
  await assert.rejects(sql('DELETE FROM referral_commissions'), /append-only/);
  assert.deepEqual((await sql('SELECT count(*)::int AS n, COALESCE(sum(amount), 0)::int AS s FROM referral_commissions')).rows[0], before);
});

test('introduced users are paged 10 a page with masked names', async () => {
  const a = await registered(srv.base, 'Pia', 'Pager');
  for (let i = 0; i < 11; i++) await introduced(`Quinn${i}`, 'Secret', a.myID);
  const p1 = ok(await a.get(USERS));
  assert.equal(p1.users.length, 10);
  assert.equal(p1.total, 11);
  assert.equal(p1.hasMore, true);
  const p2 = ok(await a.get(`${USERS}?page=2`));
  assert.equal(p2.users.length, 1);
  assert.equal(p2.hasMore, false);
  for (const u of [...p1.users, ...p2.users]) assert.equal(u.maskedName, 'Q*** S***');
  isError(await a.get(`${USERS}?page=0`), 400);
});

test('charts: buckets of the store time zone across a day boundary, empty buckets zero, week and month; bad ranges 400', async () => {
  const a = await registered(srv.base, 'Rio', 'Charts');
  const b = await introduced('Sam', 'Late', a.myID);
  const c = await introduced('Tia', 'Early', a.myID);
  // 23:30 on 9 Nov and 00:30 on 10 Nov in Toronto (UTC-5): both are 10 Nov in UTC
  await sql(`UPDATE users SET referred_at = '2026-11-10T04:30:00Z' WHERE id = $1`, [b.userID]);
  await sql(`UPDATE users SET referred_at = '2026-11-10T05:30:00Z' WHERE id = $1`, [c.userID]);
  const url = (what: string, period: string, from: string, to: string) => `/admin/trackingManagement/referrer/summary/${what}?period=${period}&from=${from}&to=${to}`;
  const days = ok(await a.get(url('user', 'day', '2026-11-08', '2026-11-11')));
  assert.equal(days.timeZone, 'America/Toronto');
  assert.deepEqual(days.buckets.map((x: any) => [x.start, x.count]), [['2026-11-08', 0], ['2026-11-09', 1], ['2026-11-10', 1], ['2026-11-11', 0]]);

  const { orderID } = await buy(b, [['1011', 1]]);
  await sql(`UPDATE orders SET settled_at = '2026-11-10T04:59:00Z' WHERE id = $1`, [Number(orderID)]);
  const od = ok(await a.get(url('order', 'day', '2026-11-09', '2026-11-10')));
  assert.deepEqual(od.buckets, [{ start: '2026-11-09', count: 1, amount: 3299 }, { start: '2026-11-10', count: 0, amount: 0 }]);
  const weeks = ok(await a.get(url('user', 'week', '2026-11-02', '2026-11-22')));
  assert.deepEqual(weeks.buckets.map((x: any) => [x.start, x.count]), [['2026-11-02', 0], ['2026-11-09', 2], ['2026-11-16', 0]]);
  const months = ok(await a.get(url('order', 'month', '2026-09-15', '2026-11-30')));
  assert.deepEqual(months.buckets.map((x: any) => [x.start, x.count, x.amount]), [['2026-09-01', 0, 0], ['2026-10-01', 0, 0], ['2026-11-01', 1, 3299]]);

  isError(await a.get(url('user', 'year', '2026-11-01', '2026-11-02')), 400);
  isError(await a.get(url('user', 'day', '2026-11-05', '2026-11-01')), 400);
  isError(await a.get(url('user', 'day', '2026-02-30', '2026-03-01')), 400);
  isError(await a.get(url('user', 'day', '2020-01-01', '2026-01-01')), 400);
  isError(await a.get('/admin/trackingManagement/referrer/summary/user?period=day&from=2026-11-01'), 400);
  isError(await a.get('/admin/trackingManagement/referrer/summary/user?period=day&count=400'), 400);
  // without a range: the last `count` buckets up to today in the store's time zone
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const recent = ok(await a.get('/admin/trackingManagement/referrer/summary/user?period=day&count=3'));
  assert.equal(recent.to, today);
  assert.equal(recent.buckets.length, 3);
  assert.equal(recent.buckets[2].start, today);
  const year = ok(await a.get('/admin/trackingManagement/referrer/summary/order?period=month'));
  assert.equal(year.buckets.length, 12);
  assert.equal(year.from.slice(8), '01');
});
