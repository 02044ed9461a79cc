/** The live-stream rooms: the seeded ones (live_rooms table) in the shape of WeChat's getliveinfo, or WeChat's own. */
import type { Db, Queryable } from '../db/index.ts';
import { WeChatError, weChatCall, withWeChatAccessToken, type WeChatApp } from '../identity/wechat.ts';
import type { LiveRooms } from '../../../contract/liveStream.ts';

const seconds = (t: Date | string) => Math.floor(new Date(t).getTime() / 1000);

/** One page of the rooms (ordered as below) and how many there are. */
export async function liveRooms(db: Queryable, start: number, limit: number): Promise<LiveRooms> {
  // A scheduled room's status follows the clock (a room stored as live whose end has passed has ended); the
  // operator's other codes (banned, paused, error, expired) stand as stored. On air first, then paused, then the
  // coming ones soonest first, then the past ones latest first.
  const { rows } = await db.query(
    `SELECT *, count(*) OVER ()::int AS total FROM (
       SELECT *, CASE WHEN live_status NOT IN (101, 102, 103) THEN live_status
                      WHEN $3::timestamptz < start_time THEN 102
                      WHEN $3::timestamptz < end_time THEN 101
                      ELSE 103 END AS status_now
       FROM live_rooms) rooms
     ORDER BY CASE status_now WHEN 101 THEN 0 WHEN 105 THEN 1 WHEN 102 THEN 2 ELSE 3 END,
       CASE WHEN status_now = 102 THEN start_time END ASC,
       start_time DESC, roomid
     OFFSET $1 LIMIT $2`,
    [start, limit, new Date().toISOString()],
  );
  const total = rows[0]?.total ?? (await db.query('SELECT count(*)::int AS n FROM live_rooms')).rows[0].n;
  return {
    room_info: rows.map((r) => ({
      roomid: r.roomid,
      name: r.name_en,
      nameContent: { en: r.name_en, zh: r.name_zh },
      cover_img: r.cover_img,
      anchor_name: r.anchor_name_en,
      anchorNameContent: { en: r.anchor_name_en, zh: r.anchor_name_zh },
      live_status: r.status_now,
      start_time: seconds(r.start_time),
      end_time: seconds(r.end_time),
    })),
    total,
  };
}

/** WeChat's room list is empty: getliveinfo answers this code instead of an empty list. */
const NO_ROOMS = 9410000;
/** How long an instance reuses WeChat's answer: rooms change by the minute, and WeChat limits calls per day. */
const WECHAT_ROOMS_TTL_MS = 30_000;
const weChatRoomsCache = new Map<string, { at: number; rooms: LiveRooms }>();

/**
 * The rooms of the store's own mini-program, read from WeChat's live-broadcast API (`POST /wxa/business/getliveinfo`)
 * with the shared access token, in the same answer shape as the seeded rooms. WeChat names a room and its anchor in one
 * language, so both texts carry it. Cached briefly per page.
 */
export async function weChatLiveRooms(db: Db, app: WeChatApp & { baseUrl: string }, start: number, limit: number): Promise<LiveRooms> {
  const key = `${app.appId}:${start}:${limit}`;
  const cached = weChatRoomsCache.get(key);
  if (cached && Date.now() - cached.at < WECHAT_ROOMS_TTL_MS) return cached.rooms;
  let answer: Record<string, any>;
  try {
    answer = await withWeChatAccessToken(db, app.baseUrl, app, (token) =>
      weChatCall(app.baseUrl, '/wxa/business/getliveinfo', { query: { access_token: token }, body: { start, limit: Math.min(limit, 100) } }));
  } catch (err) {
    if (!(err instanceof WeChatError && err.errcode === NO_ROOMS)) throw err;
    answer = { room_info: [], total: 0 };
  }
  const rooms: LiveRooms = {
    room_info: (answer.room_info ?? []).map((r: Record<string, any>) => ({
      roomid: Number(r.roomid),
      name: String(r.name ?? ''),
      nameContent: { en: String(r.name ?? ''), zh: String(r.name ?? '') },
      cover_img: String(r.cover_img ?? ''),
      anchor_name: String(r.anchor_name ?? ''),
      anchorNameContent: { en: String(r.anchor_name ?? ''), zh: String(r.anchor_name ?? '') },
      live_status: Number(r.live_status),
      start_time: Number(r.start_time),
      end_time: Number(r.end_time),
    })),
    total: Number(answer.total ?? 0),
  };
  weChatRoomsCache.set(key, { at: Date.now(), rooms });
  return rooms;
}
