import pretty from 'pino-pretty';
import { buildApp } from './app.ts';
import { isProduction, loadConfig } from './config.ts';
import { effectivePayments } from './payments/channels.ts';
import { getSettings } from './services/settings.ts';
import { describeMailSender } from './mail/sender.ts';
import { drainMs } from './lib/drain.ts';

const t0 = Date.now();
const config = loadConfig();
// A person reads the log in development (one line per event, local time); production writes JSON lines for a log
// store. LOG_FORMAT=json|pretty overrides either.
const logFormat = process.env.LOG_FORMAT ?? (isProduction(config) ? 'json' : 'pretty');
if (logFormat !== 'json' && logFormat !== 'pretty') {
  console.error(`LOG_FORMAT must be json or pretty, got ${logFormat}`);
  process.exit(1);
}
/** A request's two lines read "incoming request GET /url" and "request completed 200 in 12 ms (req-7)". */
function requestLine(log: Record<string, any>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const id = log.reqId ? ` (${log.reqId})` : '';
  if (req) return `${log[messageKey]} ${req.method} ${req.url}${id}`;
  if (res) return `${log[messageKey]} ${res.statusCode} in ${Math.round(Number(log.responseTime))} ms${id}`;
  return `${log[messageKey]}${id}`;
}
const logger = logFormat === 'json'
  ? { level: config.logLevel }
  : {
      level: config.logLevel,
      stream: pretty({
        colorize: Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId,req,res,responseTime',
        messageFormat: requestLine,
      }),
    };
// SIGTERM (systemd's stop, a rolling upgrade): drain first (/ready 503, Connection: close; lib/drain.ts), then close:
// no new connections, the requests in flight answered, the workers stopped. SIGINT (Ctrl-C) drains only if asked.
const drainFor = (() => {
  try {
    return drainMs(process.env, isProduction(config));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
})();
const app = await buildApp({ config, logger }).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
await app.listen({ port: config.port, host: config.host });
app.log.info({ coldStartMs: Date.now() - t0, db: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}`, staticDir: config.staticDir }, 'storefront server ready');
// The effective choice of the shop file and the environment together (server/README.md "Your shop as a file").
const shop = await getSettings(app.db, ['storeInfo', 'payment']);
app.log.info(`shop ${JSON.stringify(shop.storeInfo?.storeName ?? null)} sells in ${shop.payment?.defaultCurrency?.currencyType ?? '?'}; ` +
  `payments offered: ${effectivePayments(shop.payment, app.paymentProvider)}; mail from ${await describeMailSender(app.db, config.mailFrom)}`);

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    const drain = sig === 'SIGTERM' || process.env.SHUTDOWN_DRAIN_MS ? drainFor : 0;
    app.log.info({ signal: sig, drainMs: drain }, drain ? `draining for ${drain} ms, then shutting down` : 'shutting down');
    app.startDraining();
    if (drain) await new Promise((resolve) => setTimeout(resolve, drain));
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      app.startClosing();
      await app.close();
      app.log.info({ signal: sig }, 'closed: every request answered');
      process.exit(0);
    } catch (e) {
      app.log.error(e, 'shutdown failed');
      process.exit(1);
    }
  });
}
