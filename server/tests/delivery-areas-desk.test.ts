/**
 * The operator's delivery areas desk (`npm run delivery-areas -- list | add | rename | move | remove`, scripts/
 * delivery-areas.ts), run as a child process as `npm run` does: what it changes is what POST /common3/deliveryLocations
 * answers in English and Chinese and what a delivery address is checked against. The rules of a change are pure
 * (changeProvinceCities) and tested row by row; a refused change exits 1 with the reason and changes nothing.
 * On PostgreSQL the desk runs beside the running server; on the embedded PGlite database the server is stopped around
 * each batch of runs (the desk refuses while the server holds the database).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { changeProvinceCities, type AreaChange, type DeliveryCity } from '../src/services/deliveryAreas.ts';
import { ApiError } from '../src/lib/errors.ts';
import { ADDRESS, freshDb, isError, ok, deskOf, type Desk, Shopper, startServer, type Running, type TestDb } from './helpers.ts';

describe('the rules of a change (changeProvinceCities)', () => {
  const ON: DeliveryCity[] = [{ en: 'Toronto', zh: '多伦多' }, { en: 'Richmond Hill', zh: '列治文山' }, { en: 'Oakville', zh: null }];
  const names = (cities: DeliveryCity[]) => cities.map((c) => `${c.en}/${c.zh ?? '-'}`);
  const changed: [AreaChange, string[]][] = [
    [{ kind: 'add', en: 'Markham', zh: '万锦' }, ['Toronto/多伦多', 'Richmond Hill/列治文山', 'Oakville/-', 'Markham/万锦']],
    [{ kind: 'add', en: '  North   York ', zh: ' 北约克 ', position: 1 }, ['North York/北约克', 'Toronto/多伦多', 'Richmond Hill/列治文山', 'Oakville/-']],
    [{ kind: 'add', en: 'Markham', zh: '万锦', position: 4 }, ['Toronto/多伦多', 'Richmond Hill/列治文山', 'Oakville/-', 'Markham/万锦']],
    [{ kind: 'rename', city: 'oakville', zh: '奥克维尔' }, ['Toronto/多伦多', 'Richmond Hill/列治文山', 'Oakville/奥克维尔']],
    [{ kind: 'rename', city: '列治文山', en: 'Richmond  Hill Town' }, ['Toronto/多伦多', 'Richmond Hill Town/列治文山', 'Oakville/-']],
    // A city may keep one of its own names (a change of case): only the other cities' names clash.
    [{ kind: 'rename', city: 'Toronto', en: 'TORONTO', zh: '多伦多市' }, ['TORONTO/多伦多市', 'Richmond Hill/列治文山', 'Oakville/-']],
    [{ kind: 'move', city: ' OAKVILLE ', position: 1 }, ['Oakville/-', 'Toronto/多伦多', 'Richmond Hill/列治文山']],
    [{ kind: 'move', city: '多伦多', position: 3 }, ['Richmond Hill/列治文山', 'Oakville/-', 'Toronto/多伦多']],
    [{ kind: 'remove', city: 'richmond hill' }, ['Toronto/多伦多', 'Oakville/-']],
  ];
  for (const [change, expected] of changed) {
    test(`${JSON.stringify(change)} → ${expected.join(', ')}`, () => {
      assert.deepEqual(names(changeProvinceCities('CA-ON', ON, change)), expected);
    });
  }
  const refused: [AreaChange, number, string, DeliveryCity[]?][] = [
    [{ kind: 'add', en: ' toronto ', zh: '新城' }, 400, "CA-ON already has Toronto (多伦多): 'toronto' names it"],
    [{ kind: 'add', en: 'Newtown', zh: '多伦多' }, 400, "CA-ON already has Toronto (多伦多): '多伦多' names it"],
    // A new English name that is an existing Chinese name (and the other way round) would name two cities too.
    [{ kind: 'add', en: '列治文山', zh: '新城' }, 400, "CA-ON already has Richmond Hill (列治文山): '列治文山' names it"],
    [{ kind: 'add', en: 'Newtown', zh: 'oakville' }, 400, "CA-ON already has Oakville: 'oakville' names it"],
    [{ kind: 'add', en: 'Newtown', zh: '  ' }, 400, 'the Chinese name is empty'],
    [{ kind: 'add', en: '', zh: '新城' }, 400, 'the English name is empty'],
    [{ kind: 'add', en: 'x'.repeat(81), zh: '新城' }, 400, 'the English name is longer than 80 characters'],
    [{ kind: 'add', en: 'New\u001b[2Jtown', zh: '新城' }, 400, 'the English name has control characters'],
    [{ kind: 'add', en: 'Newtown', zh: '新城', position: 5 }, 400, 'position 5 is not between 1 and 4'],
    [{ kind: 'rename', city: 'Oakville', en: 'Toronto' }, 400, "CA-ON already has Toronto (多伦多): 'Toronto' names it"],
    [{ kind: 'rename', city: 'Oakville', zh: '列治文山' }, 400, "CA-ON already has Richmond Hill (列治文山): '列治文山' names it"],
    [{ kind: 'rename', city: 'Toronto', zh: '' }, 400, 'the Chinese name is empty'],
    [{ kind: 'rename', city: 'Toronto' }, 400, 'rename needs a new English or Chinese name'],
    [{ kind: 'rename', city: 'Ottawa', en: 'Ottawa City' }, 404, "CA-ON has no delivery city 'Ottawa' (Toronto (多伦多), Richmond Hill (列治文山), Oakville)"],
    [{ kind: 'move', city: 'Toronto', position: 4 }, 400, 'position 4 is not between 1 and 3'],
    [{ kind: 'move', city: 'Richmond', position: 1 }, 404, "CA-ON has no delivery city 'Richmond' (Toronto (多伦多), Richmond Hill (列治文山), Oakville)"],
    [{ kind: 'remove', city: '多伦' }, 404, "CA-ON has no delivery city '多伦' (Toronto (多伦多), Richmond Hill (列治文山), Oakville)"],
    [{ kind: 'remove', city: 'Toronto' }, 400, "Toronto (多伦多) is CA-ON's last delivery city: without it CA-ON would take any city " +
      "(to stop delivering there, take CA-ON out of the checkout setting's delivery provinces; to take any city, add --allow-any-city)", [ON[0]]],
    [{ kind: 'move', city: 'Toronto', position: 1 }, 404, "CA-ON has no delivery city 'Toronto'", []],
  ];
  for (const [change, status, message, cities = ON] of refused) {
    test(`${JSON.stringify(change)} is refused: ${message}`, () => {
      assert.throws(() => changeProvinceCities('CA-ON', cities, change), (e: unknown) => {
        assert.ok(e instanceof ApiError);
        assert.equal(e.statusCode, status);
        assert.deepEqual(e.errors, [message]);
        return true;
      });
    });
  }
  test('the last city goes with --allow-any-city', () => {
    assert.deepEqual(changeProvinceCities('CA-ON', [ON[0]], { kind: 'remove', city: 'Toronto', allowAnyCity: true }), []);
  });
});

describe('npm run delivery-areas: the desk and what shoppers see', () => {
  let db: TestDb;
  let srv: Running;
  before(async () => {
    db = await freshDb();
    srv = await startServer(db);
  });
  after(async () => {
    await srv.close();
    await db.cleanup();
  });

  const atTheDesk = <T>(work: (desk: Desk) => Promise<T>) => work(deskOf(srv, 'delivery-areas'));
  const done = (r: Awaited<ReturnType<Desk>>) => {
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    return r.stdout;
  };
  const table = async () => (await srv.app.db.query('SELECT country, province, name_en, name_zh, sort FROM delivery_cities ORDER BY sort')).rows;
  const locations = async (locale: 'en' | 'zh') => ok(await new Shopper(srv.base).post(`/common3/deliveryLocations?locale=${locale}`, {})).locations;
  /** A shopper's delivery address in `province` naming `city`: the checkout's answer. */
  async function deliverTo(city: string, province = 'ON', postCode = ADDRESS.postCode) {
    const s = new Shopper(srv.base);
    ok(await s.post('/shoppingManagement4/myCart', { productId: '1048', quantity: 1 }));
    return s.req('POST', '/shoppingManagement4/orderDeliverInfo', { ...ADDRESS, city, province, postCode }, { headers: { 'accept-language': 'en' } });
  }

  test('list: every province\'s cities with both names, in the order shoppers see them', async () => {
    const out = await atTheDesk(async (desk) => done(await desk('list')));
    assert.equal(out, [
      'CA-ON',
      '   1. Toronto / 多伦多', '   2. Mississauga / 密西沙加', '   3. Markham / 万锦', '   4. Richmond Hill / 列治文山', '   5. Scarborough / 士嘉堡',
      'CA-BC',
      '   1. Vancouver / 温哥华', '   2. Richmond / 列治文', '   3. Burnaby / 本拿比',
      '',
    ].join('\n'));
  });

  test('add, rename, move and remove: deliveryLocations answers the change in English and Chinese, and addresses follow it', async () => {
    const outs = await atTheDesk(async (desk) => [
      done(await desk('add', 'ON', 'Oakville', '奥克维尔', '--at', '2')),
      done(await desk('add', 'ca-bc', ' North  Vancouver ', '北温哥华')),
      done(await desk('rename', 'ON', 'scarborough', '--zh', '士嘉堡区')),
      done(await desk('rename', 'CA-ON', '密西沙加', '--en', 'Mississauga City')),
      done(await desk('move', 'ON', 'Scarborough', '1')),
      done(await desk('remove', 'ON', 'markham')),
    ]);
    assert.equal(outs[0], 'CA-ON\n   1. Toronto / 多伦多\n   2. Oakville / 奥克维尔\n   3. Mississauga / 密西沙加\n   4. Markham / 万锦\n   5. Richmond Hill / 列治文山\n   6. Scarborough / 士嘉堡\n');
    assert.equal(outs[1], 'CA-BC\n   1. Vancouver / 温哥华\n   2. Richmond / 列治文\n   3. Burnaby / 本拿比\n   4. North Vancouver / 北温哥华\n');
    assert.equal(outs[5], 'CA-ON\n   1. Scarborough / 士嘉堡区\n   2. Toronto / 多伦多\n   3. Oakville / 奥克维尔\n   4. Mississauga City / 密西沙加\n   5. Richmond Hill / 列治文山\n');

    assert.deepEqual(await locations('en'), [
      { country: 'CA', province: 'ON', provinceName: 'Ontario', cities: ['Scarborough', 'Toronto', 'Oakville', 'Mississauga City', 'Richmond Hill'] },
      { country: 'CA', province: 'BC', provinceName: 'British Columbia', cities: ['Vancouver', 'Richmond', 'Burnaby', 'North Vancouver'] },
    ]);
    assert.deepEqual(await locations('zh'), [
      { country: 'CA', province: 'ON', provinceName: '安大略省', cities: ['士嘉堡区', '多伦多', '奥克维尔', '密西沙加', '列治文山'] },
      { country: 'CA', province: 'BC', provinceName: '不列颠哥伦比亚省', cities: ['温哥华', '列治文', '本拿比', '北温哥华'] },
    ]);

    // The added city validates by either name (as the area spells it); the removed one gets the 400.
    assert.equal(ok(await deliverTo(' oakville ')).checkout.delivery.city, 'Oakville');
    assert.equal(ok(await deliverTo('奥克维尔')).checkout.delivery.city, '奥克维尔');
    assert.equal(ok(await deliverTo('north vancouver', 'BC', 'V7M 1A1')).checkout.delivery.city, 'North Vancouver');
    assert.equal(ok(await deliverTo('士嘉堡区')).checkout.delivery.city, '士嘉堡区');
    const markham = isError(await deliverTo('Markham'), 400);
    assert.equal(markham.message, 'We do not deliver to Markham (ON: Scarborough, Toronto, Oakville, Mississauga City, Richmond Hill)');
    // The renamed city's old English name is gone with it.
    isError(await deliverTo('Mississauga'), 400);
  });

  test('a refused change exits 1 with the reason and changes nothing; a wrong command line exits 2 with the usage', async () => {
    const before = await table();
    const results = await atTheDesk(async (desk) => ({
      unknownProvince: await desk('add', 'ZZ', 'Nowhere', '无处'),
      duplicate: await desk('add', 'ON', '  TORONTO ', '新多伦多'),
      emptyZh: await desk('add', 'ON', 'Newtown', ' '),
      missingZh: await desk('add', 'ON', 'Newtown'),
      badPosition: await desk('move', 'ON', 'Toronto', 'first'),
    }));
    const refusal = (r: Awaited<ReturnType<Desk>>, code: number) => {
      assert.equal(r.code, code, r.stdout);
      assert.equal(r.stdout, '');
      return r.stderr;
    };
    assert.equal(refusal(results.unknownProvince, 1), "delivery-areas add: unknown province 'ZZ' (a province of the provinces table, as ON or CA-ON)\n");
    assert.equal(refusal(results.duplicate, 1), "delivery-areas add: CA-ON already has Toronto (多伦多): 'TORONTO' names it\n");
    assert.equal(refusal(results.emptyZh, 1), 'delivery-areas add: the Chinese name is empty\n');
    assert.match(refusal(results.missingZh, 2), /^add needs the province and the city's English and Chinese names\nusage: delivery-areas list \| add /);
    assert.match(refusal(results.badPosition, 2), /^the position must be a whole number from 1 \(first\), not 'first'\nusage: /);
    assert.deepEqual(await table(), before);
  });

  test('a province without delivery takes cities with a note; its last city goes only with --allow-any-city', async () => {
    const [added, last, removed, list] = await atTheDesk(async (desk) => [
      done(await desk('add', 'QC', 'Montréal', '蒙特利尔')),
      await desk('remove', 'QC', 'montréal'),
      done(await desk('remove', 'QC', '蒙特利尔', '--allow-any-city')),
      done(await desk('list')),
    ]);
    const note = '  (not a delivery province of the checkout setting: no delivery there)';
    assert.equal(added, `CA-QC${note}\n   1. Montréal / 蒙特利尔\n`);
    assert.equal(typeof last === 'string' ? null : last.code, 1);
    assert.equal(typeof last === 'string' ? null : last.stderr, "delivery-areas remove: Montréal (蒙特利尔) is CA-QC's last delivery city: without it CA-QC " +
      "would take any city (to stop delivering there, take CA-QC out of the checkout setting's delivery provinces; to take any city, add --allow-any-city)\n");
    assert.equal(removed, `CA-QC${note}\n  any city (no cities listed)\n`);
    assert.doesNotMatch(list, /QC/);
    // Outside the checkout setting's delivery provinces, no delivery at all.
    isError(await deliverTo('Montréal', 'QC', 'H2Y 2A3'), 400);
  });
});
