import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import fastJsonStringify from 'fast-json-stringify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchema, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { cookieSecurity, isProduction, loadConfig, productionCause, productionRefusal, sandboxesOf, sandboxRefusal, seedsDemo, type Config } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { migrate, pendingMigrations } from './db/migrate.ts';
import { demoAccountRefusal, seedIfEmpty } from './seed/index.ts';
import { startCurrency } from './services/storeCurrency.ts';
import { shopMissing } from './shop/apply.ts';
import { ApiError, isDatabaseUnavailable, errorBody } from './lib/errors.ts';
import { registerSessionHooks } from './lib/session.ts';
import { registerHardening } from './lib/hardening.ts';
import { registerDrain } from './lib/drain.ts';
import { firstScreenPage } from './lib/firstScreen.ts';
import { configurePasswordHashing } from './lib/password.ts';
import { expireReservations } from './orders/lifecycle.ts';
import { installComposition } from './composition.ts';
import { FEATURES } from './features/index.ts';
import { sweepExpired } from './services/retention.ts';
import { bumpCatalog, configureCatalogCache } from './services/catalogCache.ts';
import appInfoRoutes from './routes/appInfo.ts';
import catalogRoutes from './routes/catalog.ts';
import cartRoutes from './routes/cart.ts';
import checkoutRoutes from './routes/checkout.ts';
import ordersRoutes from './routes/orders.ts';
import accountRoutes from './routes/account.ts';
import contentRoutes from './routes/content.ts';
import contactRoutes from './routes/contact.ts';
import restockRoutes from './routes/restock.ts';
import { startRestockWorker } from './services/restock.ts';
import { startIdRetention } from './services/idRetention.ts';
import { startPlatformMessages } from './orders/platformMessages.ts';
import paymentRoutes from './routes/payments.ts';
import { createPaymentProvider, type PaymentRouter } from './payments/index.ts';
import { PaymentSyncWorker } from './payments/sync.ts';
import notifyRoutes, { NOTIFY_PREFIX } from './routes/notify.ts';
import weChatMessageRoutes from './routes/wechatMessages.ts';
import { RefundWorker } from './payments/refundWorker.ts';
import { shippingSettings, startShippingWorker } from './payments/wechatShipping.ts';
import { startReconcileWorker } from './payments/statements/index.ts';
import { createIdentityProvider, type IdentityRouter } from './identity/index.ts';
import identityRoutes from './routes/identity.ts';
import liveStreamRoutes from './routes/liveStream.ts';
import blogRoutes from './routes/blog.ts';
import uploadRoutes from './routes/uploads.ts';
import verifiedContactRoutes from './routes/verifiedContact.ts';
import { registerLoginRateLimit } from './identity/rateLimit.ts';
import { mailRefusal, startMail } from './mail/index.ts';
import { addErrorSchemas, openApiDocument, recordRoutes, type DeclaredRoute } from './openapi.ts';
import { BenchFloor, Health, OpenApiDocument, Ready } from '../../contract/common.ts';

export const API_PREFIX = '/api/istore/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Every route under the API prefix and the schemas it declares (the OpenAPI document and its test read them). */
    declaredRoutes: DeclaredRoute[];
    /** The payment router of this process (payments/index.ts): routes and workers share it. */
    paymentProvider: PaymentRouter;
    /** The identity router of this process (identity/index.ts): sign-in routes and WeChat Pay's open ids share it. */
    identityProvider: IdentityRouter;
    refundWorker: RefundWorker;
    paymentSync: PaymentSyncWorker;
  }
}

export interface BuildOptions {
  config?: Partial<Config>;
  logger?: FastifyServerOptions['logger'];
}

// Route schemas are module constants, so their validators and serialisers are compiled once per process, however many
// apps it builds (the tests build hundreds): Ajv keeps what it compiled per schema object, and so does serializerOf.
// Each is compiled when its route first answers, not at start: a process that serves a few routes (a test file, an
// operator CLI's app) does not pay for all of them (about 0.3 s of CPU); a schema Ajv cannot compile still fails
// contract.test.ts, which compiles every route's (compileRouteSchemas).
// Query strings and params arrive as text, so they are coerced to the schema's types; JSON bodies are not: a body
// field of the wrong JSON type is a 400.
const ajvOpts = { removeAdditional: false, useDefaults: true, allErrors: true, strict: false } as const;
const looseValidators = new Ajv.default({ ...ajvOpts, coerceTypes: 'array' });
const strictValidators = new Ajv.default({ ...ajvOpts, coerceTypes: false });
const validatorsFor = (httpPart: string | undefined) => (httpPart === 'body' ? strictValidators : looseValidators);
/** Fastify's validator for `schema`, compiled at its first call; Fastify reads a failed call's `errors` from it. */
function validatorOf(ajv: Ajv.default, schema: object) {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown) => {
    compiled ??= ajv.compile(schema);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
}
const serializers = new WeakMap<object, (data: unknown) => string>();
function compiledSerializer(schema: object): (data: unknown) => string {
  let serialize = serializers.get(schema);
  if (!serialize) serializers.set(schema, (serialize = fastJsonStringify(schema)));
  return serialize;
}
/** Fastify's serialiser for `schema`, compiled at its first call. */
function serializerOf(schema: object): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compiledSerializer(schema))(data);
}

/** Compiles a route's validators and serialisers now, as its first call would: contract.test.ts checks every route's. */
export function compileRouteSchemas(schema: FastifySchema): void {
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    if (schema[part]) validatorsFor(part).compile(schema[part] as object);
  }
  for (const response of Object.values((schema.response ?? {}) as Record<string, object>)) compiledSerializer(response);
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...opts.config };
  // Fail closed before anything is opened: a sandbox in production would hand out paid orders and accounts; mail
  // leaving the machine needs the shop's real address; production needs its defaults (lib config.productionRefusal).
  // Payment credentials too (a missing or malformed one names itself): a build that failed after opening the database
  // would leave its pool and mail worker running (a process that never exits).
  const paymentProvider = createPaymentProvider(config);
  const identityProvider = createIdentityProvider(config, API_PREFIX);
  const refusal = sandboxRefusal(config, paymentProvider, identityProvider) ?? productionRefusal(config) ?? mailRefusal(config);
  if (refusal) throw new Error(refusal);
  configurePasswordHashing(config.scryptLogN, config.scryptP);
  installComposition();
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    // Behind a trusted proxy its X-Request-Id (nginx's $request_id) names the request in our log lines too, so one id
    // follows a request through the proxy's log and ours; otherwise (anyone could send one) Fastify numbers them.
    requestIdHeader: config.trustProxy === false ? false : 'x-request-id',
    // A request on a connection accepted just before the close is routed as usual: lib/drain.ts answers a GET 503 then and
    // serves a POST (a proxy does not pass a POST that got 503 on to another process); the close waits for it anyway.
    return503OnClosing: false,
    // A request (headers and body) must arrive within requestTimeoutMs, and an idle socket is closed: slow clients
    // cannot hold connections for ever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 2 * config.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)) },
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: (err: any, _req, reply: any) => {
      reply.status(typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 400).send(errorBody([err.message]));
    },
  });
  app.setValidatorCompiler(({ schema, httpPart }) => validatorOf(validatorsFor(httpPart), schema));
  app.setSerializerCompiler(({ schema }) => serializerOf(schema));
  // Idle or slow sockets hold file descriptors; past this many the server closes new ones at once (finding 14).
  app.server.maxConnections = config.maxConnections;
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('paymentProvider', paymentProvider);
  app.decorate('identityProvider', identityProvider);
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await db.close();
  });

  const sandboxes = sandboxesOf(paymentProvider, identityProvider);
  if (sandboxes.length) {
    app.log.warn(`SANDBOX: ${sandboxes.join(', ')}. Anyone can mark orders paid and sign in as any linked account; never expose this to real shoppers.`);
    app.addHook('onSend', async (_req, reply) => {
      reply.header('X-Sandbox', 'true');
    });
  }

  // The id our log lines carry as reqId, on every answer: a shopper's report or a proxy log line leads to ours.
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });

  configureCatalogCache({ multiWriter: db.kind === 'postgres' });
  app.addHook('onClose', async () => bumpCatalog());
  // Any successful write may change stock or catalogue (reserve, settle, cancel, payments): drop cached catalogue
  // answers once it has finished, in addition to the bumps inside the stock-changing transactions. A refused request
  // changed nothing, and must not let anyone flush the cache at will.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) bumpCatalog();
  });
  await migrate(db, (m) => app.log.info(m));
  if (seedsDemo(config)) await seedIfEmpty(db, (m) => app.log.info(m));
  // The store currency is the store's record: a provider that cannot take it (a domestic API in a store abroad) stops
  // the start here rather than refuse each shopper's payment.
  const currency = await startCurrency(db);
  const currencyRefusal = currency && ('problem' in currency ? currency.problem : paymentProvider.currencyRefusal?.(currency.currency));
  if (currencyRefusal) {
    await db.close();
    throw new Error(`Refusing to start: ${currencyRefusal}`);
  }
  // A database with no shop settings shows a broken shop on every platform: production does not start on it, and names
  // the command that writes them (development answers 503 on app info until then, and says so in the log).
  const notAShop = await shopMissing(db);
  if (notAShop && isProduction(config)) {
    await db.close();
    throw new Error(`Refusing to start: ${notAShop}`);
  }
  if (notAShop) app.log.warn(notAShop);
  if (isProduction(config)) {
    // The demo account's password is published: a production store refuses to run with it, unless it is the public
    // demo (ISTORE_SANDBOX=1), which says so in its log as well as in its sandbox marks.
    const demo = await demoAccountRefusal(db);
    if (demo && !config.allowSandbox) {
      await db.close();
      throw new Error(`Refusing to start: ${productionCause(config)} and ${demo}`);
    }
    if (demo) app.log.warn(`DEMO STORE: ${demo}; it stays because ISTORE_SANDBOX=1 makes this a public demo`);
  }
  await expireReservations(db, config.reservationTtlMinutes);
  const sweeper = setInterval(() => {
    expireReservations(db, config.reservationTtlMinutes)
      .then(() => sweepExpired(db))
      .then(async () => { for (const f of FEATURES) await f.sweep?.(db); })
      .catch((e) => app.log.error(e, 'reservation / retention sweep failed'));
  }, 60_000);
  sweeper.unref();
  startMail(app);
  app.addHook('preClose', await paymentProvider.open({ db, log: app.log })); // WeChat Pay's platform certificates (WECHATPAY_VERIFY)
  const refunds = new RefundWorker(db, paymentProvider, { pollMs: config.refundPollMs, retryBaseMs: config.refundRetryBaseMs, log: app.log });
  app.decorate('refundWorker', refunds);
  app.addHook('preClose', () => refunds.stop());
  refunds.start();
  const paymentSync = new PaymentSyncWorker(db, paymentProvider, {
    pollMs: config.paymentSyncPollMs, reconcileAfterSeconds: config.reconcileAfterSeconds, retryBaseMs: config.refundRetryBaseMs, log: app.log,
  });
  app.decorate('paymentSync', paymentSync);
  app.addHook('preClose', () => paymentSync.stop());
  paymentSync.start();
  // WeChat holds a mini-program payment's funds until the goods are reported handed over (issue 40).
  const shipping = startShippingWorker(db, shippingSettings(identityProvider.weChatMiniProgram, process.env), {
    pollMs: config.refundPollMs, retryBaseMs: config.refundRetryBaseMs, log: app.log,
  });
  if (shipping) app.addHook('preClose', () => shipping.stop());
  startReconcileWorker(app); // the daily reconciliation with each provider's statement, by one instance (issue 40)
  for (const f of FEATURES) await f.start?.(app);
  startRestockWorker(app);
  startIdRetention(app);
  startPlatformMessages(app);

  app.setErrorHandler((err: any, req, reply) => {
    if (err instanceof ApiError) {
      // A provider's failure is answered with a message; what went wrong there is for the log.
      if (err.statusCode >= 500) req.log.error({ err: err.cause ?? err }, err.message);
      return reply.status(err.statusCode).send(errorBody(err.errors));
    }
    if (err.validation) {
      const msgs = (err.validation as any[]).map((v) => {
        const where = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        // A missing property is named with its path (body.displayNameContent.zh, not body.zh).
        const field = v.params?.missingProperty ? [where, v.params.missingProperty].filter(Boolean).join('.') : where;
        const ctx = err.validationContext === 'body' ? 'body' : err.validationContext;
        return field ? `${ctx}.${field} ${v.message}` : `${ctx} ${v.message}`;
      });
      return reply.status(400).send(errorBody(msgs));
    }
    // PostgreSQL's data exceptions (22xxx: bad encoding, out of range) are bad input, not a server fault.
    if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) return reply.status(400).send(errorBody(['Invalid input']));
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const msg = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Request body is too large (max 64 KiB)'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Send JSON (Content-Type: application/json)'
        : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Request body is empty; send a JSON object'
        : err.message;
      return reply.status(status).send(errorBody([msg]));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: err.message }, 'database unavailable');
      return reply.status(503).header('Retry-After', '2').send(errorBody(['The store is briefly unavailable; please try again in a moment']));
    }
    req.log.error(err, 'request failed');
    return reply.status(500).send(errorBody(['Internal server error']));
  });

  // Mini-program and fetch clients often send POST with `Content-Type: application/json` and no body (reserve,
  // removeCoupon, timeZoneInfo): treat an empty body as absent instead of a 400; bodies are still parsed safely.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return jsonParser(req, body as string, done);
  });

  // The app's JS, CSS and SVG shrink to a quarter; brotli at a middle quality keeps per-request CPU low.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(cookie);
  registerHardening(app, {
    apiPrefix: API_PREFIX,
    indexFile: path.join(config.staticDir, 'index.html'),
    allowedHosts: [...config.publicOrigins, ...(config.adminOrigin ? [config.adminOrigin] : [])].map((o) => new URL(o).hostname),
    hsts: cookieSecurity(config),
  });
  registerDrain(app, API_PREFIX); // SIGTERM: /ready 503 and Connection: close while draining (index.ts)
  registerSessionHooks(app, API_PREFIX);
  registerLoginRateLimit(app, API_PREFIX);
  addErrorSchemas(app);
  const routes = recordRoutes(app);
  app.decorate('declaredRoutes', routes);

  app.get(`${API_PREFIX}/health`, { schema: { response: { 200: Health } } },
    async () => {
      await db.query('SELECT 1');
      return { ok: true };
    });
  // For a load balancer: send traffic only once the database answers and carries every migration this code expects
  // (during a rolling upgrade, a new instance on a database not yet migrated says so instead of failing requests).
  app.get(`${API_PREFIX}/ready`, { schema: { response: { 200: Ready } } },
    async () => {
      // The driver's text names hosts, ports and databases: it goes to the log, the answer stays fixed (probe N9).
      const pending = await pendingMigrations(db).catch((e: Error) => {
        app.log.warn({ err: e.message }, 'not ready: database not reachable');
        throw new ApiError(503, 'Database not reachable');
      });
      if (pending.length) throw new ApiError(503, `Migrations not applied: ${pending.join(', ')}`);
      return { ok: true };
    });
  if (!isProduction(config)) {
    // The benchmark's constant route (the floor every figure is compared with); a production store has no use for it.
    const floor = { ok: true, name: 'floor', items: [1, 2, 3] };
    app.get(`${API_PREFIX}/bench/floor`, { schema: { response: { 200: BenchFloor } } }, async () => floor);
  }
  const version = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
  let openApi: object | undefined;
  app.get(`${API_PREFIX}/openapi.json`, { schema: { response: { 200: OpenApiDocument } } }, async () =>
    (openApi ??= openApiDocument(routes, API_PREFIX, version)));

  await app.register(appInfoRoutes, { prefix: API_PREFIX });
  await app.register(catalogRoutes, { prefix: API_PREFIX });
  await app.register(cartRoutes, { prefix: API_PREFIX });
  await app.register(checkoutRoutes, { prefix: API_PREFIX });
  await app.register(ordersRoutes, { prefix: API_PREFIX });
  await app.register(accountRoutes, { prefix: API_PREFIX });
  await app.register(contentRoutes, { prefix: API_PREFIX });
  await app.register(contactRoutes, { prefix: API_PREFIX });
  await app.register(identityRoutes, { prefix: API_PREFIX });
  await app.register(liveStreamRoutes, { prefix: API_PREFIX });
  await app.register(blogRoutes, { prefix: API_PREFIX });
  await app.register(uploadRoutes, { prefix: API_PREFIX });
  await app.register(verifiedContactRoutes, { prefix: API_PREFIX });
  await app.register(paymentRoutes, { prefix: API_PREFIX });
  await app.register(notifyRoutes, { prefix: NOTIFY_PREFIX, provider: paymentProvider });
  await app.register(weChatMessageRoutes, { prefix: NOTIFY_PREFIX });
  await app.register(restockRoutes, { prefix: API_PREFIX });
  // The features' routes (features/index.ts); the back office's are its own: /api/istore/admin and /admin (features/admin/).
  for (const f of FEATURES) if (f.routes) await app.register(f.routes.plugin, f.routes.under === 'api' ? { prefix: API_PREFIX } : {});

  registerStatic(app, config.staticDir);
  return app;
}

/** The built app's index.html, read again when the build replaces it; null while there is none. */
function indexHtml(indexFile: string): () => string | null {
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return cached.html;
  };
}

/**
 * Serves the built H5 app with SPA fallback: hashed assets cached long, index.html never cached. Files are looked up
 * per request (the client build may be replaced while the server runs); any GET that is not /api/... and not a file
 * gets index.html.
 */
function registerStatic(app: FastifyInstance, staticDir: string) {
  const indexFile = path.join(staticDir, 'index.html');
  app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const base = path.basename(filePath);
      if (base === 'index.html' || base === 'sw.js' || base.endsWith('.webmanifest') || base === 'manifest.json') {
        res.setHeader('Cache-Control', 'no-cache');
      } else if (/[.-][0-9a-f]{8,}\./i.test(base) || filePath.includes(`${path.sep}static${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  const index = indexHtml(indexFile);
  const serveIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const html = index();
    if (html === null) {
      return reply.status(404).type('text/plain').send(`The H5 app is not built (looked for ${indexFile}). Build the client, or use the API under ${API_PREFIX}.`);
    }
    if (req.method === 'HEAD') return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    // The page carries the shopper's app info (lib/firstScreen.ts): theirs alone, never a shared cache's.
    reply.header('Cache-Control', 'private, no-cache');
    return reply.type('text/html; charset=utf-8').send(await firstScreenPage(app, req, API_PREFIX, html));
  };
  app.get('/', async (req, reply) => serveIndex(req, reply));
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/')) return reply.status(404).send(errorBody([`No route ${req.method} ${url}`]));
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send(errorBody(['Not found']));
    return serveIndex(req, reply);
  });
}
