/**
 * Live-stream rooms of the WeChat mini-program (client: src/api/wechat.ts liveRooms, page /wechatlivestreamrooms).
 * The answer has the shape of WeChat's own getliveinfo (`room_info` with roomid, name, cover_img, anchor_name,
 * live_status, start_time and end_time in Unix seconds, plus `total`), so a store that proxies WeChat's API can answer
 * the same way; names also come bilingual (`nameContent`, `anchorNameContent`) like the rest of this API.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LiveRooms, LiveRoomsQuery } from '../../../contract/liveStream.ts';
import { liveRooms } from '../services/liveStream.ts';

export default async function liveStreamRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.post('/wechat/weChatlivestreaminfo', {
    schema: { body: LiveRoomsQuery, response: { 200: LiveRooms } },
    // The body is optional: no body (or JSON null) asks for the first page.
    preValidation: async (req) => {
      if (req.body === undefined || req.body === null) req.body = {};
    },
  }, async (req) => {
    const { start = 0, limit = 100 } = req.body as { start?: number; limit?: number };
    return liveRooms(db, start, limit);
  });
}
