/**
 * The identity provider interface: turns a WeChat / Alipay one-time code into the shopper's stable identity.
 * The routes (routes/identity.ts) only talk to this; the sandbox (sandbox.ts) implements it for development and
 * tests without any outside network, and a real WeChat / Alipay client plugs in as another implementation.
 */

/** Where the code came from: each has its own app id at the provider, so its own open id. */
export type IdentityChannel = 'WECHAT_MINI_PROGRAM' | 'WECHAT_OFFICIAL_ACCOUNT' | 'ALIPAY_MINI_PROGRAM';

export type IdentityKind = 'wechat' | 'alipay';

export interface VerifiedIdentity {
  provider: IdentityKind;
  /** Stable across the provider's apps (WeChat unionid, Alipay user_id): what an account is joined to. */
  subject: string;
  /** Per-app id (WeChat openid): what WeChat Pay needs for this channel. */
  openId: string;
}

/** The code was refused by the provider (expired, reused, made up). */
export class IdentityCodeError extends Error {}

/** The provider could not be asked, or refused the store itself (bad secret, rate limit, outage): a 502, retry later. */
export class IdentityServiceError extends Error {}

/** This store offers no sign-in on the channel (no credentials, and no sandbox in production): a 400. */
export class IdentityUnavailableError extends Error {}

export interface IdentityProvider {
  readonly name: string;
  /** Exchanges a one-time code (wx.login, WeChat OAuth, my.getAuthCode) for the identity; IdentityCodeError if refused. */
  exchange(channel: IdentityChannel, code: string): Promise<VerifiedIdentity>;
  /** WeChat's OAuth page for the WeChat browser, which sends the browser back to `redirectUri` with ?code=&state=. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** App ids the client shows or needs (spec: common3/wcoaId, common3/apaId). */
  readonly weChatOfficialAccountAppId: string;
  readonly alipayAppId: string;
}

export const providerOf = (channel: IdentityChannel): IdentityKind => (channel === 'ALIPAY_MINI_PROGRAM' ? 'alipay' : 'wechat');
