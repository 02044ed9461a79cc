/**
 * The day's orders for the store's operator (npm run orders -- today / picklist): settled orders due on a day of the
 * store's time zone, by store and method, and what to take off the shelves for those still to prepare.
 * An order is due on the date part of its pickup or delivery time; one without a time (eat-in) on the day it was settled.
 */
import type { Queryable } from '../db/index.ts';
import { optionLabels } from '../lib/options.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { localNow } from './slots.ts';
import { getSetting, type CheckoutRules } from './settings.ts';

export interface DayQuery {
  /** YYYY-MM-DD in the store's time zone; default today. */
  date?: string;
  /** A store location id (TOR-DT); orders without a store (delivery) are listed when none is named. */
  store?: string;
}

export interface DayOrder {
  orderID: string;
  store: string | null;
  method: string;
  due: string | null;
  status: string;
  paymentStatus: string;
  customer: string;
  items: number;
  total: number;
  currency: string;
}

export interface PickLine {
  store: string | null;
  productId: string;
  name: string;
  /** The chosen options in English, 'Size: Large' style values joined; '' without options. */
  options: string;
  quantity: number;
  orderIDs: string[];
}

async function storeTimeZone(q: Queryable): Promise<string> {
  const rules = await getSetting<CheckoutRules | null>(q, 'checkout');
  if (!rules) throw conflict('The store has no checkout settings yet (start the server once to set the store up)');
  return rules.timeZone;
}

/** The day asked for, checked, or today in the store's time zone. */
export async function dayOf(q: Queryable, date: string | undefined): Promise<string> {
  if (date === undefined) return localNow(await storeTimeZone(q)).date;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw badRequest(`--date must be a day as YYYY-MM-DD, not '${date.slice(0, 20)}'`);
  return date;
}

/** Orders due on `day` ($1; store time zone $2), settled (not reserved) and shown to their shopper. */
const DUE = `o.status <> 'INTERIM' AND NOT o.hidden AND (
  left(COALESCE(o.pickup_date_time, o.delivery_date_time), 10) = $1
  OR (o.pickup_date_time IS NULL AND o.delivery_date_time IS NULL
      AND o.settled_at >= ($1::date::timestamp AT TIME ZONE $2) AND o.settled_at < (($1::date + 1)::timestamp AT TIME ZONE $2)))`;

async function dueFilter(q: Queryable, query: DayQuery) {
  const day = await dayOf(q, query.date);
  return { day, params: [day, await storeTimeZone(q), query.store ?? null] };
}

/** The day's orders by store, method and due time. */
export async function dayOrders(q: Queryable, query: DayQuery & { method?: string }): Promise<{ day: string; orders: DayOrder[] }> {
  const { day, params } = await dueFilter(q, query);
  const { rows } = await q.query(
    `SELECT o.*, (SELECT COALESCE(sum(quantity), 0)::int FROM order_lines WHERE order_id = o.id) AS items FROM orders o
      WHERE ${DUE} AND ($3::text IS NULL OR o.local_store_id = $3) AND ($4::text IS NULL OR o.method = $4)
      ORDER BY o.local_store_id NULLS LAST, o.method, COALESCE(o.pickup_date_time, o.delivery_date_time, to_char(o.settled_at AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI')), o.id`,
    [...params, query.method ?? null],
  );
  return {
    day,
    orders: rows.map((o: any) => ({
      orderID: String(o.id),
      store: o.local_store_id ?? null,
      method: o.method,
      due: o.pickup_date_time ?? o.delivery_date_time ?? null,
      status: o.status,
      paymentStatus: o.payment_status,
      customer: o.contact ? `${o.contact.firstName} ${o.contact.lastName}`.trim() : '',
      items: o.items,
      total: o.total,
      currency: o.currency,
    })),
  };
}

/**
 * What to prepare: the lines of the day's orders still NEW (settled, not yet ready or sent), summed per store, product
 * and option choice. Membership plans are not goods and are left out.
 */
export async function pickList(q: Queryable, query: DayQuery): Promise<{ day: string; lines: PickLine[] }> {
  const { day, params } = await dueFilter(q, query);
  const { rows } = await q.query(
    `SELECT o.local_store_id AS store, l.product_id, min(l.name_en) AS name, l.option_pair, min(p.options::text) AS options,
            sum(l.quantity)::int AS quantity, array_agg(DISTINCT o.id ORDER BY o.id) AS order_ids
       FROM orders o JOIN order_lines l ON l.order_id = o.id LEFT JOIN products p ON p.id = l.product_id
      WHERE ${DUE} AND o.status = 'NEW' AND ($3::text IS NULL OR o.local_store_id = $3)
        AND NOT EXISTS (SELECT 1 FROM membership_plans m WHERE m.product_id = l.product_id)
      GROUP BY o.local_store_id, l.product_id, l.option_pair
      ORDER BY o.local_store_id NULLS LAST, min(l.name_en), l.option_pair`,
    params,
  );
  return {
    day,
    lines: rows.map((r: any) => ({
      store: r.store ?? null,
      productId: String(r.product_id),
      name: r.name,
      options: optionLabels(r.option_pair, r.options ? JSON.parse(r.options) : []).map((l) => l.en).join(', '),
      quantity: r.quantity,
      orderIDs: r.order_ids.map(String),
    })),
  };
}
