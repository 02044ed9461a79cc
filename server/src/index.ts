import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const t0 = Date.now();
const config = loadConfig();
const app = await buildApp({ config }).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
await app.listen({ port: config.port, host: config.host });
app.log.info({ coldStartMs: Date.now() - t0, db: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}`, staticDir: config.staticDir }, 'storefront server ready');

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal: sig }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (e) {
      app.log.error(e, 'shutdown failed');
      process.exit(1);
    }
  });
}
