/**
 * The back office's settings over the shop file (issue 43; features/admin/settings.ts): the owner reads and saves the
 * store locations with the pickup and delivery hours, and the delivery areas; a save is checked by the shop file's own
 * schema and rules (each refusal named by its path) and applied by `shop apply`'s code, so the storefront's checkout
 * slots and delivery cities follow at once; the change is in the activity with the owner; a staff member is refused.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Staff } from './adminClient.ts';
import { deskOf, isError, ok, serverOnFreshDb } from './helpers.ts';

const OWNER = 'owner@shop.example';
const CLERK = 'clerk@shop.example';
const PASSWORD = 'counter-password-1';

const { db, srv } = serverOnFreshDb();
const client = async (p: string) => (await fetch(`${srv.base}/api/istore/client${p}`)).json();

let owner: Staff;
let clerk: Staff;
async function staffOnce() {
  if (owner) return;
  const file = path.join(db.dataDir, 'pw-settings');
  fs.writeFileSync(file, `${PASSWORD}\n`);
  for (const [email, role] of [[OWNER, 'owner'], [CLERK, 'staff']]) {
    const r = await deskOf(srv, 'staff')('add', email, '--role', role, '--password-file', file);
    assert.equal(r.code, 0, r.stderr);
  }
  owner = new Staff(srv.base);
  ok(await owner.signIn(OWNER, PASSWORD));
  clerk = new Staff(srv.base);
  ok(await clerk.signIn(CLERK, PASSWORD));
}

describe('settings: locations and hours', () => {
  test('the owner changes the pickup hours: the storefront\'s checkout slots follow; recorded with the owner; a second save changes nothing', async () => {
    await staffOnce();
    const before = ok(await owner.get('/settings/locations'));
    assert.ok(before.storeLocations.length > 0, 'the demo shop has store locations');
    assert.ok(before.countries.length > 0);
    const body = { storeLocations: before.storeLocations, timeZone: before.timeZone, pickup: { ...before.pickup, openTime: '11:00', closeTime: '13:00', slotMinutes: 60, leadTimeMinutes: 0 }, delivery: before.delivery };
    const saved = ok(await owner.req('PUT', '/settings/locations', body));
    assert.deepEqual(saved.changes, ['~ settings checkout (pickup)']);

    const config = await client('/shoppingManagement4/checkoutConfig');
    assert.equal(config.pickup.openTime, '11:00');
    assert.equal(config.pickup.closeTime, '13:00');
    const later = config.pickup.slots.filter((s: any) => s.date > config.pickup.slots[0].date);
    assert.ok(later.length > 0);
    for (const day of later) assert.deepEqual(day.times, ['11:00', '12:00'], 'every later day: one slot an hour from 11 to 13');

    const act = ok(await owner.get('/activity?limit=5'));
    const line = act.items.find((a: any) => a.action === 'settings.locations');
    assert.ok(line, 'recorded in the activity');
    assert.equal(line.actor, OWNER);
    assert.match(line.detail, /settings checkout \(pickup\)/);
    assert.deepEqual(ok(await owner.req('PUT', '/settings/locations', body)).changes, [], 'saved twice: nothing more to change');
  });

  test('every refusal names its field by the shop file\'s path, as shop apply does; nothing is applied', async () => {
    await staffOnce();
    const before = ok(await owner.get('/settings/locations'));
    const [first, ...rest] = before.storeLocations;
    const bad = {
      storeLocations: [{ ...first, address: { ...first.address, province: 'ZZ' } }, { ...first }, ...rest],
      timeZone: 'Mars/Olympus',
      pickup: { ...before.pickup, openTime: '18:00', closeTime: '09:00' },
      delivery: { ...before.delivery, openTime: '25:00' },
    };
    const e = isError(await owner.req('PUT', '/settings/locations', bad), 400);
    const has = (re: RegExp) => assert.ok(e.errors.some((x) => re.test(x)), `${re} in ${JSON.stringify(e.errors)}`);
    has(/^storeLocations\[0\]\.address\.province: ZZ is not a province of /);
    has(/^storeLocations\[1\]\.id: .* is listed twice$/);
    has(/^checkout\.timeZone: 'Mars\/Olympus' is not a time zone/);
    has(/^checkout\.pickup\.closeTime: 09:00 is not after the opening time 18:00$/);
    has(/^checkout\.delivery\.openTime: /);
    assert.deepEqual(ok(await owner.get('/settings/locations')), before, 'nothing changed');
  });

  test('a location renamed in both languages: stored as shop apply stores it', async () => {
    await staffOnce();
    const before = ok(await owner.get('/settings/locations'));
    const [first, ...rest] = before.storeLocations;
    const renamed = { ...first, name: { en: 'Harbour Counter', zh: '港口柜台' } };
    ok(await owner.req('PUT', '/settings/locations', { ...before, countries: undefined, storeLocations: [renamed, ...rest] }));
    const after = ok(await owner.get('/settings/locations'));
    assert.deepEqual(after.storeLocations[0].name, { en: 'Harbour Counter', zh: '港口柜台' });
    const { rows } = await srv.app.db.query('SELECT name_en, name_zh FROM store_locations WHERE id = $1', [first.id]);
    assert.deepEqual(rows[0], { name_en: 'Harbour Counter', name_zh: '港口柜台' });
  });

  test('a staff member may not read or change the settings (403); without a session 401; without the XSRF header 403', async () => {
    await staffOnce();
    isError(await clerk.get('/settings/locations'), 403);
    isError(await clerk.req('PUT', '/settings/locations', { storeLocations: [], timeZone: 'UTC', pickup: {}, delivery: {} }), 403);
    isError(await clerk.get('/settings/delivery-areas'), 403);
    isError(await new Staff(srv.base).get('/settings/locations'), 401);
    const before = ok(await owner.get('/settings/locations'));
    isError(await owner.req('PUT', '/settings/locations', { ...before, countries: undefined }, { xsrf: false }), 403);
    isError(await owner.req('PUT', '/settings/locations', { storeLocations: 'all of them' }), 400);
  });
});

describe('settings: delivery areas', () => {
  test('the owner adds a city to an area: the delivery cities the checkout reads follow; a duplicate city is refused on its path', async () => {
    await staffOnce();
    const before = ok(await owner.get('/settings/delivery-areas'));
    assert.ok(before.deliveryAreas.length > 0, 'the demo shop delivers somewhere');
    const [area, ...rest] = before.deliveryAreas;
    const added = { ...area, cities: [...area.cities, { en: 'Newtown', zh: '新城' }] };
    const saved = ok(await owner.req('PUT', '/settings/delivery-areas', { deliveryAreas: [added, ...rest] }));
    assert.equal(saved.changes.length, 1);
    assert.match(saved.changes[0], /^~ deliveryAreas /);
    const { rows } = await srv.app.db.query('SELECT name_en, name_zh FROM delivery_cities WHERE country = $1 AND province = $2', [area.country, area.province]);
    assert.ok(rows.some((r: any) => r.name_en === 'Newtown' && r.name_zh === '新城'));

    const twice = { ...area, cities: [...area.cities, { en: 'Newtown', zh: null }, { en: 'newtown', zh: '' }] };
    const e = isError(await owner.req('PUT', '/settings/delivery-areas', { deliveryAreas: [twice, ...rest] }), 400);
    assert.ok(e.errors.some((x) => new RegExp(`^deliveryAreas\\[0\\]\\.cities\\[${area.cities.length + 1}\\]: 'newtown' also names another city`).test(x)), JSON.stringify(e.errors));
    const unknown = isError(await owner.req('PUT', '/settings/delivery-areas', { deliveryAreas: [{ country: 'ZZ', province: 'QQ', cities: [] }] }), 400);
    assert.ok(unknown.errors.some((x) => /^deliveryAreas\[0\]\.country: ZZ is not among the file's countries$/.test(x)), JSON.stringify(unknown.errors));
  });
});

describe('settings: menus, pages, home sections, social links (issue 43)', () => {
  test('the owner renames a header entry and points it at another page: the storefront\'s app info follows; recorded; a link that leads nowhere is refused on its field', async () => {
    await staffOnce();
    const before = ok(await owner.get('/settings/menus'));
    assert.ok(before.headerMenu.length > 1 && before.pages.some((p: any) => p.name === 'shipping'), 'the demo shop has menus and a shipping page');
    const headerMenu = structuredClone(before.headerMenu);
    const i = headerMenu.findIndex((m: any) => m.link === 'page/about');
    headerMenu[i] = { ...headerMenu[i], name: 'Delivery', nameContent: { en: 'Delivery', zh: '配送' }, link: 'page/shipping' };
    const saved = ok(await owner.req('PUT', '/settings/menus', { headerMenu, sideMenu: before.sideMenu, footerMenu: before.footerMenu }));
    assert.deepEqual(saved.changes, ['~ settings navigation (headerMenu)']);
    const info = await client('/common3/appInfoInit');
    assert.deepEqual(info.appContent.navigation.headerMenu[i], headerMenu[i], 'app info answers the new entry');
    const line = ok(await owner.get('/activity?limit=5')).items.find((a: any) => a.action === 'settings.menus');
    assert.equal(line?.actor, OWNER);

    const bad = structuredClone(headerMenu);
    bad[i].link = 'page/careers';
    bad[0].subMenu = [{ name: 'Odd', link: 'javascript:alert(1)' }];
    const footerMenu = [{ name: 'Blog', link: 'blog.example.com', linkActionType: 'EXTERNAL_LINK' }];
    const e = isError(await owner.req('PUT', '/settings/menus', { headerMenu: bad, sideMenu: before.sideMenu, footerMenu }), 400);
    const has = (re: RegExp) => assert.ok(e.errors.some((x) => re.test(x)), `${re} in ${JSON.stringify(e.errors)}`);
    has(new RegExp(`^navigation\\.headerMenu\\[${i}\\]\\.link: 'page/careers' opens the page 'careers', which the shop does not have`));
    has(/^navigation\.headerMenu\[0\]\.subMenu\[0\]\.link: 'javascript:alert\(1\)' is not a link of the storefront/);
    has(/^navigation\.footerMenu\[0\]\.link: 'blog\.example\.com' is not a whole web address/);
    assert.deepEqual((await client('/common3/appInfoInit')).appContent.navigation.headerMenu[i], headerMenu[i], 'nothing applied');
  });

  test('the owner adds a page in both languages and edits one: the storefront serves them; removing a page a menu links to is refused on the menu\'s field', async () => {
    await staffOnce();
    const before = ok(await owner.get('/settings/pages'));
    const faq = { name: 'faq', title: { en: 'Questions', zh: '常见问题' }, content: { en: '<p>Ask us.</p>', zh: '<p>问我们。</p>' } };
    const pages = [...before.pages.map((p: any) => (p.name === 'privacy' ? { ...p, title: { en: 'Your privacy', zh: '您的隐私' } } : p)), faq];
    const saved = ok(await owner.req('PUT', '/settings/pages', { pages }));
    assert.deepEqual(saved.changes.sort(), ['+ pages faq', '~ pages privacy (title)']);
    const served = await client('/common3/pageContent?pageName=faq');
    assert.deepEqual([served.title, served.content.zh], [faq.title, '<p>问我们。</p>']);
    assert.equal((await client('/common3/pageContent?pageName=privacy')).title.en, 'Your privacy');

    const linked = ok(await owner.get('/settings/menus'));
    const target = [...linked.headerMenu, ...linked.sideMenu, ...linked.footerMenu].find((m: any) => /^page\//.test(m.link ?? ''))!.link.slice(5);
    const e = isError(await owner.req('PUT', '/settings/pages', { pages: pages.filter((p: any) => p.name !== target) }), 400);
    assert.ok(e.errors.some((x) => new RegExp(`^navigation\\.\\w+Menu\\[\\d+\\]\\.link: 'page/${target}' opens the page '${target}', which the shop does not have`).test(x)), JSON.stringify(e.errors));
    const twice = isError(await owner.req('PUT', '/settings/pages', { pages: [...pages, { ...faq, name: 'faq' }] }), 400);
    assert.ok(twice.errors.includes(`pages[${pages.length}].name: faq is listed twice`), JSON.stringify(twice.errors));
    const badName = isError(await owner.req('PUT', '/settings/pages', { pages: [...pages, { ...faq, name: 'Our Story' }] }), 400);
    assert.ok(badName.errors.some((x) => x.startsWith(`pages[${pages.length}].name: `)), JSON.stringify(badName.errors));
    assert.equal(ok(await owner.get('/settings/pages')).pages.length, pages.length, 'nothing applied');
  });

  test('the owner reorders the home sections, removes one and adds a product row: the home template the storefront reads follows; refusals name the section\'s field', async () => {
    await staffOnce();
    const before = ok(await owner.get('/settings/home'));
    assert.ok(before.sections.length >= 3, 'the demo home has sections');
    const kept = before.sections.filter((s: any) => s.kind !== 'liveRooms').reverse();
    const row = { kind: 'productCarousel', id: 'home-gifts', title: { en: 'Gifts', zh: '礼品' }, tagName: 'gift', numberToLoad: 6 };
    const sections = [row, ...kept];
    const saved = ok(await owner.req('PUT', '/settings/home', { sections }));
    assert.deepEqual(saved.changes, ['~ sections home (sections)']);
    const template = await client('/common3/sectionTemplateByType/home');
    assert.deepEqual(template.sections.map((s: any) => s.id), sections.map((s: any) => s.id));
    assert.equal(ok(await owner.get('/activity?limit=5')).items.find((a: any) => a.action === 'settings.home')?.actor, OWNER);

    const banner = sections.findIndex((s: any) => s.kind === 'banner');
    const broken = structuredClone(sections);
    broken[banner].slides[1].link = 'nowhere/at/all';
    broken[0].tagName = ' ';
    broken.push({ ...row });
    const e = isError(await owner.req('PUT', '/settings/home', { sections: broken }), 400);
    const has = (text: string) => assert.ok(e.errors.some((x) => x.startsWith(text)), `${text} in ${JSON.stringify(e.errors)}`);
    has(`sections.home[${banner}].slides[1].link: 'nowhere/at/all' leads nowhere in the storefront`);
    has('sections.home[0].tagName: is empty');
    has(`sections.home[${broken.length - 1}].id: home-gifts is listed twice in the home template`);
    isError(await owner.req('PUT', '/settings/home', { sections: [{ kind: 'slideshow', id: 'x' }] }), 400);
    assert.deepEqual(ok(await owner.get('/settings/home')).sections, sections, 'nothing applied');
  });

  test('the owner sets the social links and hides the header on desktops: app info follows; a page that is no web address is refused on its field', async () => {
    await staffOnce();
    const before = ok(await owner.get('/settings/social'));
    const social = { ...before.social, linkedin: { pageURL: 'https://www.linkedin.com/company/maplejade' } };
    const headerControl = { ...before.headerControl, notDisplayheaderInDesktop: true };
    const saved = ok(await owner.req('PUT', '/settings/social', { social, headerControl }));
    assert.deepEqual(saved.changes.sort(), ['~ settings headerControl (notDisplayheaderInDesktop)', '~ settings social (linkedin)']);
    const info = await client('/common3/appInfoInit');
    assert.equal(info.appContent.system.social.linkedin.pageURL, 'https://www.linkedin.com/company/maplejade');
    assert.equal(info.appContent.headerControl.notDisplayheaderInDesktop, true);
    const e = isError(await owner.req('PUT', '/settings/social', { social: { ...social, twitter: { pageURL: 'twitter.com/maple' } }, headerControl }), 400);
    assert.deepEqual(e.errors, ["social.twitter.pageURL: 'twitter.com/maple' is not a whole web address like https://www.twitter.com/yourshop"]);
  });

  test('a staff member may not read or change menus, pages, home sections or social links (403)', async () => {
    await staffOnce();
    for (const part of ['menus', 'pages', 'home', 'social']) {
      isError(await clerk.get(`/settings/${part}`), 403);
      isError(await clerk.req('PUT', `/settings/${part}`, {}), 403);
    }
  });
});
