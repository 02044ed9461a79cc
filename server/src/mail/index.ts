/** Starts the mail worker with the configured transport and stops it before the database closes. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MailWorker } from './queue.ts';
import { outboxTransport, smtpTransport } from './transport.ts';
import { DEFAULT_MAIL_FROM, mailSender } from './sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
  }
}

/**
 * Why this mail configuration must not start, or null. Links in mail (password reset) otherwise take the request's
 * host, which a client can forge (X-Forwarded-Host): mail that leaves the machine must point at the shop's real address.
 */
export function mailRefusal({ smtpUrl, publicUrl }: { smtpUrl?: string; publicUrl?: string }): string | null {
  return smtpUrl && !publicUrl ? 'SMTP_URL is set but PUBLIC_URL is not: set PUBLIC_URL to the shop\'s address (https://shop.example.com)' : null;
}

export function startMail(app: FastifyInstance) {
  const { smtpUrl, mailFrom, dataDir, mailPollMs, mailRetryBaseMs } = app.config;
  const fallback = mailFrom ?? DEFAULT_MAIL_FROM;
  const transport = smtpUrl ? smtpTransport(smtpUrl, fallback) : outboxTransport(path.join(dataDir, 'outbox'), fallback);
  app.log.info({ mail: transport.describe }, smtpUrl ? 'mail is sent by SMTP' : `no SMTP_URL: mail is written as .eml files to ${path.join(dataDir, 'outbox')}`);
  // MAIL_FROM, else the shop file's sender (read at each send, so an apply reaches a running server), else the default.
  const sender = async () => (await mailSender(app.db, mailFrom)).from;
  const worker = new MailWorker(app.db, transport, { pollMs: mailPollMs, retryBaseMs: mailRetryBaseMs, log: app.log, sender });
  app.decorate('mailWorker', worker);
  app.addHook('preClose', () => worker.stop());
  worker.start();
}
