/**
 * Sandbox identity provider: no outside network. A code `sandbox-wx-<name>` (WeChat) or `sandbox-ali-<name>`
 * (Alipay) always stands for the same person `<name>`, so tests and demos get new and returning identities at will.
 * Like WeChat, the open id differs per channel (mini-program vs official account) while the subject does not.
 * WeChat's OAuth page is played by GET /wechat/sandbox/authorize (routes/identity.ts).
 */
import crypto from 'node:crypto';
import { IdentityCodeError, providerOf, type IdentityChannel, type IdentityProvider } from './provider.ts';

const CODE = /^sandbox-(wx|ali)-([A-Za-z0-9_.@-]{1,64})$/;
const hash = (text: string) => crypto.createHash('sha256').update(text);
const digest = (text: string, length: number) => hash(text).digest('base64url').slice(0, length);
const digits = (text: string, length: number) =>
  [...hash(text).digest()].slice(0, length).map((byte) => String(byte % 10)).join('');

export function sandboxIdentityProvider(apiPrefix: string): IdentityProvider {
  return {
    name: 'sandbox',
    weChatOfficialAccountAppId: 'wx-sandbox-official-account',
    alipayAppId: 'alipay-sandbox-app',
    async exchange(channel: IdentityChannel, code: string) {
      const match = CODE.exec(code);
      const provider = providerOf(channel);
      if (!match || (match[1] === 'wx') !== (provider === 'wechat')) {
        throw new IdentityCodeError(`The ${provider === 'wechat' ? 'WeChat' : 'Alipay'} code was not accepted`);
      }
      const person = match[2];
      return {
        provider,
        subject: `sbx-${provider}-${digest(`subject:${provider}:${person}`, 20)}`,
        // Shaped like the real ids: WeChat open ids are 28 characters starting with 'o', Alipay user ids 16 digits from 2088.
        openId: provider === 'wechat' ? `o${digest(`openid:${channel}:${person}`, 27)}` : `2088${digits(`openid:${channel}:${person}`, 12)}`,
      };
    },
    authorizeUrl(redirectUri, state) {
      return `${apiPrefix}/wechat/sandbox/authorize?redirect_uri=${encodeURIComponent(redirectUri)}&state=${encodeURIComponent(state)}`;
    },
  };
}
