/**
 * POST /wechat/weChatlivestreaminfo: the seeded demo rooms in WeChat's getliveinfo shape, paging, bad input (4xx, never
 * 500), the XSRF rule, and the demo rooms reaching a demo database seeded before they existed (once only).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seedLiveRooms } from '../src/seed/liveRooms.ts';
import { freshDb, serverOnFreshDb, startServer, Shopper, isError, ok } from './helpers.ts';

const URL_ = '/wechat/weChatlivestreaminfo';

let s: Shopper;
const { srv } = serverOnFreshDb({}, async (started) => {
  s = new Shopper(started.base);
  // The test database is a copy of a template seeded earlier (maybe hours ago): time the demo rooms around now again.
  await started.app.db.query('DELETE FROM live_rooms');
  await seedLiveRooms(started.app.db);
});

test('answers the seeded rooms in WeChat\'s shape, bilingual, on air first, then upcoming soonest first, then ended', async () => {
  const body = ok(await s.post(URL_, {}));
  assert.deepEqual(Object.keys(body).sort(), ['room_info', 'total']);
  const rooms = body.room_info as any[];
  assert.equal(body.total, rooms.length);
  assert.ok(rooms.length >= 4, 'a few demo rooms');
  const now = Date.now() / 1000;
  for (const r of rooms) {
    assert.ok(Number.isInteger(r.roomid) && r.roomid > 0);
    for (const k of ['name', 'cover_img', 'anchor_name']) assert.ok(typeof r[k] === 'string' && r[k].trim(), `${k} of ${r.roomid}`);
    assert.equal(r.nameContent.en, r.name);
    assert.equal(r.anchorNameContent.en, r.anchor_name);
    assert.ok(r.nameContent.zh && r.nameContent.zh !== r.nameContent.en, 'a Chinese name');
    assert.ok(r.anchorNameContent.zh, 'a Chinese anchor name');
    assert.ok(Number.isInteger(r.start_time) && Number.isInteger(r.end_time) && r.start_time < r.end_time, 'Unix seconds, start before end');
    assert.ok(Math.abs(r.start_time - now) < 30 * 24 * 3600, 'seconds, not milliseconds');
    if (r.live_status === 102) assert.ok(r.start_time > now, 'upcoming starts later');
    if (r.live_status === 101) assert.ok(r.start_time <= now && r.end_time > now, 'on air now');
    if (r.live_status === 103 || r.live_status === 107) assert.ok(r.end_time < now, 'ended in the past');
  }
  const statuses = rooms.map((r) => r.live_status);
  for (const code of [101, 102]) assert.ok(statuses.includes(code), `a room with status ${code}`);
  assert.ok(statuses.includes(103) || statuses.includes(107), 'an ended room');
  const rank = (code: number) => (code === 101 ? 0 : code === 102 ? 1 : 2);
  assert.deepEqual(statuses, [...statuses].sort((a, b) => rank(a) - rank(b)), 'on air, upcoming, ended');
  const upcoming = rooms.filter((r) => r.live_status === 102).map((r) => r.start_time);
  assert.deepEqual(upcoming, [...upcoming].sort((a, b) => a - b), 'upcoming soonest first');
  const ended = rooms.filter((r) => r.live_status !== 101 && r.live_status !== 102).map((r) => r.start_time);
  assert.deepEqual(ended, [...ended].sort((a, b) => b - a), 'ended latest first');

  // covers are served like the other demo images: cdnpath + cover_img
  const info = ok(await s.get('/common3/appInfoInit'));
  const cdn: string = info.appContent.appDetail.cdnpath;
  for (const r of rooms) {
    assert.match(r.cover_img, /^[a-z0-9-]+\.svg$/);
    const img = await fetch(srv.base + cdn + r.cover_img);
    assert.equal(img.status, 200, r.cover_img);
    assert.match(img.headers.get('content-type')!, /image\/svg\+xml/);
    assert.match(await img.text(), /<svg[^>]*viewBox="0 0 800 450"/, '16:9 cover');
  }
});

test('no body, an empty body and null are all the first page', async () => {
  const all = ok(await s.post(URL_, {})).room_info;
  assert.deepEqual(ok(await s.req('POST', URL_)).room_info, all);
  assert.deepEqual(ok(await s.post(URL_, undefined, { raw: '' })).room_info, all);
  assert.deepEqual(ok(await s.post(URL_, undefined, { raw: '   ' })).room_info, all);
  assert.deepEqual(ok(await s.post(URL_, undefined, { raw: 'null' })).room_info, all);
});

test('start and limit page through the rooms (WeChat\'s getliveinfo paging); total stays the whole count', async () => {
  const all = ok(await s.post(URL_, {}));
  const first = ok(await s.post(URL_, { start: 0, limit: 2 }));
  const rest = ok(await s.post(URL_, { start: 2, limit: 100 }));
  assert.equal(first.room_info.length, 2);
  assert.equal(first.total, all.total);
  assert.equal(rest.total, all.total);
  assert.deepEqual([...first.room_info, ...rest.room_info].map((r: any) => r.roomid), all.room_info.map((r: any) => r.roomid));
  const past = ok(await s.post(URL_, { start: 500, limit: 10 }));
  assert.deepEqual(past, { room_info: [], total: all.total });
});

test('bad input gets 400 with the error body, never 500', async () => {
  for (const bad of [
    { limit: 0 }, { limit: 101 }, { limit: -1 }, { start: -1 }, { start: 1.5 }, { limit: '10' }, { start: '0' },
    { start: null }, { limit: true }, { start: 1e12 }, [], 'rooms', 42,
  ]) {
    const r = await s.post(URL_, bad);
    isError(r, 400);
  }
  isError(await s.post(URL_, undefined, { raw: '{"start":' }), 400);
  isError(await s.post(URL_, undefined, { raw: '{"limit": 5}', headers: { 'content-type': 'text/plain' } }), 400);
  isError(await s.post(URL_, undefined, { raw: '<limit>5</limit>', headers: { 'content-type': 'application/xml' } }), 415);
  isError(await s.post(URL_, undefined, { raw: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) }), 413);
  // unknown fields are ignored, as everywhere in the contract
  assert.ok(ok(await s.post(URL_, { start: 0, limit: 1, extra: 'ignored' })).room_info.length === 1);
});

test('XSRF: without the header (or with a wrong one) the POST is refused with 403', async () => {
  const fresh = new Shopper(srv.base);
  isError(await fresh.post(URL_, {}, { xsrf: false }), 403);
  isError(await fresh.post(URL_, {}, { xsrf: false, headers: { 'x-xsrf-token': 'forged' } }), 403);
  ok(await fresh.post(URL_, {}));
});

test('operator rooms: an https cover passes through; a paused room comes after the live one; an unknown WeChat code is refused by the table', async () => {
  await srv.app.db.query(
    `INSERT INTO live_rooms (roomid, name_en, name_zh, anchor_name_en, anchor_name_zh, cover_img, live_status, start_time, end_time)
     VALUES (9001, 'Paused room', '暂停的直播', 'Someone', '某人', 'https://cdn.example.com/cover.jpg', 105, now() - interval '1 hour', now() + interval '1 hour')`,
  );
  try {
    const rooms = ok(await s.post(URL_, {})).room_info as any[];
    assert.deepEqual(rooms.slice(0, 2).map((r) => r.live_status), [101, 105]);
    assert.equal(rooms[1].cover_img, 'https://cdn.example.com/cover.jpg');
    await assert.rejects(srv.app.db.query(
      `INSERT INTO live_rooms (roomid, name_en, name_zh, anchor_name_en, anchor_name_zh, cover_img, live_status, start_time, end_time)
       VALUES (9002, 'x', 'x', 'x', 'x', 'x.svg', 42, now(), now() + interval '1 hour')`,
    ));
  } finally {
    await srv.app.db.query('DELETE FROM live_rooms WHERE roomid = 9001');
  }
});

test('a scheduled room\'s status follows the clock: stored live but over is ended, stored upcoming but started is on air', async () => {
  await srv.app.db.query(
    `INSERT INTO live_rooms (roomid, name_en, name_zh, anchor_name_en, anchor_name_zh, cover_img, live_status, start_time, end_time)
     VALUES (9003, 'Was live', '曾直播', 'A', '甲', 'x.svg', 101, now() - interval '3 hours', now() - interval '1 hour'),
            (9004, 'Has begun', '已开始', 'B', '乙', 'x.svg', 102, now() - interval '10 minutes', now() + interval '1 hour'),
            (9005, 'Expired', '已过期', 'C', '丙', 'x.svg', 107, now() - interval '10 minutes', now() + interval '1 hour')`,
  );
  try {
    const rooms = ok(await s.post(URL_, {})).room_info as any[];
    const status = (id: number) => rooms.find((r) => r.roomid === id).live_status;
    assert.equal(status(9003), 103);
    assert.equal(status(9004), 101);
    assert.equal(status(9005), 107, 'an operator code stands as stored');
    assert.ok(rooms.findIndex((r) => r.roomid === 9004) < rooms.findIndex((r) => r.live_status === 102), 'on air before upcoming');
  } finally {
    await srv.app.db.query('DELETE FROM live_rooms WHERE roomid IN (9003, 9004, 9005)');
  }
});

test('a demo database seeded before live rooms existed gets them once at the next start; rooms the operator deleted stay deleted', async () => {
  const other = await freshDb();
  try {
    let app = await startServer(other);
    await app.app.db.query('DELETE FROM live_rooms');
    await app.app.db.query(`DELETE FROM settings WHERE key = 'seeded.liveRooms'`); // as before this seed step existed
    const count = async () => (await app.app.db.query('SELECT count(*)::int AS n FROM live_rooms')).rows[0].n;
    await app.close();

    app = await startServer(other);
    assert.ok((await count()) >= 4, 'added at start');
    await app.app.db.query('DELETE FROM live_rooms');
    await app.close();

    app = await startServer(other);
    assert.equal(await count(), 0, 'not seeded again');
    assert.deepEqual(ok(await new Shopper(app.base).post(URL_, {})), { room_info: [], total: 0 });
    await app.close();
  } finally {
    await other.cleanup();
  }
});
