/**
 * POST /api/istore/notify/:provider — the providers' payment and refund notifications (WeChat Pay, Alipay, PayPal), and
 * their word on money already taken (disputes, reversals, dashboard refunds: payments/reversals.ts).
 * Outside the client API prefix, so outside the XSRF check, which a provider cannot pass: the provider's signature is
 * the check (its notification() verifies it on the raw body, before anything is parsed or applied). A refused
 * notification changes nothing and gets the provider's documented failure answer; a verified one is applied
 * (payments/events.ts) before it is acknowledged, so a crash in between means the provider sends it again.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors.ts';
import { applyNotificationEvent, firstSeenNonce } from '../payments/events.ts';
import { NotificationRefused, type PaymentProvider } from '../payments/provider.ts';
import { applyMoneyBackEvent } from '../payments/reversals.ts';
import { recordRefundOutcome } from '../services/refunds.ts';

export const NOTIFY_PREFIX = '/api/istore/notify';

export default async function notifyRoutes(app: FastifyInstance, opts: { provider: { byName(name: string): PaymentProvider | undefined } }) {
  // The signature covers the exact bytes sent: every body is kept as text (this plugin's scope only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post<{ Params: { provider: string } }>('/:provider', async (req, reply) => {
    const provider = opts.provider.byName(req.params.provider);
    if (!provider?.notification) throw notFound(`No notifications are taken for '${req.params.provider}'`);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
    const rawBody = typeof req.body === 'string' ? req.body : '';
    try {
      const firstSeen = (nonce: string) => firstSeenNonce(app.db, provider.name, nonce);
      const { events, moneyBack = [], refundOutcomes = [], reply: answer, warnings = [] } = await provider.notification({ headers, rawBody, firstSeen });
      for (const warning of warnings) req.log.warn({ provider: provider.name }, warning);
      // A refund the provider accepted and then could not complete (ABNORMAL, CLOSED): kept for `npm run attention`.
      for (const outcome of refundOutcomes) await recordRefundOutcome(app.db, outcome);
      for (const event of events) await applyNotificationEvent(app.db, provider, event, req.log);
      // Disputes, reversals and dashboard refunds (payments/reversals.ts): through the order lifecycle, each once.
      for (const event of moneyBack) await applyMoneyBackEvent(app.db, provider, event, req.log);
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    } catch (e) {
      if (!(e instanceof NotificationRefused)) throw e;
      req.log.warn({ provider: provider.name, reason: e.message }, 'payment notification refused: nothing changed');
      return reply.status(e.reply.status).type(e.reply.contentType).send(e.reply.body);
    }
  });
}
