/**
 * The store operator's delivery areas: the cities of each delivery province, with their English and Chinese names, in
 * the order shoppers see them (table delivery_cities; server/README.md "Delivery areas"):
 *
 *   npm run delivery-areas -- list                                      every province's cities, both names, in order
 *   npm run delivery-areas -- add <province> <English> <Chinese> [--at N]   a city (last, or at position N)
 *   npm run delivery-areas -- rename <province> <city> [--en NAME] [--zh NAME]
 *   npm run delivery-areas -- move <province> <city> <N>                to position N of its province
 *   npm run delivery-areas -- remove <province> <city> [--allow-any-city]
 *
 * A province is ON or CA-ON (the provinces table); a city is named in either language, case and spaces aside, as a
 * delivery address names it. Each change is one transaction: refused (exit 1, with the reason), nothing has changed.
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside; shoppers see the change at once).
 */
import { getSetting, type CheckoutRules } from '../src/services/settings.ts';
import {
  changeDeliveryArea, deliveryAreasForOperator, deliversToProvince, operatorProvince, type AreaChange, type ProvinceCities,
} from '../src/services/deliveryAreas.ts';
import { operatorArgs, usageError, withOperatorDb } from './operatorDb.ts';

const USAGE = 'usage: delivery-areas list | add <province> <English> <Chinese> [--at N] | rename <province> <city> [--en NAME] [--zh NAME]' +
  ' | move <province> <city> <N> | remove <province> <city> [--allow-any-city]';
const { positionals, values } = operatorArgs(USAGE, {
  allowPositionals: true,
  options: { at: { type: 'string' }, en: { type: 'string' }, zh: { type: 'string' }, 'allow-any-city': { type: 'boolean' } },
});
const [command, province, city, extra] = positionals;

/** A position on the command line (1 = first). */
const positionArg = (raw: string, what: string) => (/^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : usageError(`${what} must be a whole number from 1 (first), not '${raw}'\n${USAGE}`));

function changeOf(): AreaChange | null {
  const given = (...names: (keyof typeof values)[]) => names.filter((n) => values[n] !== undefined);
  const refuseOptions = (allowed: (keyof typeof values)[]) => {
    const stray = given('at', 'en', 'zh', 'allow-any-city').filter((n) => !allowed.includes(n));
    if (stray.length) usageError(`${command} takes no --${stray.join(', --')}\n${USAGE}`);
  };
  switch (command) {
    case 'list':
      refuseOptions([]);
      if (positionals.length !== 1) usageError(USAGE);
      return null;
    case 'add':
      refuseOptions(['at']);
      if (positionals.length !== 4) usageError(`add needs the province and the city's English and Chinese names\n${USAGE}`);
      return { kind: 'add', en: city, zh: extra, position: values.at === undefined ? undefined : positionArg(values.at, '--at') };
    case 'rename':
      refuseOptions(['en', 'zh']);
      if (positionals.length !== 3 || !given('en', 'zh').length) usageError(`rename needs the province, the city and --en NAME or --zh NAME\n${USAGE}`);
      return { kind: 'rename', city, en: values.en, zh: values.zh };
    case 'move':
      refuseOptions([]);
      if (positionals.length !== 4) usageError(`move needs the province, the city and its new position\n${USAGE}`);
      return { kind: 'move', city, position: positionArg(extra, 'the position') };
    case 'remove':
      refuseOptions(['allow-any-city']);
      if (positionals.length !== 3) usageError(`remove needs the province and the city\n${USAGE}`);
      return { kind: 'remove', city, allowAnyCity: !!values['allow-any-city'] };
    default:
      return usageError(USAGE);
  }
}
const change = changeOf();

const cityLine = (c: ProvinceCities['cities'][number], i: number) =>
  `  ${String(i + 1).padStart(2)}. ${c.en} / ${c.zh ?? '(no Chinese name: shown in English)'}`;

await withOperatorDb(`delivery-areas ${command}`, async (db) => {
  const delivery = (await getSetting<CheckoutRules | null>(db, 'checkout'))?.delivery;
  const notDelivered = (a: { country: string; province: string }) =>
    deliversToProvince(delivery, a.country, a.province) ? '' : '  (not a delivery province of the checkout setting: no delivery there)';
  if (!change) {
    const areas = await deliveryAreasForOperator(db);
    for (const a of areas) {
      console.log(`${a.country}-${a.province}${notDelivered(a)}`);
      a.cities.forEach((c, i) => console.log(cityLine(c, i)));
    }
    for (const country of delivery?.countries ?? []) {
      for (const code of delivery?.provinces ?? []) {
        if (areas.some((a) => a.country === country && a.province === code)) continue;
        // Only the provinces the country has (the setting's provinces are one list for all its countries).
        const known = await operatorProvince(db, `${country}-${code}`).then(() => true, () => false);
        if (known) console.log(`${country}-${code}  any city (no cities listed)`);
      }
    }
    if (!areas.length && !delivery?.provinces.length) console.log('no delivery areas');
    return;
  }
  const area = await changeDeliveryArea(db, province, change);
  console.log(`${area.country}-${area.province}${notDelivered(area)}`);
  area.cities.forEach((c, i) => console.log(cityLine(c, i)));
  if (!area.cities.length) console.log('  any city (no cities listed)');
});
