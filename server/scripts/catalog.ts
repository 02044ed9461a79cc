/**
 * The store operator's own catalogue (format: server/README.md "Your own catalogue"; example: examples/catalogue.csv):
 *
 *   npm run catalog -- import <file.csv|file.json> [--images DIR] [--dry-run]   upsert by SKU, all or nothing
 *   npm run catalog -- import --from shopify <products_export.csv> [--dry-run]  a Shopify product CSV export as it is
 *   npm run catalog -- export [file.csv|file.json]                              the catalogue (JSON on stdout without a file)
 *
 * Import checks the whole file first and reports every problem with its line and field; then nothing has changed (exit 1).
 * --dry-run checks and counts what would change, and changes nothing. Photos named in the file are read from --images,
 * checked and resized. Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite
 * database is one process's: stop the server first (with PostgreSQL it can run alongside; the running servers see the
 * new catalogue within CATALOG_CACHE_TTL_MS).
 */
import fs from 'node:fs';
import { formatOf, readCatalog, writeCatalogCsv, writeCatalogJson } from '../src/catalog/format.ts';
import { readShopifyCsv } from '../src/catalog/shopify.ts';
import { exportCatalog, importCatalog } from '../src/catalog/import.ts';
import { operatorArgs, usageError, withOperatorDb, writeOut } from './operatorDb.ts';
import { storeCurrency } from '../src/services/storeCurrency.ts';
import { shopMissing } from '../src/shop/apply.ts';

const USAGE = 'usage: catalog import [--from shopify] <file.csv|file.json> [--images DIR] [--dry-run] | catalog export [file.csv|file.json]';
const { positionals, values } = operatorArgs(USAGE, {
  allowPositionals: true,
  options: { images: { type: 'string' }, 'dry-run': { type: 'boolean' }, from: { type: 'string' } },
});
const [command, file] = positionals;
const format = file ? formatOf(file) : 'json';
if (!format || positionals.length > 2 || !(command === 'import' ? file : command === 'export' && !values.images && !values['dry-run'])) usageError(USAGE);
if (values.from !== undefined && (command !== 'import' || values.from !== 'shopify' || format !== 'csv')) {
  usageError(`catalog import: --from takes shopify, with a .csv file (a Shopify product CSV export); ${USAGE}`);
}
if (command === 'import' && !fs.existsSync(file)) usageError(`catalog import: no file ${file}`);
if (values.images && !fs.statSync(values.images, { throwIfNoEntry: false })?.isDirectory()) usageError(`catalog import: --images ${values.images} is not a folder`);

await withOperatorDb(`catalog ${command}`, async (db) => {
  if (command === 'export') {
    const catalog = await exportCatalog(db);
    const text = format === 'csv' ? writeCatalogCsv(catalog) : writeCatalogJson(catalog);
    if (file) {
      fs.writeFileSync(file, text);
      console.error(`${catalog.products.length} products written to ${file}`);
    } else writeOut(text);
    return;
  }
  // The catalogue's prices are in the store currency, which the shop's settings name: a database without them is refused.
  const notAShop = await shopMissing(db);
  if (notAShop) {
    console.error(`catalog import: ${notAShop}`);
    return 1;
  }
  const text = fs.readFileSync(file, 'utf8');
  let catalog;
  if (values.from === 'shopify') {
    const read = readShopifyCsv(text, await storeCurrency(db));
    for (const s of read.skipped) console.log(`left out: ${s.handle} (line ${s.line}): ${s.why}`);
    catalog = read.catalog;
  } else catalog = readCatalog(text, format, await storeCurrency(db));
  const s = await importCatalog(db, catalog, { imagesDir: values.images ?? null, dryRun: !!values['dry-run'] });
  console.log(`${s.dryRun ? 'dry run, nothing changed: would add' : 'added'} ${s.productsAdded} product(s), ${s.dryRun ? 'update' : 'updated'} ${s.productsUpdated}, ` +
    `${s.combinations} stock line(s), ${s.categoriesAdded} new categor${s.categoriesAdded === 1 ? 'y' : 'ies'}, ${s.brandsAdded} new brand(s), ${s.photosAdded} new photo(s)`);
});
