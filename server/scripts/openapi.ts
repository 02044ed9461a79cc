/** Writes contract/openapi.json (served at /api/istore/client/openapi.json) and contract/openapi-admin.json (the back office's, at /api/istore/admin/openapi.json). */
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
  // The back office's document (contract/admin.ts), served at /api/istore/admin/openapi.json.
  const admin = await app.inject({ method: 'GET', url: '/api/istore/admin/openapi.json' });
  if (admin.statusCode !== 200) throw new Error(`admin openapi.json answered ${admin.statusCode}: ${admin.body}`);
  const adminTarget = new URL('../../contract/openapi-admin.json', import.meta.url);
  fs.writeFileSync(adminTarget, `${JSON.stringify(admin.json(), null, 2)}\n`);
  console.log(`wrote ${adminTarget.pathname}`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
