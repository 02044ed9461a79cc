/**
 * Orders: reserve (cart -> INTERIM order with stock held), the shopper's settle and cancel (checked here, carried out
 * by the order lifecycle, orders/lifecycle.ts), and the Order view. What features add to an order (its group buy) comes
 * through the order hooks (services/extensions.ts), never from a feature's own module.
 */
import type { Db, Queryable } from '../db/index.ts';
import type { Session } from '../lib/session.ts';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors.ts';
import { optionLabels } from '../lib/options.ts';
import { cartView, findCart, fingerprint, getCoupon, lockLimitedCoupon, type CartRow } from '../services/cart.ts';
import { storeCreditBalance } from '../services/storeCredit.ts';
import { couponUseProblem } from '../services/pricing.ts';
import { getSetting, type CheckoutRules } from '../services/settings.ts';
import { bumpCatalog } from '../services/catalogCache.ts';
import { extensions, type FeatureOrderFields } from '../services/extensions.ts';
import { cancelOrder, isCancellable, lockCartsOf, releaseReservation, settleOrder } from './lifecycle.ts';
import { shopOrigin } from '../lib/shopOrigin.ts';

/** An order's reads run often with the same text: prepared once per connection (db/index.ts), planned once. */
const PREPARED = { prepare: true } as const;

const iso = (d: any) => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** What the features add to each of these orders' views (its group buy), by order id. */
async function orderFieldsOf(q: Queryable, ids: number[]): Promise<Map<number, FeatureOrderFields>> {
  const fields = new Map<number, FeatureOrderFields>();
  for (const hooks of extensions().orders) {
    for (const [id, part] of (await hooks.viewFields?.(q, ids)) ?? []) fields.set(id, { ...fields.get(id), ...part });
  }
  return fields;
}

/** One order as the API shows it. */
export async function orderView(q: Queryable, o: any) {
  return (await orderViews(q, [o]))[0];
}

/**
 * Orders as the API shows them, in the given order: their lines, comments and campaigns read for all of them at once
 * (a page of the order history is five statements, not four per order).
 */
export async function orderViews(q: Queryable, orders: any[]) {
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const lines = await q.query(
    'SELECT l.*, p.options FROM order_lines l LEFT JOIN products p ON p.id = l.product_id WHERE l.order_id = ANY($1::int[]) ORDER BY l.order_id, l.line_no',
    [ids], PREPARED);
  const comments = await q.query('SELECT order_id, text, created_at FROM order_comments WHERE order_id = ANY($1::int[]) ORDER BY id', [ids], PREPARED);
  const featureFields = await orderFieldsOf(q, ids);
  // Where each order's receipt went: queued (sent or still to send), not refused for good by the recipient's server.
  const receipts = await q.query(
    `SELECT DISTINCT ON (order_id) order_id, to_address FROM mail_queue
      WHERE order_id = ANY($1::int[]) AND kind = 'order-receipt' AND status <> 'FAILED' ORDER BY order_id, id DESC`, [ids], PREPARED);
  const info = await getSetting<any>(q, 'storeInfo');
  const of = <T extends { order_id: number }>(rows: T[], id: number) => rows.filter((r) => r.order_id === id);
  return orders.map((o) => {
    const receiptTo = (receipts.rows as { order_id: number; to_address: string }[]).find((r) => r.order_id === o.id)?.to_address;
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
      lines: of(lines.rows as any[], o.id).map((l: any) => ({
        itemKey: l.item_key, productId: String(l.product_id), name: l.name_en, nameContent: { en: l.name_en, zh: l.name_zh },
        image: l.image, optionPair: l.option_pair, optionLabels: optionLabels(l.option_pair, l.options ?? []), quantity: l.quantity, unitPrice: l.unit_price, lineTotal: l.line_total, addOn: l.add_on,
      })),
      subtotal: o.subtotal, discount: o.discount, tip: o.tip, tax: o.tax, shipping: o.shipping, storeCredit: o.store_credit,
      total: o.total, currency: o.currency, couponCode: o.coupon_code ?? null,
      customerComment: o.customer_comment ?? '',
      comments: of(comments.rows as any[], o.id).map((c: any) => ({ text: c.text, createdAt: iso(c.created_at)! })),
      cancellable: isCancellable(o),
      refunded: o.refunded ?? 0,
      createdAt: iso(o.created_at)!,
      storeName: info?.storeName ?? '',
      userID: o.user_id != null ? String(o.user_id) : null,
      ...featureFields.get(o.id),
      ...(receiptTo ? { receiptTo } : {}),
    };
  });
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
     VALUES ($1,$2,'INTERIM','NOT_PAID',$3,$4,$5,$6,$7::jsonb,$8::jsonb,$9,$10,$11,$12,$13,$14,$15,$16,$17,$23,$18,$19,$20,$21,$22) RETURNING *`,
    [s.userId, s.id, cart.order_method, cart.local_store_id, storeName, cart.order_method === 'EAT_IN' ? cart.table_number : null,
      JSON.stringify(cart.contact), cart.order_method === 'DELIVERY' ? JSON.stringify(cart.delivery) : null,
      cart.order_method === 'DELIVERY' ? null : when(cart.pickup_date, cart.pickup_time),
      cart.order_method === 'DELIVERY' ? when(cart.delivery_date, cart.delivery_time) : null,
      view.subtotal, view.discount, view.tip, view.tax, view.shipping, view.storeCredit, view.total,
      view.coupon?.valid ? view.coupon.code : null, cart.customer_comment, holdStartedAt, limits.ip, limits.origin, view.currency],
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

/** Settles an order that needs no online payment: PAY_AT_STORE (pickup/eat-in) or STORE_CREDIT (total 0). */
export async function settle(q: Queryable, s: Session, orderId: number, method: string) {
  await lockCartsOf(q, orderId);
  const o = await loadOwnOrder(q, s, orderId, true);
  if (o.status !== 'INTERIM' || o.payment_status !== 'NOT_PAID') throw conflict(`Order ${orderId} is ${o.status.toLowerCase()} and cannot be paid again`);
  for (const hooks of extensions().orders) {
    const refusal = await hooks.offlineSettlementRefusal?.(q, o.id);
    if (refusal) throw badRequest(refusal);
  }
  const rules = await getSetting<CheckoutRules>(q, 'checkout');
  let paymentStatus: 'PAY_AT_STORE' | 'PAID_ONLINE' | 'PAID_BY_DISCOUNT';
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
  return settleOrder(q, o.id, paymentStatus);
}

export async function cancel(q: Queryable, s: Session, orderId: number) {
  await lockCartsOf(q, orderId);
  return cancelOrder(q, await loadOwnOrder(q, s, orderId, true));
}

/** Orders a shopper sees in their history: settled or cancelled, not hidden. */
const VISIBLE = `status <> 'INTERIM' AND NOT hidden`;

/** The shopper's visible orders, newest first, as the API shows them. */
export async function visibleOrders(q: Queryable, userId: number, limit: number, offset: number) {
  const { rows } = await q.query(`SELECT * FROM orders WHERE user_id = $1 AND ${VISIBLE} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset], PREPARED);
  return orderViews(q, rows);
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
