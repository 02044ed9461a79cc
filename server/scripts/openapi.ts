/** Writes contract/openapi.json: the document the server serves at /api/istore/client/openapi.json. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, API_PREFIX } from '../src/app.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-openapi-'));
const app = await buildApp({ config: { dataDir, databaseUrl: undefined, seed: 'none' }, logger: false });
try {
  const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}: ${res.body}`);
  const target = new URL('../../contract/openapi.json', import.meta.url);
  fs.writeFileSync(target, `${JSON.stringify(res.json(), null, 2)}\n`);
  console.log(`wrote ${target.pathname}`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
