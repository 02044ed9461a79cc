/**
 * WeChat identity calls (spec §7): mini-program code sign-in (login), WeChat-browser OAuth (enabled, weChatlogin),
 * and joining a new WeChat identity to an account (register, link). The open id comes back for payments.
 * Also the mini-program's live-stream rooms (weChatlivestreaminfo).
 */
import type { Credentials, IdentityJoined, IdentitySignIn, Registration } from './account'
import type { Localized } from './appInfo'
import { http } from './http'

/** The open id of this app's WeChat identity, which WeChat Pay needs. */
type OpenId = { weChatOpenId: string }

export interface WeChatEnabled {
  enabled: boolean
  /** WeChat's OAuth page for the WeChat browser, already carrying our return address. */
  authorizeUrl?: string
}

/**
 * One live-stream room (spec §3 "Live stream info"), with the field names of WeChat's getliveinfo. `cover_img` follows
 * the image rule (CDN path unless https); `live_status` is WeChat's code (src/domain/liveStatus.ts); times in Unix seconds.
 */
export interface LiveRoom {
  roomid: number
  name: string
  nameContent?: Localized
  cover_img: string
  anchor_name: string
  anchorNameContent?: Localized
  live_status: number
  start_time?: number
  end_time?: number
}

export interface LiveRoomsAnswer {
  room_info: LiveRoom[]
  total?: number
}

/** WeChat's getliveinfo pages by at most 100 rooms. */
const LIVE_ROOMS_PAGE = 100

export const wechatApi = {
  enabled: (redirectUri: string) => http.get<WeChatEnabled>('/wechat/enabled', { redirectUri }),
  login: (code: string) => http.post<IdentitySignIn<OpenId>>('/wechat/login', { code }),
  /** `state` is the one WeChat's OAuth page handed back; the server checks it against the one it issued. */
  weChatLogin: (code: string, state: string | undefined) => http.post<IdentitySignIn<OpenId>>('/wechat/weChatlogin', { code, state }),
  register: (registration: Registration) => http.post<IdentityJoined<OpenId>>('/wechat/register', registration),
  link: (credentials: Credentials) => http.post<IdentityJoined<OpenId>>('/wechat/link', credentials),
  liveRooms: () => http.post<LiveRoomsAnswer>('/wechat/weChatlivestreaminfo', { start: 0, limit: LIVE_ROOMS_PAGE })
}
