/**
 * WeChat sign-in for real, from WeChat's server API (WECHAT_API_BASE_URL, default https://api.weixin.qq.com):
 * - mini-program: `GET /sns/jscode2session` turns wx.login's code into the openid (and unionid when the mini-program
 *   is bound to a WeChat Open Platform account);
 * - official account (the WeChat browser): `GET /sns/oauth2/access_token` turns the code of the `snsapi_base` OAuth
 *   page (https://open.weixin.qq.com/connect/oauth2/authorize) into the openid (and unionid when bound).
 * WeChat answers errors as HTTP 200 with `errcode`/`errmsg`: a code that is invalid (40029), used (40163) or from
 * another app (40029/40013) is the shopper's problem (IdentityCodeError, a 400); anything else (a bad secret, rate limit,
 * -1 busy, a network failure) is the store's (IdentityServiceError, a 502 the client can retry).
 */
import type { Db } from '../db/index.ts';
import { sharedAccessToken } from './accessToken.ts';
import { IdentityCodeError, IdentityServiceError, type IdentityChannel, type IdentityProvider, type VerifiedIdentity } from './provider.ts';

export const WECHAT_API_LIVE = 'https://api.weixin.qq.com';
export const WECHAT_OAUTH_PAGE = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/** Codes WeChat documents for a code the shopper brought that cannot be used. */
const REFUSED_CODES = new Set([40029, 40163, 40013, 40226]);

export interface WeChatApp {
  appId: string;
  secret: string;
}

export interface WeChatSettings {
  baseUrl: string;
  miniProgram?: WeChatApp;
  officialAccount?: WeChatApp;
}

/** Calls WeChat's API; an errcode becomes a thrown error (the caller decides whose problem it is). */
export async function weChatCall(baseUrl: string, path: string, init?: { query?: Record<string, string>; body?: unknown }): Promise<Record<string, any>> {
  const url = new URL(path, baseUrl);
  for (const [k, v] of Object.entries(init?.query ?? {})) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, init?.body === undefined
      ? { signal: AbortSignal.timeout(10_000) }
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body), signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new IdentityServiceError(`WeChat ${path} did not answer (${(err as Error).message})`);
  }
  const text = await res.text();
  let answer: Record<string, any>;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new IdentityServiceError(`WeChat ${path} answered ${res.status} with no JSON`);
  }
  if (!res.ok) throw new IdentityServiceError(`WeChat ${path} answered ${res.status}`);
  if (answer.errcode) throw new WeChatError(path, Number(answer.errcode), String(answer.errmsg ?? ''));
  return answer;
}

export class WeChatError extends IdentityServiceError {
  constructor(readonly path: string, readonly errcode: number, readonly errmsg: string) {
    super(`WeChat ${path}: ${errcode} ${errmsg}`);
  }
}

const IDENTITY_PATHS: Record<'WECHAT_MINI_PROGRAM' | 'WECHAT_OFFICIAL_ACCOUNT', { path: string; codeParam: string }> = {
  WECHAT_MINI_PROGRAM: { path: '/sns/jscode2session', codeParam: 'js_code' },
  WECHAT_OFFICIAL_ACCOUNT: { path: '/sns/oauth2/access_token', codeParam: 'code' },
};

/**
 * The identity of one WeChat channel. Accounts are joined by the unionid when WeChat gives one (the same person
 * across the store's mini-program and official account), else by the app's own openid (then the two channels are two
 * people to the store: README, "one person, two accounts").
 */
export function weChatIdentity(baseUrl: string, channel: 'WECHAT_MINI_PROGRAM' | 'WECHAT_OFFICIAL_ACCOUNT', app: WeChatApp): Pick<IdentityProvider, 'exchange'> {
  const { path, codeParam } = IDENTITY_PATHS[channel];
  return {
    async exchange(_channel: IdentityChannel, code: string): Promise<VerifiedIdentity> {
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(code)) throw new IdentityCodeError('The WeChat code was not accepted');
      let answer: Record<string, any>;
      try {
        answer = await weChatCall(baseUrl, path, {
          query: { appid: app.appId, secret: app.secret, [codeParam]: code, grant_type: 'authorization_code' },
        });
      } catch (err) {
        if (err instanceof WeChatError && REFUSED_CODES.has(err.errcode)) throw new IdentityCodeError('The WeChat code was not accepted');
        throw err;
      }
      const openId = String(answer.openid ?? '');
      if (!openId) throw new IdentityServiceError(`WeChat ${path} answered no openid`);
      const unionId = typeof answer.unionid === 'string' && answer.unionid ? answer.unionid : null;
      return { provider: 'wechat', subject: unionId ? `union:${unionId}` : `open:${app.appId}:${openId}`, openId };
    },
  };
}

/** WeChat's snsapi_base OAuth page for the official account: silent, answers with the code in the redirect. */
export function weChatAuthorizeUrl(appId: string, redirectUri: string, state: string): string {
  const query = new URLSearchParams({ appid: appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
  return `${WECHAT_OAUTH_PAGE}?${query}#wechat_redirect`;
}

/** WeChat's answer codes for an access token that is invalid or expired: refresh once and ask again. */
const TOKEN_REFUSED = new Set([40001, 40014, 42001]);

/**
 * Calls a WeChat server API that takes the mini-program's access token, with the token shared by every instance
 * (identity/accessToken.ts) from `POST /cgi-bin/stable_token`; a token WeChat calls invalid is refreshed once.
 */
export async function withWeChatAccessToken<T>(db: Db, baseUrl: string, app: WeChatApp, call: (token: string) => Promise<T>): Promise<T> {
  const fetchToken = async () => {
    const answer = await weChatCall(baseUrl, '/cgi-bin/stable_token', {
      body: { grant_type: 'client_credential', appid: app.appId, secret: app.secret, force_refresh: false },
    });
    return { token: String(answer.access_token), expiresInSeconds: Number(answer.expires_in) || 7200 };
  };
  const name = `wechat:${app.appId}`;
  const token = await sharedAccessToken(db, name, fetchToken);
  try {
    return await call(token);
  } catch (err) {
    if (!(err instanceof WeChatError && TOKEN_REFUSED.has(err.errcode))) throw err;
    return call(await sharedAccessToken(db, name, fetchToken, { forceRefresh: token }));
  }
}
