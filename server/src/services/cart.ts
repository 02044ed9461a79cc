/**
 * The cart, which is also the order draft. A guest's cart belongs to the session; a signed-in shopper's cart
 * belongs to the user. Every read recomputes prices and totals from the catalogue.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { Session } from '../lib/session.ts';
import { badRequest, conflict, notFound, unauthorized } from '../lib/errors.ts';
import { normalizeOptionPair, optionLabels } from '../lib/options.ts';
import { ADD_ON_TAG, getProduct } from './catalog.ts';
import { computeTotals, couponProblem, MEMBER_DISCOUNT_SQL, memberUnitPrice, type CouponRow, type Totals } from './pricing.ts';
import { extensions } from './extensions.ts';
import type { CheckoutRules } from './settings.ts';
import type { Address } from '../../../contract/account.ts';
import type { Cart, LineItem } from '../../../contract/cart.ts';
import type { Product } from '../../../contract/catalog.ts';
import type { OrderMethod } from '../../../contract/constants.ts';
import type { Contact } from '../../../contract/orders.ts';
import { checkedCurrency, STORE_CURRENCY_SQL, storeCurrency } from './storeCurrency.ts';

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

/** The cart's statements run often with the same text: prepared once per connection (db/index.ts). */
const PREPARED = { prepare: true } as const;

export const itemKeyOf = (productId: number, optionPair: string) => (optionPair ? `${productId}|${optionPair}` : String(productId));

/** Which cart is the visitor's: a signed-in shopper's by user, a guest's by session. `key` is the parameter of cartKey(s). */
const cartWhere = (s: Session, key: string, alias = 'c') =>
  s.userId ? `${alias}.user_id = ${key}` : `${alias}.session_id = ${key} AND ${alias}.user_id IS NULL`;
const cartKey = (s: Session) => s.userId ?? s.id;

/** Finds the cart of this visitor; with create, makes one (the session must exist then). */
export async function findCart(q: Queryable, s: Session | null, opts: { create?: boolean; lock?: boolean } = {}): Promise<CartRow | null> {
  if (!s) return null;
  const lock = opts.lock ? ' FOR UPDATE' : '';
  const where = cartWhere(s, '$1', 'carts');
  const key = cartKey(s);
  let { rows } = await q.query(`SELECT * FROM carts WHERE ${where}${lock}`, [key]);
  if (!rows[0] && opts.create) {
    const ins = s.userId
      ? await q.query(`INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING RETURNING *`, [s.userId])
      : await q.query(`INSERT INTO carts (session_id) VALUES ($1) ON CONFLICT (session_id) DO NOTHING RETURNING *`, [s.id]);
    rows = ins.rows.length ? ins.rows : (await q.query(`SELECT * FROM carts WHERE ${where}${lock}`, [key])).rows;
  }
  return rows[0] ?? null;
}

/**
 * Cart lines (from `source`, alias l) with what the view needs from the catalogue, live: prices, member prices, stock.
 * A line's price is its variant's (variantPricing, in SQL): the variant's own price, with no member price of the
 * product's own, or the product's price and member price.
 */
const lineSelect = (source: string) => `SELECT l.item_key, l.product_id, l.option_pair, l.quantity, l.add_on, l.created_at, p.name_en,
  p.name_zh, COALESCE(v.price, p.price) AS price, p.options, CASE WHEN v.price IS NULL THEN p.member_price END AS member_price,
  p.product_type, ${MEMBER_DISCOUNT_SQL} AS member_discount,
  p.images->>0 AS image, COALESCE(v.stock, 0) AS stock
  FROM ${source} l JOIN products p ON p.id = l.product_id
  LEFT JOIN variants v ON v.product_id = l.product_id AND v.option_pair = l.option_pair`;

/** A line as the cart answers it: a member's at member prices (regularUnitPrice kept), others' with what a member would pay. */
function toLineItem(r: any, member: boolean): LineItem {
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
}

/**
 * Everything a cart view reads besides the cart row, as columns of one statement over a cart row `c` (one round trip,
 * which matters most on the embedded database, where every statement waits its turn): the checkout rules, membership
 * at the moment `at` (a parameter), the pickup store's name for the store id `storeId`, and the lines (of `lines`,
 * by default the table) as a JSON array in cart order.
 */
const viewColumns = (storeId: string, at: string, lines = 'cart_lines') => `(SELECT value FROM settings WHERE key = 'checkout') AS view_rules,
  ${STORE_CURRENCY_SQL} AS view_currency,
  (c.user_id IS NOT NULL AND ${extensions().pricing.memberAtSql('c.user_id', at)}) AS view_member,
  (SELECT name_en FROM store_locations WHERE id = ${storeId}) AS view_store_name,
  COALESCE((SELECT json_agg(x ORDER BY x.created_at, x.item_key) FROM (${lineSelect(lines)} WHERE l.cart_id = c.id) x), '[]'::json) AS view_lines`;

/** A row of `SELECT c.*, viewColumns` as the cart and its view. */
async function viewOfRow(q: Queryable, row: any): Promise<{ cart: CartRow; view: CartView }> {
  const { view_rules, view_currency, view_member, view_store_name, view_lines, ...cart } = row;
  return { cart, view: await assembleView(q, cart, { rules: view_rules, currency: view_currency, member: view_member, storeName: view_store_name, lines: view_lines }) };
}

/** The cart of this visitor with its whole view in one statement (null when the visitor has no cart). */
export async function findCartView(q: Queryable, s: Session | null): Promise<{ cart: CartRow; view: CartView } | null> {
  if (!s) return null;
  const { rows } = await q.query(`SELECT c.*, ${viewColumns('c.local_store_id', '$2')} FROM carts c WHERE ${cartWhere(s, '$1')}`, [cartKey(s), new Date()], PREPARED);
  return rows[0] ? viewOfRow(q, rows[0]) : null;
}

/** The visitor's cart as every cart call answers it (the empty cart when there is none). */
export async function visitorCartView(q: Queryable, s: Session | null): Promise<CartView> {
  return (await findCartView(q, s))?.view ?? cartView(q, null);
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
         (SELECT count(*)::int FROM orders o WHERE o.coupon_code = c.code AND o.status <> 'CANCELLED' AND o.id IS DISTINCT FROM $3::int) END AS total_uses,
       CASE WHEN NOT c.first_order_only OR $2::int IS NULL THEN 0 ELSE
         (SELECT count(*)::int FROM orders o WHERE o.user_id = $2 AND o.id IS DISTINCT FROM $3::int AND o.status <> 'CANCELLED'
            AND (o.payment_status IN ('PAID_ONLINE', 'PAID_BY_DISCOUNT') OR o.status = 'COMPLETED')) END AS earlier_orders
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
    `SELECT 1 FROM coupons WHERE upper(code) = upper($1) AND (max_uses IS NOT NULL OR max_uses_per_shopper IS NOT NULL OR first_order_only) FOR UPDATE`, [code]);
}

const EMPTY_CART: Omit<CartView, 'currency'> = {
  itemCount: 0, lineItems: {}, subtotal: 0, discount: 0, tip: 0, storeCredit: 0, tax: 0, shipping: 0,
  total: 0, coupon: null, orderMethod: null, checkout: emptyDraft(),
};

function emptyDraft() {
  return {
    localStoreId: null, localStoreName: null, tableNumber: null, contact: null, delivery: null, pickupDate: null,
    pickupTime: null, deliveryDate: null, deliveryTime: null, tipPercent: null, tipAmount: null, customerComment: '',
    reservedOrderID: null,
  };
}

/** The view of a cart row the caller holds (checkout passes a locked or adjusted row): one statement, two with a coupon. */
export async function cartView(q: Queryable, cart: CartRow | null): Promise<CartView> {
  if (!cart) return { ...EMPTY_CART, currency: await storeCurrency(q), checkout: emptyDraft() };
  const { rows } = await q.query(`SELECT ${viewColumns('$3', '$2')} FROM carts c WHERE c.id = $1`, [cart.id, new Date(), cart.local_store_id], PREPARED);
  const r = rows[0] ?? { view_rules: null, view_currency: await storeCurrency(q), view_member: false, view_store_name: null, view_lines: [] };
  return assembleView(q, cart, { rules: r.view_rules, currency: r.view_currency, member: r.view_member, storeName: r.view_store_name, lines: r.view_lines });
}

async function assembleView(q: Queryable, cart: CartRow, read: { rules: CheckoutRules; currency: string; member: boolean; storeName: string | null; lines: any[] }): Promise<CartView> {
  const member = read.member === true;
  const lines = read.lines.map((r) => toLineItem(r, member));
  const memberSavings = lines.reduce((s, l) => s + ((member ? l.regularUnitPrice : l.memberUnitPrice) != null
    ? Math.abs((l.regularUnitPrice ?? l.memberUnitPrice)! - l.unitPrice) * l.quantity : 0), 0);
  const coupon = await getCoupon(q, cart.coupon_code, cart.user_id, cart.reserved_order_id);
  const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
  const totals = computeTotals({
    subtotal, coupon, method: cart.order_method, tipPercent: cart.tip_percent, tipAmount: cart.tip_amount,
    storeCreditApplied: cart.store_credit, rules: read.rules,
  });
  const storeName = cart.local_store_id ? read.storeName : null;
  const problem = coupon ? couponProblem(coupon, subtotal) : null;
  return {
    itemCount: lines.reduce((s, l) => s + l.quantity, 0),
    lineItems: Object.fromEntries(lines.map((l) => [l.itemKey, l])),
    currency: checkedCurrency(read.currency),
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

/** What adding to the cart must know of a product before it writes, kept for HINT_TTL_MS (see addToCart). */
type ProductHint = Pick<Product, 'name' | 'tags' | 'options' | 'membershipPlan'>;
const HINT_TTL_MS = 60_000;
const HINT_MAX = 2000;
/** Per database (a process may serve several, as the tests do), by product id. */
const hintsByDb = new WeakMap<Queryable, Map<number, { at: number; hint: ProductHint }>>();
const hintsOf = (db: Queryable) => hintsByDb.get(db) ?? hintsByDb.set(db, new Map()).get(db)!;

async function liveProductHint(db: Queryable, productId: number): Promise<ProductHint> {
  const p = await getProduct(db, productId);
  const hints = hintsOf(db);
  if (hints.size >= HINT_MAX) hints.clear();
  hints.set(productId, { at: Date.now(), hint: { name: p.name, tags: p.tags, options: p.options, membershipPlan: p.membershipPlan } });
  return p;
}

export interface AddRequest {
  productId: number;
  optionPair?: string;
  quantity: number;
  /** the add-on route: only products tagged 'addon' */
  addOn: boolean;
}

/** The product-level refusals, in the order shoppers meet them; answers the canonical option pair. */
function checkProduct(p: ProductHint, a: AddRequest): string {
  if (a.addOn && !p.tags.includes(ADD_ON_TAG)) throw badRequest(`${p.name} is not an add-on product`);
  return normalizeOptionPair(a.optionPair, p.options);
}
function checkShopper(p: ProductHint, s: Session) {
  if (p.membershipPlan && !s.userId) throw unauthorized('Sign in to buy a membership');
}

/**
 * Adds quantity to a line, creating the cart and the line as needed, and answers the cart. The write is one statement
 * (no transaction): it finds or creates the visitor's cart (locking its row, as every cart write does first, and
 * touching it), and inserts the line or adds to it with a conditional upsert that re-checks, against the rows at that
 * moment, everything that may refuse an add: the product active and its options those the pair was read against, an
 * add-on where one is asked, a membership plan only for a signed-in shopper, the option pair a variant, and the line's
 * new quantity within stock and 999. Two adds at
 * once to one line therefore add up and never pass the stock between them.
 *
 * The product's tags, options and plan are read from an in-process hint (a minute old at most; products change only
 * by the seed or an operator's SQL). The hint is never trusted: a refusal it suggests is confirmed from a fresh read
 * before it is answered, and whatever the statement refuses is explained from fresh reads; with the product changed
 * under the hint, the add runs again with the fresh facts. Session creation (ensure) comes after the product checks,
 * so a refused product leaves nothing behind.
 */
export async function addToCart(db: Queryable, a: AddRequest, ensure: () => Promise<Session>): Promise<CartView> {
  const cached = hintsOf(db).get(a.productId);
  let product = cached && Date.now() - cached.at < HINT_TTL_MS ? cached.hint : await liveProductHint(db, a.productId);
  let fresh = product !== cached?.hint;
  let pair: string;
  try {
    pair = checkProduct(product, a);
  } catch (e) {
    if (fresh) throw e;
    product = await liveProductHint(db, a.productId);
    fresh = true;
    pair = checkProduct(product, a);
  }
  const s = await ensure();
  if (product.membershipPlan && !s.userId && !fresh) {
    product = await liveProductHint(db, a.productId);
    fresh = true;
    pair = checkProduct(product, a);
  }
  checkShopper(product, s);
  for (let attempt = 1; ; attempt++) {
    const view = await addLine(db, s, a, pair, product.options);
    if (view) return view;
    // Refused: say why from fresh reads (the same checks, in the same order, then stock and the 999 cap).
    product = await liveProductHint(db, a.productId);
    const freshPair = checkProduct(product, a);
    checkShopper(product, s);
    if (freshPair === pair) await explainRefusedAdd(db, s, a, pair);
    pair = freshPair;
    // Nothing explains it: the rows changed between the statement and the reads (or the hint was stale); again.
    if (attempt === 3) throw conflict('The cart changed at the same time; please try again');
  }
}

/**
 * The one statement of addToCart, answering the cart's view as well (null when it changed nothing, see there). The
 * view's lines are the cart's lines as the statement found them with the written line in place of its old version:
 * a statement does not see its own writes. (A concurrent write to another line of the same cart by the same shopper
 * may be missing from this answer, never from the cart; the next read shows it.)
 */
async function addLine(q: Queryable, s: Session, a: AddRequest, pair: string, options: ProductHint['options']): Promise<CartView | null> {
  const col = s.userId ? 'user_id' : 'session_id';
  const { rows } = await q.query(
    `WITH existing AS (
       SELECT l.quantity FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE ${cartWhere(s, '$1')} AND l.item_key = $5
     ), ok AS (
       SELECT 1 FROM variants v JOIN products p ON p.id = v.product_id
       WHERE v.product_id = $2 AND v.option_pair = $3 AND p.record_status = 'ACTIVE' AND p.options = $9::jsonb
         AND (NOT $6::boolean OR p.tags @> '["${ADD_ON_TAG}"]'::jsonb)
         AND ($7::boolean OR NOT EXISTS (SELECT 1 FROM membership_plans mp WHERE mp.product_id = p.id))
         AND $4::int + COALESCE((SELECT quantity FROM existing), 0) <= LEAST(v.stock, ${MAX_LINE_QUANTITY})
     ), cart AS (
       INSERT INTO carts (${col}) SELECT $1 FROM ok
       ON CONFLICT (${col}) DO UPDATE SET updated_at = now()${s.userId ? '' : ' WHERE carts.user_id IS NULL'}
       RETURNING *
     ), line AS (
       INSERT INTO cart_lines (cart_id, item_key, product_id, option_pair, quantity, add_on)
       SELECT cart.id, $5, $2, $3, $4, $6 FROM cart
       ON CONFLICT (cart_id, item_key) DO UPDATE SET quantity = cart_lines.quantity + EXCLUDED.quantity, add_on = cart_lines.add_on AND EXCLUDED.add_on
         WHERE cart_lines.quantity + EXCLUDED.quantity
           <= LEAST(${MAX_LINE_QUANTITY}, (SELECT stock FROM variants WHERE product_id = $2 AND option_pair = $3))
       RETURNING *
     )
     SELECT c.*, ${viewColumns('c.local_store_id', '$8', '(SELECT * FROM cart_lines WHERE cart_id = c.id AND item_key <> $5 UNION ALL SELECT * FROM line)')}
     FROM cart c WHERE EXISTS (SELECT 1 FROM line)`,
    [cartKey(s), a.productId, pair, a.quantity, itemKeyOf(a.productId, pair), a.addOn, s.userId != null, new Date(), JSON.stringify(options)],
    PREPARED,
  );
  return rows[0] ? (await viewOfRow(q, rows[0])).view : null;
}

const MAX_LINE_QUANTITY = 999;

/** Throws 409 'Only N left in stock' or the 999 cap when that is why an add of `a` is refused now. */
async function explainRefusedAdd(q: Queryable, s: Session, a: AddRequest, pair: string) {
  const { rows } = await q.query(
    `SELECT COALESCE((SELECT stock FROM variants WHERE product_id = $1 AND option_pair = $2), 0) AS available,
       COALESCE((SELECT l.quantity FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE ${cartWhere(s, '$3')} AND l.item_key = $4), 0) AS existing`,
    [a.productId, pair, cartKey(s), itemKeyOf(a.productId, pair)],
  );
  const { available, existing } = rows[0];
  const newQty = existing + a.quantity;
  if (newQty > available) throw conflict(`Only ${available} left in stock`);
  if (newQty > MAX_LINE_QUANTITY) throw conflict(`At most ${MAX_LINE_QUANTITY} of one item per order`);
}

/**
 * Sets a line's quantity (0 removes it; 404 for a line not in the cart, 409 beyond stock); answers the Cart. One
 * statement: the cart's row locked first (like every cart write), the line updated only within its stock, the cart
 * touched only when the line changed.
 */
export async function setLineQuantity(db: Queryable, s: Session | null, itemKey: string, quantity: number): Promise<CartView> {
  if (quantity === 0) return removeLine(db, s, itemKey);
  if (!s) throw notFound(`No cart item '${itemKey}'`);
  for (let attempt = 1; ; attempt++) {
    const { rows } = await db.query(
      `WITH c AS (SELECT id FROM carts c WHERE ${cartWhere(s, '$1')} FOR UPDATE),
       u AS (
         UPDATE cart_lines l SET quantity = $3 FROM c WHERE l.cart_id = c.id AND l.item_key = $2
           AND $3 <= COALESCE((SELECT stock FROM variants v WHERE v.product_id = l.product_id AND v.option_pair = l.option_pair), 0)
         RETURNING l.cart_id
       ), t AS (UPDATE carts SET updated_at = now() WHERE id IN (SELECT cart_id FROM u))
       SELECT count(*)::int AS n FROM u`,
      [cartKey(s), itemKey, quantity],
      PREPARED,
    );
    if (rows[0].n > 0) return visitorCartView(db, s);
    const line = await db.query(
      `SELECT COALESCE(v.stock, 0) AS available FROM carts c JOIN cart_lines l ON l.cart_id = c.id
       LEFT JOIN variants v ON v.product_id = l.product_id AND v.option_pair = l.option_pair
       WHERE ${cartWhere(s, '$1')} AND l.item_key = $2`,
      [cartKey(s), itemKey],
    );
    if (!line.rows[0]) throw notFound(`No cart item '${itemKey}'`);
    if (quantity > line.rows[0].available) throw conflict(`Only ${line.rows[0].available} left in stock`);
    if (attempt === 3) throw conflict('The cart changed at the same time; please try again');
  }
}

/** Removes a line (404 for a line not in the cart); answers the Cart. One statement, like setLineQuantity. */
export async function removeLine(db: Queryable, s: Session | null, itemKey: string): Promise<CartView> {
  const { rows } = s
    ? await db.query(
        `WITH c AS (SELECT id FROM carts c WHERE ${cartWhere(s, '$1')} FOR UPDATE),
         d AS (DELETE FROM cart_lines l USING c WHERE l.cart_id = c.id AND l.item_key = $2 RETURNING l.cart_id),
         t AS (UPDATE carts SET updated_at = now() WHERE id IN (SELECT cart_id FROM d))
         SELECT count(*)::int AS n FROM d`,
        [cartKey(s), itemKey],
        PREPARED,
      )
    : { rows: [{ n: 0 }] };
  if (!s || rows[0].n === 0) throw notFound(`No cart item '${itemKey}'`);
  return visitorCartView(db, s);
}

/** Empties the cart a settled order came from and resets its draft (kept: method, store, contact). */
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

/** A cancelled order no longer holds its cart's goods: the cart keeps its lines and reserves anew at checkout. */
export async function dropReservation(q: Queryable, orderId: number) {
  await q.query('UPDATE carts SET reserved_order_id = NULL, reserved_fingerprint = NULL WHERE reserved_order_id = $1', [orderId]);
}
