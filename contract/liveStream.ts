/**
 * Live-stream rooms of the WeChat mini-program (spec §3 "Live stream info"). The answer has the shape of WeChat's own
 * getliveinfo (`room_info`, times in Unix seconds, WeChat's live_status codes 101..107), so a store that proxies WeChat's
 * API can answer the same way; names also come in both languages.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized } from './common.ts'

/** No body (or JSON null) asks for the first page; WeChat pages by at most 100 rooms. */
export const LiveRoomsQuery = Type.Object({
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }))
})
export type LiveRoomsQuery = Static<typeof LiveRoomsQuery>

export const LiveRoom = Type.Object({
  roomid: Type.Integer(),
  name: Type.String(),
  nameContent: Localized,
  /** Follows the image rule: a CDN name unless it starts with https. */
  cover_img: Type.String(),
  anchor_name: Type.String(),
  anchorNameContent: Localized,
  live_status: Type.Integer({ minimum: 101, maximum: 107 }),
  start_time: Type.Integer(),
  end_time: Type.Integer()
})
export type LiveRoom = Static<typeof LiveRoom>

export const LiveRooms = Type.Object({ room_info: Type.Array(LiveRoom), total: Type.Integer() })
export type LiveRooms = Static<typeof LiveRooms>
