/** Orders: reserve (cart -> INTERIM order with stock held), settle, cancel, release, and the Order view. */
import type { Db, Queryable } from '../db/index.ts';
import type { Session } from '../lib/session.ts';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors.ts';
import { optionLabels } from '../lib/options.ts';
import { cartView, findCart, fingerprint, getCoupon, lockLimitedCoupon, type CartRow } from './cart.ts';
import { addCreditEntry, lockedCreditBalance, storeCreditBalance } from './storeCredit.ts';
import { couponUseProblem } from './pricing.ts';
import { getSetting, type CheckoutRules } from './settings.ts';
import { bumpCatalog } from './catalogCache.ts';
import { queueReceipt } from '../mail/mails.ts';
import { orderSettled } from './orderEvents.ts';
import { isCampaignOrder, orderCampaignOf } from './campaigns.ts';
import { notifyOrderCancelled, requestRefund } from './refunds.ts';
import { shopOrigin } from '../lib/shopOrigin.ts';

const iso = (d: any) => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function isCancellable(o: { status: string; payment_status: string }) {
  return (o.status === 'INTERIM' || o.status === 'NEW') && (o.payment_status === 'NOT_PAID' || o.payment_status === 'PAY_AT_STORE');
}

export async function orderView(q: Queryable, o: any) {
  const lines = await q.query(
    'SELECT l.*, p.options FROM order_lines l LEFT JOIN products p ON p.id = l.product_id WHERE l.order_id = $1 ORDER BY l.line_no', [o.id]);
  const comments = await q.query('SELECT text, created_at FROM order_comments WHERE order_id = $1 ORDER BY id', [o.id]);
  const info = await getSetting<any>(q, 'storeInfo');
  const campaign = await orderCampaignOf(q, o.id);
  return {
    orderID: String(o.id),
    status: o.status,
    paymentStatus: o.payment_status,
    method: o.method,
    localStoreId: o.local_store_id ?? null,
    localStoreName: o.local_store_name ?? null,
    tableNumber: o.table_number ?? null,
    contact: o.contact ?? null,
    delivery: o.delivery ?? null,
    pickupDateTime: o.pickup_date_time ?? null,
    deliveryDateTime: o.delivery_date_time ?? null,
    lines: lines.rows.map((l: any) => ({
      itemKey: l.item_key, productId: String(l.product_id), name: l.name_en, nameContent: { en: l.name_en, zh: l.name_zh },
      image: l.image, optionPair: l.option_pair, optionLabels: optionLabels(l.option_pair, l.options ?? []), quantity: l.quantity, unitPrice: l.unit_price, lineTotal: l.line_total, addOn: l.add_on,
    })),
    subtotal: o.subtotal, discount: o.discount, tip: o.tip, tax: o.tax, shipping: o.shipping, storeCredit: o.store_credit,
    total: o.total, currency: o.currency, couponCode: o.coupon_code ?? null,
    customerComment: o.customer_comment ?? '',
    comments: comments.rows.map((c: any) => ({ text: c.text, createdAt: iso(c.created_at)! })),
    cancellable: isCancellable(o),
    refunded: o.refunded ?? 0,
    createdAt: iso(o.created_at)!,
    storeName: info?.storeName ?? '',
    userID: o.user_id != null ? String(o.user_id) : null,
    ...(campaign ? { campaign } : {}),
  };
}

export function parseOrderId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw ?? '')) throw badRequest(`Invalid order id '${String(raw).slice(0, 40)}'`);
  return Number(raw);
}

/** An order this visitor may see: their account's, or (guest) one placed in this session. Else 404. */
export async function loadOwnOrder(q: Queryable, s: Session | null, id: number, lock = false): Promise<any> {
  const { rows } = await q.query(`SELECT * FROM orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  const o = rows[0];
  const mine = o && s && ((o.user_id != null && o.user_id === s.userId) || (o.user_id == null && o.session_id === s.id));
  if (!mine) throw notFound(`Order ${id} not found`);
  return o;
}

export async function returnStock(q: Queryable, orderId: number) {
  const { rows } = await q.query('SELECT product_id, option_pair, quantity FROM order_lines WHERE order_id = $1 ORDER BY product_id, option_pair', [orderId]);
  for (const l of rows) {
    await q.query('UPDATE variants SET stock = stock + $3 WHERE product_id = $1 AND option_pair = $2', [l.product_id, l.option_pair, l.quantity]);
  }
  bumpCatalog();
}

/**
 * An order that stops waiting for payment (settled, cancelled, expired, replaced) takes its open payment attempts
 * with it: they can no longer pay it (money reported for one anyway goes to NEEDS_REFUND, payments/attempts.ts), and
 * the payment sync worker (payments/sync.ts) closes them at their provider (close_due_at).
 */
async function voidAttempts(q: Queryable, orderId: number) {
  await q.query(`UPDATE payment_attempts SET status = 'VOID', close_due_at = now(), updated_at = clock_timestamp() WHERE order_id = $1 AND status = 'PENDING'`, [orderId]);
}

/** Cancels an unpaid reservation and gives its stock back; hidden ones were never shown as orders. */
export async function releaseReservation(q: Queryable, orderId: number, hide: boolean) {
  const { rows } = await q.query(
    `UPDATE orders SET status = 'CANCELLED', hidden = hidden OR $2, updated_at = clock_timestamp()
     WHERE id = $1 AND status = 'INTERIM' AND payment_status = 'NOT_PAID' RETURNING id`,
    [orderId, hide],
  );
  if (rows.length) {
    await returnStock(q, orderId);
    await voidAttempts(q, orderId);
  }
  await q.query('UPDATE carts SET reserved_order_id = NULL, reserved_fingerprint = NULL WHERE reserved_order_id = $1', [orderId]);
  return rows.length > 0;
}

export async function expireReservations(db: Db, ttlMinutes: number) {
  const { rows } = await db.query(
    `SELECT id FROM orders WHERE status = 'INTERIM' AND payment_status = 'NOT_PAID'
       AND COALESCE(hold_started_at, created_at) < now() - make_interval(mins => $1)`,
    [ttlMinutes],
  );
  for (const r of rows) await db.tx((q) => releaseReservation(q, r.id, true));
  return rows.length;
}

function readinessProblems(cart: CartRow, itemCount: number, rules: CheckoutRules, subtotal: number): string[] {
  const p: string[] = [];
  if (!itemCount) p.push('Your cart is empty');
  if (!cart.order_method) p.push('Choose pickup, delivery or eat-in');
  if (!cart.contact) p.push('Contact information is missing');
  if ((cart.order_method === 'PICKUP' || cart.order_method === 'EAT_IN') && !cart.local_store_id) p.push('Choose a store');
  if (cart.order_method === 'EAT_IN' && !cart.table_number) p.push('Table number is required for eat-in');
  if (cart.order_method === 'DELIVERY') {
    if (!cart.delivery) p.push('Delivery address is missing');
    if (subtotal < rules.delivery.minimumOrderMinor) p.push(`Delivery needs a subtotal of at least $${(rules.delivery.minimumOrderMinor / 100).toFixed(2)}`);
  }
  return p;
}

export async function checkoutProblems(q: Queryable, cart: CartRow | null) {
  if (!cart) return ['Your cart is empty'];
  const rules = await getSetting<CheckoutRules>(q, 'checkout');
  const view = await cartView(q, cart);
  return readinessProblems(cart, view.itemCount, rules, view.subtotal);
}

/** Bounds on what one reservation may hold (security probe finding 6). */
export interface HoldLimits {
  ip: string;
  /** The shop's origin, kept on the order for the receipt's lookup link. */
  origin: string;
  maxUnits: number;
  maxOpenPerAddress: number;
  ttlMinutes: number;
}

export const holdLimits = (req: FastifyRequest): HoldLimits => ({
  ip: req.ip,
  origin: shopOrigin(req),
  maxUnits: req.server.config.reservationMaxUnits,
  maxOpenPerAddress: req.server.config.reservationMaxOpenPerAddress,
  ttlMinutes: req.server.config.reservationTtlMinutes,
});

/**
 * Creates (or reuses) the INTERIM order for the visitor's cart, taking stock with conditional updates. Bounded so one
 * visitor cannot take stock off sale: at most `maxUnits` units, at most `maxOpenPerAddress` unpaid guest reservations
 * per client address, and a reservation that replaces the cart's previous one keeps its hold start (no renewal).
 */
export async function reserve(q: Queryable, s: Session, limits: HoldLimits) {
  const cart = await findCart(q, s, { lock: true });
  if (!cart) throw badRequest('Your cart is empty');
  await lockLimitedCoupon(q, cart.coupon_code);
  const view = await cartView(q, cart);
  // A coupon whose last use went to another order since it was applied: refused, not silently dropped from the total.
  const coupon = await getCoupon(q, cart.coupon_code, cart.user_id, cart.reserved_order_id);
  const used = coupon && couponUseProblem(coupon);
  if (used) throw conflict(`${used}: remove coupon ${coupon.code} to continue`);
  const rules = await getSetting<CheckoutRules>(q, 'checkout');
  const problems = readinessProblems(cart, view.itemCount, rules, view.subtotal);
  if (problems.length) throw badRequest(problems);
  const fp = fingerprint(cart, view);
  let holdStartedAt: Date | null = null;
  if (cart.reserved_order_id != null) {
    const { rows } = await q.query('SELECT * FROM orders WHERE id = $1', [cart.reserved_order_id]);
    const old = rows[0];
    const open = old && old.status === 'INTERIM' && old.payment_status === 'NOT_PAID';
    if (open && cart.reserved_fingerprint === fp) {
      return { orderID: String(old.id), total: old.total, currency: old.currency, reused: true };
    }
    if (open) holdStartedAt = old.hold_started_at ?? old.created_at;
    if (old) await releaseReservation(q, old.id, true);
  }
  if (view.itemCount > limits.maxUnits) {
    throw badRequest(`One order can hold at most ${limits.maxUnits} items; please contact the store for a larger order`);
  }
  if (!s.userId) {
    const open = await q.query(
      `SELECT count(*)::int AS n FROM orders WHERE client_ip = $1 AND user_id IS NULL AND status = 'INTERIM' AND payment_status = 'NOT_PAID'
         AND COALESCE(hold_started_at, created_at) >= now() - make_interval(mins => $2)`,
      [limits.ip, limits.ttlMinutes],
    );
    if (open.rows[0].n >= limits.maxOpenPerAddress) {
      throw new ApiError(429, 'Too many unpaid orders from this network; pay for or cancel one first');
    }
  }
  if (view.storeCredit > 0) {
    if (!s.userId) throw badRequest('Sign in to use store credit');
    const balance = await storeCreditBalance(q, s.userId);
    if (balance < view.storeCredit) throw conflict('Not enough store credit');
  }
  // Lock order: by product then option, so two reserves over the same items never deadlock.
  const lines = Object.values(view.lineItems).sort((a, b) => Number(a.productId) - Number(b.productId) || a.optionPair.localeCompare(b.optionPair));
  for (const l of lines) {
    const upd = await q.query(
      'UPDATE variants SET stock = stock - $3 WHERE product_id = $1 AND option_pair = $2 AND stock >= $3 RETURNING stock',
      [Number(l.productId), l.optionPair, l.quantity],
    );
    if (!upd.rows.length) {
      const cur = await q.query('SELECT stock FROM variants WHERE product_id = $1 AND option_pair = $2', [Number(l.productId), l.optionPair]);
      const n = cur.rows[0]?.stock ?? 0;
      throw conflict([`Only ${n} left in stock`, `${l.name}${l.optionPair ? ` (${l.optionPair})` : ''}: only ${n} left in stock`]);
    }
  }
  bumpCatalog();
  let storeName: string | null = null;
  if (cart.local_store_id) {
    const { rows } = await q.query('SELECT name_en FROM store_locations WHERE id = $1', [cart.local_store_id]);
    storeName = rows[0]?.name_en ?? null;
  }
  const when = (d: string | null, t: string | null) => (d ? (t ? `${d} ${t}` : d) : null);
  const { rows } = await q.query(
    `INSERT INTO orders (user_id, session_id, status, payment_status, method, local_store_id, local_store_name, table_number,
      contact, delivery, pickup_date_time, delivery_date_time, subtotal, discount, tip, tax, shipping, store_credit, total,
      currency, coupon_code, customer_comment, hold_started_at, client_ip, shop_origin)
     VALUES ($1,$2,'INTERIM','NOT_PAID',$3,$4,$5,$6,$7::jsonb,$8::jsonb,$9,$10,$11,$12,$13,$14,$15,$16,$17,'CAD',$18,$19,$20,$21,$22) RETURNING *`,
    [s.userId, s.id, cart.order_method, cart.local_store_id, storeName, cart.order_method === 'EAT_IN' ? cart.table_number : null,
      JSON.stringify(cart.contact), cart.order_method === 'DELIVERY' ? JSON.stringify(cart.delivery) : null,
      cart.order_method === 'DELIVERY' ? null : when(cart.pickup_date, cart.pickup_time),
      cart.order_method === 'DELIVERY' ? when(cart.delivery_date, cart.delivery_time) : null,
      view.subtotal, view.discount, view.tip, view.tax, view.shipping, view.storeCredit, view.total,
      view.coupon?.valid ? view.coupon.code : null, cart.customer_comment, holdStartedAt, limits.ip, limits.origin],
  );
  const order = rows[0];
  for (const [i, l] of lines.entries()) {
    await q.query(
      `INSERT INTO order_lines (order_id, line_no, item_key, product_id, name_en, name_zh, image, option_pair, quantity, unit_price, line_total, add_on, regular_unit_price)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [order.id, i + 1, l.itemKey, Number(l.productId), l.nameContent.en, l.nameContent.zh, l.image, l.optionPair, l.quantity, l.unitPrice, l.lineTotal, l.addOn, l.regularUnitPrice ?? null],
    );
  }
  await q.query('UPDATE carts SET reserved_order_id = $1, reserved_fingerprint = $2 WHERE id = $3', [order.id, fp, cart.id]);
  return { orderID: String(order.id), total: order.total, currency: order.currency, reused: false };
}

/** Empties the cart an order came from and resets its draft (kept: method, store, contact). */
export async function emptyCartOf(q: Queryable, orderId: number) {
  const { rows } = await q.query('SELECT id FROM carts WHERE reserved_order_id = $1', [orderId]);
  for (const c of rows) {
    await q.query('DELETE FROM cart_lines WHERE cart_id = $1', [c.id]);
    await q.query(
      `UPDATE carts SET reserved_order_id = NULL, reserved_fingerprint = NULL, coupon_code = NULL, store_credit = 0,
        tip_percent = NULL, tip_amount = NULL, customer_comment = '', pickup_date = NULL, pickup_time = NULL,
        delivery_date = NULL, delivery_time = NULL, table_number = NULL, updated_at = now() WHERE id = $1`,
      [c.id],
    );
  }
}

/** Lock order carts → orders → payment_attempts, the order reserve takes them in (no settle/re-reserve deadlock). */
async function lockCartsOf(q: Queryable, orderId: number) {
  await q.query('SELECT id FROM carts WHERE reserved_order_id = $1 ORDER BY id FOR UPDATE', [orderId]);
}

/** Settles an order that needs no online payment: PAY_AT_STORE (pickup/eat-in) or STORE_CREDIT (total 0). */
export async function settle(q: Queryable, s: Session, orderId: number, method: string) {
  await lockCartsOf(q, orderId);
  const o = await loadOwnOrder(q, s, orderId, true);
  if (o.status !== 'INTERIM' || o.payment_status !== 'NOT_PAID') throw conflict(`Order ${orderId} is ${o.status.toLowerCase()} and cannot be paid again`);
  if (await isCampaignOrder(q, o.id)) throw badRequest('A group-buy order is paid online; choose a payment method');
  const rules = await getSetting<CheckoutRules>(q, 'checkout');
  let paymentStatus: string;
  if (method === 'PAY_AT_STORE') {
    if (!rules.payAtStoreMethods.includes(o.method)) throw badRequest('Pay at store is only available for pickup and eat-in orders');
    paymentStatus = 'PAY_AT_STORE';
  } else if (method === 'STORE_CREDIT') {
    if (o.total !== 0) throw badRequest(`Store credit does not cover this order: ${(o.total / 100).toFixed(2)} still to pay`);
    // Store credit is the shopper's money (PAID_ONLINE, as before); a coupon that took the total to 0 paid nothing,
    // and reports and reconciliation must not count it as a payment.
    paymentStatus = o.store_credit > 0 ? 'PAID_ONLINE' : 'PAID_BY_DISCOUNT';
  } else {
    throw badRequest(`Payment method '${method}' needs an online payment provider`);
  }
  if (o.store_credit > 0) {
    if (!o.user_id) throw badRequest('Sign in to use store credit');
    if ((await lockedCreditBalance(q, o.user_id)) < o.store_credit) throw conflict('Not enough store credit');
    await addCreditEntry(q, { userId: o.user_id, amount: -o.store_credit, reason: 'ORDER_PAYMENT', orderId: o.id });
  }
  const { rows } = await q.query(
    `UPDATE orders SET status = 'NEW', payment_status = $2, settled_at = clock_timestamp(), updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [o.id, paymentStatus],
  );
  await voidAttempts(q, o.id);
  await emptyCartOf(q, o.id);
  await queueReceipt(q, o.id);
  await orderSettled(q, o.id);
  return rows[0];
}

export async function cancel(q: Queryable, s: Session, orderId: number) {
  await lockCartsOf(q, orderId);
  const o = await loadOwnOrder(q, s, orderId, true);
  if (!isCancellable(o)) throw conflict(`Order ${orderId} can no longer be cancelled`);
  await q.query(`UPDATE orders SET status = 'CANCELLED', updated_at = clock_timestamp() WHERE id = $1`, [o.id]);
  await returnStock(q, o.id);
  await voidAttempts(q, o.id);
  if (o.status === 'NEW' && o.store_credit > 0 && o.user_id) {
    await addCreditEntry(q, { userId: o.user_id, amount: o.store_credit, reason: 'ORDER_CANCELLED', orderId: o.id });
  }
  await q.query('UPDATE carts SET reserved_order_id = NULL, reserved_fingerprint = NULL WHERE reserved_order_id = $1', [o.id]);
  await notifyOrderCancelled(q, o.id);
  const { rows } = await q.query('SELECT * FROM orders WHERE id = $1', [o.id]);
  return rows[0];
}

/**
 * The operator cancels an order (server/scripts/orders.ts): an unpaid one as the shopper would; a paid one is refunded
 * in full (once, whatever retries happen) and its stock returned. A refunded or already cancelled order stays as it is.
 */
export async function operatorCancel(q: Queryable, orderId: number, reason: string) {
  await lockCartsOf(q, orderId);
  const o = (await q.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [orderId])).rows[0];
  if (!o) throw notFound(`Order ${orderId} not found`);
  if (o.status === 'CANCELLED' || o.status === 'REFUND_PENDING' || o.status === 'REFUNDED') return o;
  if (o.status === 'INTERIM' && o.payment_status === 'NOT_PAID') {
    await releaseReservation(q, o.id, false);
  } else if (isCancellable(o)) {
    await q.query(`UPDATE orders SET status = 'CANCELLED', updated_at = clock_timestamp() WHERE id = $1`, [o.id]);
    await returnStock(q, o.id);
    await voidAttempts(q, o.id);
  } else {
    await requestRefund(q, { orderID: String(o.id), reason, key: `operator-cancel:${o.id}` });
    await returnStock(q, o.id);
  }
  await notifyOrderCancelled(q, o.id);
  return (await q.query('SELECT * FROM orders WHERE id = $1', [o.id])).rows[0];
}

/** Orders a shopper sees in their history: settled or cancelled, not hidden. */
const VISIBLE = `status <> 'INTERIM' AND NOT hidden`;

/** The shopper's visible orders, newest first, as the API shows them. */
export async function visibleOrders(q: Queryable, userId: number, limit: number, offset: number) {
  const { rows } = await q.query(`SELECT * FROM orders WHERE user_id = $1 AND ${VISIBLE} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset]);
  const orders = [];
  for (const o of rows) orders.push(await orderView(q, o));
  return orders;
}

export async function countVisibleOrders(q: Queryable, userId: number): Promise<number> {
  const { rows } = await q.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND ${VISIBLE}`, [userId]);
  return rows[0].n;
}

/** Adds the shopper's comment to their order (locked); answers the order row. */
export async function addComment(q: Queryable, s: Session, id: number, comment: string) {
  const o = await loadOwnOrder(q, s, id, true);
  await q.query('INSERT INTO order_comments (order_id, text) VALUES ($1, $2)', [o.id, comment]);
  return o;
}
