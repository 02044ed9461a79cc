/**
 * Live-stream rooms of the WeChat mini-program (client: src/api/wechat.ts liveRooms, page /wechatlivestreamrooms).
 * The answer has the shape of WeChat's own getliveinfo (`room_info` with roomid, name, cover_img, anchor_name,
 * live_status, start_time and end_time in Unix seconds, plus `total`), so a store that proxies WeChat's API can answer
 * the same way (it does, with WECHAT_MINI_PROGRAM_APPID/_SECRET set); names also come bilingual (`nameContent`,
 * `anchorNameContent`) like the rest of this API.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LiveRooms, LiveRoomsQuery } from '../../../contract/liveStream.ts';
import { liveRooms, weChatLiveRooms } from '../services/liveStream.ts';
import { IdentityServiceError } from '../identity/index.ts';
import { ApiError } from '../lib/errors.ts';

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
    const { start = 0, limit = 100 } = req.body;
    // With the mini-program's credentials the rooms are WeChat's own; the seeded rooms are the sandbox's.
    const weChat = app.identityProvider.weChatMiniProgram;
    if (!weChat) return liveRooms(db, start, limit);
    try {
      return await weChatLiveRooms(db, weChat, start, limit);
    } catch (err) {
      if (!(err instanceof IdentityServiceError)) throw err;
      throw Object.assign(new ApiError(502, 'WeChat did not list the live rooms just now; please try again'), { cause: err });
    }
  });
}
