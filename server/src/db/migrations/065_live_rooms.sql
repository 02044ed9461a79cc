-- WeChat mini-program live-stream rooms (spec §2 live-stream rooms page, §3 live stream info), answered by
-- POST /wechat/weChatlivestreaminfo in the shape of WeChat's own getliveinfo (roomid, name, cover_img, anchor_name,
-- live_status, start_time, end_time). Names are bilingual like the catalogue; cover_img is an image name under the CDN
-- path (common3/image) or an https URL. live_status: 101 live, 102 not started, 103 ended, 104 banned, 105 paused,
-- 106 error, 107 expired (WeChat's codes).
CREATE TABLE live_rooms (
  roomid int PRIMARY KEY CHECK (roomid > 0),
  name_en text NOT NULL,
  name_zh text NOT NULL,
  anchor_name_en text NOT NULL,
  anchor_name_zh text NOT NULL,
  cover_img text NOT NULL,
  live_status int NOT NULL CHECK (live_status BETWEEN 101 AND 107),
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  CHECK (end_time > start_time)
);
