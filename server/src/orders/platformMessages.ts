/**
 * Order messages on the mini-program platforms (issue 41 item 4): a shopper of the WeChat mini-program without an
 * e-mail hears of the order through WeChat's subscription messages ("订阅消息"), from the same lifecycle events as the
 * mail (PLATFORM_MESSAGE_SUBSCRIBER of orders/subscribers.ts): settled → confirmed, moved to READY_FOR_PICKUP /
 * OUT_FOR_DELIVERY → readyForPickup / outForDelivery, refunded → refunded. Mail stays for those with an e-mail.
 *
 * - Which template, and what goes in each of its fields, is the shop's setting (shop file `platformMessages.wechat`,
 *   shop/schema.ts): an event without a template sends nothing.
 * - To whom: the openid the shopper paid with in the mini-program (payment_attempts.payer_openid), else the openid of
 *   their WeChat sign-in (identities.open_id). Nobody with neither is sent anything.
 * - The message is queued in the event's transaction (platform_messages, migration 521) and sent by PlatformMessageWorker,
 *   so a refusal or a failure never stops or undoes the order's move. Sent with `POST /cgi-bin/message/subscribe/send`
 *   (https://developers.weixin.qq.com/miniprogram/dev/OpenApiDoc/mp-message-management/subscribe-message/sendMessage.html):
 *   { touser, template_id, page, data: { key: { value } }, miniprogram_state, lang }. errcode 43101 ("用户拒绝接受消息,
 *   如果用户之前曾经订阅过,则表示用户取消了订阅关系": the shopper did not accept at checkout, or has used the one send
 *   an acceptance allows) is REFUSED and never retried; 40003 (openid), 40037 (template id), 47003 (a field's value),
 *   41030 (page) are the store's mistakes, FAILED at once and logged; anything else (WeChat busy, the network) is
 *   retried with a doubling delay up to MAX_TRIES.
 * - Field values follow the page's limits ("thing" at most 20 characters, "character_string" 32, "phrase" 5, "time"
 *   a date and time): each value is cut to fit its key's kind.
 * Alipay: its mini-program subscription (my.requestSubscribeMessage) is sent with alipay.open.app.mini.templatemessage.send,
 * documented only on pages this project could not read in full here; not built (server/README.md says so).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/index.ts';
import { formatMoney } from '../lib/money.ts';
import { claimDue, PollingWorker, retryDelayMs, type DueRows } from '../lib/pollingWorker.ts';
import { getSetting } from '../services/settings.ts';
import { WeChatError, weChatCall, withWeChatAccessToken, type WeChatApp } from '../identity/wechat.ts';
import { toPagePath } from '../../../shared/routes.ts';
import type { OrderRefund, OrderRow } from './lifecycle.ts';
import { orderLog } from './orderLog.ts';

export type PlatformMessageEvent = 'confirmed' | 'readyForPickup' | 'outForDelivery' | 'refunded';
type ValueName = 'orderId' | 'status' | 'storeName' | 'pickupAt' | 'when' | 'total' | 'refundAmount' | 'note';
interface Template { templateId: string; data: Record<string, ValueName> }
interface Settings { wechat?: Partial<Record<PlatformMessageEvent, Template>> }

/** WeChat errcodes of sendMessage that are final: the shopper's refusal, and the store's own mistakes. */
export const REFUSED = 43101;
const STORE_MISTAKES = new Set([40003, 40037, 47003, 41030]);
const MAX_TRIES = 6;
const LEASE_SECONDS = 60;

/** The limits of sendMessage's value kinds (the page's 参数值内容限制), by the key's name without its number. */
const KIND_LIMIT: Record<string, number> = { thing: 20, character_string: 32, letter: 32, symbol: 5, phrase: 5, name: 10, number: 32, amount: 32, car_number: 8, phone_number: 17 };

export function fitValue(key: string, value: string): string {
  const kind = key.replace(/\d+$/, '');
  const limit = KIND_LIMIT[kind];
  if (kind === 'time' || kind === 'date') return value.slice(0, 19);
  if (kind === 'amount') return value.replace(/[^0-9.,¥$€£A-Z]/g, '').slice(0, 32);
  return limit ? [...value].slice(0, limit).join('') : value;
}

const STATUS_WORDS: Record<PlatformMessageEvent, { en: string; zh: string }> = {
  confirmed: { en: 'Confirmed', zh: '已确认' },
  readyForPickup: { en: 'Ready', zh: '待取货' },
  outForDelivery: { en: 'On the way', zh: '配送中' },
  refunded: { en: 'Refunded', zh: '已退款' },
};
const NOTES: Record<PlatformMessageEvent, { en: string; zh: string }> = {
  confirmed: { en: 'We have your order', zh: '我们已收到您的订单' },
  readyForPickup: { en: 'Ready at the store', zh: '订单已备好，请到店取货' },
  outForDelivery: { en: 'On its way to you', zh: '订单正在配送中' },
  refunded: { en: 'Your refund is on its way', zh: '退款已发起，请留意到账' },
};

/** Which event a fulfilment move is, if any. */
export function eventOfMove(status: string): PlatformMessageEvent | null {
  return status === 'READY_FOR_PICKUP' ? 'readyForPickup' : status === 'OUT_FOR_DELIVERY' ? 'outForDelivery' : null;
}

/** The shopper's openid of the mini-program: the one they paid with there, else their WeChat sign-in's. */
async function openIdOf(q: Queryable, order: OrderRow): Promise<string | null> {
  const paid = await q.query(
    `SELECT payer_openid FROM payment_attempts WHERE order_id = $1 AND channel = 'WECHAT_MINI_PROGRAM' AND payer_openid IS NOT NULL
      ORDER BY created_at DESC LIMIT 1`, [order.id]);
  if (paid.rows[0]) return paid.rows[0].payer_openid;
  if (order.user_id == null) return null;
  const id = await q.query(`SELECT open_id FROM identities WHERE user_id = $1 AND provider = 'wechat'`, [order.user_id]);
  return id.rows[0]?.open_id ?? null;
}

/**
 * The lifecycle's subscriber: queues the event's message when the shop has a template for it and the shopper an openid.
 * Never throws for want of either; runs in the event's transaction.
 */
export async function queuePlatformMessage(q: Queryable, order: OrderRow, event: PlatformMessageEvent, refund?: OrderRefund): Promise<boolean> {
  const template = (await getSetting<Settings | null>(q, 'platformMessages'))?.wechat?.[event];
  if (!template) return false;
  const touser = await openIdOf(q, order);
  if (!touser) return false;
  const o = (await q.query(
    `SELECT o.*, s.locale, l.name_en AS store_en, l.name_zh AS store_zh FROM orders o LEFT JOIN sessions s ON s.id = o.session_id
       LEFT JOIN store_locations l ON l.id = o.local_store_id WHERE o.id = $1`, [order.id])).rows[0];
  const zh = o.locale !== 'en';
  const info = await getSetting<any>(q, 'storeInfo');
  const storeName = info?.storeNameContent?.[zh ? 'zh' : 'en'] || info?.storeName || '';
  const values: Record<ValueName, string> = {
    orderId: String(o.id),
    status: STATUS_WORDS[event][zh ? 'zh' : 'en'],
    storeName,
    pickupAt: (zh ? o.store_zh : o.store_en) || o.store_en || o.local_store_name || storeName,
    when: String(o.pickup_date_time ?? o.delivery_date_time ?? new Date().toISOString().slice(0, 16).replace('T', ' ')),
    total: formatMoney(o.total, o.currency),
    refundAmount: formatMoney(refund?.amount ?? o.refunded ?? 0, o.currency),
    note: NOTES[event][zh ? 'zh' : 'en'],
  };
  const data = Object.fromEntries(Object.entries(template.data).map(([key, name]) => [key, { value: fitValue(key, values[name]) }]));
  await q.query(
    `INSERT INTO platform_messages (order_id, platform, event, touser, template_id, page, data, lang) VALUES ($1, 'wechat', $2, $3, $4, $5, $6, $7)`,
    [order.id, event, touser, template.templateId, toPagePath(`/user/orders/${order.id}`).replace(/^\//, ''), JSON.stringify(data), zh ? 'zh_CN' : 'en_US']);
  return true;
}

const ROWS: DueRows = { table: 'platform_messages', waiting: `status = 'PENDING'`, due: 'next_attempt_at', tries: 'tries' };

export interface PlatformMessageOptions {
  pollMs: number;
  retryBaseMs: number;
  log: FastifyBaseLogger;
  /** sendMessage's miniprogram_state: formal (the default), trial or developer (WECHAT_MESSAGE_STATE). */
  state?: 'formal' | 'trial' | 'developer';
}

/** Sends what the subscriber queued; shared safely by several instances (claimDue). */
export class PlatformMessageWorker extends PollingWorker {
  constructor(private db: Db, private app: (WeChatApp & { baseUrl: string }) | undefined, private opts: PlatformMessageOptions) {
    super(opts.pollMs);
  }

  protected async round() {
    try {
      while (!this.stopped) {
        const due = await claimDue(this.db, ROWS, 20, LEASE_SECONDS);
        for (const row of due) await this.send(row);
        if (due.length < 20) return;
      }
    } catch (e) {
      this.opts.log.error({ err: e }, 'platform messages: claiming failed');
    }
  }

  private async finish(row: any, status: 'SENT' | 'REFUSED' | 'FAILED', error: string | null) {
    await this.db.query(`UPDATE platform_messages SET status = $2, done_at = now(), last_error = $3 WHERE id = $1`, [row.id, status, error]);
  }

  private async send(row: any) {
    const app = this.app;
    if (!app) {
      await this.finish(row, 'FAILED', 'no WeChat mini-program configured (WECHAT_MINI_PROGRAM_APPID / _SECRET)');
      return;
    }
    try {
      await withWeChatAccessToken(this.db, app.baseUrl, app, (token) => weChatCall(app.baseUrl, '/cgi-bin/message/subscribe/send', {
        query: { access_token: token },
        body: { touser: row.touser, template_id: row.template_id, page: row.page, data: row.data, miniprogram_state: this.opts.state ?? 'formal', lang: row.lang },
      }));
      await this.finish(row, 'SENT', null);
    } catch (e: any) {
      const message = String(e?.message ?? e).slice(0, 500);
      if (e instanceof WeChatError && e.errcode === REFUSED) {
        await this.finish(row, 'REFUSED', message);
        orderLog(this.opts.log, { orderId: row.order_id }).info({ event: row.event }, 'platform message: the shopper has not accepted it (43101); nothing sent');
      } else if ((e instanceof WeChatError && STORE_MISTAKES.has(e.errcode)) || row.tries >= MAX_TRIES) {
        await this.finish(row, 'FAILED', message);
        orderLog(this.opts.log, { orderId: row.order_id }).error({ event: row.event, err: message }, 'platform message refused for good');
      } else {
        await this.db.query(`UPDATE platform_messages SET next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1`,
          [row.id, retryDelayMs(this.opts.retryBaseMs, row.tries) / 1000, message]);
        orderLog(this.opts.log, { orderId: row.order_id }).warn({ event: row.event, err: message }, 'platform message not sent; will retry');
      }
    }
  }
}

/**
 * app.ts: the worker of this server when a WeChat mini-program is configured (its app from the identity router),
 * stopped before the database closes; without one nothing is sent (what was queued waits for a start with it).
 */
export function startPlatformMessages(app: import('fastify').FastifyInstance): PlatformMessageWorker | null {
  const state = process.env.WECHAT_MESSAGE_STATE;
  if (!app.identityProvider.weChatMiniProgram) return null;
  const worker = new PlatformMessageWorker(app.db, app.identityProvider.weChatMiniProgram, {
    pollMs: app.config.mailPollMs, retryBaseMs: app.config.mailRetryBaseMs, log: app.log,
    ...(state === 'trial' || state === 'developer' || state === 'formal' ? { state } : {}),
  });
  app.addHook('preClose', () => worker.stop());
  worker.start();
  return worker;
}
