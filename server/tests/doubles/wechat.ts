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

export class WeChatDouble extends LoopbackDouble {
  readonly requests: { method: string; path: string; query: Record<string, string>; body: any }[] = [];
  rooms: LiveRoomAtWeChat[] = [];
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
    return `o${crypto.createHash('sha256').update(`${appId}:${person}`).digest('base64url').slice(0, 27)}`;
  }

  /** Every access token issued so far stops working (WeChat expired or replaced it). */
  expireTokens() {
    for (const t of this.tokens.values()) t.expiresAt = 0;
  }

  failNext(n: number) {
    this.failures = n;
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
