/**
 * Demo live-stream rooms (POST /wechat/weChatlivestreaminfo): one on air, two not started, two ended (103 ended,
 * 107 expired), timed around the moment the demo store is seeded. Covers are generated images under the CDN path.
 */
import type { Queryable } from '../db/index.ts';

const HOUR = 3600 * 1000;

export const liveRooms = [
  {
    roomid: 1201, status: 101, startHours: -0.5, durationHours: 2, cover: 'live-longjing-spring-tasting.svg',
    name: { en: 'Spring Longjing tasting with our tea master', zh: '春茶品鉴：与茶艺师共品西湖龙井' },
    anchor: { en: 'Master Lin Hua', zh: '林华师傅' },
  },
  {
    roomid: 1202, status: 102, startHours: 26, durationHours: 1.5, cover: 'live-pour-over-at-home.svg',
    name: { en: 'Pour-over coffee at home: a barista\'s basics', zh: '在家手冲咖啡：咖啡师入门课' },
    anchor: { en: 'Emma Chen, Maple Roasters', zh: '陈艾玛（枫叶烘焙坊）' },
  },
  {
    roomid: 1203, status: 102, startHours: 74, durationHours: 1, cover: 'live-mooncake-gift-box-preview.svg',
    name: { en: 'Mid-Autumn gift boxes: first look', zh: '中秋礼盒抢先看' },
    anchor: { en: 'Maple & Jade team', zh: '枫玉市集团队' },
  },
  {
    roomid: 1198, status: 103, startHours: -50, durationHours: 1.5, cover: 'live-weekend-croissant-bake.svg',
    name: { en: 'Weekend bake: croissants from Northern Oven', zh: '周末烘焙：北境烤炉现烤牛角包' },
    anchor: { en: 'Chef Marco Rossi', zh: '马可·罗西主厨' },
  },
  {
    roomid: 1187, status: 107, startHours: -240, durationHours: 2, cover: 'live-panda-threads-winter-knits.svg',
    name: { en: 'Panda Threads winter knits try-on', zh: '熊猫织造冬季针织试穿' },
    anchor: { en: 'Sophie Wang', zh: '王苏菲' },
  },
] as const;

export async function seedLiveRooms(q: Queryable, now = Date.now()): Promise<void> {
  for (const r of liveRooms) {
    const start = new Date(now + r.startHours * HOUR);
    const end = new Date(start.getTime() + r.durationHours * HOUR);
    await q.query(
      `INSERT INTO live_rooms (roomid, name_en, name_zh, anchor_name_en, anchor_name_zh, cover_img, live_status, start_time, end_time)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT (roomid) DO NOTHING`,
      [r.roomid, r.name.en, r.name.zh, r.anchor.en, r.anchor.zh, r.cover, r.status, start.toISOString(), end.toISOString()],
    );
  }
}
