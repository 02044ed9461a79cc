/**
 * "E-mail me when it's back" (walkthrough 2.3): shoppers subscribe to a sold-out product, or one sold-out option pair of
 * it, with an e-mail; when it is in stock again each waiting subscriber gets one mail in the language they subscribed in.
 *
 * Stock rises in several places (a cancelled or expired reservation, an operator's cancel or refund, a campaign that
 * fails, an operator's `npm run stock -- set`, or SQL typed by hand), so nothing is hooked into them: the restock worker
 * looks every RESTOCK_POLL_MS for waiting subscriptions whose product (pair) has stock, and in one transaction locks
 * them (FOR UPDATE SKIP LOCKED), queues their mail and marks them notified. The mail and the mark commit together, so a
 * second process, or a crash and restart, never writes twice and never loses one; the mail queue then delivers it.
 */
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { normalizeOptionPair, optionLabels } from '../lib/options.ts';
import { PollingWorker } from '../lib/pollingWorker.ts';
import type { Session } from '../lib/session.ts';
import { takeAttempts, tooMany, type LimitRule } from '../identity/rateLimit.ts';
import { queueRestockMail } from '../mail/mails.ts';
import type { RestockAlert, RestockAlertBody, RestockCancelled } from '../../../contract/restock.ts';
import { productUrl } from '../../../shared/routes.ts';
import { getProduct, parseProductId, stockOf } from './catalog.ts';
import { bumpCatalog } from './catalogCache.ts';
import { EMAIL_RE } from './validate.ts';

/** Subscriptions one address may ask for (every request counts, repeats and misses too): a shopper needs a few. */
export const RESTOCK_RULE: LimitRule = { max: 10, windowMs: 15 * 60_000 };

export interface Requester {
  session: Session | null;
  ip: string;
  /** The shop's address the mail links to (PUBLIC_URL, else the origin the request came to). */
  origin: string;
}

/** Every subscription and cancellation from an address counts against RESTOCK_RULE. */
async function countRequest(db: Db, ip: string) {
  const wait = await takeAttempts(db, [[`restock:${ip}`, RESTOCK_RULE]]);
  if (wait > 0) throw tooMany(wait, 'back-in-stock requests');
}

/**
 * Subscribes (or finds the same waiting subscription). The cancel token goes only to who made the subscription (its
 * session, or its account): anyone can type anyone's address, and a repeat from someone else must not hand them the
 * way to cancel it, nor change its language or account (security probe L1). They are told it is subscribed, no more.
 */
export async function subscribeRestock(db: Db, who: Requester, body: RestockAlertBody): Promise<RestockAlert> {
  await countRequest(db, who.ip);
  const user = who.session?.user ?? null;
  const email = (body.email?.trim() || user?.email || '').toLowerCase();
  if (!email) throw badRequest('Give the e-mail address to write to');
  if (!EMAIL_RE.test(email)) throw badRequest('E-mail address is not valid');
  const productId = parseProductId(body.productId);
  const product = await getProduct(db, productId);
  const pair = normalizeOptionPair(body.optionPair, product.options, { allowEmpty: true });
  const inStock = pair ? (await stockOf(db, productId, pair)) > 0 : !product.soldOut;
  if (inStock) throw new ApiError(409, pair ? 'This choice is in stock: add it to your cart' : 'This product is in stock: add it to your cart');
  const locale = body.locale ?? who.session?.locale ?? 'en';
  // One statement: concurrent repeats meet in the unique index and all answer the one waiting row.
  const owner = 'COALESCE(restock_alerts.session_id = EXCLUDED.session_id OR restock_alerts.user_id = EXCLUDED.user_id, false)';
  const { rows: [row] } = await db.query(
    `INSERT INTO restock_alerts (product_id, option_pair, email, locale, user_id, shop_origin, ip, session_id) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
     ON CONFLICT (product_id, option_pair, email) WHERE notified_at IS NULL
     DO UPDATE SET locale = CASE WHEN ${owner} THEN EXCLUDED.locale ELSE restock_alerts.locale END
     RETURNING cancel_token, locale, COALESCE(session_id = $8 OR user_id = $5, false) AS mine`,
    [productId, pair, email, locale, user?.id ?? null, who.origin, who.ip, who.session?.id ?? null],
  );
  return { productId: String(productId), optionPair: pair, email, locale: row.locale, ...(row.mine ? { cancelToken: row.cancel_token } : {}) };
}

/**
 * Cancels the waiting subscription of `cancelToken` (counted against the address's limit like a subscription): 404
 * when there is none, 409 when its mail has gone already.
 */
export async function cancelRestock(db: Db, ip: string, cancelToken: string): Promise<RestockCancelled> {
  await countRequest(db, ip);
  const { rows: [gone] } = await db.query(
    'DELETE FROM restock_alerts WHERE cancel_token = $1 AND notified_at IS NULL RETURNING product_id, option_pair, email, locale', [cancelToken]);
  if (gone) return { productId: String(gone.product_id), optionPair: gone.option_pair, email: gone.email, locale: gone.locale };
  const { rows: [sent] } = await db.query('SELECT 1 FROM restock_alerts WHERE cancel_token = $1', [cancelToken]);
  if (sent) throw new ApiError(409, 'It is back in stock and the e-mail has gone already');
  throw notFound('No back-in-stock alert is waiting under this link');
}

/** Waiting subscriptions whose product (any pair, or their own pair) has stock again, oldest first. */
const DUE_SQL = `SELECT a.id FROM restock_alerts a
  WHERE a.notified_at IS NULL
    AND EXISTS (SELECT 1 FROM products p WHERE p.id = a.product_id AND p.record_status = 'ACTIVE')
    AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = a.product_id AND v.stock > 0
                  AND (a.option_pair = '' OR v.option_pair = a.option_pair))
  ORDER BY a.id LIMIT $1 FOR UPDATE OF a SKIP LOCKED`;

/**
 * Queues the mail of up to `limit` due subscriptions and marks them notified, in one transaction; answers how many.
 * Rows another process holds are skipped (it is writing them).
 */
export async function notifyRestocked(db: Db, limit = 50): Promise<number> {
  return db.tx(async (q) => {
    const { rows } = await q.query(DUE_SQL, [limit]);
    for (const { id } of rows) await notifyOne(q, id);
    return rows.length;
  });
}

async function notifyOne(q: Queryable, id: number) {
  const a = (await q.query('SELECT * FROM restock_alerts WHERE id = $1', [id])).rows[0];
  const product = await getProduct(q, a.product_id);
  const labels = optionLabels(a.option_pair, product.options);
  const mailId = await queueRestockMail(q, {
    email: a.email,
    locale: a.locale,
    productName: product.nameContent,
    choice: labels.length ? { en: labels.map((l) => l.en).join(' / '), zh: labels.map((l) => l.zh).join(' / ') } : null,
    link: `${a.shop_origin}${productUrl(String(a.product_id), a.option_pair)}`,
  });
  await q.query('UPDATE restock_alerts SET notified_at = now(), mail_id = $2 WHERE id = $1', [id, mailId]);
}

export interface WaitingAlert {
  productId: number;
  optionPair: string;
  waiting: number;
}

/** How many shoppers wait for each product (pair), the most wanted first (operator CLI). */
export async function waitingAlerts(q: Queryable): Promise<WaitingAlert[]> {
  const { rows } = await q.query(
    `SELECT product_id, option_pair, count(*)::int AS waiting FROM restock_alerts WHERE notified_at IS NULL
      GROUP BY product_id, option_pair ORDER BY waiting DESC, product_id, option_pair`);
  return rows.map((r: any) => ({ productId: r.product_id, optionPair: r.option_pair, waiting: r.waiting }));
}

/** Looks for restocked products every `pollMs`; the mail worker is woken when mail was queued. */
export class RestockWorker extends PollingWorker {
  private readonly by = `${os.hostname()}:${process.pid}`;

  constructor(private app: FastifyInstance, pollMs: number) {
    super(pollMs);
  }

  protected async round() {
    try {
      let total = 0;
      for (let n = -1; n !== 0 && !this.stopped;) total += n = await notifyRestocked(this.app.db);
      if (total) {
        this.app.log.info({ by: this.by, mails: total }, `back in stock: ${total} alert mail(s) queued`);
        void this.app.mailWorker.tick();
      }
    } catch (e) {
      this.app.log.error(e, 'restock alerts: queuing mail failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    restockWorker: RestockWorker;
  }
}

export function startRestockWorker(app: FastifyInstance) {
  const worker = new RestockWorker(app, app.config.restockPollMs);
  app.decorate('restockWorker', worker);
  // Before the database closes: no new round, and the one under way finishes.
  app.addHook('preClose', () => worker.stop());
  worker.start();
}

/**
 * Sets the stock of one product's option pair ('' for a product without options) to `stock` (operator CLI); answers the
 * stock before. The restock worker then writes to whoever waits for it. 404 unknown product, 400 unknown pair.
 */
export async function setStock(db: Db, productId: number, optionPair: string | undefined, stock: number): Promise<{ optionPair: string; before: number }> {
  return db.tx((q) => setStockIn(q, productId, optionPair, stock));
}

/** setStock in the caller's transaction (the back office records who did it in the same one). */
export async function setStockIn(q: Queryable, productId: number, optionPair: string | undefined, stock: number): Promise<{ optionPair: string; before: number }> {
  if (!Number.isInteger(stock) || stock < 0 || stock > 1_000_000) throw badRequest('Stock must be a whole number from 0 to 1000000');
  const product = await getProduct(q, productId);
  const pair = normalizeOptionPair(optionPair, product.options);
  // The stock before, read (and locked) first: a CTE read in the upsert's RETURNING ran after the update and found
  // the row already changed by this statement, so it answered nothing (0) whenever the row existed.
  const { rows } = await q.query('SELECT stock FROM variants WHERE product_id = $1 AND option_pair = $2 FOR UPDATE', [productId, pair]);
  await q.query(
    `INSERT INTO variants (product_id, option_pair, stock) VALUES ($1, $2, $3)
     ON CONFLICT (product_id, option_pair) DO UPDATE SET stock = EXCLUDED.stock`,
    [productId, pair, stock],
  );
  bumpCatalog();
  return { optionPair: pair, before: rows[0]?.stock ?? 0 };
}
