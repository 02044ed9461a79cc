/**
 * Shipping information to WeChat (issue 40 item 1): WeChat holds the funds of a mini-program payment until the merchant
 * uploads its shipping information to the mini-program platform's order-shipping service ("用户交易后，默认资金将会进入
 * 冻结状态，开发者在发货后，需要在小程序平台录入相关发货信息": upload_shipping_info,
 * https://developers.weixin.qq.com/miniprogram/dev/platform-capabilities/business-capabilities/order-shipping/order-shipping.html,
 * https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_uploadshippinginfo).
 *
 * - Queued (queueShipping, the `moved` subscriber of payments/subscribers.ts), in the move's transaction, once per payment:
 *   a pickup order when it is READY_FOR_PICKUP, a delivery when it is OUT_FOR_DELIVERY (logistics_type 2, same-city
 *   delivery), any order handed over at once (COMPLETED from NEW: eat-in served, a pickup at the counter: 4, self-pickup),
 *   when it was paid by WeChat Pay in the mini-program (channel WECHAT_MINI_PROGRAM). Virtual goods (logistics_type 3)
 *   when they are settled: an order of memberships only (queueVirtualOrder, the `settled` subscriber) and a store-credit
 *   top-up (queueVirtualDeposit, from payments/deposits.ts settleDeposit).
 * - Sent by ShippingWorker, restart-safe and shared by instances like the refund worker (a claimed row's due time is its
 *   lease; FOR UPDATE SKIP LOCKED): `order_key` by the merchant's number and the store's out_trade_no (the attempt id,
 *   order_number_type 1), UNIFIED_DELIVERY, one shipping_list entry naming the goods (item_desc, at most 120
 *   characters), upload_time in RFC 3339, the payer's openid kept at the payment's start.
 * - Never twice: WeChat counts a second upload for a payment as a re-shipment (one allowed per payment), so a try after
 *   an interrupted one (tries > 1) first asks WeChat's get_order, and a payment WeChat shows as shipped is DONE.
 * - is_trade_managed is asked once and kept (wechat_trade_managed): a mini-program outside the service (a store abroad
 *   paid in foreign currency) uploads nothing; its rows are SKIPPED.
 * - The page WeChat's shipping and confirm-receipt messages open (set_msg_jump_path,
 *   https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_setmsgjumppath): one path per
 *   mini-program, to which WeChat appends the payment's transaction_id, merchant_id and merchant_trade_no. Set once per
 *   store (kept in wechat_msg_jump_paths; sent again only when the configured path changes) by the worker at its start,
 *   when the mini-program is in the service: the app's order page (ORDER_PAGE), which opens from merchant_trade_no and
 *   embeds WeChat's confirm-receipt component (wx.openBusinessView 'weappOrderConfirm'; features/wechatReceipt), as
 *   WeChat's page asks before a path is set, or another page of the app (WECHAT_SHIPPING_JUMP_PATH: jumpPathOf), or ''
 *   (WECHAT_SHIPPING_JUMP_PATH=wechat): WeChat's own confirm-receipt page, as for a path the mini-program does not have.
 */
import { ROUTES } from '../../../shared/routes.ts';
import type { Db, Queryable } from '../db/index.ts';
import { claimDue, PollingWorker, retryDelayMs, type DueRows } from '../lib/pollingWorker.ts';
import { weChatCall, withWeChatAccessToken, type WeChatApp } from '../identity/wechat.ts';
import { orderLog } from '../orders/orderLog.ts';

/** The columns of an order row this module reads (orders/lifecycle.ts OrderRow; not imported: deposits.ts imports this module). */
interface OrderRow { id: number; status: string; [column: string]: unknown }

/** WeChat's logistics_type values (upload_shipping_info): same-city delivery and self-pickup. */
export const LOGISTICS = { DELIVERY: 2, VIRTUAL: 3, SELF_PICKUP: 4 } as const;

/** The logistics type of a move that hands an order's goods over, or null when the move hands nothing over. */
export function handedOver(order: Pick<OrderRow, 'status'> & { method?: unknown }, from: string): number | null {
  const method = String(order.method);
  if (order.status === 'READY_FOR_PICKUP') return LOGISTICS.SELF_PICKUP;
  if (order.status === 'OUT_FOR_DELIVERY') return LOGISTICS.DELIVERY;
  if (order.status === 'COMPLETED' && from === 'NEW') return method === 'DELIVERY' ? LOGISTICS.DELIVERY : LOGISTICS.SELF_PICKUP;
  return null;
}

/** The `moved` subscriber: queues the order's upload when the move hands its goods over and it was paid in the mini-program. */
export async function queueShipping(q: Queryable, order: OrderRow, from: string): Promise<void> {
  const logistics = handedOver(order, from);
  if (logistics === null) return;
  await q.query(
    `INSERT INTO wechat_shipping_uploads (attempt_id, order_id, logistics_type)
     SELECT id, order_id, $2 FROM payment_attempts WHERE order_id = $1 AND status = 'PAID' AND channel = 'WECHAT_MINI_PROGRAM'
     ON CONFLICT (attempt_id) DO NOTHING`,
    [order.id, logistics],
  );
}

/** The `settled` subscriber: an order of memberships only has nothing to hand over: virtual goods, queued now. */
export async function queueVirtualOrder(q: Queryable, order: OrderRow): Promise<void> {
  await q.query(
    `INSERT INTO wechat_shipping_uploads (attempt_id, order_id, logistics_type)
     SELECT a.id, a.order_id, $2 FROM payment_attempts a
      WHERE a.order_id = $1 AND a.status = 'PAID' AND a.channel = 'WECHAT_MINI_PROGRAM'
        AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = $1)
        AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = $1
                         AND NOT EXISTS (SELECT 1 FROM membership_plans mp WHERE mp.product_id = l.product_id))
     ON CONFLICT (attempt_id) DO NOTHING`,
    [order.id, LOGISTICS.VIRTUAL],
  );
}

/** A store-credit top-up paid in the mini-program was credited: virtual goods, queued in the crediting transaction. */
export async function queueVirtualDeposit(q: Queryable, attempt: { id: string; channel: string }): Promise<void> {
  if (attempt.channel !== 'WECHAT_MINI_PROGRAM') return;
  await q.query(
    `INSERT INTO wechat_shipping_uploads (attempt_id, order_id, logistics_type) VALUES ($1, NULL, $2) ON CONFLICT (attempt_id) DO NOTHING`,
    [attempt.id, LOGISTICS.VIRTUAL],
  );
}

export interface ShippingSettings {
  /** The mini-program (WECHAT_MINI_PROGRAM_APP_ID / _SECRET) and WeChat's API base (WECHAT_API_BASE_URL). */
  app: WeChatApp & { baseUrl: string };
  /**
   * The merchant number of order_key.mchid and get_order's merchant_id, "支付下单商户的商户号" (the merchant that placed
   * the payment): WECHATPAY_MCHID; as a partner's sub-merchant (WECHATPAY_MODE=partner) the partner, WECHATPAY_SP_MCHID,
   * which places the order (sp_mchid) while get_order names the sub-merchant apart, as sub_merchant_id
   * (https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_getorder).
   */
  mchId: string;
  /** The mini-program page the shipping and confirm-receipt messages open (set_msg_jump_path); '': WeChat's own page; absent: left as it is. */
  jumpPath?: string;
}

/** The order page of the mini-program (shared/routes.ts), the page a store's messages are meant to open. */
export const ORDER_PAGE = ROUTES.find((r) => r.patterns.includes('/user/orders/:id'))!.page;

/** The query parameters WeChat appends to the jump path (set_msg_jump_path, 注意事项): a path's own must differ. */
const WECHAT_JUMP_PARAMS = ['transaction_id', 'merchant_id', 'merchant_trade_no', 'sub_merchant_id'];

/**
 * WECHAT_SHIPPING_JUMP_PATH checked: a page of the app (no leading slash, as WeChat's example `pages/order/detail`),
 * optionally with a query of its own that does not use WeChat's parameter names; WeChat takes any path and silently
 * opens its own page for one the mini-program lacks, so a typo is refused here, at start. Blank: none.
 */
export function jumpPathOf(value: string | undefined): string | undefined {
  const path = (value ?? '').trim();
  if (!path) return undefined;
  const [page, query = ''] = path.split('?', 2);
  if (!ROUTES.some((r) => r.page === page)) {
    throw new Error(`WECHAT_SHIPPING_JUMP_PATH: ${page} is not a page of the mini-program (e.g. ${ORDER_PAGE})`);
  }
  const clash = [...new URLSearchParams(query).keys()].filter((k) => WECHAT_JUMP_PARAMS.includes(k));
  if (clash.length) throw new Error(`WECHAT_SHIPPING_JUMP_PATH: WeChat appends ${clash.join(', ')} itself; name the page's own parameters otherwise`);
  if (path.length > 1024) throw new Error('WECHAT_SHIPPING_JUMP_PATH: longer than 1024 characters');
  return path;
}

/**
 * Gives WeChat the store's jump path unless it already has it (the kept path is the same): answers whether it was sent.
 * Two instances starting at once may both send it; WeChat keeps one path per mini-program, so that changes nothing.
 */
export async function setMsgJumpPath(db: Db, app: ShippingSettings['app'], path: string): Promise<boolean> {
  const { rows: [kept] } = await db.query('SELECT path FROM wechat_msg_jump_paths WHERE app_id = $1', [app.appId]);
  if (kept?.path === path) return false;
  await withWeChatAccessToken(db, app.baseUrl, app, (token) =>
    weChatCall(app.baseUrl, '/wxa/sec/order/set_msg_jump_path', { query: { access_token: token }, body: { path } }));
  await db.query(
    `INSERT INTO wechat_msg_jump_paths (app_id, path) VALUES ($1, $2) ON CONFLICT (app_id) DO UPDATE SET path = EXCLUDED.path, set_at = now()`,
    [app.appId, path]);
  return true;
}

export interface ShippingWorkerOptions {
  pollMs: number;
  /** First retry after a failed upload; doubles per try up to an hour. */
  retryBaseMs: number;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void; error(o: object, msg: string): void };
}

const ROWS: DueRows = { table: 'wechat_shipping_uploads', waiting: "status = 'PENDING'", due: 'next_attempt_at', tries: 'tries' };
/** How long a claimed upload is this process's before another may try it (a process that died mid-way). */
const LEASE_SECONDS = 120;

/** WeChat's get_order order_state values that mean the payment's shipping is known to WeChat (shipped and after). */
const SHIPPED_STATES = new Set([2, 3, 4]);

/** Whether the mini-program is in WeChat's order-shipping service: the kept answer, else WeChat's (then kept). */
export async function isTradeManaged(db: Db, app: ShippingSettings['app']): Promise<boolean> {
  const { rows: [known] } = await db.query('SELECT managed FROM wechat_trade_managed WHERE app_id = $1', [app.appId]);
  if (known) return known.managed;
  const answer = await withWeChatAccessToken(db, app.baseUrl, app, (token) =>
    weChatCall(app.baseUrl, '/wxa/sec/order/is_trade_managed', { query: { access_token: token }, body: { appid: app.appId } }));
  const managed = answer.is_trade_managed === true;
  await db.query(
    `INSERT INTO wechat_trade_managed (app_id, managed) VALUES ($1, $2) ON CONFLICT (app_id) DO UPDATE SET managed = EXCLUDED.managed, asked_at = now()`,
    [app.appId, managed]);
  return managed;
}

/** RFC 3339 with the offset WeChat's examples use (Beijing time), e.g. 2022-12-15T13:29:35.120+08:00. */
export function rfc3339Beijing(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 23)}+08:00`;
}

/** Sends queued shipping uploads to WeChat until each is taken. */
export class ShippingWorker extends PollingWorker {
  /** Whether this process has seen the jump path set (or has none to set). */
  private jumpPathDone: boolean;

  constructor(private db: Db, private settings: ShippingSettings, private opts: ShippingWorkerOptions) {
    super(opts.pollMs);
    this.jumpPathDone = settings.jumpPath === undefined;
  }

  /** Asks is_trade_managed at start (kept in the database), then polls; a failure to ask is retried by the rounds. */
  override start(): void {
    isTradeManaged(this.db, this.settings.app).catch((e) => this.opts.log.warn({ err: String(e?.message ?? e) }, 'wechat shipping: is_trade_managed not answered; asked again later'));
    super.start();
  }

  /** The store's jump path, set once (a round until WeChat took it); a mini-program outside the service has no messages. */
  private async ensureJumpPath() {
    const { app, jumpPath } = this.settings;
    if (this.jumpPathDone || jumpPath === undefined) return;
    try {
      if (await isTradeManaged(this.db, app)) {
        if (await setMsgJumpPath(this.db, app, jumpPath)) this.opts.log.info({ path: jumpPath }, 'wechat shipping: the messages\' jump path set');
      }
      this.jumpPathDone = true;
    } catch (e: any) {
      this.opts.log.warn({ err: String(e?.message ?? e) }, 'wechat shipping: set_msg_jump_path not taken; tried again next round');
    }
  }

  protected async round() {
    await this.ensureJumpPath();
    try {
      while (!this.stopped) {
        const due = await claimDue(this.db, ROWS, 10, LEASE_SECONDS,
          `wechat_shipping_uploads.*, (SELECT row_to_json(a) FROM payment_attempts a WHERE a.id = wechat_shipping_uploads.attempt_id) AS attempt`);
        for (const row of due) await this.send(row);
        if (due.length < 10) return;
      }
    } catch (e) {
      this.opts.log.error({ err: e }, 'wechat shipping: claiming uploads failed');
    }
  }

  private async send(row: any) {
    const { app, mchId } = this.settings;
    try {
      if (!(await isTradeManaged(this.db, app))) {
        await this.db.query(`UPDATE wechat_shipping_uploads SET status = 'SKIPPED', done_at = now(), last_error = NULL WHERE id = $1`, [row.id]);
        orderLog(this.opts.log, { orderId: row.order_id, paymentId: row.attempt_id }).info({}, 'wechat shipping: the mini-program is not in WeChat\'s order-shipping service; nothing uploaded');
        return;
      }
      const orderKey = { order_number_type: 1, mchid: mchId, out_trade_no: row.attempt_id };
      // A try after an interrupted one: WeChat may have taken the first. Asked before uploading again.
      if (row.tries > 1 && (await this.shippedAtWeChat(row.attempt_id))) {
        await this.done(row, 'already shipped at WeChat');
        return;
      }
      const openid = row.attempt?.payer_openid;
      if (!openid) throw new Error(`payment ${row.attempt_id} has no payer openid`);
      const body = {
        order_key: orderKey,
        logistics_type: row.logistics_type,
        delivery_mode: 1,
        shipping_list: [{ item_desc: await this.itemDesc(row.order_id) }],
        upload_time: rfc3339Beijing(new Date()),
        payer: { openid },
      };
      await withWeChatAccessToken(this.db, app.baseUrl, app, (token) =>
        weChatCall(app.baseUrl, '/wxa/sec/order/upload_shipping_info', { query: { access_token: token }, body }));
      await this.done(row, 'uploaded');
    } catch (e: any) {
      const message = String(e?.message ?? e).slice(0, 500);
      const delayMs = retryDelayMs(this.opts.retryBaseMs, row.tries);
      await this.db.query(`UPDATE wechat_shipping_uploads SET next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1`,
        [row.id, delayMs / 1000, message]);
      orderLog(this.opts.log, { orderId: row.order_id, paymentId: row.attempt_id }).warn({ tries: row.tries, retryInMs: delayMs, err: message }, 'wechat shipping: upload not taken; will retry');
    }
  }

  private async done(row: any, how: string) {
    await this.db.query(`UPDATE wechat_shipping_uploads SET status = 'DONE', done_at = now(), last_error = NULL WHERE id = $1`, [row.id]);
    orderLog(this.opts.log, { orderId: row.order_id, paymentId: row.attempt_id }).info({}, `wechat shipping: ${how}`);
  }

  /** WeChat's get_order (查询订单发货状态) by the merchant's number and out_trade_no: has the payment's shipping been taken? */
  private async shippedAtWeChat(attemptId: string): Promise<boolean> {
    const { app, mchId } = this.settings;
    const answer = await withWeChatAccessToken(this.db, app.baseUrl, app, (token) =>
      weChatCall(app.baseUrl, '/wxa/sec/order/get_order', { query: { access_token: token }, body: { merchant_id: mchId, merchant_trade_no: attemptId } }));
    return SHIPPED_STATES.has(Number(answer.order?.order_state));
  }

  /** What the shopper bought, as WeChat shows it (item_desc: at most 120 characters). */
  private async itemDesc(orderId: number | null): Promise<string> {
    if (orderId === null) return '储值充值 Store credit top-up';
    const { rows } = await this.db.query('SELECT name_zh, name_en, quantity FROM order_lines WHERE order_id = $1 ORDER BY line_no', [orderId]);
    const text = rows.map((l: any) => `${l.name_zh || l.name_en}*${l.quantity}`).join(', ') || `Order ${orderId}`;
    return [...text].length > 120 ? `${[...text].slice(0, 119).join('')}…` : text;
  }
}

/**
 * The settings when the store takes WeChat mini-program payments for real: the mini-program's credentials (the
 * identity router's, WECHAT_MINI_PROGRAM_*) and WECHATPAY_MCHID (WECHATPAY_SP_MCHID in partner mode), with the messages' jump path (the
 * order page, or WECHAT_SHIPPING_JUMP_PATH's: a path that is not a page of the app throws, the start refuses it); null
 * otherwise (the sandbox uploads nothing).
 */
export function shippingSettings(miniProgram: (WeChatApp & { baseUrl: string }) | undefined, env: NodeJS.ProcessEnv): ShippingSettings | null {
  const mchId = env.WECHATPAY_MODE === 'partner' ? env.WECHATPAY_SP_MCHID : env.WECHATPAY_MCHID;
  if (!miniProgram || !mchId) return null;
  // Unset: the app's order page, which opens from WeChat's merchant_trade_no and offers WeChat's confirm-receipt
  // component (features/wechatReceipt); 'wechat': WeChat's own page (an empty path, as set_msg_jump_path's page says).
  const configured = (env.WECHAT_SHIPPING_JUMP_PATH ?? '').trim();
  const jumpPath = configured === 'wechat' ? '' : jumpPathOf(configured) ?? ORDER_PAGE;
  return { app: miniProgram, mchId, jumpPath };
}

/**
 * Starts the shipping worker when shippingSettings() gives settings (the start is app.ts's: see server/README.md
 * "Shipping information to WeChat"); answers it, for stop() at close, or null.
 */
export function startShippingWorker(db: Db, settings: ShippingSettings | null, opts: ShippingWorkerOptions): ShippingWorker | null {
  if (!settings) return null;
  const worker = new ShippingWorker(db, settings, opts);
  worker.start();
  return worker;
}
