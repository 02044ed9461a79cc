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
  /** COOKIE_SECURE=true: Secure cookies and HSTS outside production too (production has them unless plainHttp). */
  cookieSecure: boolean;
  /**
   * PLAIN_HTTP=1: the operator's explicit word that this store is reached over plain HTTP (a private network), so
   * production sends cookies without Secure and no HSTS. Without it production assumes TLS in front.
   */
  plainHttp: boolean;
  /** SEED: `demo` seeds the demo store on an empty database, `none` never; unset: the demo in development only. */
  seed?: string;
  /** minutes an INTERIM/NOT_PAID order keeps its stock before it is released */
  reservationTtlMinutes: number;
  /** Most units one reservation may hold (a guest must not take a whole product's stock off sale). */
  reservationMaxUnits: number;
  /** Most unpaid guest reservations held at once from one client address. */
  reservationMaxOpenPerAddress: number;
  /** NODE_ENV as given; read it through isProduction(), never by comparing the text. */
  nodeEnv: string;
  /**
   * PAYMENT_PROVIDER: only 'sandbox' (the default) is taken; real payment providers are chosen per channel by their
   * credentials (payments/index.ts). IDENTITY_PROVIDER: likewise only 'sandbox'; sign-in is chosen per channel (identity/index.ts).
   */
  paymentProvider: string;
  identityProvider: string;
  /**
   * ISTORE_SANDBOX=1: the operator's explicit yes to a sandbox (and the demo seed): with NODE_ENV=production a public
   * demo; otherwise a sandbox start even beside a live shop's settings (credentialVars, SMTP_URL, an https PUBLIC_URL).
   */
  allowSandbox: boolean;
  /** The provider credentials set in the environment (names of CREDENTIAL_VARS): any of them is a live shop's sign. */
  credentialVars: string[];
  /**
   * TRUST_PROXY: whose X-Forwarded-For/-Proto/-Host to believe (Fastify trustProxy). Off by default: anyone can send
   * those headers, and the sign-in limits and cookie/redirect decisions depend on them. `true`, a hop count, or
   * comma-separated addresses/CIDRs of the reverse proxies.
   */
  trustProxy: boolean | number | string[];
  /** PUBLIC_ORIGIN: the store's address(es), comma-separated; when set, requests for any other host get 421. */
  publicOrigins: string[];
  /** ADMIN_ORIGIN: the back office's address (https://admin.shop.example); when set, /admin and /api/istore/admin answer 421 on any other origin. */
  adminOrigin?: string;
  /** ADMIN_DIR: the built back office (npm run build:admin), served at /admin. */
  adminDir: string;
  /** REQUEST_TIMEOUT_MS: a request must arrive in full within this (slow-body clients hold sockets otherwise). */
  requestTimeoutMs: number;
  /** MAX_CONNECTIONS: open client connections the server accepts at once; more are closed at once (slowloris). */
  maxConnections: number;
  /** REGISTRATIONS_PER_HOUR: accounts one client address may try to create per hour (e-mail, WeChat, Alipay sign-up). */
  registrationsPerHour: number;
  /** SCRYPT_LOG_N / SCRYPT_P: cost of new password hashes (lib/password.ts). */
  scryptLogN: number;
  scryptP: number;
  /** smtp(s)://user:pass@host:port; unset → mail is written to DATA_DIR/outbox as .eml files */
  smtpUrl?: string;
  /** MAIL_FROM: overrides the shop file's sender (src/mail/sender.ts). */
  mailFrom?: string;
  /**
   * PUBLIC_URL: the shop's public origin for links in mail (https://shop.example.com); required in production and
   * with smtpUrl. Unset in development: the server's own loopback address, never the request's Host.
   */
  publicUrl?: string;
  /** how often the mail worker looks for due mail */
  mailPollMs: number;
  /** first retry of a mail the transport refused; doubles per attempt up to an hour */
  mailRetryBaseMs: number;
  /** how often the refund worker looks for refunds to send, and its first retry after a provider error */
  refundPollMs: number;
  refundRetryBaseMs: number;
  /** PAYMENT_SYNC_POLL_MS: how often the payment sync worker (payments/sync.ts) looks for attempts to query or close */
  paymentSyncPollMs: number;
  /** RECONCILE_AFTER_SECONDS: a payment still in flight this long after it started is queried at its provider */
  reconcileAfterSeconds: number;
  /** how often the restock worker looks for sold-out products in stock again (back-in-stock alerts) */
  restockPollMs: number;
  /** SANDBOX_REFUND_FAILURES: the sandbox refuses this many refunds first (to watch the worker retry) */
  sandboxRefundFailures: number;
  /** ID_ENCRYPTION_KEY / ID_ENCRYPTION_OLD_KEYS: seal and open ID numbers and photos at rest (lib/idCrypto.ts). */
  idEncryptionKey?: string;
  idEncryptionOldKeys: string[];
  /** ID_RETENTION_DAYS: ID numbers and photos are deleted this many days after submission or verification (services/idRetention.ts). */
  idRetentionDays: number;
  /** ID_RETENTION_POLL_MS: how often the ID retention worker looks for ID details past their retention */
  idRetentionPollMs: number;
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
    plainHttp: env.PLAIN_HTTP === '1',
    seed: env.SEED?.trim().toLowerCase() || undefined,
    reservationTtlMinutes: Number(env.RESERVATION_TTL_MINUTES ?? 30),
    reservationMaxUnits: Number(env.RESERVATION_MAX_UNITS ?? 30),
    reservationMaxOpenPerAddress: Number(env.RESERVATION_MAX_OPEN_PER_ADDRESS ?? 5),
    nodeEnv: env.NODE_ENV ?? 'development',
    paymentProvider: env.PAYMENT_PROVIDER || 'sandbox',
    identityProvider: env.IDENTITY_PROVIDER || 'sandbox',
    allowSandbox: env.ISTORE_SANDBOX === '1',
    credentialVars: credentialVarsOf(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicOrigins: (env.PUBLIC_ORIGIN ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((o) => new URL(o).origin),
    adminOrigin: env.ADMIN_ORIGIN?.trim() ? new URL(env.ADMIN_ORIGIN.trim()).origin : undefined,
    adminDir: path.resolve(serverRoot, env.ADMIN_DIR ?? '../dist/admin'),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 60_000),
    registrationsPerHour: Number(env.REGISTRATIONS_PER_HOUR ?? 10),
    maxConnections: Number(env.MAX_CONNECTIONS ?? 2000),
    scryptLogN: Number(env.SCRYPT_LOG_N ?? 15),
    scryptP: Number(env.SCRYPT_P ?? 3),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    mailPollMs: Number(env.MAIL_POLL_MS ?? 2000),
    mailRetryBaseMs: Number(env.MAIL_RETRY_BASE_MS ?? 30_000),
    refundPollMs: Number(env.REFUND_POLL_MS ?? 5000),
    refundRetryBaseMs: Number(env.REFUND_RETRY_BASE_MS ?? 30_000),
    paymentSyncPollMs: Number(env.PAYMENT_SYNC_POLL_MS ?? 15_000),
    reconcileAfterSeconds: Number(env.RECONCILE_AFTER_SECONDS ?? 300),
    restockPollMs: Number(env.RESTOCK_POLL_MS ?? 10_000),
    sandboxRefundFailures: Number(env.SANDBOX_REFUND_FAILURES ?? 0),
    idEncryptionKey: env.ID_ENCRYPTION_KEY?.trim() || undefined,
    idEncryptionOldKeys: (env.ID_ENCRYPTION_OLD_KEYS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    idRetentionDays: idRetentionDaysOf(env.ID_RETENTION_DAYS),
    idRetentionPollMs: Number(env.ID_RETENTION_POLL_MS ?? 3_600_000),
  };
}

/** ID_RETENTION_DAYS: a whole number of days, 1 to 3650; 90 when unset. */
function idRetentionDaysOf(value: string | undefined): number {
  const days = Number(value ?? 90);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new Error(`ID_RETENTION_DAYS must be a whole number of days from 1 to 3650, got ${value}`);
  return days;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** What the payment router (payments/index.ts) serves with the sandbox. */
export interface PaymentSandboxUse {
  realProviders: readonly string[];
  sandboxChannels: readonly string[];
}

/**
 * The sandboxes this configuration runs (they let anyone mark an order paid or sign in as any linked account). With no
 * real payment provider the payment sandbox is the store's only one (and production refuses it without ISTORE_SANDBOX);
 * with some, the channels left to the sandbox are named (production never offers them without ISTORE_SANDBOX).
 */
export function sandboxesOf(payments: PaymentSandboxUse, identity: { sandboxChannels: readonly string[] }): string[] {
  return [
    ...(!payments.realProviders.length ? ['PAYMENT_PROVIDER=sandbox']
      : payments.sandboxChannels.length ? [`the payment sandbox on ${payments.sandboxChannels.join(', ')}`] : []),
    ...(identity.sandboxChannels.length ? [`the identity sandbox on ${identity.sandboxChannels.join(', ')}`] : []),
  ];
}

/**
 * The provider credentials of server/README.md's provider tables (payment and sign-in). Any one of them set means the
 * operator is wiring the store to a real provider: a live shop (security probe N1), whatever NODE_ENV says.
 */
export const CREDENTIAL_VARS = [
  'WECHATPAY_MCHID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY_FILE', 'WECHATPAY_APIV3_KEY', 'WECHATPAY_PUBLIC_KEY_ID', 'WECHATPAY_PUBLIC_KEY_FILE',
  'ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE',
  'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID',
  'SNAPPAY_APP_ID', 'SNAPPAY_MERCHANT_NO', 'SNAPPAY_SIGN_KEY_FILE',
  'IOTPAY_MERCHANT_ID', 'IOTPAY_LOGIN_NAME', 'IOTPAY_MERCHANT_KEY_FILE',
  'WECHAT_MINI_PROGRAM_APPID', 'WECHAT_MINI_PROGRAM_SECRET', 'WECHAT_OFFICIAL_ACCOUNT_APPID', 'WECHAT_OFFICIAL_ACCOUNT_SECRET',
] as const;

/** Which of CREDENTIAL_VARS this environment sets (to anything but blanks). */
export function credentialVarsOf(env: NodeJS.ProcessEnv): string[] {
  return CREDENTIAL_VARS.filter((v) => (env[v] ?? '').trim() !== '');
}

/**
 * What the start rules read: NODE_ENV, ISTORE_SANDBOX and the settings that only a live shop has. The optional ones
 * count as unset when absent (a unit test's `{ nodeEnv }`); a real start passes its whole Config.
 */
export type StartFacts = Pick<Config, 'nodeEnv'> & Partial<Pick<Config, 'allowSandbox' | 'credentialVars' | 'smtpUrl' | 'publicUrl' | 'databaseUrl'>>;

/** Whether a DATABASE_URL names this machine (loopback or a Unix socket), not a database server elsewhere. */
function databaseIsLocal(databaseUrl: string): boolean {
  if (!URL.canParse(databaseUrl)) return false;
  const url = new URL(databaseUrl);
  const socket = url.searchParams.get('host');
  const host = (socket ?? url.hostname).replace(/^\[|\]$/g, '').toLowerCase();
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The settings of this start that only a live shop has (security probe N1): a provider credential, SMTP_URL, an https
 * PUBLIC_URL, a DATABASE_URL on another host. Any of them means production rules whatever NODE_ENV says, unless
 * ISTORE_SANDBOX=1 asks for a sandbox start on purpose.
 */
export function liveShopSignals(facts: StartFacts): string[] {
  return [
    ...(facts.credentialVars ?? []),
    ...(facts.smtpUrl ? ['SMTP_URL'] : []),
    ...(facts.publicUrl?.toLowerCase().startsWith('https://') ? [`PUBLIC_URL=${facts.publicUrl}`] : []),
    ...(facts.databaseUrl && !databaseIsLocal(facts.databaseUrl) ? ['DATABASE_URL on another host'] : []),
  ];
}

/** NODE_ENV alone: only the names of a developer's machine (development, dev, test, testing) or no value are not production. */
function nodeEnvIsProduction(nodeEnv: string): boolean {
  return !/^(|dev|development|test|testing)$/.test(nodeEnv.trim().toLowerCase());
}

/**
 * Whether the production rules apply; everything that differs between production and development asks this one
 * function. It fails closed: NODE_ENV is read case-insensitively, and only the names of a developer's machine
 * (development, dev, test, testing) or no value at all escape the production rules (`Production`, `prod`, `staging`
 * do not), and even they only while the start has none of a live shop's settings (liveShopSignals) or says it is a
 * sandbox on purpose (ISTORE_SANDBOX=1).
 */
export function isProduction(facts: StartFacts): boolean {
  if (nodeEnvIsProduction(facts.nodeEnv)) return true;
  return !facts.allowSandbox && liveShopSignals(facts).length > 0;
}

/** How a refusal names the reason this start is production: NODE_ENV, or the live shop's settings that made it so. */
export function productionCause(facts: StartFacts): string {
  if (nodeEnvIsProduction(facts.nodeEnv)) return `NODE_ENV=${facts.nodeEnv}`;
  return `a live shop's settings (${liveShopSignals(facts).join(', ')}; production rules whatever NODE_ENV says, unless ISTORE_SANDBOX=1)`;
}

/** Cookies' Secure attribute: always in production (and with COOKIE_SECURE=true), never with PLAIN_HTTP=1, else when the request came over TLS. */
export function cookieSecurity(config: StartFacts & Pick<Config, 'cookieSecure' | 'plainHttp'>): boolean | 'auto' {
  if (config.plainHttp) return false;
  return config.cookieSecure || isProduction(config) ? true : 'auto';
}

/** Whether the demo store (its public account, coupons and credit) is seeded on an empty database. */
export function seedsDemo(config: StartFacts & Pick<Config, 'seed'>): boolean {
  if (config.seed === undefined || config.seed === 'true') return !isProduction(config);
  return config.seed === 'demo';
}

/** Why this configuration must not start, or null: a sandbox in production needs ISTORE_SANDBOX=1. */
export function sandboxRefusal(config: Config, payments: PaymentSandboxUse, identity: { sandboxChannels: readonly string[] }): string | null {
  const on = sandboxesOf(payments, identity);
  if (!on.length || !isProduction(config) || config.allowSandbox) return null;
  return `Refusing to start: ${productionCause(config)} with ${on.join(' and ')}. The sandbox providers let anyone mark an ` +
    'order paid without paying and sign in as any WeChat/Alipay-linked account. Configure a real provider, or set ' +
    'ISTORE_SANDBOX=1 to run a demo store on purpose (it is then marked "sandbox" everywhere).';
}

/** Why a production store must not start with these settings, or null (security probe M3, L2, L5). */
export function productionRefusal(config: Config): string | null {
  if (config.seed !== undefined && !['demo', 'none', 'true', 'false'].includes(config.seed)) {
    return `SEED must be demo or none, got '${config.seed}'`;
  }
  if (!isProduction(config)) return null;
  const env = productionCause(config);
  if (config.seed === 'true') {
    return `Refusing to start: ${env} with SEED=true. In production the demo store is only seeded when asked for by name: SEED=demo (a public demo, with ISTORE_SANDBOX=1), or SEED=none`;
  }
  if (config.seed === 'demo' && !config.allowSandbox) {
    return `Refusing to start: ${env} with SEED=demo. The demo store has an account whose password is published; only a public demo run on purpose (ISTORE_SANDBOX=1) may have it`;
  }
  if (!config.publicUrl) {
    return `Refusing to start: ${env} without PUBLIC_URL. Set it to the shop's address (https://shop.example.com): links in mail (password reset, order look-up, back in stock) are built from it, never from the request's Host`;
  }
  if (!URL.canParse(config.publicUrl) || !/^https?:$/.test(new URL(config.publicUrl).protocol)) {
    return `PUBLIC_URL must be the shop's http(s) address (https://shop.example.com), got '${config.publicUrl}'`;
  }
  if (!config.plainHttp && !config.publicUrl.startsWith('https://')) {
    return `Refusing to start: ${env} with PUBLIC_URL=${config.publicUrl}. Production cookies are Secure and the store sends HSTS, so the shop's address must be https://; set PLAIN_HTTP=1 only for a store reached over plain HTTP on purpose`;
  }
  return null;
}

export { serverRoot };
