/**
 * Group-buy (fission) campaigns: campaigns and their items, the shopper's campaign cart, campaign orders, and the
 * settlement of a campaign (success when `target` shoppers have paid; failure when its end comes first, every paid
 * order then refunded through the order lifecycle).
 *
 * Rules that keep the failures of the usual group-buy systems out:
 * - campaign stock: counted with the campaign row locked (FOR UPDATE) from the item's stock minus the quantities of the
 *   campaign's live orders, so two payers can never both take the last unit, and cancelled, expired or refunded orders
 *   give their units back by no longer counting;
 * - per-shopper limit: checked in the same locked section against the shopper's live orders plus the cart;
 * - joining only while open: reserve checks the campaign under its lock; a payment that lands for an order of a
 *   campaign no longer open (failed, succeeded and closed, or past its end) is refunded at once (campaignOrderPaid);
 * - settlement runs exactly once: the settling transaction locks the campaign's orders, then the campaign row,
 *   re-checks it is still OPEN and due, and records a campaign_settlements row (primary key = campaign). Two server
 *   processes on one PostgreSQL serialise on the row lock (the second also skips at once on an advisory lock); the
 *   sweeper runs at start and on a timer, so a campaign whose end passed while no server ran is settled at the next
 *   start;
 * - refunds: one per paid order, key `campaign-<id>-order-<orderID>` (idempotent in the order lifecycle), which
 *   the refund worker retries at the provider until it is done.
 * Lock order: orders, then campaigns, then variants (reserve releases the cart's previous order before it locks the
 * campaign; a payment holds its order when it locks the campaign; the sweeper locks the orders first).
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../../db/index.ts';
import type { Session } from '../../lib/session.ts';
import { ApiError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { optionLabels } from '../../lib/options.ts';
import { bumpCatalog } from '../../services/catalogCache.ts';
import { releaseReservation, requestRefund } from '../../orders/lifecycle.ts';
import type {
  Campaign, CampaignCart, CampaignDetail, CampaignItem, CampaignParticipant, CampaignParticipation, CampaignStatus, OrderCampaign,
} from '../../../../contract/campaigns.ts';
import { IN_GROUP_ORDER_STATUSES, IN_GROUP_PAYMENT_STATUS, participationOf, type ShopperCampaignOrder } from './participation.ts';
import { STORE_CURRENCY_SQL } from '../../services/storeCurrency.ts';
import { safeImageSrc } from '../../lib/richText.ts';

const iso = (d: any) => (d instanceof Date ? d : new Date(d)).toISOString();
/** Orders whose units still count against campaign stock and the per-shopper limit. */
const LIVE = `o.status NOT IN ('CANCELLED', 'REFUND_PENDING', 'REFUNDED')`;
/** A paid participant's order. */
const PAID = `o.payment_status = '${IN_GROUP_PAYMENT_STATUS}' AND o.status IN (${IN_GROUP_ORDER_STATUSES.map((st) => `'${st}'`).join(', ')})`;

export function parseCampaignId(raw: unknown): number {
  const s = String(raw ?? '');
  if (!/^\d{1,9}$/.test(s)) throw badRequest(`Invalid campaign id '${s.slice(0, 40)}'`);
  return Number(s);
}

export function statusOf(row: { status: string; starts_at: any; ends_at: any }, now: Date): CampaignStatus {
  if (row.status !== 'OPEN') return row.status as CampaignStatus;
  if (now < new Date(row.starts_at)) return 'UPCOMING';
  if (now >= new Date(row.ends_at)) return 'CLOSING';
  return 'OPEN';
}

const CAMPAIGN_SQL = `SELECT c.*, ${STORE_CURRENCY_SQL} AS currency, s.name_en AS store_en, s.name_zh AS store_zh, st.participants AS settled_participants,
  (SELECT count(DISTINCT o.user_id)::int FROM campaign_orders co JOIN orders o ON o.id = co.order_id
    WHERE co.campaign_id = c.id AND ${PAID}) AS live_participants,
  (SELECT json_build_object('price', i.campaign_price, 'regular', COALESCE((SELECT v.price FROM variants v WHERE v.product_id = i.product_id AND v.option_pair = i.option_pair), p.price)) FROM campaign_items i JOIN products p ON p.id = i.product_id
    WHERE i.campaign_id = c.id ORDER BY i.campaign_price, i.sort, i.id LIMIT 1) AS price
  FROM campaigns c JOIN store_locations s ON s.id = c.local_store_id
  LEFT JOIN campaign_settlements st ON st.campaign_id = c.id`;

export async function dbNow(q: Queryable): Promise<Date> {
  const { rows } = await q.query('SELECT clock_timestamp() AS now');
  return new Date(rows[0].now);
}

function campaignView(r: any, now: Date): Campaign {
  const price = typeof r.price === 'string' ? JSON.parse(r.price) : r.price;
  return {
    id: String(r.id),
    name: r.name_en,
    nameContent: { en: r.name_en, zh: r.name_zh },
    description: r.desc_en,
    descriptionContent: { en: r.desc_en, zh: r.desc_zh },
    cover: r.cover ?? null,
    target: r.target,
    participants: r.status === 'FAILED' && r.settled_participants != null ? r.settled_participants : r.live_participants,
    status: statusOf(r, now),
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    localStoreName: { en: r.store_en, zh: r.store_zh },
    fromPrice: price?.price ?? 0,
    regularPrice: price?.regular ?? 0,
    currency: r.currency,
  };
}

export async function listCampaigns(q: Queryable, scope: 'current' | 'all' = 'current') {
  const now = await dbNow(q);
  const where = scope === 'all' ? '' : `WHERE c.status = 'OPEN' OR c.settled_at > now() - interval '7 days'`;
  const { rows } = await q.query(`${CAMPAIGN_SQL} ${where} ORDER BY (c.status = 'OPEN') DESC, c.ends_at, c.id`);
  return { campaigns: rows.map((r: any) => campaignView(r, now)), serverTime: now.toISOString() };
}

export async function getCampaign(q: Queryable, id: number): Promise<{ campaign: Campaign; serverTime: string }> {
  const now = await dbNow(q);
  const { rows } = await q.query(`${CAMPAIGN_SQL} WHERE c.id = $1`, [id]);
  if (!rows[0]) throw notFound(`Campaign ${id} not found`);
  return { campaign: campaignView(rows[0], now), serverTime: now.toISOString() };
}

/** The signed-in shopper's part in the campaign (participation.ts decides which orders count). */
async function participationIn(q: Queryable, campaignId: number, userId: number, status: CampaignStatus): Promise<CampaignParticipation | null> {
  const { rows } = await q.query(
    `SELECT o.id, o.status, o.payment_status, i.id AS item_id, l.quantity FROM campaign_orders co
       JOIN orders o ON o.id = co.order_id AND o.user_id = $2
       JOIN order_lines l ON l.order_id = o.id
       JOIN campaign_items i ON i.campaign_id = co.campaign_id AND i.product_id = l.product_id AND i.option_pair = l.option_pair
     WHERE co.campaign_id = $1 ORDER BY o.id, l.line_no`,
    [campaignId, userId],
  );
  const orders = new Map<string, ShopperCampaignOrder>();
  for (const r of rows) {
    const id = String(r.id);
    const o: ShopperCampaignOrder = orders.get(id) ?? { id, status: r.status, paymentStatus: r.payment_status, lines: [] };
    o.lines.push({ itemId: String(r.item_id), units: r.quantity });
    orders.set(id, o);
  }
  return participationOf([...orders.values()], status);
}

/** The campaign detail: the campaign, and for a signed-in shopper their part in it. */
export async function campaignDetail(q: Queryable, s: Session | null, id: number): Promise<CampaignDetail> {
  const detail = await getCampaign(q, id);
  const participation = s?.userId ? await participationIn(q, id, s.userId, detail.campaign.status) : null;
  return { ...detail, participation };
}

const ITEM_SQL = `SELECT i.*, ${STORE_CURRENCY_SQL} AS currency, p.name_en, p.name_zh,
  /* the regular price of the item's variant (its own, else the product's) */ COALESCE((SELECT v.price FROM variants v WHERE v.product_id = i.product_id AND v.option_pair = i.option_pair), p.price) AS regular_price, p.options, p.images->>0 AS image,
  (i.stock - (SELECT COALESCE(sum(l.quantity), 0)::int FROM campaign_orders co JOIN orders o ON o.id = co.order_id
     JOIN order_lines l ON l.order_id = o.id AND l.product_id = i.product_id AND l.option_pair = i.option_pair
     WHERE co.campaign_id = i.campaign_id AND ${LIVE})) AS available
  FROM campaign_items i JOIN products p ON p.id = i.product_id`;

function itemView(r: any): CampaignItem {
  return {
    id: String(r.id),
    campaignId: String(r.campaign_id),
    productId: String(r.product_id),
    name: r.name_en,
    nameContent: { en: r.name_en, zh: r.name_zh },
    image: r.image ?? null,
    optionPair: r.option_pair,
    optionLabels: optionLabels(r.option_pair, r.options ?? []),
    campaignPrice: r.campaign_price,
    regularPrice: r.regular_price,
    currency: r.currency,
    available: Math.max(0, r.available),
    limitPerShopper: r.per_shopper_limit,
  };
}

export async function campaignItems(q: Queryable, campaignId: number): Promise<CampaignItem[]> {
  await getCampaign(q, campaignId);
  const { rows } = await q.query(`${ITEM_SQL} WHERE i.campaign_id = $1 ORDER BY i.sort, i.id`, [campaignId]);
  return rows.map(itemView);
}

export async function campaignItem(q: Queryable, id: number): Promise<CampaignItem> {
  const { rows } = await q.query(`${ITEM_SQL} WHERE i.id = $1`, [id]);
  if (!rows[0]) throw notFound(`Campaign item ${id} not found`);
  return itemView(rows[0]);
}

/** Units of each item the shopper holds in live orders of the campaign (except `exceptOrder`). */
async function heldByShopper(q: Queryable, campaignId: number, userId: number, exceptOrder: number | null): Promise<Map<number, number>> {
  const { rows } = await q.query(
    `SELECT i.id, COALESCE(sum(l.quantity), 0)::int AS n FROM campaign_items i
       JOIN campaign_orders co ON co.campaign_id = i.campaign_id
       JOIN orders o ON o.id = co.order_id AND o.user_id = $2 AND ${LIVE} AND o.id IS DISTINCT FROM $3
       JOIN order_lines l ON l.order_id = o.id AND l.product_id = i.product_id AND l.option_pair = i.option_pair
     WHERE i.campaign_id = $1 GROUP BY i.id`,
    [campaignId, userId, exceptOrder],
  );
  return new Map(rows.map((r: any) => [r.id, r.n]));
}

function requireShopper(s: Session | null): number {
  if (!s?.userId) throw unauthorized('Sign in to join a group-buy campaign');
  return s.userId;
}

async function findCampaignCart(q: Queryable, campaignId: number, userId: number, opts: { create?: boolean; lock?: boolean } = {}) {
  if (opts.create) {
    await q.query(`INSERT INTO campaign_carts (campaign_id, user_id) VALUES ($1, $2) ON CONFLICT (campaign_id, user_id) DO NOTHING`, [campaignId, userId]);
  }
  const { rows } = await q.query(`SELECT * FROM campaign_carts WHERE campaign_id = $1 AND user_id = $2${opts.lock ? ' FOR UPDATE' : ''}`, [campaignId, userId]);
  return rows[0] ?? null;
}

async function cartLines(q: Queryable, cartId: number) {
  const { rows } = await q.query(
    `${ITEM_SQL} JOIN campaign_cart_lines cl ON cl.item_id = i.id AND cl.cart_id = $1 ORDER BY cl.created_at, i.id`.replace(
      'SELECT i.*,', 'SELECT i.*, cl.quantity AS cart_quantity,'),
    [cartId],
  );
  return rows.map((r: any) => ({ item: itemView(r), quantity: r.cart_quantity as number }));
}

export async function campaignCartView(q: Queryable, s: Session | null, campaignId: number): Promise<CampaignCart> {
  const { campaign, serverTime } = await getCampaign(q, campaignId);
  const cart = s?.userId ? await findCampaignCart(q, campaignId, s.userId) : null;
  const lines = cart ? await cartLines(q, cart.id) : [];
  const subtotal = lines.reduce((n, l) => n + l.item.campaignPrice * l.quantity, 0);
  const regular = lines.reduce((n, l) => n + l.item.regularPrice * l.quantity, 0);
  let reservedOrderID: string | null = null;
  if (cart?.reserved_order_id != null) {
    const { rows } = await q.query(`SELECT status, payment_status FROM orders WHERE id = $1`, [cart.reserved_order_id]);
    if (rows[0]?.status === 'INTERIM' && rows[0].payment_status === 'NOT_PAID') reservedOrderID = String(cart.reserved_order_id);
  }
  return {
    campaign,
    lines: lines.map((l) => ({ item: l.item, quantity: l.quantity, lineTotal: l.item.campaignPrice * l.quantity })),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal,
    savings: Math.max(0, regular - subtotal),
    total: subtotal,
    currency: campaign.currency,
    reservedOrderID,
    serverTime,
  };
}

const isJoinable = (status: CampaignStatus) => status === 'OPEN';
function notJoinable(status: CampaignStatus): ApiError {
  return conflict(status === 'UPCOMING' ? 'This campaign has not started yet' : 'This campaign is closed; nobody can join it any more');
}

/** Adds to (mode add) or sets (mode set; 0 removes) the quantity of a campaign item in the shopper's campaign cart. */
export async function changeCampaignCart(
  db: Db, s: Session | null, campaignId: number, body: { itemId: string; quantity: number; inviter?: string }, mode: 'add' | 'set',
): Promise<CampaignCart> {
  const userId = requireShopper(s);
  const itemId = parseCampaignId(body.itemId);
  if (mode === 'add' && body.quantity < 1) throw badRequest('quantity must be at least 1');
  return db.tx(async (q) => {
    const { campaign } = await getCampaign(q, campaignId);
    if (!isJoinable(campaign.status)) throw notJoinable(campaign.status);
    const { rows } = await q.query(`${ITEM_SQL} WHERE i.id = $1 AND i.campaign_id = $2`, [itemId, campaignId]);
    if (!rows[0]) throw notFound(`Campaign ${campaignId} has no item ${itemId}`);
    const item = itemView(rows[0]);
    const cart = await findCampaignCart(q, campaignId, userId, { create: true, lock: true });
    const inviter = (body.inviter ?? '').trim();
    if (inviter && inviter !== s!.user?.myId && !cart.inviter) {
      const known = await q.query('SELECT 1 FROM users WHERE my_id = $1', [inviter]);
      if (known.rows.length) await q.query('UPDATE campaign_carts SET inviter = $2 WHERE id = $1', [cart.id, inviter]);
    }
    const cur = await q.query('SELECT quantity FROM campaign_cart_lines WHERE cart_id = $1 AND item_id = $2', [cart.id, itemId]);
    const quantity = mode === 'add' ? (cur.rows[0]?.quantity ?? 0) + body.quantity : body.quantity;
    if (quantity === 0) {
      await q.query('DELETE FROM campaign_cart_lines WHERE cart_id = $1 AND item_id = $2', [cart.id, itemId]);
    } else {
      const held = (await heldByShopper(q, campaignId, userId, cart.reserved_order_id)).get(itemId) ?? 0;
      if (held + quantity > item.limitPerShopper) {
        throw conflict(`At most ${item.limitPerShopper} per shopper in this campaign${held ? ` (you already have ${held})` : ''}`);
      }
      if (quantity > item.available) throw conflict(`Only ${item.available} left in this campaign`);
      await q.query(
        `INSERT INTO campaign_cart_lines (cart_id, item_id, quantity) VALUES ($1, $2, $3)
         ON CONFLICT (cart_id, item_id) DO UPDATE SET quantity = $3`,
        [cart.id, itemId, quantity],
      );
    }
    await q.query('UPDATE campaign_carts SET updated_at = now() WHERE id = $1', [cart.id]);
    return campaignCartView(q, s, campaignId);
  });
}

const fingerprintOf = (lines: { item: CampaignItem; quantity: number }[], inviter: string | null) =>
  crypto.createHash('sha256').update(JSON.stringify([lines.map((l) => [l.item.id, l.quantity, l.item.campaignPrice]), inviter])).digest('base64url');

/**
 * Reserves the shopper's campaign cart as a campaign order (INTERIM + NOT_PAID, pickup at the campaign's store, the
 * contact from the account): campaign stock and the per-shopper limit are checked with the campaign locked, the
 * product's stock is taken like any reserve. An unchanged cart reuses its unpaid order. Pay it with any payment call.
 */
export async function reserveCampaignOrder(q: Queryable, s: Session | null, campaignId: number, ip: string) {
  const userId = requireShopper(s);
  const cart = await findCampaignCart(q, campaignId, userId, { lock: true });
  const pre = cart ? await cartLines(q, cart.id) : [];
  if (!cart || !pre.length) throw badRequest('Your campaign cart is empty');
  const fp = fingerprintOf(pre, cart.inviter);
  if (cart.reserved_order_id != null) {
    const { rows } = await q.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [cart.reserved_order_id]);
    const old = rows[0];
    const open = old && old.status === 'INTERIM' && old.payment_status === 'NOT_PAID';
    if (open && cart.reserved_fingerprint === fp) {
      const c = (await q.query('SELECT * FROM campaigns WHERE id = $1', [campaignId])).rows[0];
      if (isJoinable(statusOf(c, await dbNow(q)))) return { orderID: String(old.id), total: old.total, currency: old.currency, reused: true };
    }
    if (open) await releaseReservation(q, old.id, true);
  }
  const c = (await q.query('SELECT * FROM campaigns WHERE id = $1 FOR UPDATE', [campaignId])).rows[0];
  if (!c) throw notFound(`Campaign ${campaignId} not found`);
  const status = statusOf(c, await dbNow(q));
  if (!isJoinable(status)) throw notJoinable(status);
  // Re-read under the campaign lock: availability and holdings are now stable until commit.
  const lines = await cartLines(q, cart.id);
  const held = await heldByShopper(q, campaignId, userId, null);
  for (const l of lines) {
    const mine = held.get(Number(l.item.id)) ?? 0;
    if (mine + l.quantity > l.item.limitPerShopper) {
      throw conflict(`At most ${l.item.limitPerShopper} of ${l.item.name} per shopper in this campaign${mine ? ` (you already have ${mine})` : ''}`);
    }
    if (l.quantity > l.item.available) {
      throw conflict([`Only ${l.item.available} left in this campaign`, `${l.item.name}: only ${l.item.available} left in this campaign`]);
    }
  }
  const byVariant = [...lines].sort((a, b) => Number(a.item.productId) - Number(b.item.productId) || a.item.optionPair.localeCompare(b.item.optionPair));
  for (const l of byVariant) {
    const upd = await q.query(
      'UPDATE variants SET stock = stock - $3 WHERE product_id = $1 AND option_pair = $2 AND stock >= $3 RETURNING stock',
      [Number(l.item.productId), l.item.optionPair, l.quantity],
    );
    if (!upd.rows.length) throw conflict(`${l.item.name}: out of stock at the store`);
  }
  bumpCatalog();
  const user = (await q.query('SELECT first_name, last_name, email, phone FROM users WHERE id = $1', [userId])).rows[0];
  const store = (await q.query('SELECT name_en FROM store_locations WHERE id = $1', [c.local_store_id])).rows[0];
  const subtotal = lines.reduce((n, l) => n + l.item.campaignPrice * l.quantity, 0);
  const contact = { firstName: user.first_name, lastName: user.last_name, email: user.email, phone: user.phone };
  const { rows } = await q.query(
    `INSERT INTO orders (user_id, session_id, status, payment_status, method, local_store_id, local_store_name, contact,
       subtotal, discount, tip, tax, shipping, store_credit, total, currency, customer_comment, client_ip)
     VALUES ($1, $2, 'INTERIM', 'NOT_PAID', 'PICKUP', $3, $4, $5::jsonb, $6, 0, 0, 0, 0, 0, $6, ${STORE_CURRENCY_SQL}, '', $7) RETURNING *`,
    [userId, s!.id, c.local_store_id, store?.name_en ?? null, JSON.stringify(contact), subtotal, ip],
  );
  const order = rows[0];
  for (const [i, l] of lines.entries()) {
    await q.query(
      `INSERT INTO order_lines (order_id, line_no, item_key, product_id, name_en, name_zh, image, option_pair, quantity, unit_price, line_total, add_on)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false)`,
      [order.id, i + 1, `c${l.item.id}`, Number(l.item.productId), l.item.nameContent.en, l.item.nameContent.zh, l.item.image,
        l.item.optionPair, l.quantity, l.item.campaignPrice, l.item.campaignPrice * l.quantity],
    );
  }
  const inviter = cart.inviter ? (await q.query('SELECT id FROM users WHERE my_id = $1 AND id <> $2', [cart.inviter, userId])).rows[0]?.id ?? null : null;
  await q.query('INSERT INTO campaign_orders (order_id, campaign_id, inviter_user_id) VALUES ($1, $2, $3)', [order.id, campaignId, inviter]);
  await q.query('UPDATE campaign_carts SET reserved_order_id = $2, reserved_fingerprint = $3, updated_at = now() WHERE id = $1', [cart.id, order.id, fp]);
  return { orderID: String(order.id), total: order.total, currency: order.currency, reused: false };
}

export async function isCampaignOrder(q: Queryable, orderId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM campaign_orders WHERE order_id = $1', [orderId]);
  return rows.length > 0;
}

async function paidParticipants(q: Queryable, campaignId: number): Promise<number> {
  const { rows } = await q.query(
    `SELECT count(DISTINCT o.user_id)::int AS n FROM campaign_orders co JOIN orders o ON o.id = co.order_id WHERE co.campaign_id = $1 AND ${PAID}`,
    [campaignId],
  );
  return rows[0].n;
}

const refundKey = (campaignId: number, orderId: number) => `campaign-${campaignId}-order-${orderId}`;

/**
 * Refunds a paid campaign order in full (one refund per order: the key is deterministic, so a second call is the same
 * refund) and puts its units back in the store's stock: the goods are never handed over.
 */
async function refundCampaignOrder(q: Queryable, campaignId: number, orderId: number, reason: string) {
  await requestRefund(q, { orderID: String(orderId), reason, key: refundKey(campaignId, orderId), restock: true });
}

/**
 * The campaigns' part of an order's settlement (orders/subscribers.ts), with the order locked and its attempt PAID.
 * For a campaign order: when the campaign is still open, the payment joins it (the campaign cart is emptied, and the
 * campaign succeeds once the target is reached); otherwise the payment is refunded in full at once.
 */
export async function campaignOrderPaid(q: Queryable, orderId: number): Promise<void> {
  const co = (await q.query('SELECT campaign_id FROM campaign_orders WHERE order_id = $1', [orderId])).rows[0];
  if (!co) return;
  const c = (await q.query('SELECT * FROM campaigns WHERE id = $1 FOR UPDATE', [co.campaign_id])).rows[0];
  const status = statusOf(c, await dbNow(q));
  if (!isJoinable(status)) {
    await refundCampaignOrder(q, c.id, orderId, `Group-buy campaign ${c.id} was no longer open when the payment arrived`);
    return;
  }
  const carts = await q.query('SELECT id FROM campaign_carts WHERE reserved_order_id = $1', [orderId]);
  for (const cart of carts.rows) {
    await q.query('DELETE FROM campaign_cart_lines WHERE cart_id = $1', [cart.id]);
    await q.query('UPDATE campaign_carts SET reserved_order_id = NULL, reserved_fingerprint = NULL, updated_at = now() WHERE id = $1', [cart.id]);
  }
  const participants = await paidParticipants(q, c.id);
  if (participants >= c.target) await recordSettlement(q, c.id, 'SUCCEEDED', participants, 0, 'payment');
}

async function recordSettlement(q: Queryable, id: number, outcome: 'SUCCEEDED' | 'FAILED', participants: number, refunds: number, by: string) {
  await q.query(`UPDATE campaigns SET status = $2, settled_at = clock_timestamp() WHERE id = $1 AND status = 'OPEN'`, [id, outcome]);
  await q.query(
    `INSERT INTO campaign_settlements (campaign_id, outcome, participants, refunds, settled_by) VALUES ($1, $2, $3, $4, $5)`,
    [id, outcome, participants, refunds, by],
  );
}

/** What the settling caller records with the settlement, in its transaction (the activity list's line). */
export type SettledHook = (q: Queryable, s: Settlement) => Promise<void>;

export interface Settlement {
  campaignId: number;
  outcome: 'SUCCEEDED' | 'FAILED';
  participants: number;
  refunds: number;
}

/**
 * Settles one campaign whose end has passed, if nobody has: SUCCEEDED when the target was reached, else FAILED with one
 * refund per paid order. Answers null when it was not due or already settled (by this or another process).
 */
export async function settleCampaign(db: Db, id: number, by: string, within?: SettledHook): Promise<Settlement | null> {
  const settled = async (q: Queryable, s: Settlement) => {
    await within?.(q, s);
    return s;
  };
  return db.tx(async (q) => {
    if (db.kind === 'postgres') {
      const { rows } = await q.query('SELECT pg_try_advisory_xact_lock(7311100, $1) AS ok', [id]);
      if (!rows[0].ok) return null;
    }
    await q.query(
      `SELECT o.id FROM orders o JOIN campaign_orders co ON co.order_id = o.id WHERE co.campaign_id = $1 ORDER BY o.id FOR UPDATE OF o`, [id]);
    const c = (await q.query('SELECT * FROM campaigns WHERE id = $1 FOR UPDATE', [id])).rows[0];
    if (!c || c.status !== 'OPEN' || statusOf(c, await dbNow(q)) !== 'CLOSING') return null;
    const participants = await paidParticipants(q, id);
    if (participants >= c.target) {
      await recordSettlement(q, id, 'SUCCEEDED', participants, 0, by);
      return settled(q, { campaignId: id, outcome: 'SUCCEEDED', participants, refunds: 0 });
    }
    const paid = await q.query(
      `SELECT o.id FROM campaign_orders co JOIN orders o ON o.id = co.order_id WHERE co.campaign_id = $1 AND ${PAID} ORDER BY o.id`, [id]);
    for (const o of paid.rows) await refundCampaignOrder(q, id, o.id, `Group-buy campaign ${id} did not reach its target`);
    await recordSettlement(q, id, 'FAILED', participants, paid.rows.length, by);
    const s = await settled(q, { campaignId: id, outcome: 'FAILED', participants, refunds: paid.rows.length });
    bumpCatalog();
    return s;
  });
}

/** Settles every campaign whose end has passed (the sweeper; also run at start so a restart misses none). */
export async function sweepCampaigns(db: Db, by: string): Promise<Settlement[]> {
  const { rows } = await db.query(`SELECT id FROM campaigns WHERE status = 'OPEN' AND ends_at <= clock_timestamp() ORDER BY ends_at, id`);
  const out: Settlement[] = [];
  for (const r of rows) {
    const s = await settleCampaign(db, r.id, by);
    if (s) out.push(s);
  }
  return out;
}

/** Ends an open campaign now (operator: the CLI, the back office) and settles it; `within` runs in the settling transaction. */
export async function endCampaign(db: Db, id: number, by: string, within?: SettledHook): Promise<Settlement | null> {
  const { rows } = await db.query(
    `UPDATE campaigns SET ends_at = GREATEST(starts_at + interval '1 millisecond', LEAST(ends_at, clock_timestamp()))
     WHERE id = $1 AND status = 'OPEN' RETURNING id`, [id]);
  if (!rows.length) {
    const exists = await db.query('SELECT status FROM campaigns WHERE id = $1', [id]);
    if (!exists.rows[0]) throw notFound(`Campaign ${id} not found`);
    throw conflict(`Campaign ${id} is already ${String(exists.rows[0].status).toLowerCase()}`);
  }
  return settleCampaign(db, id, by, within);
}

const mask = (first: string, last: string) => {
  const name = `${first ?? ''}${last ? ` ${last}` : ''}`.trim();
  const chars = [...name];
  if (!chars.length) return '***';
  return `${chars[0]}**${chars.length > 2 ? chars[chars.length - 1] : ''}`;
};

/** The public participant list of a campaign: paid orders, names masked. */
export async function campaignParticipants(q: Queryable, campaignId: number): Promise<{ campaignId: string; participants: CampaignParticipant[]; serverTime: string }> {
  const { serverTime } = await getCampaign(q, campaignId);
  const { rows } = await q.query(
    `SELECT u.first_name, u.last_name, min(o.settled_at) AS joined_at, bool_or(co.inviter_user_id IS NOT NULL) AS invited
     FROM campaign_orders co JOIN orders o ON o.id = co.order_id JOIN users u ON u.id = o.user_id
     WHERE co.campaign_id = $1 AND (${PAID} OR (o.status IN ('REFUND_PENDING', 'REFUNDED')))
       AND o.settled_at IS NOT NULL
     GROUP BY u.id, u.first_name, u.last_name ORDER BY min(o.settled_at) DESC LIMIT 200`,
    [campaignId],
  );
  return {
    campaignId: String(campaignId),
    participants: rows.map((r: any) => ({ name: mask(r.first_name, r.last_name), joinedAt: iso(r.joined_at), invited: !!r.invited })),
    serverTime,
  };
}

/** The campaign part of an order view (undefined for a normal order). */
export async function orderCampaignOf(q: Queryable, orderId: number): Promise<OrderCampaign | undefined> {
  const { rows } = await q.query(`${CAMPAIGN_SQL} WHERE c.id = (SELECT campaign_id FROM campaign_orders WHERE order_id = $1)`, [orderId]);
  if (!rows[0]) return undefined;
  const c = campaignView(rows[0], await dbNow(q));
  return { id: c.id, nameContent: c.nameContent, status: c.status, participants: c.participants, target: c.target, endsAt: c.endsAt };
}

export interface NewCampaign {
  name: { en: string; zh: string };
  description: { en: string; zh: string };
  cover?: string | null;
  target: number;
  localStoreId: string;
  startsAt: Date;
  endsAt: Date;
  items: { productId: number; optionPair?: string; campaignPrice: number; stock: number; limitPerShopper: number }[];
}

/**
 * When a new campaign runs (the CLI's --starts, --ends, --hours; the back office's form): from `startsAt` (now when
 * not given) to `endsAt`, else to `hours` after the start. Null when it has neither an end nor a positive number of hours.
 */
export function campaignWindow(w: { startsAt?: Date | null; endsAt?: Date | null; hours?: number | null }, now: Date): { startsAt: Date; endsAt: Date } | null {
  const startsAt = w.startsAt ?? now;
  if (w.endsAt) return { startsAt, endsAt: w.endsAt };
  if (typeof w.hours === 'number' && Number.isFinite(w.hours) && w.hours > 0) return { startsAt, endsAt: new Date(startsAt.getTime() + w.hours * 3600_000) };
  return null;
}

/** The largest target, price, stock or limit a campaign takes (the database's integers hold it). */
const MAX_COUNT = 1_000_000_000;

/**
 * Every problem of a new campaign, each as `field: why` (the field as NewCampaign names it: `name.zh`, `endsAt`,
 * `items[1].stock`), in one list (empty: fine). Checks what the database cannot, and what it would refuse with an error.
 */
export async function campaignProblems(q: Queryable, c: NewCampaign): Promise<string[]> {
  const problems: string[] = [];
  for (const lang of ['en', 'zh'] as const) if (!c.name[lang].trim()) problems.push(`name.${lang}: a campaign needs a name in English and in Chinese`);
  if (!Number.isInteger(c.target) || c.target < 1 || c.target > MAX_COUNT) problems.push(`target: a whole number from 1 to ${MAX_COUNT}`);
  if (Number.isNaN(c.startsAt.getTime())) problems.push('startsAt: not a date and time');
  if (Number.isNaN(c.endsAt.getTime())) problems.push('endsAt: not a date and time');
  else if (!(c.endsAt > c.startsAt)) problems.push('endsAt: the end must come after the start');
  if (c.cover != null && c.cover !== '' && !safeImageSrc(c.cover)) problems.push('cover: an https URL or an image name like tea-group.png');
  if (!c.items.length) problems.push('items: a campaign needs at least one item');
  const seen = new Set<string>();
  for (const [n, i] of c.items.entries()) {
    if (!Number.isInteger(i.campaignPrice) || i.campaignPrice < 0 || i.campaignPrice > MAX_COUNT) problems.push(`items[${n}].campaignPrice: whole minor units, 0 to ${MAX_COUNT}`);
    if (!Number.isInteger(i.stock) || i.stock < 0 || i.stock > MAX_COUNT) problems.push(`items[${n}].stock: a whole number, 0 to ${MAX_COUNT}`);
    if (!Number.isInteger(i.limitPerShopper) || i.limitPerShopper < 1 || i.limitPerShopper > MAX_COUNT) problems.push(`items[${n}].limitPerShopper: a whole number, 1 to ${MAX_COUNT}`);
    const key = `${i.productId}@${i.optionPair ?? ''}`;
    if (seen.has(key)) problems.push(`items[${n}].productId: product ${i.productId}${i.optionPair ? ` (${i.optionPair})` : ''} is listed twice`);
    seen.add(key);
  }
  const store = await q.query('SELECT 1 FROM store_locations WHERE id = $1', [c.localStoreId]);
  if (!store.rows.length) problems.push(`localStoreId: unknown store '${c.localStoreId.slice(0, 40)}'`);
  for (const [n, i] of c.items.entries()) {
    const v = Number.isInteger(i.productId) && i.productId > 0 && i.productId < 2 ** 31
      ? await q.query('SELECT 1 FROM variants WHERE product_id = $1 AND option_pair = $2', [i.productId, i.optionPair ?? '']) : { rows: [] };
    if (!v.rows.length) problems.push(`items[${n}].productId: product ${i.productId}${i.optionPair ? ` (${i.optionPair})` : ''} does not exist`);
  }
  return problems;
}

/** Creates a campaign with its items (operator CLI, back office and seed); 400 with every problem (campaignProblems). */
export async function createCampaign(q: Queryable, c: NewCampaign): Promise<number> {
  const problems = await campaignProblems(q, c);
  if (problems.length) throw badRequest(problems);
  const { rows } = await q.query(
    `INSERT INTO campaigns (name_en, name_zh, desc_en, desc_zh, cover, target, local_store_id, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [c.name.en.trim(), c.name.zh.trim(), c.description.en, c.description.zh, c.cover || null, c.target, c.localStoreId, c.startsAt, c.endsAt],
  );
  const id = rows[0].id as number;
  for (const [n, i] of c.items.entries()) {
    await q.query(
      `INSERT INTO campaign_items (campaign_id, product_id, option_pair, campaign_price, stock, per_shopper_limit, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, i.productId, i.optionPair ?? '', i.campaignPrice, i.stock, i.limitPerShopper, n],
    );
  }
  return id;
}
