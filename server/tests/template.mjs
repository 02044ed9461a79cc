/**
 * The pristine migrated and seeded PGlite database that test runs copy instead of creating and seeding their own
 * (initdb and the seed cost seconds on a small machine): server/tests/helpers.ts and tests/miniprogram/server.mjs share
 * it. It lives under the temp dir, keyed by a hash of the migrations, seed (features' seed.ts too) and lib code, and by
 * the quarter of an hour: the seed is timed around the moment it runs (a campaign ending within the hour, one that
 * ended two days ago), so an older copy would hand tests a store whose campaigns have ended since, and whose settlement
 * refunds run in the middle of their tests (as a temp dir kept between CI runs once did).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE_LIFE_MS = 15 * 60_000;
const PREFIX = 'istore-template-';
const serverSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Templates of earlier quarters (an hour old or more, so no running test still copies them) go. */
function removeOldTemplates() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > 4 * TEMPLATE_LIFE_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // another test process removed it first
    }
  }
}

/**
 * What a template is made of, as a short key: a hash of the migrations, seed (features' seed.ts too), shop-file, lib
 * and catalogue code, and this quarter of an hour (the seed is timed around the moment it runs). The PostgreSQL
 * template database (server/tests/helpers.ts) is named by the same key.
 */
export function templateKey() {
  const hash = crypto.createHash('sha256');
  for (const dir of ['db/migrations', 'seed', 'shop', 'lib', 'catalog']) {
    for (const f of fs.readdirSync(path.join(serverSrc, dir)).sort()) hash.update(f).update(fs.readFileSync(path.join(serverSrc, dir, f)));
  }
  // A feature folder's demo data (features/<area>/seed.ts, run by seed/index.ts) is seed code too.
  for (const area of fs.readdirSync(path.join(serverSrc, 'features')).sort()) {
    const seed = path.join(serverSrc, 'features', area, 'seed.ts');
    if (fs.existsSync(seed)) hash.update(`features/${area}/seed.ts`).update(fs.readFileSync(seed));
  }
  return `${hash.digest('hex').slice(0, 16)}-${Math.floor(Date.now() / TEMPLATE_LIFE_MS)}`;
}

/**
 * The template's folder (its database in `pgdata/`), built first by `build(dir)` (which migrates and seeds a database
 * in `dir`) when this quarter's is not there yet.
 */
export async function pristineTemplate(build) {
  const template = path.join(os.tmpdir(), `${PREFIX}${templateKey()}`);
  if (fs.existsSync(path.join(template, 'READY'))) return template;
  removeOldTemplates();
  const building = fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}build-`));
  await build(building);
  fs.writeFileSync(path.join(building, 'READY'), new Date().toISOString());
  try {
    fs.renameSync(building, template);
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another test process won the race
  }
  return template;
}
