/**
 * A local double of WeChat's server API (api.weixin.qq.com), written from WeChat's documentation:
 * - GET /sns/jscode2session (mini-program login): appid, secret, js_code, grant_type=authorization_code →
 *   { openid, session_key, unionid? }; a code is good once (40163 "code been used"), an unknown code or one issued to
 *   another app is 40029 "invalid code", a wrong secret 40125, an unknown app 40013.
 * - GET /sns/oauth2/access_token (official-account OAuth, snsapi_base): appid, secret, code, grant_type →
 *   { access_token, expires_in, refresh_token, openid, scope, unionid? }, with the same refusals.
 * - POST /cgi-bin/stable_token { grant_type: client_credential, appid, secret, force_refresh } →
 *   { access_token, expires_in }.
 * - POST /wxa/business/getliveinfo?access_token= { start, limit } → { errcode: 0, errmsg, room_info, total };
 *   a token it did not issue, or expired, is 40001; an empty list is 9410000.
 * - The mini-program platform's order-shipping service (小程序发货信息管理服务,
 *   https://developers.weixin.qq.com/miniprogram/dev/platform-capabilities/business-capabilities/order-shipping/order-shipping.html;
 *   发货信息录入 https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_uploadshippinginfo):
 *   POST /wxa/sec/order/is_trade_managed?access_token= { appid } → { errcode: 0, is_trade_managed };
 *   POST /wxa/sec/order/upload_shipping_info?access_token= { order_key { order_number_type 1: mchid + out_trade_no, 2:
 *   transaction_id }, logistics_type 1-4, delivery_mode 1 (UNIFIED_DELIVERY, one shipping_list entry) or 2,
 *   shipping_list [] (an array: an object is 47001 "data format error", as WeChat answers it), item_desc (at most 120
 *   characters; tracking_no and express_company for express, logistics_type 1), upload_time in RFC 3339, payer.openid }
 *   → { errcode: 0 }; a second upload of a payment is a re-shipment (WeChat allows one), counted by `shipments`;
 *   POST /wxa/sec/order/get_order { transaction_id | merchant_id + merchant_trade_no } → { order: { order_state } }
 *   (1 waiting for shipping, 2 shipped, 3 确认收货 once the shopper confirmed receipt in WeChat's component,
 *   `confirmReceipt()`; 查询订单发货状态, https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_getorder).
 *   `loseNextUploadAnswer()` takes an upload and answers 503 (an answer lost on the way back).
 *   POST /wxa/sec/order/set_msg_jump_path?access_token= { path } (消息跳转路径设置,
 *   https://developers.weixin.qq.com/miniprogram/dev/server/API/order_shipping/api_setmsgjumppath): path is a required
 *   string (else 47001, WeChat's general "data format error") → { errcode: 0, errmsg: 'ok' }; one path per mini-program,
 *   the last one set. What the shopper's shipping / confirm-receipt message then opens (`messageOpens`), per the page's
 *   注意事项: the path with the payment's transaction_id, merchant_id and merchant_trade_no appended as query parameters;
 *   WeChat's own confirm-receipt page when the path is empty or not a page of the mini-program (`pages`, its app.json).
 * - Content security (内容安全), version 2:
 *   POST /wxa/msg_sec_check?access_token= { content, version: 2, scene 1-4, openid, nickname?, title?, signature? }
 *   (文本内容安全识别, https://developers.weixin.qq.com/miniprogram/dev/server/API/sec-center/sec-check/api_msgseccheck.html)
 *   → { errcode: 0, errmsg: 'ok', trace_id, result: { suggest: 'risky' | 'pass' | 'review', label }, detail: [{ strategy,
 *   errcode, suggest, label, keyword?, prob }] }; an openid WeChat never gave this app is 40003, a scene outside 1-4
 *   40129, a version other than 2 or a content that is not a string (or over 2500 characters) 47001. The verdict comes
 *   from `textRules` (the first whose word the content contains; else pass, label 100).
 *   POST /wxa/media_check_async?access_token= { media_url, media_type 1 audio | 2 image, version: 2, scene, openid }
 *   (音视频内容安全识别, https://developers.weixin.qq.com/miniprogram/dev/server/API/sec-center/sec-check/api_mediacheckasync.html)
 *   → { errcode: 0, errmsg: 'ok', trace_id } at once; WeChat fetches the media from its URL (the double does: an
 *   address it cannot fetch gets no pass) and pushes the verdict later, within 30 minutes, to the mini-program's
 *   message push URL (`pushTo`), here when the test calls `pushMediaChecks()`: a JSON body { ToUserName, FromUserName,
 *   CreateTime, MsgType: 'event', Event: 'wxa_media_check', appid, trace_id, version: 2, detail, errcode: 0, errmsg,
 *   result: { suggest, label } } with `signature`, `timestamp` and `nonce` in the query, signature = SHA-1 of the token,
 *   timestamp and nonce sorted and joined (消息推送, https://developers.weixin.qq.com/miniprogram/dev/framework/server-ability/message-push.html).
 *   The picture's verdict comes from `imageVerdict` (pass by default); one it could not fetch is 'review'.
 * - Subscription messages (订阅消息):
 *   POST /cgi-bin/message/subscribe/send?access_token= { touser, template_id, page?, data: { key: { value } },
 *   miniprogram_state?, lang? } (发送订阅消息, https://developers.weixin.qq.com/miniprogram/dev/OpenApiDoc/mp-message-management/subscribe-message/sendMessage.html)
 *   → { errcode: 0, errmsg: 'ok', msgid }. Per the page's errcode list: 40003 an openid WeChat never gave this app,
 *   40037 a template the mini-program has not added (`templates`), 43101 the shopper has no acceptance left for it
 *   ("用户拒绝接受消息,如果用户之前曾经订阅过,则表示用户取消了订阅关系": each wx.requestSubscribeMessage 'accept' of a
 *   one-time template allows one send: `accept()`), 47003 a field the template does not have, a missing one, or a value
 *   over its kind's limit (thing 20 characters, character_string 32, phrase 5, time a date and time), 41030 a page that is
 *   not one of `pages` (when the test names them); miniprogram_state other than developer, trial, formal and lang other
 *   than zh_CN, en_US, zh_HK, zh_TW are 47001. `subscriptionMessages` keeps what was delivered.
 * Errors are HTTP 200 with { errcode, errmsg }, as WeChat answers them. `failNext(n)` answers the next n requests 503.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { LoopbackDouble } from './loopback.ts';

export interface WeChatPerson {
  /** Present when the app is bound to an Open Platform account: the same for this person in every bound app. */
  unionId?: string;
}

export interface WeChatDoubleApp {
  appId: string;
  secret: string;
  /** Bound to the store's Open Platform account: answers carry the unionid. */
  unionBound: boolean;
}

export interface LiveRoomAtWeChat {
  roomid: number;
  name: string;
  cover_img: string;
  anchor_name: string;
  live_status: number;
  start_time: number;
  end_time: number;
}

/** What messageOpens answers when WeChat opens its own confirm-receipt page rather than the mini-program's. */
export const WECHAT_CONFIRM_PAGE = 'wechat:confirm-receipt';

export type ContentSuggest = 'pass' | 'review' | 'risky';

/** A picture check waiting to be pushed: what WeChat would push for it. */
export interface PendingMediaCheck {
  appId: string;
  traceId: string;
  mediaUrl: string;
  suggest: ContentSuggest;
  label: number;
}

/** The message push signature of WeChat's plaintext mode, as the mini-program's server checks it. */
export function weChatPushSignature(token: string, timestamp: string, nonce: string): string {
  return crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export class WeChatDouble extends LoopbackDouble {
  readonly requests: { method: string; path: string; query: Record<string, string>; body: any }[] = [];
  rooms: LiveRoomAtWeChat[] = [];
  /** is_trade_managed's answer: the mini-program is in WeChat's order-shipping service. */
  tradeManaged = true;
  /**
   * The payments WeChat Pay holds, when a test links them (null: any well-formed order_key is taken): whether the
   * merchant number placed a paid order with that out_trade_no (order_key.mchid is "支付下单商户的商户号"; get_order
   * names a partner's sub-merchant apart, as sub_merchant_id). An upload naming no payment is errcode 10060001
   * "支付单不存在", as api_uploadshippinginfo's error codes give it.
   */
  paymentPlaced: ((merchantId: string, outTradeNo: string) => boolean) | null = null;
  /** Shipping uploads taken, by payment (`<mchid>:<out_trade_no>` or the transaction id): each body, in order. */
  readonly shipments = new Map<string, any[]>();
  /** Payments whose receipt the shopper confirmed in WeChat's confirm-receipt component (`<mchid>:<out_trade_no>`). */
  readonly received = new Set<string>();
  /** The jump path each mini-program set (set_msg_jump_path), by app id. */
  readonly jumpPaths = new Map<string, string>();
  /** The mini-program's pages (its app.json, without a leading slash): a jump path elsewhere opens WeChat's own page. */
  pages = new Set<string>();
  /** msgSecCheck's verdicts: the first rule whose word the content contains decides; else pass (label 100). */
  textRules: { word: string; suggest: ContentSuggest; label: number }[] = [];
  /** mediaCheckAsync's verdict of a picture WeChat fetched (its bytes, and the address it was fetched from). */
  imageVerdict: (bytes: Buffer, mediaUrl: string) => { suggest: ContentSuggest; label: number } = () => ({ suggest: 'pass', label: 100 });
  /** The mini-program's message push: URL and token (the push settings of the mini-program's admin console). */
  pushTo: { url: string; token: string } | null = null;
  /** Picture checks taken and not pushed yet. */
  readonly pendingMediaChecks: PendingMediaCheck[] = [];
  /** The subscription templates each mini-program added (MP console 订阅消息 → 我的模板): template id → its keys. */
  readonly templates = new Map<string, Map<string, string[]>>();
  /** Subscription messages delivered, in order. */
  readonly subscriptionMessages: { appId: string; touser: string; templateId: string; page?: string; data: Record<string, { value: string }>; lang: string }[] = [];
  /** Sends left per `<appId>:<openid>:<templateId>` (one per 'accept' of a one-time template). */
  private readonly acceptances = new Map<string, number>();
  private readonly issuedOpenIds = new Set<string>();
  private loseUploadAnswer = false;
  private codes = new Map<string, { appId: string; person: string; used: boolean }>();
  private people = new Map<string, WeChatPerson>();
  private tokens = new Map<string, { appId: string; expiresAt: number }>();
  private failures = 0;

  constructor(readonly apps: WeChatDoubleApp[]) {
    super();
  }

  /** What wx.login (or the OAuth page) hands the shopper's device for `person` in app `appId`. */
  issueCode(appId: string, person: string, details: WeChatPerson = {}): string {
    if (!this.people.has(person)) this.people.set(person, details);
    const code = crypto.randomBytes(16).toString('hex');
    this.codes.set(code, { appId, person, used: false });
    return code;
  }

  /** The openid WeChat gives `person` in app `appId`: per app, stable. */
  openIdOf(appId: string, person: string): string {
    const openId = `o${crypto.createHash('sha256').update(`${appId}:${person}`).digest('base64url').slice(0, 27)}`;
    this.issuedOpenIds.add(`${appId}:${openId}`);
    return openId;
  }

  /**
   * Pushes every picture verdict taken so far to `pushTo`, signed as WeChat signs its message push; answers each
   * push's HTTP status and body. The mini-program's server must answer 'success' (or empty) for WeChat to stop retrying.
   */
  async pushMediaChecks(): Promise<{ status: number; body: string }[]> {
    if (!this.pushTo) throw new Error('pushTo is not set');
    const answers = [];
    for (const check of this.pendingMediaChecks.splice(0)) answers.push(await this.push(this.mediaCheckPush(check)));
    return answers;
  }

  /** The JSON body WeChat pushes for a picture check (mediaCheckAsync v2's 异步检测结果推送). */
  mediaCheckPush(check: PendingMediaCheck): Record<string, unknown> {
    return {
      ToUserName: `gh_${check.appId.slice(2, 14)}`, FromUserName: 'oUMGR4jlJgaGJ6hj4cYjnf5wPbT0', CreateTime: Math.floor(Date.now() / 1000),
      MsgType: 'event', Event: 'wxa_media_check', appid: check.appId, trace_id: check.traceId, version: 2,
      detail: [{ strategy: 'content_model', errcode: 0, suggest: check.suggest, label: check.label, prob: 90 }],
      errcode: 0, errmsg: 'ok', result: { suggest: check.suggest, label: check.label },
    };
  }

  /** Sends one message push, signed with `token` (pushTo's unless given: a forger's wrong token, say). */
  async push(body: Record<string, unknown>, token = this.pushTo?.token ?? ''): Promise<{ status: number; body: string }> {
    if (!this.pushTo) throw new Error('pushTo is not set');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = String(crypto.randomInt(1e9));
    const url = new URL(this.pushTo.url);
    url.searchParams.set('signature', weChatPushSignature(token, timestamp, nonce));
    url.searchParams.set('timestamp', timestamp);
    url.searchParams.set('nonce', nonce);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.text() };
  }

  /** Every access token issued so far stops working (WeChat expired or replaced it). */
  expireTokens() {
    for (const t of this.tokens.values()) t.expiresAt = 0;
  }

  failNext(n: number) {
    this.failures = n;
  }

  /**
   * The shopper confirms receipt in WeChat's component (wx.openBusinessView 'weappOrderConfirm'): only a payment WeChat
   * shows as shipped, "待收货" (小程序确认收货组件接入说明,
   * https://developers.weixin.qq.com/miniprogram/dev/platform-capabilities/business-capabilities/order-shipping/order-shipping-half.html);
   * answers the component's status.
   */
  confirmReceipt(payment: string): 'success' | 'fail' {
    if (!this.shipments.has(payment)) return 'fail';
    this.received.add(payment);
    return 'success';
  }

  /** The next upload is taken, but its answer is lost (503 on the way back). */
  loseNextUploadAnswer() {
    this.loseUploadAnswer = true;
  }

  /**
   * The page the shopper's shipping / confirm-receipt message of an uploaded payment (`<mchid>:<out_trade_no>`) opens in
   * mini-program `appId`: the jump path with WeChat's query appended, or WECHAT_CONFIRM_PAGE.
   */
  messageOpens(appId: string, payment: string): string {
    const path = this.jumpPaths.get(appId) ?? '';
    const [page, own] = path.split('?', 2);
    if (!path || !this.pages.has(page)) return WECHAT_CONFIRM_PAGE;
    const [mchid, outTradeNo] = payment.split(':');
    const query = new URLSearchParams(own);
    query.set('transaction_id', `42${crypto.createHash('sha256').update(payment).digest('hex').replace(/\D/g, '').padEnd(26, '0').slice(0, 26)}`);
    query.set('merchant_id', mchid);
    query.set('merchant_trade_no', outTradeNo);
    return `${page}?${query}`;
  }

  /** The shopper tapped 'accept' for `templateId` in wx.requestSubscribeMessage: one message may be sent. */
  accept(appId: string, openId: string, templateId: string) {
    const key = `${appId}:${openId}:${templateId}`;
    this.acceptances.set(key, (this.acceptances.get(key) ?? 0) + 1);
  }

  private subscribeSend(appId: string, b: any): Record<string, unknown> {
    if (typeof b?.touser !== 'string' || !this.issuedOpenIds.has(`${appId}:${b.touser}`)) return { errcode: 40003, errmsg: 'invalid openid' };
    const keys = this.templates.get(appId)?.get(b?.template_id);
    if (!keys) return { errcode: 40037, errmsg: 'invalid template_id' };
    if (b.miniprogram_state !== undefined && !['developer', 'trial', 'formal'].includes(b.miniprogram_state)) return { errcode: 47001, errmsg: 'data format error: miniprogram_state' };
    if (b.lang !== undefined && !['zh_CN', 'en_US', 'zh_HK', 'zh_TW'].includes(b.lang)) return { errcode: 47001, errmsg: 'data format error: lang' };
    const data = b.data && typeof b.data === 'object' ? b.data : null;
    if (!data) return { errcode: 47003, errmsg: 'argument invalid! data is empty' };
    const limits: Record<string, number> = { thing: 20, character_string: 32, phrase: 5, number: 32, letter: 32, amount: 32, name: 10 };
    for (const key of new Set([...keys, ...Object.keys(data)])) {
      const value = data[key]?.value;
      if (!keys.includes(key) || typeof value !== 'string' || value === '') return { errcode: 47003, errmsg: `argument invalid! data.${key}.value invalid` };
      const kind = key.replace(/\d+$/, '');
      if ([...value].length > (limits[kind] ?? 64) || ((kind === 'time' || kind === 'date') && Number.isNaN(Date.parse(value.replace(' ', 'T'))))) {
        return { errcode: 47003, errmsg: `argument invalid! data.${key}.value invalid` };
      }
    }
    if (b.page !== undefined && this.pages.size && !this.pages.has(String(b.page).split('?')[0])) return { errcode: 41030, errmsg: 'invalid page' };
    const grant = `${appId}:${b.touser}:${b.template_id}`;
    const left = this.acceptances.get(grant) ?? 0;
    if (left < 1) return { errcode: 43101, errmsg: 'user refuse to accept the msg' };
    this.acceptances.set(grant, left - 1);
    this.subscriptionMessages.push({ appId, touser: b.touser, templateId: b.template_id, ...(b.page !== undefined && { page: b.page }), data, lang: b.lang ?? 'zh_CN' });
    return { errcode: 0, errmsg: 'ok', msgid: crypto.randomInt(1e9, 2e9) };
  }

  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length;
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: any = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return this.send(res, { errcode: 47001, errmsg: 'data format error' });
      }
    }
    const query = Object.fromEntries(url.searchParams);
    this.requests.push({ method: req.method ?? '', path: url.pathname, query, body });
    if (this.failures > 0) {
      this.failures--;
      res.writeHead(503).end('busy');
      return;
    }
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /sns/jscode2session') return this.send(res, this.exchange(query, 'js_code'));
    if (route === 'GET /sns/oauth2/access_token') return this.send(res, this.exchange(query, 'code'));
    if (route === 'POST /cgi-bin/stable_token') return this.send(res, this.stableToken(body));
    if (route === 'POST /wxa/business/getliveinfo') return this.send(res, this.liveInfo(query, body));
    if (route === 'POST /cgi-bin/message/subscribe/send') {
      const token = this.tokens.get(query.access_token ?? '');
      if (!token || token.expiresAt < Date.now()) return this.send(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      return this.send(res, this.subscribeSend(token.appId, body));
    }
    if (route === 'POST /wxa/msg_sec_check' || route === 'POST /wxa/media_check_async') {
      const token = this.tokens.get(query.access_token ?? '');
      if (!token || token.expiresAt < Date.now()) return this.send(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      return this.send(res, url.pathname === '/wxa/msg_sec_check' ? this.msgSecCheck(token.appId, body) : await this.mediaCheckAsync(token.appId, body));
    }
    if (route.startsWith('POST /wxa/sec/order/')) {
      const token = this.tokens.get(query.access_token ?? '');
      if (!token || token.expiresAt < Date.now()) return this.send(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      if (url.pathname === '/wxa/sec/order/is_trade_managed') {
        if (body?.appid !== token.appId) return this.send(res, { errcode: 40013, errmsg: 'invalid appid' });
        return this.send(res, { errcode: 0, errmsg: 'ok', is_trade_managed: this.tradeManaged });
      }
      if (url.pathname === '/wxa/sec/order/upload_shipping_info') {
        const answer = this.uploadShipping(body);
        if (answer.errcode === 0 && this.loseUploadAnswer) {
          this.loseUploadAnswer = false;
          res.writeHead(503).end('busy');
          return;
        }
        return this.send(res, answer);
      }
      if (url.pathname === '/wxa/sec/order/set_msg_jump_path') {
        if (typeof body?.path !== 'string') return this.send(res, { errcode: 47001, errmsg: 'data format error: path' });
        this.jumpPaths.set(token.appId, body.path);
        return this.send(res, { errcode: 0, errmsg: 'ok' });
      }
      if (url.pathname === '/wxa/sec/order/get_order') {
        const key = body?.transaction_id ?? (body?.merchant_id && body?.merchant_trade_no ? `${body.merchant_id}:${body.merchant_trade_no}` : null);
        if (!key) return this.send(res, { errcode: 47001, errmsg: 'data format error' });
        return this.send(res, { errcode: 0, errmsg: 'ok', order: { order_state: this.received.has(key) ? 3 : this.shipments.has(key) ? 2 : 1, ...(body.merchant_trade_no ? { merchant_trade_no: body.merchant_trade_no } : {}) } });
      }
    }
    res.writeHead(404).end();
  }

  private send(res: http.ServerResponse, answer: object) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }

  private app(appId: string | undefined, secret: string | undefined): WeChatDoubleApp | { errcode: number; errmsg: string } {
    const app = this.apps.find((a) => a.appId === appId);
    if (!app) return { errcode: 40013, errmsg: 'invalid appid' };
    if (app.secret !== secret) return { errcode: 40125, errmsg: 'invalid appsecret' };
    return app;
  }

  private exchange(query: Record<string, string>, codeParam: string) {
    if (query.grant_type !== 'authorization_code') return { errcode: 40002, errmsg: 'invalid grant_type' };
    const app = this.app(query.appid, query.secret);
    if ('errcode' in app) return app;
    const issued = this.codes.get(query[codeParam] ?? '');
    if (!issued || issued.appId !== app.appId) return { errcode: 40029, errmsg: 'invalid code' };
    if (issued.used) return { errcode: 40163, errmsg: 'code been used' };
    issued.used = true;
    const openid = this.openIdOf(app.appId, issued.person);
    const unionid = app.unionBound ? this.people.get(issued.person)?.unionId : undefined;
    const identity = { openid, ...(unionid && { unionid }) };
    return codeParam === 'js_code'
      ? { ...identity, session_key: crypto.randomBytes(16).toString('base64') }
      : { access_token: crypto.randomBytes(20).toString('hex'), expires_in: 7200, refresh_token: crypto.randomBytes(20).toString('hex'), scope: 'snsapi_base', ...identity };
  }

  private stableToken(body: any) {
    if (body?.grant_type !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' };
    const app = this.app(body.appid, body.secret);
    if ('errcode' in app) return app;
    const token = crypto.randomBytes(24).toString('hex');
    this.tokens.set(token, { appId: app.appId, expiresAt: Date.now() + 7200_000 });
    return { access_token: token, expires_in: 7200 };
  }

  /** upload_shipping_info's checks, as WeChat's documentation states them; a well-formed upload is recorded. */
  private uploadShipping(body: any): { errcode: number; errmsg: string } {
    const bad = (why: string) => ({ errcode: 47001, errmsg: `data format error: ${why}` });
    const key = body?.order_key;
    let payment: string;
    if (key?.order_number_type === 1) {
      if (typeof key.mchid !== 'string' || !key.mchid || typeof key.out_trade_no !== 'string' || !key.out_trade_no) return bad('order_key needs mchid and out_trade_no');
      payment = `${key.mchid}:${key.out_trade_no}`;
      if (this.paymentPlaced && !this.paymentPlaced(key.mchid, key.out_trade_no)) return { errcode: 10060001, errmsg: '支付单不存在' };
    } else if (key?.order_number_type === 2) {
      if (typeof key.transaction_id !== 'string' || !key.transaction_id) return bad('order_key needs transaction_id');
      payment = key.transaction_id;
    } else {
      return bad('order_key.order_number_type');
    }
    if (![1, 2, 3, 4].includes(body.logistics_type)) return bad('logistics_type');
    const unified = body.delivery_mode === 1 || body.delivery_mode === 'UNIFIED_DELIVERY';
    if (!unified && body.delivery_mode !== 2 && body.delivery_mode !== 'SPLIT_DELIVERY') return bad('delivery_mode');
    if (!Array.isArray(body.shipping_list)) return bad('shipping_list must be an array');
    if (unified ? body.shipping_list.length !== 1 : body.shipping_list.length < 1 || body.shipping_list.length > 15) return bad('shipping_list length');
    for (const item of body.shipping_list) {
      if (typeof item?.item_desc !== 'string' || !item.item_desc || [...item.item_desc].length > 120) return bad('item_desc');
      if (body.logistics_type === 1 && (!item.tracking_no || !item.express_company)) return bad('tracking_no and express_company');
    }
    if (typeof body.upload_time !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(body.upload_time)) return bad('upload_time');
    if (typeof body.payer?.openid !== 'string' || !body.payer.openid) return bad('payer.openid');
    this.shipments.set(payment, [...this.shipments.get(payment) ?? [], body]);
    return { errcode: 0, errmsg: 'ok' };
  }

  /** The checks both content-security APIs make of their common fields. */
  private contentFields(appId: string, body: any): { errcode: number; errmsg: string } | null {
    if (body?.version !== 2) return { errcode: 47001, errmsg: 'data format error: version must be 2' };
    if (![1, 2, 3, 4].includes(body.scene)) return { errcode: 40129, errmsg: 'invalid scene' };
    if (typeof body.openid !== 'string' || !body.openid) return { errcode: 44002, errmsg: 'empty openid' };
    if (!this.issuedOpenIds.has(`${appId}:${body.openid}`)) return { errcode: 40003, errmsg: 'invalid openid' };
    return null;
  }

  private msgSecCheck(appId: string, body: any) {
    const refused = this.contentFields(appId, body);
    if (refused) return refused;
    if (typeof body.content !== 'string' || [...body.content].length > 2500) return { errcode: 47001, errmsg: 'data format error: content' };
    const rule = this.textRules.find((r) => body.content.includes(r.word));
    const suggest = rule?.suggest ?? 'pass';
    const label = rule?.label ?? 100;
    return {
      errcode: 0, errmsg: 'ok', trace_id: crypto.randomUUID(),
      result: { suggest, label },
      detail: [{ strategy: 'content_model', errcode: 0, suggest, label, prob: 90, ...(rule ? { keyword: rule.word } : {}) }],
    };
  }

  private async mediaCheckAsync(appId: string, body: any) {
    const refused = this.contentFields(appId, body);
    if (refused) return refused;
    if (typeof body.media_url !== 'string' || !/^https?:\/\//.test(body.media_url)) return { errcode: 47001, errmsg: 'data format error: media_url' };
    if (body.media_type !== 1 && body.media_type !== 2) return { errcode: 47001, errmsg: 'data format error: media_type' };
    // WeChat downloads the media itself (at most 10 MB): an address it cannot fetch is never a pass.
    let bytes: Buffer | null = null;
    try {
      const res = await fetch(body.media_url, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) bytes = Buffer.from(await res.arrayBuffer());
    } catch {
      bytes = null;
    }
    const traceId = crypto.randomUUID();
    const verdict = bytes?.length ? this.imageVerdict(bytes, body.media_url) : { suggest: 'review' as const, label: 21000 };
    this.pendingMediaChecks.push({ appId, traceId, mediaUrl: body.media_url, ...verdict });
    return { errcode: 0, errmsg: 'ok', trace_id: traceId };
  }

  private liveInfo(query: Record<string, string>, body: any) {
    const token = this.tokens.get(query.access_token ?? '');
    if (!token || token.expiresAt < Date.now()) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    const start = Number(body?.start ?? 0);
    const limit = Number(body?.limit ?? 10);
    if (!Number.isInteger(start) || !Number.isInteger(limit) || start < 0 || limit < 1 || limit > 100) return { errcode: 40097, errmsg: 'invalid args' };
    if (!this.rooms.length) return { errcode: 9410000, errmsg: 'room list is empty' };
    return { errcode: 0, errmsg: 'ok', room_info: this.rooms.slice(start, start + limit), total: this.rooms.length };
  }
}
