import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  staticDir: string;
  logLevel: string;
  cookieSecure: boolean;
  seed: boolean;
  /** minutes an INTERIM/NOT_PAID order keeps its stock before it is released */
  reservationTtlMinutes: number;
  /** smtp(s)://user:pass@host:port; unset → mail is written to DATA_DIR/outbox as .eml files */
  smtpUrl?: string;
  mailFrom: string;
  /** the shop's public origin for links in mail (https://shop.example.com); required with smtpUrl; unset → the request's origin */
  publicUrl?: string;
  /** how often the mail worker looks for due mail */
  mailPollMs: number;
  /** first retry of a mail the transport refused; doubles per attempt up to an hour */
  mailRetryBaseMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(serverRoot, env.DATA_DIR ?? './data'),
    staticDir: path.resolve(serverRoot, env.STATIC_DIR ?? '../dist/h5'),
    logLevel: env.LOG_LEVEL ?? 'info',
    cookieSecure: env.COOKIE_SECURE === 'true',
    seed: env.SEED !== 'false',
    reservationTtlMinutes: Number(env.RESERVATION_TTL_MINUTES ?? 30),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'iStore <no-reply@istore.test>',
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    mailPollMs: Number(env.MAIL_POLL_MS ?? 2000),
    mailRetryBaseMs: Number(env.MAIL_RETRY_BASE_MS ?? 30_000),
  };
}

export { serverRoot };
