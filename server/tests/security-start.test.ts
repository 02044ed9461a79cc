/**
 * Start environments → what they allow (issue 38 item 1, security probe 2026-12-01 N1). Production rules no longer
 * hang on NODE_ENV alone: a start with any of a live shop's settings (a provider credential of server/README.md's
 * tables, SMTP_URL, an https PUBLIC_URL, a DATABASE_URL on another host) gets them whatever NODE_ENV says, unless
 * ISTORE_SANDBOX=1 asks for a sandbox start on purpose. Plain cookies still only with PLAIN_HTTP=1.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cookieSecurity, isProduction, loadConfig, productionRefusal, sandboxRefusal, seedsDemo } from '../src/config.ts';
import { createPaymentProvider } from '../src/payments/index.ts';
import { createIdentityProvider } from '../src/identity/index.ts';
import { mailRefusal } from '../src/mail/index.ts';
import { API_PREFIX } from '../src/app.ts';
import { freshDb, ok, Shopper, startServer } from './helpers.ts';

const PAYPAL = { PAYPAL_CLIENT_ID: 'AbCdEf0123456789', PAYPAL_CLIENT_SECRET: 'EFsecret0123456789', PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' };
const WECHAT_SIGN_IN = { WECHAT_MINI_PROGRAM_APPID: 'wx0123456789abcdef', WECHAT_MINI_PROGRAM_SECRET: '0123456789abcdef0123456789abcdef' };
const HTTPS = { PUBLIC_URL: 'https://shop.example.com' };

interface Allowed {
  /** the production rules (PUBLIC_URL required, no demo password, no bench route, JSON log) */
  production: boolean;
  /** a hosted channel (OTT) paid through the payment sandbox */
  paymentSandbox: boolean;
  /** a sign-in channel without credentials served by the identity sandbox */
  identitySandbox: boolean;
  /** the demo store seeded on an empty database */
  demoSeed: boolean;
  /** cookies' Secure: true always, 'auto' when the request came over TLS, false never */
  secure: boolean | 'auto';
  /** the start is refused (and the refusal's words) */
  refused: RegExp | null;
}

const DEV: Allowed = { production: false, paymentSandbox: true, identitySandbox: true, demoSeed: true, secure: 'auto', refused: null };
const LIVE: Allowed = { production: true, paymentSandbox: false, identitySandbox: false, demoSeed: false, secure: true, refused: /Refusing to start: a live shop's settings/ };

const TABLE: [string, Record<string, string>, Allowed][] = [
  ['nothing set (npm run dev)', {}, DEV],
  ['NODE_ENV=development', { NODE_ENV: 'development' }, DEV],
  ['NODE_ENV=test, PUBLIC_URL on http://localhost', { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:8080' }, DEV],
  ['DATABASE_URL on 127.0.0.1', { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/shop' }, DEV],
  ['DATABASE_URL on localhost', { DATABASE_URL: 'postgres://u@localhost/shop' }, DEV],
  ['DATABASE_URL on a Unix socket', { DATABASE_URL: 'postgres:///shop?host=/var/run/postgresql' }, DEV],
  ['DATABASE_URL on [::1]', { DATABASE_URL: 'postgres://u@[::1]:5432/shop' }, DEV],
  ['an https PUBLIC_URL, no NODE_ENV', HTTPS, LIVE],
  ['SMTP_URL and an https PUBLIC_URL, no NODE_ENV', { SMTP_URL: 'smtp://u:p@mail.example.com:587', ...HTTPS }, LIVE],
  ['SMTP_URL alone, NODE_ENV=test', { NODE_ENV: 'test', SMTP_URL: 'smtp://u:p@mail.example.com:587' }, { ...LIVE, refused: /a live shop's settings \(SMTP_URL;.* with PAYMENT_PROVIDER=sandbox/ }],
  ['DATABASE_URL on another host', { DATABASE_URL: 'postgres://u:p@db.internal:5432/shop', ...HTTPS },
    { ...LIVE, refused: /DATABASE_URL on another host/ }],
  ['a garbled DATABASE_URL counts as another host', { DATABASE_URL: 'not a url' }, { ...LIVE, refused: /DATABASE_URL on another host/ }],
  ['PayPal credentials and an https PUBLIC_URL, no NODE_ENV (N1)', { ...PAYPAL, ...HTTPS },
    { ...LIVE, refused: null }],
  ['WeChat sign-in credentials, NODE_ENV=development', { NODE_ENV: 'development', ...WECHAT_SIGN_IN, ...HTTPS }, LIVE],
  ['PayPal credentials, no PUBLIC_URL', PAYPAL, { ...LIVE, refused: /without PUBLIC_URL/ }],
  ['an https PUBLIC_URL with PLAIN_HTTP=1', { ...HTTPS, PLAIN_HTTP: '1' }, { ...LIVE, secure: false }],
  ['ISTORE_SANDBOX=1 beside an https PUBLIC_URL', { ...HTTPS, ISTORE_SANDBOX: '1' }, DEV],
  ['ISTORE_SANDBOX=1 beside PayPal credentials', { ...PAYPAL, ...HTTPS, ISTORE_SANDBOX: '1' }, DEV],
  ['NODE_ENV=production', { NODE_ENV: 'production', ...HTTPS }, { ...LIVE, refused: /Refusing to start: NODE_ENV=production with PAYMENT_PROVIDER=sandbox/ }],
  ['NODE_ENV=production, ISTORE_SANDBOX=1 (a public demo)', { NODE_ENV: 'production', ...HTTPS, ISTORE_SANDBOX: '1' },
    { ...LIVE, paymentSandbox: true, identitySandbox: true, refused: null }],
  ['NODE_ENV=production, ISTORE_SANDBOX=1, SEED=demo', { NODE_ENV: 'production', ...HTTPS, ISTORE_SANDBOX: '1', SEED: 'demo' },
    { ...LIVE, paymentSandbox: true, identitySandbox: true, demoSeed: true, refused: null }],
  ['SEED=demo beside PayPal credentials, no ISTORE_SANDBOX', { ...PAYPAL, ...HTTPS, SEED: 'demo' }, { ...LIVE, demoSeed: true, refused: /SEED=demo/ }],
];

function allowedBy(env: Record<string, string>): Omit<Allowed, 'refused'> & { refusal: string | null } {
  const config = loadConfig(env);
  const payments = createPaymentProvider(config, env);
  const identity = createIdentityProvider(config, API_PREFIX, env);
  return {
    production: isProduction(config),
    paymentSandbox: payments.offered.includes('OTT'),
    identitySandbox: identity.sandboxChannels.length > 0,
    demoSeed: seedsDemo(config),
    secure: cookieSecurity(config),
    // What buildApp checks before it opens anything, in its order.
    refusal: sandboxRefusal(config, payments, identity) ?? productionRefusal(config) ?? mailRefusal(config),
  };
}

test('N1: start environments → what they allow (production rules unless a development start or ISTORE_SANDBOX=1)', () => {
  for (const [name, env, want] of TABLE) {
    const { refusal, ...got } = allowedBy(env);
    const { refused, ...expected } = want;
    assert.deepEqual(got, expected, name);
    if (refused === null) assert.equal(refusal, null, `${name}: not refused`);
    else assert.match(refusal ?? '(started)', refused, name);
  }
});

test('N1: a server with a live shop\'s settings and no NODE_ENV refuses the sandbox; with ISTORE_SANDBOX=1 it runs as one', async () => {
  const db = await freshDb();
  try {
    // The payment sandbox would be the only provider: refused before anything is opened, naming the setting.
    await assert.rejects(startServer(db, { config: { nodeEnv: 'development', allowSandbox: false, publicUrl: 'https://shop.example.com' } }),
      /Refusing to start: a live shop's settings \(PUBLIC_URL=https:\/\/shop\.example\.com;.*with PAYMENT_PROVIDER=sandbox/);
    await assert.rejects(startServer(db, { config: { nodeEnv: '', allowSandbox: false, smtpUrl: 'smtp://127.0.0.1:2525', publicUrl: 'http://127.0.0.1' } }),
      /Refusing to start: a live shop's settings \(SMTP_URL;/);
    // The same with ISTORE_SANDBOX=1 is a sandbox start on purpose: the demo store runs, marked as a sandbox.
    const srv = await startServer(db, { config: { nodeEnv: 'development', allowSandbox: true, publicUrl: 'https://shop.example.com' } });
    try {
      const r = await new Shopper(srv.base).get('/health');
      ok(r);
      assert.equal(r.headers.get('x-sandbox'), 'true');
    } finally {
      await srv.close();
    }
  } finally {
    await db.cleanup();
  }
});
