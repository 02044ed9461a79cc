/**
 * The identity router: one IdentityProvider for the routes, serving each sign-in channel by exactly one provider.
 * A channel whose credentials are set is served by the real provider (WeChat's API for the mini-program and the
 * official account, Alipay's alipay.system.oauth.token for the Alipay mini-program); any other by the sandbox, except in production without ISTORE_SANDBOX=1, where that sign-in is
 * not offered at all (the routes answer 400 and say so, /wechat/enabled says false, the app ids are empty).
 */
import { credentialVarsOf, isProduction, type StartFacts } from '../config.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { IdentityCodeError, IdentityServiceError, IdentityUnavailableError, providerOf, type IdentityChannel, type IdentityProvider, type VerifiedIdentity } from './provider.ts';
import { alipaySettings } from '../payments/alipay.ts';
import { alipayIdentity } from './alipay.ts';
import { sandboxIdentityProvider } from './sandbox.ts';
import { WECHAT_API_LIVE, weChatAuthorizeUrl, weChatIdentity, type WeChatApp } from './wechat.ts';

export const IDENTITY_CHANNELS: readonly IdentityChannel[] = ['WECHAT_MINI_PROGRAM', 'WECHAT_OFFICIAL_ACCOUNT', 'ALIPAY_MINI_PROGRAM'];

const NAMES: Record<IdentityChannel, string> = {
  WECHAT_MINI_PROGRAM: 'WeChat mini-program sign-in',
  WECHAT_OFFICIAL_ACCOUNT: 'WeChat sign-in',
  ALIPAY_MINI_PROGRAM: 'Alipay sign-in',
};

export interface IdentityRouter extends IdentityProvider {
  /** Whether shoppers may sign in on the channel here. */
  offers(channel: IdentityChannel): boolean;
  /** Offered channels the sandbox serves (anyone may sign in as anyone there). */
  readonly sandboxChannels: readonly IdentityChannel[];
  /** The mini-program's WeChat app and API address, for server calls such as live rooms; absent without credentials. */
  readonly weChatMiniProgram?: WeChatApp & { baseUrl: string };
}

/** The start's facts (config.ts StartFacts: NODE_ENV, ISTORE_SANDBOX, a live shop's settings) and IDENTITY_PROVIDER. */
export interface IdentitySettings extends StartFacts {
  /** IDENTITY_PROVIDER: only 'sandbox' (or unset) remains; real sign-in is chosen per channel by its credentials. */
  identityProvider: string;
  allowSandbox: boolean;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** A provider's base address: https, or http to this machine only (a test double). */
export function providerBaseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = (env[name] ?? '').trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} '${raw}' is not a URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new Error(`${name} '${raw}' must be https (http only to this machine)`);
  }
  return url.origin;
}

/**
 * A WeChat app's id and secret from `<prefix>_APPID` and `<prefix>_SECRET`, each well formed. The app id alone is
 * WeChat Pay's (payments/wechatpay.ts): sign-in and the server's own WeChat calls need the secret too.
 */
function weChatAppFromEnv(env: NodeJS.ProcessEnv, prefix: string): WeChatApp | undefined {
  const appIdName = `${prefix}_APPID`;
  const secretName = `${prefix}_SECRET`;
  const appId = (env[appIdName] ?? '').trim();
  const secret = (env[secretName] ?? '').trim();
  if (!secret) return undefined;
  if (!appId) throw new Error(`WeChat is partly configured: ${appIdName} is missing (${secretName} set)`);
  if (!/^wx[0-9a-f]{16}$/.test(appId)) throw new Error(`${appIdName} is not a WeChat app id (wx and 16 hex digits)`);
  if (!/^[0-9a-f]{32}$/.test(secret)) throw new Error(`${secretName} is not a WeChat AppSecret (32 hex digits)`);
  return { appId, secret };
}

export function createIdentityProvider(settings: IdentitySettings, apiPrefix: string, env: NodeJS.ProcessEnv = process.env): IdentityRouter {
  if (settings.identityProvider !== 'sandbox') {
    throw new Error(`IDENTITY_PROVIDER '${settings.identityProvider}' is not available: each sign-in channel is served by WeChat or ` +
      'Alipay when its credentials are set (WECHAT_MINI_PROGRAM_*, WECHAT_OFFICIAL_ACCOUNT_*, ALIPAY_*; server/README.md), and ' +
      'IDENTITY_PROVIDER only takes \'sandbox\'');
  }
  const baseUrl = providerBaseUrl(env, 'WECHAT_API_BASE_URL', WECHAT_API_LIVE);
  const miniProgram = weChatAppFromEnv(env, 'WECHAT_MINI_PROGRAM');
  const officialAccount = weChatAppFromEnv(env, 'WECHAT_OFFICIAL_ACCOUNT');
  const alipay = alipaySettings(env);
  // The credentials this router is given count as a live shop's, like those of the start's own environment.
  const production = isProduction({ ...settings, credentialVars: [...settings.credentialVars ?? [], ...credentialVarsOf(env)] });
  const sandbox = !production || settings.allowSandbox ? sandboxIdentityProvider(apiPrefix) : null;

  const real: Partial<Record<IdentityChannel, Pick<IdentityProvider, 'exchange'>>> = {
    ...(miniProgram && { WECHAT_MINI_PROGRAM: weChatIdentity(baseUrl, 'WECHAT_MINI_PROGRAM', miniProgram) }),
    ...(officialAccount && { WECHAT_OFFICIAL_ACCOUNT: weChatIdentity(baseUrl, 'WECHAT_OFFICIAL_ACCOUNT', officialAccount) }),
    ...(alipay && { ALIPAY_MINI_PROGRAM: alipayIdentity(alipay) }),
  };
  const serving = (channel: IdentityChannel) => real[channel] ?? sandbox;
  const sandboxChannels = sandbox ? IDENTITY_CHANNELS.filter((c) => !real[c]) : [];
  const offered = (channel: IdentityChannel) => serving(channel) !== null;

  return {
    name: [...new Set(Object.keys(real).map((c) => providerOf(c as IdentityChannel))), ...(sandboxChannels.length ? ['sandbox'] : [])].join('+') || 'none',
    offers: offered,
    sandboxChannels,
    ...(miniProgram && { weChatMiniProgram: { ...miniProgram, baseUrl } }),
    async exchange(channel, code) {
      const provider = serving(channel);
      if (!provider) throw new IdentityUnavailableError(`${NAMES[channel]} is not offered by this store`);
      return provider.exchange(channel, code);
    },
    authorizeUrl(redirectUri, state) {
      if (officialAccount) return weChatAuthorizeUrl(officialAccount.appId, redirectUri, state);
      if (sandbox) return sandbox.authorizeUrl(redirectUri, state);
      throw new IdentityUnavailableError(`${NAMES.WECHAT_OFFICIAL_ACCOUNT} is not offered by this store`);
    },
    weChatOfficialAccountAppId: officialAccount?.appId ?? sandbox?.weChatOfficialAccountAppId ?? '',
    alipayAppId: alipay?.appId ?? sandbox?.alipayAppId ?? '',
  };
}

/**
 * The provider's exchange with its refusals as answers: a refused code or a channel not offered is a 400 with the
 * reason; the provider failing (unreachable, rejecting the store's own credentials) a 502 the shopper may retry, its
 * detail logged by the error handler through `cause`.
 */
export async function verifiedIdentity(provider: IdentityProvider, channel: IdentityChannel, code: string): Promise<VerifiedIdentity> {
  try {
    return await provider.exchange(channel, code);
  } catch (err) {
    if (err instanceof IdentityCodeError || err instanceof IdentityUnavailableError) throw badRequest(err.message);
    if (err instanceof IdentityServiceError) {
      const name = channel === 'ALIPAY_MINI_PROGRAM' ? 'Alipay' : 'WeChat';
      throw Object.assign(new ApiError(502, `${name} did not confirm the sign-in just now; please try again`), { cause: err });
    }
    throw err;
  }
}

export type { IdentityChannel, IdentityKind, IdentityProvider, VerifiedIdentity } from './provider.ts';
export { IdentityCodeError, IdentityServiceError, IdentityUnavailableError } from './provider.ts';
