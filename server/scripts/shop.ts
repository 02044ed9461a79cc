/**
 * The shop as a file (server/README.md "Your shop as a file"; schema: src/shop/shop.schema.json):
 *
 *   npm run shop -- init FILE                a complete starter shop to edit (no demo data); refuses an existing FILE
 *   npm run shop -- apply FILE [--dry-run]   the store's settings become the file's; --dry-run prints each change only
 *   npm run shop -- export [FILE]            every setting of the store as a shop file (standard output without FILE)
 *   npm run shop -- schema                   writes src/shop/shop.schema.json from src/shop/schema.ts (maintainers)
 *
 * Exit codes: 0 done; 1 refused (a problem in the file, each printed as `JSON path (line N): why`, or the database
 * busy), nothing changed; 2 a wrong command line. apply checks the whole file before the database opens, and applies
 * it in one transaction; applying the same file twice changes nothing. Uses the server's database settings (DATA_DIR or
 * DATABASE_URL). On PostgreSQL it runs beside the servers, which see the change within CATALOG_CACHE_TTL_MS; the embedded
 * PGlite database is one process's: stop the server first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyShop, exportShop, ShopApplyProblems, shopMissing } from '../src/shop/apply.ts';
import { problemLine, readShopFile, ShopFileProblems } from '../src/shop/file.ts';
import { shopJsonSchema } from '../src/shop/schema.ts';
import { starterShop } from '../src/shop/starter.ts';
import { exitWith, operatorArgs, usageError, withOperatorDb, writeOut } from './operatorDb.ts';

const USAGE = 'usage: shop init FILE | shop apply FILE [--dry-run] | shop export [FILE]';
const SCHEMA_FILE = fileURLToPath(new URL('../src/shop/shop.schema.json', import.meta.url));
const { positionals, values } = operatorArgs(USAGE, { allowPositionals: true, options: { 'dry-run': { type: 'boolean' } } });
const [command, file] = positionals;
if (positionals.length > 2 || (values['dry-run'] && command !== 'apply')) usageError(USAGE);

/** The schema's address as the file at `target` names it (relative, so it holds wherever the repository is). */
const schemaRef = (target: string) => path.relative(path.dirname(path.resolve(target)), SCHEMA_FILE).split(path.sep).join('/');
const json = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

switch (command) {
  case 'schema':
    if (file) usageError(USAGE);
    fs.writeFileSync(SCHEMA_FILE, json(shopJsonSchema()));
    console.error(`written ${SCHEMA_FILE}`);
    break;
  case 'init':
    if (!file) usageError(USAGE);
    if (fs.existsSync(file)) {
      console.error(`shop init: ${file} exists; nothing written (apply it, or choose another name)`);
      exitWith(1);
      break;
    }
    fs.writeFileSync(file, json(starterShop(schemaRef(file))), { flag: 'wx' });
    console.log(`written ${file}: edit it (names, currency, stores, delivery, payment methods), then npm --prefix server run shop -- apply ${file} --dry-run`);
    break;
  case 'apply': {
    if (!file) usageError(USAGE);
    if (!fs.existsSync(file)) usageError(`shop apply: no file ${file}`);
    let shop;
    try {
      shop = readShopFile(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      if (!(e instanceof ShopFileProblems)) throw e;
      for (const p of e.problems) console.error(`${file}: ${problemLine(p)}`);
      console.error(`shop apply: ${e.problems.length} problem(s) in ${file}; nothing changed`);
      exitWith(1);
      break;
    }
    const dryRun = !!values['dry-run'];
    await withOperatorDb('shop apply', async (db) => {
      let changes;
      try {
        changes = await applyShop(db, shop, { dryRun });
      } catch (e) {
        if (!(e instanceof ShopApplyProblems)) throw e;
        for (const p of e.problems) console.error(`${file}: ${p.path}: ${p.message}`);
        console.error(`shop apply: ${e.problems.length} problem(s); nothing changed`);
        return 1;
      }
      for (const c of changes) console.log(c.line);
      if (!changes.length) console.log(`nothing to change: the store already is what ${file} says`);
      else console.log(dryRun ? `dry run, nothing changed: ${changes.length} change(s) to make` : `applied ${changes.length} change(s)`);
    });
    break;
  }
  case 'export':
    await withOperatorDb('shop export', async (db) => {
      const missing = await shopMissing(db);
      if (missing) {
        console.error(`shop export: ${missing}`);
        return 1;
      }
      const shop = await exportShop(db);
      if (!file) return void writeOut(json(shop));
      fs.writeFileSync(file, json({ $schema: schemaRef(file), ...shop }));
      console.error(`the shop's settings written to ${file}`);
    });
    break;
  default:
    usageError(USAGE);
}
