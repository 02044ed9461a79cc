/**
 * WeChat identity calls (spec §7): mini-program code sign-in (login), WeChat-browser OAuth (enabled, weChatlogin),
 * and joining a new WeChat identity to an account (register, link). The open id comes back for payments.
 */
import type { Credentials, IdentityJoined, IdentitySignIn, Registration } from './account'
import { http } from './http'

/** The open id of this app's WeChat identity, which WeChat Pay needs. */
type OpenId = { weChatOpenId: string }

export interface WeChatEnabled {
  enabled: boolean
  /** WeChat's OAuth page for the WeChat browser, already carrying our return address. */
  authorizeUrl?: string
}

export const wechatApi = {
  enabled: (redirectUri: string) => http.get<WeChatEnabled>('/wechat/enabled', { redirectUri }),
  login: (code: string) => http.post<IdentitySignIn<OpenId>>('/wechat/login', { code }),
  /** `state` is the one WeChat's OAuth page handed back; the server checks it against the one it issued. */
  weChatLogin: (code: string, state: string | undefined) => http.post<IdentitySignIn<OpenId>>('/wechat/weChatlogin', { code, state }),
  register: (registration: Registration) => http.post<IdentityJoined<OpenId>>('/wechat/register', registration),
  link: (credentials: Credentials) => http.post<IdentityJoined<OpenId>>('/wechat/link', credentials)
}
