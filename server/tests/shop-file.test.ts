/**
 * The shop as a file (issue 37, `npm run shop`), through the CLI as an operator runs it, on PGlite and PostgreSQL:
 * `init` writes a starter with nothing of the demo; `apply --dry-run` prints each change and changes nothing; `apply`
 * makes them and a second apply makes none; a broken file is refused whole with each problem's path and line, and the
 * store is as it was; `export` of the demo store applied to an empty database gives a store whose shopper-facing reads
 * (app info, menus, pages, sections, locations, delivery areas, slots, payment options, countries, coupons, live rooms)
 * answer the same. An empty database's app info is a 503 that names the command, never a 500.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { freshDb, ok, openDesk, runCli, Shopper, startServer, waitFor, type TestDb } from './helpers.ts';
import { enqueueMail } from '../src/mail/queue.ts';
import { describeMailSender, mailSender } from '../src/mail/sender.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-file-'));
const dbs: TestDb[] = [];
const desks: { close: () => Promise<void> }[] = [];
after(async () => {
  for (const d of desks) await d.close();
  for (const db of dbs) await db.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});
const deskOn = async (db: TestDb) => {
  const d = await openDesk(db);
  desks.push(d);
  return d;
};
const fresh = async (pristine: boolean) => {
  const db = await freshDb({ pristine });
  dbs.push(db);
  return db;
};
const MEMBERSHIP_PLANS = '/productManagement2/products?productType=MEMBERSHIP&recordStatus=ACTIVE&sortby=default&infiniteLoad=false';
const GOLD = {
  sku: 'GOLD-YEAR', duration: 'YEAR', priceMinor: 4900, name: { en: 'Gold membership: 1 year', zh: '金卡会员：1年' },
  description: { en: 'A year of member prices.', zh: '一年会员价。' }, level: { en: 'Gold', zh: '金卡' },
  benefits: [{ en: '5% off everything', zh: '全店九五折' }], image: 'membership-card-year.svg', category: { en: 'Memberships', zh: '会员' }, brand: { en: 'Harbour Goods', zh: '海港好物' },
};
const changeLines = (stdout: string) => stdout.trim().split('\n').filter((l) => /^[+~-] /.test(l));

/** What a shopper's device reads of the store's settings, with a new visitor each time (no session to differ). */
async function shopperReads(base: string) {
  const s = new Shopper(base);
  const get = async (url: string) => ok(await s.get(url));
  const info = await get('/common3/appInfoInit');
  return {
    appContent: info.appContent,
    checkoutConfig: await get('/shoppingManagement4/checkoutConfig'),
    localDeliveryConfig: await get('/shoppingManagement4/localDeliveryConfig'),
    paymentConfig: await get('/shoppingManagement4/paymentConfig'),
    pickupLocations: await get('/common3/pickupLocations'),
    countries: await get('/common3/supportedCountries'),
    provinces: await Promise.all(['CA', 'US', 'CN'].map((c) => s.get(`/common3/provinces/${c}`).then((r) => [r.status, r.body]))),
    deliveryEn: ok(await s.post('/common3/deliveryLocations?locale=en', {})),
    deliveryZh: ok(await s.post('/common3/deliveryLocations?locale=zh', {})),
    exchangeRates: await get('/common3/exchangeRates/'),
    about: await get('/common3/pageContent?pageName=about'),
    home: await get('/common3/sectionTemplateByType/home'),
    store: await get('/common3/sectionTemplateByType/store'),
    coupons: await get('/common3/coupons/'),
    liveRooms: ok(await s.post('/wechat/weChatlivestreaminfo', {})),
    // The plans as sold, without their product ids and times (a copy made from a file numbers and dates its own).
    membershipPlans: (ok(await s.get(MEMBERSHIP_PLANS)).products as { id: string; createdAt: string }[]).map(({ id, createdAt, ...plan }) => plan),
  };
}

test('init → apply --dry-run → apply → apply again, from an empty database; a broken file changes nothing and names its path and line', async () => {
  const db = await fresh(true);
  const file = path.join(dir, 'new-shop.json');

  // An empty database: development starts (and says why the shop is broken), app info answers 503 naming the command.
  let srv = await startServer(db, { config: { seed: 'none' } });
  const empty = await new Shopper(srv.base).get('/common3/appInfoInit');
  assert.equal(empty.status, 503, JSON.stringify(empty.body));
  assert.match(empty.body.message, /not set up yet: .*npm --prefix server run shop -- apply/);
  await srv.close();

  const init = await runCli(db, 'shop', 'init', file);
  assert.equal(init.code, 0, init.stderr);
  const text = fs.readFileSync(file, 'utf8');
  const starter = JSON.parse(text);
  assert.ok(fs.existsSync(path.resolve(dir, starter.$schema)), `$schema ${starter.$schema} names the shipped schema`);
  assert.equal(path.basename(starter.$schema), 'shop.schema.json');
  assert.doesNotMatch(text, /Maple|demo|WELCOME10/i, 'nothing of the demo store');
  // The rest on one in-process desk: the same CLI modules, checks and output, without a process per command.
  const { desk, close } = await deskOn(db);
  const again = await desk('shop', 'init', file);
  assert.equal(again.code, 1, 'init never overwrites a file');
  assert.match(again.stderr, /exists; nothing written/);

  const dry = await desk('shop', 'apply', file, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  const planned = changeLines(dry.stdout);
  for (const line of ['+ settings storeInfo', '+ settings checkout', '+ settings payment', '+ storeLocations MAIN', '+ countries US', '+ countries CN', '+ exchangeRates USD', '+ pages about', '+ sections home', '+ settings storeCredit', '+ settings mail']) {
    assert.ok(planned.includes(line), `${line} in ${dry.stdout}`);
  }
  assert.match(dry.stdout, new RegExp(`dry run, nothing changed: ${planned.length} change\\(s\\) to make`));
  // Nothing was written: the database is still no shop.
  const stillEmpty = await desk('shop', 'export');
  assert.equal(stillEmpty.code, 1);
  assert.match(stillEmpty.stderr, /no shop settings yet .*shop -- init/);
  const catalogRefused = await desk('catalog', 'import', path.resolve(import.meta.dirname, '../examples/catalogue.csv'));
  assert.equal(catalogRefused.code, 1, 'catalog import on a database without shop settings is refused');
  assert.match(catalogRefused.stderr, /^catalog import: this database has no shop settings yet .*npm --prefix server run shop -- init/);

  const applied = await desk('shop', 'apply', file);
  assert.equal(applied.code, 0, applied.stderr);
  assert.deepEqual(changeLines(applied.stdout), planned, 'apply makes exactly the changes the dry run printed');
  assert.match(applied.stdout, new RegExp(`applied ${planned.length} change\\(s\\)`));
  const twice = await desk('shop', 'apply', file);
  assert.equal(twice.code, 0, twice.stderr);
  assert.deepEqual(changeLines(twice.stdout), [], 'the same file twice changes nothing');
  assert.match(twice.stdout, /nothing to change/);

  // An edit: the dry run names what changes and where.
  const edited = JSON.parse(text);
  edited.storeInfo.storeNameContent = { en: 'Harbour Goods', zh: '海港好物' };
  edited.checkout.delivery.provinces = ['NY', 'NJ'];
  edited.coupons = [{ code: 'HELLO5', kind: 'FIXED', value: 500, minSubtotalMinor: 2000, expiresAt: null, description: { en: '$5 off', zh: '减5美元' }, public: true, maxUsesPerShopper: 1, maxUses: null }];
  edited.pages = edited.pages.filter((p: { name: string }) => p.name !== 'privacy');
  edited.storeCredit.topUpAmountsMinor = [1000, 2500];
  edited.mail.from = 'Harbour Goods <orders@harbour.example.com>';
  edited.membershipPlans = [GOLD];
  fs.writeFileSync(file, JSON.stringify(edited, null, 2));
  const editDry = await desk('shop', 'apply', file, '--dry-run');
  assert.deepEqual(changeLines(editDry.stdout), ['~ settings storeInfo (storeNameContent)', '~ settings checkout (delivery)',
    '~ settings storeCredit (topUpAmountsMinor)', '~ settings mail (from)', '+ coupons HELLO5', '- pages privacy', '+ membershipPlans GOLD-YEAR']);
  assert.equal((await desk('shop', 'apply', file)).code, 0);
  // A plan left out stops being sold; listed again it is the same product again (its orders and members keep it).
  fs.writeFileSync(file, JSON.stringify({ ...edited, membershipPlans: [] }, null, 2));
  assert.deepEqual(changeLines((await desk('shop', 'apply', file)).stdout), ['- membershipPlans GOLD-YEAR']);
  fs.writeFileSync(file, JSON.stringify(edited, null, 2));
  assert.deepEqual(changeLines((await desk('shop', 'apply', file)).stdout), ['+ membershipPlans GOLD-YEAR']);
  const plansOut = JSON.parse((await desk('shop', 'export')).stdout);
  assert.deepEqual(plansOut.membershipPlans, [GOLD]);
  assert.deepEqual([plansOut.storeCredit, plansOut.mail], [edited.storeCredit, edited.mail]);

  // A broken file: every problem with its JSON path and line, exit 1, and the store as it was.
  const before = (await desk('shop', 'export')).stdout;
  const broken = structuredClone(edited);
  broken.checkout.timeZone = 'Mars/Base';
  broken.storeInfo.storeNme = 'typo';
  broken.storeInfo.storeNameContent.en = 'Changed';
  broken.mail.from = 'orders at harbour';
  broken.membershipPlans = [GOLD, { ...GOLD, priceMinor: 5900 }];
  broken.storeCredit.topUpAmountsMinor = [50];
  const brokenText = JSON.stringify(broken, null, 2);
  fs.writeFileSync(file, brokenText);
  const refused = await desk('shop', 'apply', file);
  assert.equal(refused.code, 1);
  const lineOf = (needle: string) => brokenText.split('\n').findIndex((l) => l.includes(needle)) + 1;
  assert.ok(refused.stderr.includes(`${file}: checkout.timeZone (line ${lineOf('"timeZone"')}): 'Mars/Base' is not a time zone`), refused.stderr);
  assert.ok(refused.stderr.includes(`${file}: storeInfo.storeNme (line ${lineOf('"storeNme"')}): is not a field here`), refused.stderr);
  assert.ok(refused.stderr.includes(`${file}: mail.from (line ${lineOf('"from"')}): 'orders at harbour' is not a sender`), refused.stderr);
  assert.match(refused.stderr, /membershipPlans\[1\]\.sku \(line \d+\): GOLD-YEAR is listed twice/);
  assert.match(refused.stderr, /storeCredit\.topUpAmountsMinor\[0\] \(line \d+\): must be >= 100/);
  assert.match(refused.stderr, /5 problem\(s\) in .*; nothing changed/);
  assert.equal((await desk('shop', 'export')).stdout, before, 'nothing changed');

  await close();

  // The shop the file describes is what shoppers get.
  srv = await startServer(db, { config: { seed: 'none' } });
  try {
    const reads = await shopperReads(srv.base);
    assert.deepEqual(reads.appContent.storeNameContent, { en: 'Harbour Goods', zh: '海港好物' });
    assert.equal(reads.appContent.system.payment.defaultCurrency.currencyType, 'USD');
    assert.deepEqual(reads.pickupLocations.map((l: { id: string }) => l.id), ['MAIN']);
    assert.deepEqual(reads.coupons.coupons.map((c: { code: string }) => c.code), ['HELLO5']);
    assert.deepEqual(reads.liveRooms.room_info, []);
    assert.equal(reads.provinces[1][0], 200);
    assert.ok((reads.provinces[1][1] as { code: string }[]).some((p) => p.code === 'NJ'));
    assert.deepEqual(reads.appContent.system.storeCredit, { topUpAmounts: [1000, 2500] });
    assert.deepEqual((reads.membershipPlans as { name: string; price: number }[]).map((p) => [p.name, p.price]), [['Gold membership: 1 year', 4900]]);
    // The store's mail is from the file's sender; MAIL_FROM, where set, overrides it (and the start says so).
    await enqueueMail(srv.app.db, { kind: 'contact-ack', to: 'ada@example.com', locale: 'en', subject: 'Hello', text: 't', html: '<p>h</p>' });
    await srv.app.mailWorker.tick();
    const outbox = path.join(db.dataDir, 'outbox');
    const eml = await waitFor('the mail', () => fs.readdirSync(outbox).find((f) => f.endsWith('-contact-ack.eml')));
    assert.match(fs.readFileSync(path.join(outbox, eml), 'utf8'), /^From: Harbour Goods <orders@harbour\.example\.com>$/m);
    assert.deepEqual(await mailSender(srv.app.db, 'Env <env@example.com>'), { from: 'Env <env@example.com>', source: 'MAIL_FROM' });
    assert.equal(await describeMailSender(srv.app.db, 'Env <env@example.com>'),
      'Env <env@example.com> (MAIL_FROM, over the shop file\'s Harbour Goods <orders@harbour.example.com>)');
    assert.equal(await describeMailSender(srv.app.db, undefined), 'Harbour Goods <orders@harbour.example.com> (the shop file)');
  } finally {
    await srv.close();
  }
});

test('export → apply onto an empty database gives the same store, as the shopper-facing reads answer; applying its own export changes nothing', async () => {
  const demo = await fresh(false);
  let srv = await startServer(demo);
  const first = await shopperReads(srv.base);
  await srv.close();
  const file = path.join(dir, 'exported.json');
  const demoDesk = await deskOn(demo);
  const exported = await demoDesk.desk('shop', 'export', file);
  assert.equal(exported.code, 0, exported.stderr);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(doc.storeInfo.storeName, 'Maple & Jade Market');
  assert.equal(doc.liveRooms.length, 5, 'every setting, the live rooms too');
  assert.deepEqual(doc.membershipPlans.map((p: { sku: string }) => p.sku), ['MEMBERSHIP-MONTH', 'MEMBERSHIP-QUARTER', 'MEMBERSHIP-YEAR', 'MEMBERSHIP-LIFETIME']);
  assert.deepEqual(doc.storeCredit, { topUpAmountsMinor: [2000, 5000, 10000] });
  assert.equal(first.membershipPlans.length, 4);
  const own = await demoDesk.desk('shop', 'apply', file);
  assert.equal(own.code, 0, own.stderr);
  assert.match(own.stdout, /nothing to change/);
  await demoDesk.close();

  const copy = await fresh(true);
  let copyDesk = await deskOn(copy);
  const applied = await copyDesk.desk('shop', 'apply', file);
  assert.equal(applied.code, 0, applied.stderr);
  await copyDesk.close();
  srv = await startServer(copy, { config: { seed: 'none' } });
  try {
    const second = await shopperReads(srv.base);
    // Slots are computed at the moment of the read: time only moves on between the two reads, so the second store's
    // slots are the first's, less any whose lead time has passed since; everything else is equal.
    for (const [a, b] of [[first.checkoutConfig.pickup, second.checkoutConfig.pickup], [first.checkoutConfig.delivery, second.checkoutConfig.delivery],
      [first.localDeliveryConfig, second.localDeliveryConfig]]) {
      const flat = (slots: { date: string; times: string[] }[]) => slots.flatMap((d) => d.times.map((t) => `${d.date} ${t}`));
      const earlier = new Set(flat(a.slots));
      assert.ok(flat(b.slots).length > 0 && flat(b.slots).every((x) => earlier.has(x)), JSON.stringify([a.slots, b.slots]));
      delete a.slots;
      delete b.slots;
    }
    for (const key of Object.keys(first) as (keyof typeof first)[]) assert.deepEqual(second[key], first[key], key);
  } finally {
    await srv.close();
  }
  // And the copy exports the same file.
  const { $schema, ...settings } = doc;
  assert.match($schema, /shop\.schema\.json$/);
  copyDesk = await deskOn(copy);
  try {
    assert.deepEqual(JSON.parse((await copyDesk.desk('shop', 'export')).stdout), settings);
  } finally {
    await copyDesk.close();
  }
});
