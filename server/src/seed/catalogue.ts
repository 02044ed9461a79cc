/**
 * The demo catalogue: bilingual products over seven categories, kept as a catalogue file (demo-catalogue.json, the
 * format of npm run catalog) and written by the same importer an operator uses, so the importer runs on every fresh start.
 */
import fs from 'node:fs';
import { readCatalogJson, type Catalog } from '../catalog/format.ts';
import { payment } from './store.ts';

export const DEMO_CATALOGUE_FILE = new URL('./demo-catalogue.json', import.meta.url);

export function demoCatalogue(): Catalog {
  return readCatalogJson(fs.readFileSync(DEMO_CATALOGUE_FILE, 'utf8'), payment.defaultCurrency.currencyType);
}

/** The demo's arrival times (hours ago) of its n-th product: one every seven hours, newest first, as they always were. */
export const demoCreatedHoursAgo = (index: number) => index * 7 + 3;
