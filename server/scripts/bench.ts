/** Loopback load: cold start, then autocannon against the product list and the floor route. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-bench-'));

async function start() {
  const t0 = Date.now();
  const app = await buildApp({ config: { dataDir, port: 0, host: '127.0.0.1' }, logger: { level: 'warn' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, ms: Date.now() - t0 };
}

const first = await start();
await first.app.close();
const { app, ms } = await start();
const port = (app.server.address() as { port: number }).port;
console.log(`cold start: first (initdb + migrate + seed) ${first.ms} ms, restart on existing data ${ms} ms`);

for (const p of ['/api/istore/client/productManagement2/products', '/api/istore/client/bench/floor']) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}${p}`, connections, duration });
  console.log(`${p}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s, errors ${r.errors}, non-2xx ${r.non2xx}`);
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
