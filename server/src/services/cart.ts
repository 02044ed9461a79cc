/**
 * The cart, which is also the order draft. A guest's cart belongs to the session; a signed-in shopper's cart
 * belongs to the user. Every read recomputes prices and totals from the catalogue.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { Session } from '../lib/session.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { optionLabels } from '../lib/options.ts';
import { computeTotals, MEMBER_DISCOUNT_SQL, memberUnitPrice, type CouponRow, type Totals } from './pricing.ts';
import { isMember } from './memberships.ts';
import { getSetting, type CheckoutRules } from './settings.ts';
import type { Address } from '../../../contract/account.ts';
import type { Cart, LineItem } from '../../../contract/cart.ts';
import type { OrderMethod } from '../../../contract/constants.ts';
import type { Contact } from '../../../contract/orders.ts';

export interface CartRow {
  id: number;
  session_id: number | null;
  user_id: number | null;
  order_method: OrderMethod | null;
  pickup_date: string | null;
  pickup_time: string | null;
  delivery_date: string | null;
  delivery_time: string | null;
  local_store_id: string | null;
  table_number: string | null;
  contact: Contact | null;
  delivery: Address | null;
  tip_percent: number | null;
  tip_amount: number | null;
  coupon_code: string | null;
  store_credit: number;
  customer_comment: string;
  reserved_order_id: number | null;
  reserved_fingerprint: string | null;
}

/** The cart as every cart and checkout call answers it. */
export type CartView = Cart & Totals;

export const itemKeyOf = (productId: number, optionPair: string) => (optionPair ? `${productId}|${optionPair}` : String(productId));

/** Finds the cart of this visitor; with create, makes one (the session must exist then). */
export async function findCart(q: Queryable, s: Session | null, opts: { create?: boolean; lock?: boolean } = {}): Promise<CartRow | null> {
  if (!s) return null;
  const lock = opts.lock ? ' FOR UPDATE' : '';
  const where = s.userId ? 'user_id = $1' : 'session_id = $1 AND user_id IS NULL';
  const key = s.userId ?? s.id;
  let { rows } = await q.query(`SELECT * FROM carts WHERE ${where}${lock}`, [key]);
  if (!rows[0] && opts.create) {
    const ins = s.userId
      ? await q.query(`INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING RETURNING *`, [s.userId])
      : await q.query(`INSERT INTO carts (session_id) VALUES ($1) ON CONFLICT (session_id) DO NOTHING RETURNING *`, [s.id]);
    rows = ins.rows.length ? ins.rows : (await q.query(`SELECT * FROM carts WHERE ${where}${lock}`, [key])).rows;
  }
  return rows[0] ?? null;
}

const LINES_SQL = `SELECT l.item_key, l.product_id, l.option_pair, l.quantity, l.add_on, p.name_en, p.name_zh, p.price, p.options,
  p.member_price, p.product_type, ${MEMBER_DISCOUNT_SQL} AS member_discount,
  p.images->>0 AS image, COALESCE(v.stock, 0) AS stock
  FROM cart_lines l JOIN products p ON p.id = l.product_id
  LEFT JOIN variants v ON v.product_id = l.product_id AND v.option_pair = l.option_pair
  WHERE l.cart_id = $1 ORDER BY l.created_at, l.item_key`;

/** The cart's lines; a member's lines at member prices (regularUnitPrice kept), others' with what a member would pay. */
export async function cartLines(q: Queryable, cartId: number, member = false): Promise<LineItem[]> {
  const { rows } = await q.query(LINES_SQL, [cartId]);
  return rows.map((r: any) => {
    const memberPrice = memberUnitPrice({ price: r.price, memberPrice: r.member_price ?? null, productType: r.product_type }, r.member_discount);
    const unit = member && memberPrice != null ? memberPrice : r.price;
    return {
    itemKey: r.item_key,
    productId: String(r.product_id),
    name: r.name_en,
    nameContent: { en: r.name_en, zh: r.name_zh },
    image: r.image ?? null,
    optionPair: r.option_pair,
    optionLabels: optionLabels(r.option_pair, r.options ?? []),
    quantity: r.quantity,
    unitPrice: unit,
    lineTotal: unit * r.quantity,
    addOn: r.add_on,
    available: r.stock,
    soldOut: r.stock <= 0,
    ...(memberPrice == null ? {} : member ? { regularUnitPrice: r.price } : { memberUnitPrice: memberPrice }),
    };
  });
}

/**
 * The coupon as `userId` may use it: public ones for anyone, non-public ones only for accounts granted them; with the
 * uses counted against its limits (orders carrying it that are not cancelled, except `ownOrderId`, the cart's own
 * reservation, which a new reserve replaces).
 */
export async function getCoupon(q: Queryable, code: string | null, userId: number | null, ownOrderId: number | null = null): Promise<CouponRow | null> {
  if (!code) return null;
  const { rows } = await q.query(
    `SELECT c.*, $2::int IS NULL AS guest,
       CASE WHEN c.max_uses_per_shopper IS NULL OR $2::int IS NULL THEN 0 ELSE
         (SELECT count(*)::int FROM orders o WHERE o.coupon_code = c.code AND o.user_id = $2 AND o.status <> 'CANCELLED' AND o.id IS DISTINCT FROM $3::int) END AS shopper_uses,
       CASE WHEN c.max_uses IS NULL THEN 0 ELSE
         (SELECT count(*)::int FROM orders o WHERE o.coupon_code = c.code AND o.status <> 'CANCELLED' AND o.id IS DISTINCT FROM $3::int) END AS total_uses
     FROM coupons c WHERE upper(c.code) = upper($1)
       AND (c.public OR EXISTS (SELECT 1 FROM coupon_grants g WHERE g.code = c.code AND g.user_id = $2))`,
    [code, userId, ownOrderId],
  );
  return rows[0] ?? null;
}

/**
 * Reserve: takes the lock of a coupon with usage limits before its uses are counted, so two orders at once cannot
 * both take its last use (held to the end of the reserve's transaction).
 */
export async function lockLimitedCoupon(q: Queryable, code: string | null) {
  if (!code) return;
  await q.query(
    `SELECT 1 FROM coupons WHERE upper(code) = upper($1) AND (max_uses IS NOT NULL OR max_uses_per_shopper IS NOT NULL) FOR UPDATE`, [code]);
}

export async function storeCreditBalance(q: Queryable, userId: number): Promise<number> {
  const { rows } = await q.query('SELECT COALESCE(sum(amount), 0)::int AS b FROM store_credit_ledger WHERE user_id = $1', [userId]);
  return rows[0].b;
}

export const EMPTY_CART: CartView = {
  itemCount: 0, lineItems: {}, currency: 'CAD', subtotal: 0, discount: 0, tip: 0, storeCredit: 0, tax: 0, shipping: 0,
  total: 0, coupon: null, orderMethod: null, checkout: emptyDraft(),
};

function emptyDraft() {
  return {
    localStoreId: null, localStoreName: null, tableNumber: null, contact: null, delivery: null, pickupDate: null,
    pickupTime: null, deliveryDate: null, deliveryTime: null, tipPercent: null, tipAmount: null, customerComment: '',
    reservedOrderID: null,
  };
}

export async function cartView(q: Queryable, cart: CartRow | null): Promise<CartView> {
  if (!cart) return { ...EMPTY_CART, checkout: emptyDraft() };
  const rules = await getSetting<CheckoutRules>(q, 'checkout');
  const member = cart.user_id != null && (await isMember(q, cart.user_id));
  const lines = await cartLines(q, cart.id, member);
  const memberSavings = lines.reduce((s, l) => s + ((member ? l.regularUnitPrice : l.memberUnitPrice) != null
    ? Math.abs((l.regularUnitPrice ?? l.memberUnitPrice)! - l.unitPrice) * l.quantity : 0), 0);
  const coupon = await getCoupon(q, cart.coupon_code, cart.user_id, cart.reserved_order_id);
  const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
  const totals = computeTotals({
    subtotal, coupon, method: cart.order_method, tipPercent: cart.tip_percent, tipAmount: cart.tip_amount,
    storeCreditApplied: cart.store_credit, rules,
  });
  let storeName: string | null = null;
  if (cart.local_store_id) {
    const { rows } = await q.query('SELECT name_en FROM store_locations WHERE id = $1', [cart.local_store_id]);
    storeName = rows[0]?.name_en ?? null;
  }
  const { couponProblem } = await import('./pricing.ts');
  const problem = coupon ? couponProblem(coupon, subtotal) : null;
  return {
    itemCount: lines.reduce((s, l) => s + l.quantity, 0),
    lineItems: Object.fromEntries(lines.map((l) => [l.itemKey, l])),
    currency: 'CAD',
    ...totals,
    coupon: coupon
      ? { code: coupon.code, description: coupon.desc_en, descriptionContent: { en: coupon.desc_en, zh: coupon.desc_zh }, valid: !problem, problem }
      : null,
    member,
    memberSavings,
    orderMethod: cart.order_method,
    checkout: {
      localStoreId: cart.local_store_id,
      localStoreName: storeName,
      tableNumber: cart.table_number,
      contact: cart.contact,
      delivery: cart.delivery,
      pickupDate: cart.pickup_date,
      pickupTime: cart.pickup_time,
      deliveryDate: cart.delivery_date,
      deliveryTime: cart.delivery_time,
      tipPercent: cart.tip_percent,
      tipAmount: cart.tip_amount,
      customerComment: cart.customer_comment,
      reservedOrderID: cart.reserved_order_id != null ? String(cart.reserved_order_id) : null,
    },
  };
}

/** Everything an order is made from; a reserve with the same fingerprint reuses the unpaid order. */
export function fingerprint(cart: CartRow, view: CartView): string {
  const data = {
    lines: Object.values(view.lineItems).map((l) => [l.itemKey, l.quantity, l.unitPrice, l.addOn]),
    totals: [view.subtotal, view.discount, view.tip, view.tax, view.shipping, view.storeCredit, view.total],
    draft: [cart.order_method, cart.local_store_id, cart.table_number, cart.contact, cart.delivery, cart.pickup_date,
      cart.pickup_time, cart.delivery_date, cart.delivery_time, cart.customer_comment, cart.coupon_code],
  };
  return crypto.createHash('sha256').update(JSON.stringify(data)).digest('base64url');
}

/** Adds quantity to a line (creating it), checking stock. Throws 409 'Only N left in stock'. */
export async function addToCart(q: Queryable, cartId: number, productId: number, optionPair: string, quantity: number, addOn: boolean) {
  const key = itemKeyOf(productId, optionPair);
  const { rows } = await q.query('SELECT stock FROM variants WHERE product_id = $1 AND option_pair = $2', [productId, optionPair]);
  const available = rows[0]?.stock ?? 0;
  const existing = await q.query('SELECT quantity FROM cart_lines WHERE cart_id = $1 AND item_key = $2', [cartId, key]);
  const newQty = (existing.rows[0]?.quantity ?? 0) + quantity;
  if (newQty > available) throw conflict(`Only ${available} left in stock`);
  if (newQty > 999) throw conflict('At most 999 of one item per order');
  await q.query(
    `INSERT INTO cart_lines (cart_id, item_key, product_id, option_pair, quantity, add_on) VALUES ($1,$2,$3,$4,$5,$6)
     ON CONFLICT (cart_id, item_key) DO UPDATE SET quantity = $5, add_on = cart_lines.add_on AND $6`,
    [cartId, key, productId, optionPair, newQty, addOn],
  );
  await touch(q, cartId);
}

export async function touch(q: Queryable, cartId: number) {
  await q.query('UPDATE carts SET updated_at = now() WHERE id = $1', [cartId]);
}

/** Sets a line's quantity (0 removes it; 404 for a line not in the cart, 409 beyond stock); answers the Cart. */
export async function setLineQuantity(db: Db, s: Session | null, itemKey: string, quantity: number): Promise<CartView> {
  return db.tx(async (q) => {
    const cart = await findCart(q, s, { lock: true });
    const line = cart && (await q.query('SELECT product_id, option_pair FROM cart_lines WHERE cart_id = $1 AND item_key = $2', [cart.id, itemKey])).rows[0];
    if (!cart || !line) throw notFound(`No cart item '${itemKey}'`);
    if (quantity === 0) {
      await q.query('DELETE FROM cart_lines WHERE cart_id = $1 AND item_key = $2', [cart.id, itemKey]);
    } else {
      const { rows } = await q.query('SELECT stock FROM variants WHERE product_id = $1 AND option_pair = $2', [line.product_id, line.option_pair]);
      const available = rows[0]?.stock ?? 0;
      if (quantity > available) throw conflict(`Only ${available} left in stock`);
      await q.query('UPDATE cart_lines SET quantity = $3 WHERE cart_id = $1 AND item_key = $2', [cart.id, itemKey, quantity]);
    }
    await touch(q, cart.id);
    return cartView(q, (await findCart(q, s))!);
  });
}

/** Removes a line (404 for a line not in the cart); answers the Cart. */
export async function removeLine(db: Db, s: Session | null, itemKey: string): Promise<CartView> {
  return db.tx(async (q) => {
    const cart = await findCart(q, s, { lock: true });
    const del = cart ? await q.query('DELETE FROM cart_lines WHERE cart_id = $1 AND item_key = $2 RETURNING item_key', [cart.id, itemKey]) : null;
    if (!cart || !del?.rows.length) throw notFound(`No cart item '${itemKey}'`);
    await touch(q, cart.id);
    return cartView(q, (await findCart(q, s))!);
  });
}
