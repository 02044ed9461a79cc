/** Starts the mail worker with the configured transport and stops it before the database closes. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MailWorker } from './queue.ts';
import { outboxTransport, smtpTransport } from './transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
  }
}

export function startMail(app: FastifyInstance) {
  const { smtpUrl, mailFrom, dataDir, mailPollMs, mailRetryBaseMs } = app.config;
  const transport = smtpUrl ? smtpTransport(smtpUrl, mailFrom) : outboxTransport(path.join(dataDir, 'outbox'), mailFrom);
  app.log.info({ mail: transport.describe }, smtpUrl ? 'mail is sent by SMTP' : `no SMTP_URL: mail is written as .eml files to ${path.join(dataDir, 'outbox')}`);
  const worker = new MailWorker(app.db, transport, { pollMs: mailPollMs, retryBaseMs: mailRetryBaseMs, log: app.log });
  app.decorate('mailWorker', worker);
  app.addHook('preClose', () => worker.stop());
  worker.start();
}
