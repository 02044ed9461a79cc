/**
 * WeChat identity calls (spec §7): mini-program code sign-in (login), WeChat-browser OAuth (enabled, weChatlogin),
 * and joining a new WeChat identity to an account (register, link). The open id comes back for payments.
 * Also the mini-program's live-stream rooms (weChatlivestreaminfo). Types: contract/identity.ts, contract/liveStream.ts.
 */
import type { Credentials, IdentityJoined, IdentitySignIn, PlatformAppId, Registration, WeChatBinding, WeChatEnabled } from '@contract/identity'
import type { LiveRooms } from '@contract/liveStream'
import { liveListQuery } from '@shared/productQuery'
import { http } from './http'

export type { WeChatEnabled } from '@contract/identity'
export type { LiveRoom, LiveRooms } from '@contract/liveStream'

export const wechatApi = {
  enabled: (redirectUri: string) => http.get<WeChatEnabled>('/wechat/enabled', { redirectUri }),
  /** The store's WeChat official account app id (spec §7 GET /common3/wcoaId); empty = the store has none. */
  officialAccountId: () => http.get<PlatformAppId>('/common3/wcoaId'),
  login: (code: string) => http.post<IdentitySignIn>('/wechat/login', { code }),
  /** `state` is the one WeChat's OAuth page handed back; the server checks it against the one it issued. */
  weChatLogin: (code: string, state: string | undefined) => http.post<IdentitySignIn>('/wechat/weChatlogin', { code, state }),
  register: (registration: Registration) => http.post<IdentityJoined>('/wechat/register', registration),
  link: (credentials: Credentials) => http.post<IdentityJoined>('/wechat/link', credentials),
  /** Signed in: joins the WeChat identity waiting in this session to the account, else says whether one is joined. */
  bind: () => http.get<WeChatBinding>('/wechat/bind'),
  liveRooms: (start = 0) => http.post<LiveRooms>('/wechat/weChatlivestreaminfo', liveListQuery(start)),
  /** `limit` rooms from `start` (WeChat answers at most 100 a request): the room page looks one room up in the list. */
  liveRoomsPage: (start: number, limit: number) => http.post<LiveRooms>('/wechat/weChatlivestreaminfo', { start, limit })
}
