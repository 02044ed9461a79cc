/**
 * The back office (issue 43): staff accounts from the CLI, the admin API's own session and XSRF cookies (path-scoped,
 * a shopper's cookies grant nothing), sign-in limits and the lock, roles checked on every call, bad input 4xx, no-store
 * and CSP on every answer, 421 off ADMIN_ORIGIN, the /admin page's strict CSP; and the orders desk: a staff member
 * marks a pickup order ready (the shopper's order follows), refunds part of it once whatever the repeats (through
 * the lifecycle; the sandbox provider accepts one refund), every change recorded with who.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ADMIN_PERMISSIONS, can, permissionsOf, STAFF_ROLES } from '../src/features/admin/roles.ts';
import { registered } from './memberHelpers.ts';
import { ADMIN, Staff } from './adminClient.ts';
import { deskOf, isError, mailTo, ok, payOnline, reservePickup, serverOnFreshDb, tomorrow, waitFor } from './helpers.ts';

describe('who may do what (features/admin/roles.ts)', () => {
  // [permission, owner, staff]
  const TABLE: [string, boolean, boolean][] = [
    ['orders.read', true, true],
    ['orders.move', true, true],
    ['orders.refund', true, true],
    ['stock.edit', true, true],
    ['reviews.decide', true, true],
    ['staff.manage', true, false],
    ['activity.read', true, false],
    ['settings.edit', true, false],
    ['catalog.edit', true, false],
    ['totp.manage', true, false],
    ['promotions.edit', true, false],
    ['blog.edit', true, false],
    ['attention.handle', true, false],
  ];
  for (const [permission, owner, staff] of TABLE) {
    test(`${permission}: owner ${owner ? 'may' : 'may not'}, staff ${staff ? 'may' : 'may not'}`, () => {
      assert.equal(can('owner', permission as any), owner);
      assert.equal(can('staff', permission as any), staff);
    });
  }
  test('the table names every permission, and permissionsOf follows it', () => {
    assert.deepEqual(TABLE.map(([p]) => p).sort(), [...ADMIN_PERMISSIONS].sort());
    for (const role of STAFF_ROLES) assert.deepEqual(permissionsOf(role), TABLE.filter(([, o, s]) => (role === 'owner' ? o : s)).map(([p]) => p));
  });
});

const OWNER = 'owner@shop.example';
const CLERK = 'clerk@shop.example';
const PASSWORD = 'counter-password-1';

const { db, srv } = serverOnFreshDb((d) => ({ config: { adminDir: path.join(d.dataDir, 'admin-app') } }));
const staffCli = (...args: string[]) => deskOf(srv, 'staff')(...args);
const passwordFile = (text: string) => {
  const file = path.join(db.dataDir, `pw-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(file, `${text}\n`);
  return file;
};
const signedIn = async (email: string) => {
  const s = new Staff(srv.base);
  ok(await s.signIn(email, PASSWORD));
  return s;
};

describe('staff accounts and the admin API', () => {
  test('npm run staff: an owner and a staff member are added from a password file; bad input is refused with why', async () => {
    const pw = passwordFile(PASSWORD);
    let r = await staffCli('add', OWNER, '--role', 'owner', '--name', 'Olive Owner', '--password-file', pw);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /added owner@shop\.example as owner/);
    r = await staffCli('add', CLERK.toUpperCase(), '--role', 'staff', '--password-file', pw);
    assert.equal(r.code, 0, r.stderr);
    r = await staffCli('add', CLERK, '--role', 'staff', '--password-file', pw);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /already exists/);
    r = await staffCli('add', 'not-an-email', '--role', 'staff', '--password-file', passwordFile('short'));
    assert.equal(r.code, 1);
    assert.match(r.stderr, /E-mail address is not valid; Password must be at least/);
    assert.equal((await staffCli('add', 'x@shop.example', '--role', 'boss', '--password-file', pw)).code, 2);
    assert.equal((await staffCli('add', 'x@shop.example', '--role', 'staff')).code, 2, 'no terminal and no password file');
    const { rows } = await srv.app.db.query('SELECT email, role, password_hash FROM staff ORDER BY id');
    assert.deepEqual(rows.map((x: any) => [x.email, x.role]), [[OWNER, 'owner'], [CLERK, 'staff']]);
    assert.match(rows[0].password_hash, /^scrypt\$/, 'hashed like shoppers\' passwords');
    r = await staffCli('list');
    assert.match(r.stdout, /owner@shop\.example {2}owner {2}Olive Owner/);
  });

  test('the session and XSRF cookies are the back office\'s own, scoped to its path; answers are no-store with the API CSP', async () => {
    const s = new Staff(srv.base);
    const anon = ok(await s.session());
    assert.equal(anon.staff, null);
    assert.deepEqual(anon.permissions, []);
    assert.equal(anon.xsrfToken, s.cookies.get('XSRF-ADMIN')?.value);
    const signed = await s.signIn(OWNER, PASSWORD);
    ok(signed);
    const session = signed.setCookies.find((c) => c.startsWith('istore_admin_session='))!;
    assert.match(session, /Path=\/api\/istore\/admin/);
    assert.match(session, /HttpOnly/);
    assert.match(session, /SameSite=Strict/);
    assert.match(signed.setCookies.find((c) => c.startsWith('XSRF-ADMIN='))!, /Path=\/api\/istore\/admin.*SameSite=Strict|SameSite=Strict.*Path=\/api\/istore\/admin/);
    assert.notEqual(signed.body.xsrfToken, anon.xsrfToken, 'a new XSRF token with the new session');
    assert.deepEqual(signed.body.staff, { email: OWNER, name: 'Olive Owner', role: 'owner' });
    const day = await s.get(`/orders/today?date=${tomorrow()}`);
    ok(day);
    assert.equal(day.headers.get('cache-control'), 'no-store');
    assert.match(day.headers.get('content-security-policy')!, /default-src 'none'/);
    // A write without the token, or with the shopper's, is refused.
    isError(await s.post('/signout', {}, { xsrf: false }), 403);
    isError(await s.post('/signout', {}, { xsrf: false, headers: { 'x-xsrf-admin': 'x'.repeat(32) } }), 403);
    isError(await s.post('/signout', {}, { headers: { origin: 'https://evil.example' } }), 403);
    ok(await s.post('/signout'));
    isError(await s.get(`/orders/today?date=${tomorrow()}`), 401);
  });

  test('a shopper\'s cookies grant nothing in the back office', async () => {
    const shopper = await registered(srv.base, 'Sam', 'Shopper');
    const r = await fetch(`${srv.base}${ADMIN}/orders/today`, { headers: { cookie: shopper.cookieHeader() } });
    assert.equal(r.status, 401);
    const s = new Staff(srv.base);
    ok(await s.session());
    const write = await fetch(`${srv.base}${ADMIN}/signin`, {
      method: 'POST',
      headers: { cookie: shopper.cookieHeader(), 'x-xsrf-token': shopper.cookies.get('XSRF-TOKEN')!, 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER, password: PASSWORD }),
    });
    assert.equal(write.status, 403, 'the shopper\'s XSRF token is not the back office\'s');
  });

  test('roles are checked on the server for every call: a staff member is refused what only the owner may do', async () => {
    const clerk = await signedIn(CLERK);
    assert.deepEqual(ok(await clerk.session()).permissions, ['orders.read', 'orders.move', 'orders.refund', 'stock.edit', 'reviews.decide']);
    ok(await clerk.get(`/orders/today?date=${tomorrow()}`));
    assert.match(isError(await clerk.get('/staff'), 403).message, /A staff may not do this \(staff\.manage\)/);
    isError(await clerk.get('/activity'), 403);
    const owner = await signedIn(OWNER);
    assert.deepEqual(ok(await owner.get('/staff')).staff.map((x: any) => [x.email, x.role]), [[OWNER, 'owner'], [CLERK, 'staff']]);
    ok(await owner.get('/activity'));
    // Disabled: the session ends and sign-in is refused.
    assert.equal((await staffCli('disable', CLERK)).code, 0);
    isError(await clerk.get(`/orders/today?date=${tomorrow()}`), 401);
    isError(await new Staff(srv.base).signIn(CLERK, PASSWORD), 401);
    assert.equal((await staffCli('enable', CLERK)).code, 0);
    assert.equal((await staffCli('disable', OWNER)).code, 1, 'the last owner stays');
  });

  test('bad input gets a 4xx with a message', async () => {
    const owner = await signedIn(OWNER);
    assert.match(isError(await owner.get('/orders/abc'), 400).message, /params\.id/);
    isError(await owner.get('/orders/999999'), 404);
    assert.match(isError(await owner.post('/orders/1/move', { move: 'fly' }), 400).message, /body\.move/);
    assert.match(isError(await owner.post('/orders/1/refund', { amount: -5, reason: 'x', key: 'abcdefgh' }), 400).message, /body\.amount/);
    assert.match(isError(await owner.post('/orders/1/refund', { reason: 'x' }), 400).message, /body\.key/);
    assert.match(isError(await owner.get('/orders/today?date=yesterday'), 400).message, /querystring\.date/);
    isError(await owner.post('/signin', { email: 'a@b.c' }), 400);
    isError(await owner.get('/no-such-call'), 404);
  });

  test('sign-in: a wrong password is a 401; five in a row lock the account (423, even with the right one) until unlocked', async () => {
    const s = new Staff(srv.base);
    for (let i = 0; i < 5; i++) assert.equal(isError(await s.signIn(CLERK, 'wrong-password'), 401).message, 'E-mail or password is wrong');
    assert.match(isError(await s.signIn(CLERK, PASSWORD), 423).message, /locked after 5 wrong passwords\. Try again in 15 minutes/);
    const owner = await signedIn(OWNER);
    assert.ok(ok(await owner.get('/staff')).staff.find((x: any) => x.email === CLERK).locked);
    assert.equal((await staffCli('unlock', CLERK)).code, 0);
    ok(await s.signIn(CLERK, PASSWORD));
    const actions = ok(await owner.get('/activity?limit=200')).items.map((x: any) => `${x.actor} ${x.action} ${x.subject}`);
    assert.ok(actions.includes(`${CLERK} staff.locked ${CLERK}`), actions.join('\n'));
    assert.ok(actions.some((a: string) => /^command line \(.+\) staff\.unlock clerk@shop\.example$/.test(a)));
  });

  test('sign-in is rate-limited per e-mail and address (429), an unknown e-mail counted like a known one', async () => {
    const s = new Staff(srv.base);
    for (let i = 0; i < 10; i++) isError(await s.signIn('nobody@shop.example', 'guess'), 401);
    assert.match(isError(await s.signIn('nobody@shop.example', 'guess'), 429).message, /Too many failed sign-in attempts/);
  });

  test('the admin area is declared in the contract: contract/openapi-admin.json is the document it serves (npm run openapi)', async () => {
    const served = await (await fetch(`${srv.base}${ADMIN}/openapi.json`)).json();
    const committed = JSON.parse(fs.readFileSync(new URL('../../contract/openapi-admin.json', import.meta.url), 'utf8'));
    assert.deepEqual(committed, served, 'contract/openapi-admin.json is stale: run `npm --prefix server run openapi` and commit it');
    assert.equal(served.servers[0].url, ADMIN);
    assert.equal(served.components.securitySchemes.session.name, 'istore_admin_session');
    for (const route of srv.app.declaredRoutes.filter((r) => r.url.startsWith(`${ADMIN}/`))) {
      assert.ok(route.schema?.response, `${route.method} ${route.url} declares its answers`);
    }
    const shopperDoc = await (await fetch(`${srv.base}/api/istore/client/openapi.json`)).json();
    assert.equal(Object.keys(shopperDoc.paths).some((p) => p.startsWith('/orders/today') || p === '/signin'), false, 'the shopper\'s document stays the shopper\'s');
  });

  test('ADMIN_ORIGIN: any other origin gets 421, the API and the page alike', async () => {
    srv.app.config.adminOrigin = 'https://admin.shop.example';
    try {
      const off = await srv.app.inject({ method: 'GET', url: `${ADMIN}/session`, headers: { host: 'shop.example' } });
      assert.equal(off.statusCode, 421);
      assert.match(off.json().message, /only at https:\/\/admin\.shop\.example/);
      assert.equal((await srv.app.inject({ method: 'GET', url: '/admin/orders', headers: { host: 'shop.example' } })).statusCode, 421);
      assert.equal((await srv.app.inject({ method: 'GET', url: `${ADMIN}/session`, headers: { host: 'admin.shop.example' } })).statusCode, 200);
    } finally {
      srv.app.config.adminOrigin = undefined;
    }
  });

  test('/admin: the app\'s page with its own strict CSP (no inline script, styles by nonce), its files, never another folder\'s', async () => {
    const dir = srv.app.config.adminDir;
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><script type="module" src="/admin/assets/app-ABCDEF12.js"></script>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-ABCDEF12.js'), 'console.log(1)');
    const page = await fetch(`${srv.base}/admin/orders/12`);
    assert.equal(page.status, 200);
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    assert.ok((await page.text()).includes(`content="${nonce}"`));
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(page.headers.get('cache-control'), 'no-store');
    const again = await fetch(`${srv.base}/admin`);
    assert.notEqual(/'nonce-([^']+)'/.exec(again.headers.get('content-security-policy')!)![1], nonce, 'a nonce per answer');
    const js = await fetch(`${srv.base}/admin/assets/app-ABCDEF12.js`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type')!, /javascript/);
    assert.match(js.headers.get('cache-control')!, /immutable/);
    assert.equal((await fetch(`${srv.base}/admin/..%2f..%2fpackage.json`)).status, 404);
    assert.equal((await fetch(`${srv.base}/admin/nothing.js`)).status, 404);
  });

  test('the owner invites a staff member: a mail (in the language chosen) links to choosing a password, once; staff may not invite', async () => {
    const owner = await signedIn(OWNER);
    const clerk = await signedIn(CLERK);
    isError(await clerk.post('/staff', { email: 'new@shop.example', role: 'staff', locale: 'en' }), 403);
    const list = ok(await owner.post('/staff', { email: 'New.Hire@shop.example', role: 'staff', name: 'Nia', locale: 'zh' }));
    assert.ok(list.staff.some((x: any) => x.email === 'new.hire@shop.example' && x.role === 'staff'));
    isError(await owner.post('/staff', { email: 'new.hire@shop.example', role: 'owner', locale: 'en' }), 409);
    isError(await owner.post('/staff', { email: 'not an e-mail', role: 'staff', locale: 'en' }), 400);
    isError(await new Staff(srv.base).signIn('new.hire@shop.example', 'no-password-yet'), 401);
    const mail = await mailTo(db, 'staff-invitation', 'new.hire@shop.example');
    assert.match(mail.subject, /后台邀请/);
    const token = new URL(mail.text.match(/https?:\/\/\S+\/admin\/accept\?token=\S+/)![0]).searchParams.get('token')!;
    const invited = new Staff(srv.base);
    assert.match(isError(await invited.post('/invitation/accept', { token, password: 'short' }), 400).message, /at least/);
    isError(await invited.post('/invitation/accept', { token: 'x'.repeat(32), password: PASSWORD }), 400);
    assert.deepEqual(ok(await invited.post('/invitation/accept', { token, password: PASSWORD })), { email: 'new.hire@shop.example' });
    isError(await invited.post('/invitation/accept', { token, password: 'another-password-2' }), 400);
    ok(await invited.signIn('new.hire@shop.example', PASSWORD));
    const actions = ok(await owner.get('/activity?limit=200')).items.map((x: any) => `${x.actor} ${x.action} ${x.subject}`);
    assert.ok(actions.includes(`${OWNER} staff.invite new.hire@shop.example`));
    assert.ok(actions.includes('new.hire@shop.example staff.accept new.hire@shop.example'));
  });

  test('the orders desk: the staff member marks a pickup order ready (the shopper\'s order follows) and refunds part of it once', async () => {
    const shopper = await registered(srv.base, 'Pat', 'Pickup');
    const { orderID, total } = await reservePickup(shopper, [['1012', 2]], shopper.contact);
    await payOnline(shopper, orderID);
    const clerk = await signedIn(CLERK);
    const day = ok(await clerk.get(`/orders/today?date=${tomorrow()}&store=TOR-DT&method=PICKUP`));
    const row = day.orders.find((o: any) => o.orderID === orderID);
    assert.equal(row.status, 'NEW');
    const count = day.counts.find((c: any) => c.store === 'TOR-DT' && c.method === 'PICKUP');
    assert.ok(count.total >= 1 && count.open >= 1);
    assert.ok(ok(await clerk.get(`/orders/picklist?date=${tomorrow()}&store=TOR-DT`)).lines.some((l: any) => l.orderIDs.includes(orderID)));
    const page = ok(await clerk.get(`/orders/${orderID}`));
    assert.deepEqual(page.moves, ['ready', 'completed', 'cancelled']);
    assert.equal(page.contact.email, shopper.emailID);
    assert.equal(page.refundable, total);
    assert.equal(page.payments[0].status, 'PAID');
    const moved = ok(await clerk.post(`/orders/${orderID}/move`, { move: 'ready', note: 'on the shelf' }));
    assert.equal(moved.status, 'READY_FOR_PICKUP');
    assert.deepEqual(moved.history.map((e: any) => [e.actor, e.from, e.to, e.note]), [[CLERK, 'NEW', 'READY_FOR_PICKUP', 'on the shelf']]);
    assert.equal(ok(await shopper.get(`/common3/orders/${orderID}`)).status, 'READY_FOR_PICKUP', 'the shopper\'s order follows');
    assert.match(isError(await clerk.post(`/orders/${orderID}/move`, { move: 'ready' }), 409).message, /READY_FOR_PICKUP cannot be moved/);
    // A part refund, sent twice with the same key (a double click, a retried request): one refund.
    const body = { amount: 100, reason: 'one item was missing', key: 'refund-key-0001' };
    const [a, b] = await Promise.all([clerk.post(`/orders/${orderID}/refund`, body), clerk.post(`/orders/${orderID}/refund`, body)]);
    const [first, second] = [ok(a), ok(b)];
    assert.equal(first.refund.id, second.refund.id);
    assert.deepEqual([first.repeated, second.repeated].sort(), [false, true]);
    assert.equal(second.order.refunded, 100);
    assert.equal(second.order.refundable, total - 100);
    assert.equal(second.order.status, 'READY_FOR_PICKUP', 'a part refund leaves the status');
    const done = await waitFor('the sandbox provider to accept the refund', async () => {
      const { rows } = await srv.app.db.query('SELECT status, attempts, amount FROM refunds WHERE order_id = $1', [Number(orderID)]);
      return rows.length === 1 && rows[0].status === 'DONE' ? rows : undefined;
    });
    assert.deepEqual(done, [{ status: 'DONE', attempts: 1, amount: 100 }], 'the provider received one refund');
    assert.match(isError(await clerk.post(`/orders/${orderID}/refund`, { amount: total, reason: 'too much', key: 'refund-key-0002' }), 409).message, /left to refund/);
    // Who did what: on the order and in the owner's activity list.
    const owner = await signedIn(OWNER);
    const items = ok(await owner.get('/activity?limit=200')).items.filter((x: any) => x.subject === orderID);
    assert.deepEqual(items.map((x: any) => [x.actor, x.action]), [[CLERK, 'order.refund'], [CLERK, 'order.ready']]);
    assert.match(items[0].detail, /amount: 100/);
    const { rows: events } = await srv.app.db.query('SELECT e.actor, s.email FROM order_events e JOIN staff s ON s.id = e.staff_id WHERE e.order_id = $1', [Number(orderID)]);
    assert.deepEqual(events, [{ actor: CLERK, email: CLERK }]);
  });
});
