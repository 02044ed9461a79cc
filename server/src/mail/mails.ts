/** Queues each kind of store mail with what it needs from the database, in the caller's transaction. */
import type { Queryable } from '../db/index.ts';
import { getSetting } from '../services/settings.ts';
import { enqueueMail } from './queue.ts';
import { contactAckMail, emailVerificationMail, orderOutForDeliveryMail, orderReadyMail, orderRefundedMail, passwordResetMail, receiptMail, restockMail, staffInvitationMail, type Locale } from './templates.ts';

const asLocale = (l: unknown): Locale => (l === 'zh' ? 'zh' : 'en');

async function storeName(q: Queryable, locale: Locale): Promise<string> {
  const info = await getSetting<any>(q, 'storeInfo');
  return info?.storeNameContent?.[locale] || info?.storeName || 'iStore';
}

/** The reset link opens the client's reset page (/account/reset?token=…) on the shop's origin. */
export async function queuePasswordReset(q: Queryable, d: { email: string; token: string; origin: string; locale: unknown }) {
  const locale = asLocale(d.locale);
  const { rows } = await q.query('SELECT first_name FROM users WHERE email = $1', [d.email]);
  const link = `${d.origin}/account/reset?token=${encodeURIComponent(d.token)}`;
  const mail = passwordResetMail(locale, { storeName: await storeName(q, locale), firstName: rows[0]?.first_name ?? '', link });
  return enqueueMail(q, { kind: 'password-reset', to: d.email, locale, ...mail });
}

/** The confirmation link opens the client's page /account/verify?token=… on the shop's origin. */
export async function queueEmailVerification(q: Queryable, d: { email: string; firstName: string; token: string; origin: string; locale: unknown }) {
  const locale = asLocale(d.locale);
  const link = `${d.origin}/account/verify?token=${encodeURIComponent(d.token)}`;
  const resetLink = `${d.origin}/account/forgot`;
  const mail = emailVerificationMail(locale, { storeName: await storeName(q, locale), firstName: d.firstName, link, resetLink });
  return enqueueMail(q, { kind: 'email-verification', to: d.email, locale, ...mail });
}

/** The receipt of a settled order, to its contact e-mail, in the language of the session that placed it. */
export async function queueReceipt(q: Queryable, orderId: number) {
  const o = (await q.query(
    `SELECT o.*, s.locale FROM orders o LEFT JOIN sessions s ON s.id = o.session_id WHERE o.id = $1`, [orderId])).rows[0];
  if (!o?.contact?.email) return null;
  const locale = asLocale(o.locale);
  const lines = (await q.query('SELECT name_en, name_zh, quantity, line_total FROM order_lines WHERE order_id = $1 ORDER BY line_no', [orderId])).rows;
  const mail = receiptMail(locale, {
    storeName: await storeName(q, locale),
    firstName: o.contact.firstName,
    orderID: String(o.id),
    paidOnline: o.payment_status === 'PAID_ONLINE',
    currency: o.currency,
    lines: lines.map((l: any) => ({ name: (locale === 'zh' ? l.name_zh : l.name_en) || l.name_en, quantity: l.quantity, lineTotal: l.line_total })),
    totals: { subtotal: o.subtotal, discount: o.discount, tip: o.tip, tax: o.tax, shipping: o.shipping, storeCredit: o.store_credit, total: o.total },
    inAccount: o.user_id != null,
    ...(o.shop_origin && o.user_id == null ? { lookupLink: lookupLink(o) } : {}),
  });
  return enqueueMail(q, { kind: 'order-receipt', to: o.contact.email, locale, orderId, ...mail });
}

/**
 * The store moved the order on (orders/lifecycle.ts moveOrder): READY_FOR_PICKUP and OUT_FOR_DELIVERY are told to the
 * order's contact e-mail, in the language of the session that placed it, as a shop would; other moves send nothing.
 */
/**
 * A guest order's lookup link: its number and secret reference (orders/lookup.ts), so the link opens the order
 * and nothing else does without the checkout e-mail and phone. An account's order is under My orders instead.
 */
function lookupLink(o: { shop_origin: string; id: number; lookup_ref: string }): string {
  return `${o.shop_origin}/orderlookup?order=${o.id}&ref=${o.lookup_ref}`;
}

export async function queueFulfilmentMail(q: Queryable, orderId: number) {
  const o = (await q.query(
    `SELECT o.*, s.locale, l.name_en AS store_en, l.name_zh AS store_zh, l.street AS store_street, l.city AS store_city
       FROM orders o LEFT JOIN sessions s ON s.id = o.session_id LEFT JOIN store_locations l ON l.id = o.local_store_id
      WHERE o.id = $1`, [orderId])).rows[0];
  if (!o?.contact?.email || (o.status !== 'READY_FOR_PICKUP' && o.status !== 'OUT_FOR_DELIVERY')) return null;
  const locale = asLocale(o.locale);
  const storeLocation = (locale === 'zh' ? o.store_zh : o.store_en) || o.store_en || o.local_store_name;
  const data = {
    storeName: await storeName(q, locale),
    firstName: o.contact.firstName,
    orderID: String(o.id),
    ...(storeLocation ? { pickupAt: o.store_street ? `${storeLocation}, ${o.store_street}, ${o.store_city}` : storeLocation } : {}),
    when: o.pickup_date_time ?? o.delivery_date_time ?? null,
    payAtStore: o.payment_status === 'PAY_AT_STORE',
    ...(o.shop_origin && o.user_id == null ? { lookupLink: lookupLink(o) } : {}),
  };
  return o.status === 'READY_FOR_PICKUP'
    ? enqueueMail(q, { kind: 'order-ready', to: o.contact.email, locale, orderId, ...orderReadyMail(locale, data) })
    : enqueueMail(q, { kind: 'order-out-for-delivery', to: o.contact.email, locale, orderId, ...orderOutForDeliveryMail(locale, data) });
}

/** A refund of the order, told to its contact e-mail (the `refunded` event; each refund once, as the event is). */
export async function queueRefundMail(q: Queryable, orderId: number, r: { amount: number; credit: number; full: boolean }) {
  const o = (await q.query(`SELECT o.*, s.locale FROM orders o LEFT JOIN sessions s ON s.id = o.session_id WHERE o.id = $1`, [orderId])).rows[0];
  if (!o?.contact?.email || !(r.amount > 0)) return null;
  const locale = asLocale(o.locale);
  const mail = orderRefundedMail(locale, {
    storeName: await storeName(q, locale), firstName: o.contact.firstName, orderID: String(o.id),
    amount: r.amount, credit: r.credit, currency: o.currency, full: r.full,
    ...(o.shop_origin && o.user_id == null ? { lookupLink: lookupLink(o) } : {}),
  });
  return enqueueMail(q, { kind: 'order-refunded', to: o.contact.email, locale, orderId, ...mail });
}

export async function queueContactAck(q: Queryable, d: { email: string; locale: unknown }) {
  const locale = asLocale(d.locale);
  const mail = contactAckMail(locale, { storeName: await storeName(q, locale) });
  return enqueueMail(q, { kind: 'contact-ack', to: d.email, locale, ...mail });
}

/** A product a shopper waited for is in stock again (services/restock.ts), in the language they subscribed in. */
export async function queueRestockMail(q: Queryable, d: {
  email: string; locale: unknown; productName: { en: string; zh: string }; choice: { en: string; zh: string } | null; link: string;
}) {
  const locale = asLocale(d.locale);
  const mail = restockMail(locale, {
    storeName: await storeName(q, locale),
    productName: d.productName[locale] || d.productName.en,
    choice: d.choice ? d.choice[locale] || d.choice.en : null,
    link: d.link,
  });
  return enqueueMail(q, { kind: 'restock', to: d.email, locale, ...mail });
}

/** The back office's invitation (features/admin/service.ts inviteStaff): the link opens /admin/accept?token=… on the shop's origin. */
export async function queueStaffInvitation(q: Queryable, d: { email: string; role: string; invitedBy: string; token: string; origin: string; locale: unknown }) {
  const locale = asLocale(d.locale);
  const link = `${d.origin}/admin/accept?token=${encodeURIComponent(d.token)}`;
  const mail = staffInvitationMail(locale, { storeName: await storeName(q, locale), invitedBy: d.invitedBy, role: d.role, link });
  return enqueueMail(q, { kind: 'staff-invitation', to: d.email, locale, ...mail });
}
