/** Shared steps of the membership and referral tests: register, check out for pickup, pay in the sandbox. */
import crypto from 'node:crypto';
import { ok, payOnline, reservePickup, Shopper, CONTACT } from './helpers.ts';

/**
 * A new shopper, registered (optionally through a referral link) and signed in. Their `contact` (the checkout's name,
 * e-mail and phone) is their own: the referral rules tell shoppers apart by it.
 */
export async function registered(base: string, first = 'Test', last = 'Shopper', referrerID?: string) {
  const s = new Shopper(base);
  const emailID = `${first.toLowerCase()}.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const fields = ok(await s.post('/common3/clientRegistration', { emailID, password: 'longenough1', firstName: first, lastName: last, ...(referrerID ? { referrerID } : {}) }));
  const contact = { firstName: first, lastName: last, email: emailID, phone: `416-${crypto.randomInt(200, 1000)}-${String(crypto.randomInt(10_000)).padStart(4, '0')}` };
  return Object.assign(s, { fields, emailID, contact, userID: Number(fields.userID), myID: fields.myID as string });
}

/** Reserves and pays an order of `lines` for pickup with the shopper's own contact (else the test contact); answers its id and total. */
export async function buy(s: Shopper & { contact?: typeof CONTACT }, lines: [productId: string, quantity: number][]) {
  const r = await reservePickup(s, lines, s.contact);
  await payOnline(s, r.orderID);
  return r;
}

/** The id of the demo membership plan of this duration. */
export async function planId(s: Shopper, duration: string): Promise<string> {
  const { products } = ok(await s.get('/productManagement2/products?productType=MEMBERSHIP&recordStatus=ACTIVE&sortby=default&infiniteLoad=false'));
  const p = products.find((x: any) => x.membershipPlan?.duration === duration);
  if (!p) throw new Error(`no ${duration} plan`);
  return p.id;
}
