/**
 * The delivery provinces a shopper is offered (issue 37 item 4): the areas with listed cities, and every delivery
 * province of the shop's checkout setting that lists none (any city of it goes), so a shop whose file names its
 * delivery provinces without a city list (the starter of `npm run shop -- init`) delivers there too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withAnyCityProvinces } from '../src/services/deliveryAreas.ts';

const KNOWN = [{ country: 'US', code: 'NY' }, { country: 'US', code: 'NJ' }, { country: 'CA', code: 'ON' }, { country: 'CN', code: 'SH' }];
const ON = { country: 'CA', province: 'ON', cities: [{ en: 'Toronto', zh: '多伦多' }] };

test('the delivery provinces offered: listed areas first, then the setting\'s provinces without cities, as the filter narrows', () => {
  const cases: [string, Parameters<typeof withAnyCityProvinces>, string[]][] = [
    ['a starter shop: delivery to NY, no cities listed', [[], { countries: ['US'], provinces: ['NY'] }, KNOWN], ['US-NY:any']],
    ['a listed province keeps its cities; another of the setting is added', [[ON], { countries: ['CA', 'US'], provinces: ['ON', 'NJ'] }, KNOWN], ['CA-ON:Toronto', 'US-NJ:any']],
    ['a province the provinces table does not have for that country is not offered', [[], { countries: ['US', 'CN'], provinces: ['SH'] }, KNOWN], ['CN-SH:any']],
    ['a country filter', [[], { countries: ['US', 'CN'], provinces: ['NY', 'SH'] }, KNOWN, { country: 'cn' }], ['CN-SH:any']],
    ['a province filter', [[], { countries: ['US'], provinces: ['NY', 'NJ'] }, KNOWN, { province: 'nj' }], ['US-NJ:any']],
    ['no delivery setting: the listed areas only', [[ON], undefined, KNOWN], ['CA-ON:Toronto']],
  ];
  for (const [what, args, expected] of cases) {
    const got = withAnyCityProvinces(...args).map((a) => `${a.country}-${a.province}:${a.cities.map((c) => c.en).join(',') || 'any'}`);
    assert.deepEqual(got, expected, what);
  }
});
