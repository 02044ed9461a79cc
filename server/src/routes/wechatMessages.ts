/**
 * WeChat's message push for the mini-program (小程序消息推送, plaintext mode, JSON data format), at
 * /api/istore/notify/wechat-media-check: WeChat's answers to the asynchronous picture check (mediaCheckAsync v2, event
 * `wxa_media_check`; services/contentCheck.ts) and the order-shipping service's `trade_manage_order_settlement` (the
 * shopper's receipt and the payment's settlement; features/wechatReceipt/service.ts). Every request is verified with WECHAT_MESSAGE_TOKEN, the token set in
 * the mini-program's push settings: signature = SHA-1 of the sorted token, timestamp and nonce
 * (https://developers.weixin.qq.com/miniprogram/dev/framework/server-ability/message-push.html). The GET WeChat sends
 * when the URL is saved is answered with its echostr once verified. A push that fails the signature is a 401 and
 * changes nothing; a verdict is recorded once (a repeated push changes nothing) and the version waiting for it is
 * screened again. Without WECHAT_MESSAGE_TOKEN the route answers 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentCheckerOf, recordMediaVerdict, suggestOf, weChatPushSignatureValid } from '../services/contentCheck.ts';
import { rescreenAfterPush } from '../features/influencers/service.ts';
import { recordSettlementPush } from '../features/wechatReceipt/service.ts';
import { badRequest, notFound, unauthorized } from '../lib/errors.ts';

export const MEDIA_CHECK_PATH = '/wechat-media-check';

export default async function weChatMessageRoutes(app: FastifyInstance, opts: { env?: NodeJS.ProcessEnv }) {
  const env = opts.env ?? process.env;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const verified = (req: FastifyRequest) => {
    const token = (env.WECHAT_MESSAGE_TOKEN ?? '').trim();
    if (!token) throw notFound('WeChat message push is not configured (WECHAT_MESSAGE_TOKEN)');
    if (!weChatPushSignatureValid(token, req.query as Record<string, string>)) throw unauthorized('The WeChat push signature does not match');
  };

  app.get(MEDIA_CHECK_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
    verified(req);
    return reply.type('text/plain').send(String((req.query as Record<string, string>).echostr ?? ''));
  });

  app.post(MEDIA_CHECK_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
    verified(req);
    let push: Record<string, any>;
    try {
      push = JSON.parse(typeof req.body === 'string' ? req.body : '');
    } catch {
      throw badRequest('Set the mini-program message push to plaintext mode with the JSON data format');
    }
    const miniProgram = app.identityProvider.weChatMiniProgram;
    if (push?.Event === 'wxa_media_check' && typeof push.trace_id === 'string' && (!miniProgram || !push.appid || push.appid === miniProgram.appId)) {
      const failed = Number(push.errcode ?? 0) !== 0;
      // A check WeChat could not run comes back for a person to decide, never as a pass.
      const verdict = failed ? 'review' : suggestOf(push.result);
      const label = failed ? `errcode ${push.errcode}` : String(push.result?.label ?? '');
      const uploadId = await recordMediaVerdict(app.db, push.trace_id, verdict, label);
      if (uploadId) await rescreenAfterPush(app.db, await contentCheckerOf(app), uploadId);
    }
    // The order-shipping service's settlement push (features/wechatReceipt/service.ts): the receipt and the settlement.
    if (push?.Event === 'trade_manage_order_settlement') await recordSettlementPush(app.db, push, (env.WECHATPAY_MCHID ?? '').trim() || undefined);
    // WeChat takes 'success' (or an empty answer) as delivered; anything else is retried.
    return reply.type('text/plain').send('success');
  });
}
