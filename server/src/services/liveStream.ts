/** The live-stream rooms (live_rooms table) in the shape of WeChat's getliveinfo. */
import type { Queryable } from '../db/index.ts';
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
