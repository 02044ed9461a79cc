/**
 * Security probe finding 2 (and the XSRF part of 12 and 16): the XSRF check and the /admin/ guard go by the route
 * Fastify matched, so a percent-encoded prefix meets them too; the spec's state-changing GETs need the header;
 * a non-ASCII header is a 403, not a 500.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { serverOnFreshDb, Shopper, isError, ok, PREFIX } from './helpers.ts';
import { XSRF_GET_ROUTES } from '../src/lib/session.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';

const { srv } = serverOnFreshDb();

async function demo() {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  return s;
}

test('a percent-encoded API prefix meets the XSRF check: 403 and nothing changes', async () => {
  const s = await demo();
  const before = ok(await s.get('/shoppingManagement4/myCart')).itemCount;
  for (const prefix of ['/api/istore/%63lient', '/api/%69store/client', '/%61pi/istore/client']) {
    isError(await s.req('POST', `~${prefix}/shoppingManagement4/myCart`, { productId: '1003', quantity: 1 }, { xsrf: false }), 403);
    isError(await s.req('PUT', `~${prefix}/admin/userManagement/userInfo`, { firstName: 'Pwned' }, { xsrf: false }), 403);
  }
  assert.equal(ok(await s.get('/shoppingManagement4/myCart')).itemCount, before);
  assert.equal(ok(await s.get('/admin/userManagement/userInfo')).user.firstName, 'Demo');
  // with the header the encoded path is the same route, and works
  ok(await s.req('PUT', '~/api/istore/%63lient/admin/userManagement/userInfo', { firstName: 'Demo' }));
});

test('a percent-encoded /admin/ meets the guest guard: 401 before anything else', async () => {
  const g = new Shopper(srv.base);
  isError(await g.get('~/api/istore/client/%61dmin/userManagement/membershipProducts'), 401);
  isError(await g.get('~/api/istore/client/%61dmin/userManagement/userInfo'), 401);
});

test('every route of XSRF_GET_ROUTES is a registered GET route (a renamed parameter would silently drop the check)', () => {
  for (const r of XSRF_GET_ROUTES) assert.ok(srv.app.hasRoute({ method: 'GET', url: PREFIX + r }), r);
});

test('the spec GETs that change state need the X-XSRF-TOKEN header', async () => {
  const s = await demo();
  ok(await s.get('/common3/appInfoInit'));
  const gets = [
    '/common3/logout',
    '/wechat/bind',
    '/shoppingManagement4/couponVerification/WELCOME10',
    '/common3/changeLocale/zh',
    `/common3/forgotPassword?emailID=${encodeURIComponent(DEMO_EMAIL)}`,
    '/shoppingManagement4/requestSnapPayPrePayment/h5pay/WECHATPAY?orderID=1',
    '/admin/userManagement/joinAffiliatedReferralGoup/1',
    '/admin/userManagement/user/like/1/true',
  ];
  for (const url of gets) {
    const r = await s.get(url, { xsrf: false });
    assert.equal(r.status, 403, `${url} without the header: ${r.status}`);
    isError(r, 403);
  }
  // nothing happened: still signed in, locale unchanged, no reset row
  const info = ok(await s.get('/common3/appInfoInit'));
  assert.equal(info.user.emailID, DEMO_EMAIL);
  assert.equal(info.appContent.system.appMessage.currentLocale, 'en');
  const resets = await srv.app.db.query(`SELECT count(*)::int AS n FROM password_resets`);
  assert.equal(resets.rows[0].n, 0);
  // a safe GET needs no header
  ok(await s.get('/shoppingManagement4/myCart', { xsrf: false }));
  // with the header (what the storefront sends) they work
  assert.equal(ok(await s.get('/common3/changeLocale/zh')).applicationMessage !== undefined, true);
  ok(await s.get('/common3/logout'));
  assert.equal(ok(await s.get('/common3/appInfoInit')).user, undefined);
});

test('an XSRF header with non-ASCII bytes of the same length is a 403, not a 500', async () => {
  const { port } = new URL(srv.base);
  const raw = Buffer.concat([
    Buffer.from(`POST /api/istore/client/shoppingManagement4/reserve HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: XSRF-TOKEN=abcd\r\nX-XSRF-TOKEN: abc`),
    Buffer.from([0xe9]),
    Buffer.from('\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
  ]);
  const answer = await new Promise<string>((resolve, reject) => {
    const sock = net.connect(Number(port), '127.0.0.1', () => sock.end(raw));
    let text = '';
    sock.on('data', (d) => (text += d));
    sock.on('end', () => resolve(text));
    sock.on('error', reject);
  });
  assert.match(answer, /^HTTP\/1\.1 403 /);
});
