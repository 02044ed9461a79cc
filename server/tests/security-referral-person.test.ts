/**
 * One referral reward per real person (issue 38 item 3; security probe 2026-12-01, M2 leftover). A person is known by
 * their mailbox (case, a `+tag` and Gmail's dots aside), their phone (last ten digits), their delivery address and the
 * WeChat/Alipay identities of their account. The referrer's own second account under a plus-address earns nothing, and a
 * person who already earned the referrer commission through one introduced account earns nothing through another.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { confirmEmail, ok, payOnline, reservePickup, serverOnFreshDb, Shopper } from './helpers.ts';
import { alreadyRewardedPerson, mailboxKey, personKeys, referrerOwnOrder } from '../src/features/referral/rules.ts';

const { db, srv } = serverOnFreshDb({ config: { trustProxy: true } });
const accrued = async (orderID: string) =>
  (await srv.app.db.query(`SELECT amount FROM referral_commissions WHERE order_id = $1 AND kind = 'ACCRUE'`, [Number(orderID)])).rows[0]?.amount as number | undefined;

test('item 3 rules: mailboxes, and who is one person (table)', () => {
  const mailboxes: [string, string | null][] = [
    ['Owner@Example.com', 'owner@example.com'],
    [' owner+sock3@example.com ', 'owner@example.com'],
    ['o.w.n.e.r+x@googlemail.com', 'owner@gmail.com'],
    ['o.wner@example.com', 'o.wner@example.com'],
    ['+tag@example.com', null],
    ['not-an-address', null],
    ['', null],
  ];
  for (const [raw, want] of mailboxes) assert.equal(mailboxKey(raw), want, raw);

  const traces = { emails: ['owner@example.com'], phones: ['416-555-0101'], addresses: [], identities: ['wechat:o-owner'] };
  const own: [string, Parameters<typeof referrerOwnOrder>[1], ReturnType<typeof referrerOwnOrder>][] = [
    ['a plus-address of the referrer at checkout', { contact: { email: 'Owner+sock3@example.com', phone: '647-555-0199' }, delivery: null }, 'PAYER_IS_REFERRER'],
    ['a plus-address account, another contact e-mail', { contact: { email: 'friend@example.com', phone: '647-555-0199' }, delivery: null, accountEmail: 'owner+2@example.com' }, 'PAYER_IS_REFERRER'],
    ['the referrer\'s WeChat identity on the account', { contact: { email: 'x@example.com' }, delivery: null, identities: ['wechat:o-owner'] }, 'PAYER_IS_REFERRER'],
    ['someone else', { contact: { email: 'friend@example.com', phone: '647-555-0199' }, delivery: null, accountEmail: 'friend@example.com', identities: ['wechat:o-friend'] }, null],
  ];
  for (const [what, order, want] of own) assert.equal(referrerOwnOrder(traces, order), want, what);

  const bob = { contact: { email: 'bob@example.com', phone: '905-555-0123' }, delivery: { streetNumberAndNameDetails: '1 Main St', postCode: 'M5V 1A1' }, accountEmail: 'bob@example.com' };
  assert.deepEqual(personKeys(bob), ['e:bob@example.com', 'e:bob@example.com', 'p:9055550123', 'a:1mainst||m5v1a1']);
  const samePerson: [string, Parameters<typeof alreadyRewardedPerson>[0], boolean][] = [
    ['Bob again, another account and mailbox but his phone', { contact: { email: 'robert@example.net', phone: '+1 905 555 0123' }, delivery: null }, true],
    ['Bob\'s plus-address', { contact: { email: 'bob+2@example.com', phone: '' }, delivery: null }, true],
    ['Bob\'s address, written otherwise', { contact: { email: 'r@example.net' }, delivery: { streetNumberAndNameDetails: '1 main st.', postCode: 'm5v1a1' } }, true],
    ['Bob\'s WeChat', { contact: null, delivery: null, identities: ['wechat:o-bob'] }, false],
    ['Carol', { contact: { email: 'carol@example.com', phone: '905-555-0124' }, delivery: null }, false],
  ];
  for (const [what, order, want] of samePerson) assert.equal(alreadyRewardedPerson(order, [bob]), want, what);
  assert.equal(alreadyRewardedPerson({ contact: null, delivery: null, identities: ['wechat:o-bob'] }, [{ ...bob, identities: ['wechat:o-bob'] }]), true, 'one WeChat person');
});

/** A confirmed account (introduced by `referrerID` when given), from its own client address. */
async function account(emailID: string, first: string, referrerID?: string) {
  const s = new Shopper(srv.base);
  const ip = { headers: { 'x-forwarded-for': `203.0.113.${crypto.randomInt(1, 250)}` } };
  const fields = ok(await s.post('/common3/clientRegistration', { emailID, password: 'longenough1', firstName: first, lastName: 'Shopper', ...(referrerID ? { referrerID } : {}) }, ip));
  await confirmEmail(srv, db, emailID);
  return Object.assign(s, { emailID, myID: fields.myID as string });
}

/** A pickup order paid online, with this contact. */
async function paidOrder(s: Shopper, email: string, phone: string) {
  const { orderID } = await reservePickup(s, [['1011', 1]], { firstName: 'Sam', lastName: 'Shopper', email, phone });
  await payOnline(s, orderID);
  return orderID;
}

test('item 3: the referrer\'s own second account under a plus-address, with another phone, picking up, earns nothing', async () => {
  const local = `owner${crypto.randomBytes(3).toString('hex')}`;
  const owner = await account(`${local}@example.com`, 'Olive');
  const sock = await account(`${local}+sock3@example.com`, 'Sock', owner.myID);
  const orderID = await paidOrder(sock, `${local}+sock3@example.com`, '647-555-0142');
  assert.equal(await accrued(orderID), undefined, 'no commission on the referrer\'s own mailbox');
});

test('item 3: a person earns the referrer commission through one account only; someone else still earns', async () => {
  const referrer = await account(`ref${crypto.randomBytes(3).toString('hex')}@example.com`, 'Rita');
  const tag = crypto.randomBytes(3).toString('hex');
  const bob = await account(`bob${tag}@example.com`, 'Bob', referrer.myID);
  const first = await paidOrder(bob, `bob${tag}@example.com`, '905-555-0123');
  assert.ok((await accrued(first))! > 0, 'Bob\'s first account earns');
  const second = await paidOrder(bob, `bob${tag}@example.com`, '905-555-0123');
  assert.ok((await accrued(second))! > 0, 'and keeps earning on its further orders');

  const bobAgain = await account(`robert${tag}@example.net`, 'Robert', referrer.myID);
  const again = await paidOrder(bobAgain, `robert${tag}@example.net`, '+1 (905) 555-0123');
  assert.equal(await accrued(again), undefined, 'Bob\'s second account (his phone) earns nothing');

  const carol = await account(`carol${tag}@example.com`, 'Carol', referrer.myID);
  const hers = await paidOrder(carol, `carol${tag}@example.com`, '905-555-0199');
  assert.ok((await accrued(hers))! > 0, 'another person earns');
});
