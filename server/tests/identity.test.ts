/**
 * WeChat / Alipay sign-in on the sandbox identity provider, the sign-in rate limit, and profile picture uploads —
 * against the real server and database, with the real session, cookie and XSRF rules.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { serverOnFreshDb, Shopper, confirmEmail, isError, ok, PREFIX } from './helpers.ts';
import { sandboxIdentityProvider } from '../src/identity/sandbox.ts';
import { PAIR_RULE } from '../src/identity/rateLimit.ts';

const { db, srv } = serverOnFreshDb();

let seq = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${++seq}`;
const person = (name: string) => ({ emailID: `${name}@example.com`, password: 'correct horse', firstName: 'Test', lastName: name });

/** An e-mail account whose address is confirmed (an identity can only be linked then), unless `confirmed` is false. */
async function emailAccount(name: string, { confirmed = true } = {}) {
  const s = new Shopper(srv.base);
  const p = person(name);
  const signedIn = ok(await s.post('/common3/clientRegistration', p));
  if (confirmed) await confirmEmail(srv, db, p.emailID);
  return { shopper: s, ...p, userID: signedIn.userID as string };
}

describe('sandbox identity provider', () => {
  const provider = sandboxIdentityProvider(PREFIX);

  test('a sandbox code stands for the same person every time; the open id differs per WeChat channel', async () => {
    const a = await provider.exchange('WECHAT_MINI_PROGRAM', 'sandbox-wx-alice');
    const again = await provider.exchange('WECHAT_MINI_PROGRAM', 'sandbox-wx-alice');
    const browser = await provider.exchange('WECHAT_OFFICIAL_ACCOUNT', 'sandbox-wx-alice');
    const bob = await provider.exchange('WECHAT_MINI_PROGRAM', 'sandbox-wx-bob');
    assert.deepEqual(a, again);
    assert.equal(browser.subject, a.subject);
    assert.notEqual(browser.openId, a.openId);
    assert.notEqual(bob.subject, a.subject);
    assert.match(a.openId, /^o[A-Za-z0-9_-]{27}$/);
    const ali = await provider.exchange('ALIPAY_MINI_PROGRAM', 'sandbox-ali-alice');
    assert.equal(ali.provider, 'alipay');
    assert.match(ali.openId, /^2088\d{12}$/);
  });

  test('made-up codes and codes of the other platform are refused', async () => {
    await assert.rejects(provider.exchange('WECHAT_MINI_PROGRAM', 'abc'));
    await assert.rejects(provider.exchange('WECHAT_MINI_PROGRAM', 'sandbox-ali-alice'));
    await assert.rejects(provider.exchange('ALIPAY_MINI_PROGRAM', 'sandbox-wx-alice'));
    await assert.rejects(provider.exchange('WECHAT_MINI_PROGRAM', 'sandbox-wx-'));
  });
});

describe('WeChat mini-program sign-in', () => {
  test('a new identity waits; register creates the account (keeping the guest cart); linked once the e-mail is confirmed', async () => {
    const name = unique('wxnew');
    const s = new Shopper(srv.base);
    ok(await s.post('/shoppingManagement4/myCart', { productId: '1001', quantity: 1, optionPair: 'grind:Espresso' }));
    const first = ok(await s.post('/wechat/login', { code: `sandbox-wx-${name}` }));
    assert.equal(first.identity, 'NEW');
    assert.match(first.weChatOpenId, /^o/);
    assert.equal(first.userID, undefined, 'a new identity signs nobody in');
    isError(await s.get('/admin/userManagement/userInfo'), 401);

    const joined = ok(await s.post('/wechat/register', person(name)));
    assert.ok(joined.userID);
    assert.equal(joined.user.emailID, `${name}@example.com`);
    assert.equal(joined.weChatOpenId, first.weChatOpenId);
    assert.equal(joined.identityLinked, false, 'the new e-mail is not confirmed yet');
    assert.equal(joined.emailVerified, false);
    assert.equal(ok(await s.get('/shoppingManagement4/myCart')).itemCount, 1, 'guest cart carried over');

    const phone = new Shopper(srv.base);
    assert.equal(ok(await phone.post('/wechat/login', { code: `sandbox-wx-${name}` })).identity, 'NEW');
    await confirmEmail(srv, db, `${name}@example.com`);
    assert.equal(ok(await phone.post('/wechat/link', { emailID: `${name}@example.com`, password: 'correct horse' })).identityLinked, true);
    const back = ok(await phone.post('/wechat/login', { code: `sandbox-wx-${name}` }));
    assert.equal(back.identity, 'RETURNING');
    assert.equal(back.userID, joined.userID);
    assert.equal(back.weChatOpenId, first.weChatOpenId);
    assert.ok(back.lastLoginDate);
    assert.equal(ok(await phone.get('/admin/userManagement/userInfo')).userID, joined.userID);
  });

  test('link joins a new identity to an e-mail account after checking its password', async () => {
    const account = await emailAccount(unique('linkme'));
    const s = new Shopper(srv.base);
    const code = `sandbox-wx-${unique('linker')}`;
    assert.equal(ok(await s.post('/wechat/login', { code })).identity, 'NEW');
    const wrong = isError(await s.post('/wechat/link', { emailID: account.emailID, password: 'not it at all' }), 401);
    assert.equal(wrong.message, 'Incorrect e-mail or password');
    const unknown = isError(await s.post('/wechat/link', { emailID: `${unique('nobody')}@example.com`, password: 'whatever1' }), 401);
    assert.equal(unknown.message, wrong.message, 'the answer does not reveal whether the e-mail exists');
    const linked = ok(await s.post('/wechat/link', { emailID: account.emailID, password: account.password }));
    assert.equal(linked.userID, account.userID);

    const later = ok(await new Shopper(srv.base).post('/wechat/login', { code }));
    assert.equal(later.identity, 'RETURNING');
    assert.equal(later.userID, account.userID);

    // The account now has a WeChat identity; a second one cannot join it.
    const other = new Shopper(srv.base);
    ok(await other.post('/wechat/login', { code: `sandbox-wx-${unique('second')}` }));
    const taken = isError(await other.post('/wechat/link', { emailID: account.emailID, password: account.password }), 409);
    assert.match(taken.message, /already linked/);
  });

  test('register and link need a waiting identity in this session; bad codes are 400', async () => {
    const s = new Shopper(srv.base);
    isError(await s.post('/wechat/register', person(unique('nopending'))), 400);
    isError(await s.post('/wechat/link', { emailID: 'a@example.com', password: 'whatever1' }), 400);
    isError(await s.post('/wechat/login', { code: 'not-a-sandbox-code' }), 400);
    isError(await s.post('/wechat/login', { code: 'sandbox-ali-someone' }), 400);
    isError(await s.post('/wechat/login', {}), 400);
    isError(await s.post('/wechat/login', { code: 'sandbox-wx-x' }, { xsrf: false }), 403);
  });

  test('register with an e-mail already taken is 409 and leaves the identity waiting', async () => {
    const account = await emailAccount(unique('taken'));
    const s = new Shopper(srv.base);
    const code = `sandbox-wx-${unique('late')}`;
    ok(await s.post('/wechat/login', { code }));
    isError(await s.post('/wechat/register', { ...person('x'), emailID: account.emailID }), 409);
    const fresh = ok(await s.post('/wechat/register', person(unique('late-ok'))));
    assert.ok(fresh.userID);
  });

  test('bind joins the identity waiting in the session to the signed-in account', async () => {
    const account = await emailAccount(unique('binder'));
    const s = account.shopper;
    assert.deepEqual(ok(await s.get('/wechat/bind')), { bound: false });
    const code = `sandbox-wx-${unique('bindme')}`;
    const seen = ok(await s.post('/wechat/login', { code }));
    assert.equal(seen.identity, 'NEW');
    assert.deepEqual(ok(await s.get('/wechat/bind')), { bound: true, weChatOpenId: seen.weChatOpenId });
    assert.equal(ok(await new Shopper(srv.base).post('/wechat/login', { code })).userID, account.userID);
    isError(await new Shopper(srv.base).get('/wechat/bind'), 401);
  });
});

describe('WeChat browser OAuth', () => {
  test('enabled hands out the authorize address; the sandbox page returns with a code; weChatlogin checks the state', async () => {
    const s = new Shopper(srv.base);
    const host = new URL(srv.base).host;
    const back = `http://${host}/account/login?redirect=%2Fuser%2Forders`;
    const enabled = ok(await s.get(`/wechat/enabled?redirectUri=${encodeURIComponent(back)}`));
    assert.equal(enabled.enabled, true);
    assert.ok(enabled.authorizeUrl.startsWith(`${PREFIX}/wechat/sandbox/authorize?`));

    const who = unique('oauth');
    const page = await s.get(`${enabled.authorizeUrl.slice(PREFIX.length)}&as=${who}`);
    assert.equal(page.status, 302);
    const landed = new URL(page.headers.get('location')!);
    assert.equal(landed.pathname, '/account/login');
    assert.equal(landed.searchParams.get('redirect'), '/user/orders');
    const code = landed.searchParams.get('code')!;
    const state = landed.searchParams.get('state')!;
    assert.equal(code, `sandbox-wx-${who}`);

    isError(await s.post('/wechat/weChatlogin', { code, state: 'forged' }), 400);
    const login = ok(await s.post('/wechat/weChatlogin', { code, state }));
    assert.equal(login.identity, 'NEW');
    // The mini-program and the browser are one WeChat person with two open ids.
    const mp = ok(await new Shopper(srv.base).post('/wechat/login', { code }));
    assert.notEqual(mp.weChatOpenId, login.weChatOpenId);
  });

  test('return addresses on other sites are not used', async () => {
    const s = new Shopper(srv.base);
    const enabled = ok(await s.get(`/wechat/enabled?redirectUri=${encodeURIComponent('https://evil.example/steal')}`));
    assert.deepEqual(enabled, { enabled: true });
    isError(await s.get(`/wechat/sandbox/authorize?redirect_uri=${encodeURIComponent('https://evil.example/')}&state=x`), 400);
    isError(await s.get(`/wechat/sandbox/authorize?redirect_uri=${encodeURIComponent('//evil.example/')}&state=x`), 400);
  });

  test('app ids for the official account and Alipay', async () => {
    const s = new Shopper(srv.base);
    assert.ok(ok(await s.get('/common3/wcoaId')).appId);
    assert.ok(ok(await s.get('/common3/apaId')).appId);
  });
});

describe('Alipay mini-program sign-in', () => {
  test('new identity → register; returning → signed in; link to an e-mail account', async () => {
    const name = unique('ali');
    const s = new Shopper(srv.base);
    const first = ok(await s.post('/alipay/login', { code: `sandbox-ali-${name}` }));
    assert.deepEqual(first, { identity: 'NEW' }, 'the Alipay user id stays on the server');
    const joined = ok(await s.post('/alipay/register', person(name)));
    assert.equal(joined.identityLinked, false);
    await confirmEmail(srv, db, `${name}@example.com`);
    const phone = new Shopper(srv.base);
    ok(await phone.post('/alipay/login', { code: `sandbox-ali-${name}` }));
    ok(await phone.post('/alipay/link', { emailID: `${name}@example.com`, password: 'correct horse' }));
    const back = ok(await new Shopper(srv.base).post('/alipay/login', { code: `sandbox-ali-${name}` }));
    assert.equal(back.identity, 'RETURNING');
    assert.equal(back.userID, joined.userID);

    const account = await emailAccount(unique('alilink'));
    const t = new Shopper(srv.base);
    const code = `sandbox-ali-${unique('alilinker')}`;
    ok(await t.post('/alipay/login', { code }));
    assert.equal(ok(await t.post('/alipay/link', { emailID: account.emailID, password: account.password })).userID, account.userID);
    assert.equal(ok(await new Shopper(srv.base).post('/alipay/login', { code })).userID, account.userID);
  });
});

describe('sign-in rate limit', () => {
  test('signon: repeated wrong passwords give 429, even with the right one; other e-mails are unaffected', async () => {
    const account = await emailAccount(unique('guessed'));
    const s = new Shopper(srv.base);
    for (let i = 0; i < PAIR_RULE.max; i++) isError(await s.post('/common3/signon', { emailID: account.emailID, password: `wrong-${i}-xx` }), 401);
    const locked = isError(await s.post('/common3/signon', { emailID: account.emailID, password: account.password }), 429);
    assert.match(locked.message, /Too many failed sign-in attempts/);
    const other = await emailAccount(unique('innocent'));
    ok(await new Shopper(srv.base).post('/common3/signon', { emailID: other.emailID, password: other.password }));
  });

  test('a right password before the limit clears the count', async () => {
    const account = await emailAccount(unique('forgetful'));
    const s = new Shopper(srv.base);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PAIR_RULE.max - 1; i++) isError(await s.post('/common3/signon', { emailID: account.emailID, password: 'nope-nope' }), 401);
      ok(await s.post('/common3/signon', { emailID: account.emailID, password: account.password }));
    }
  });
});

describe('profile picture upload', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b5e0e50000000049454e44ae426082', 'hex');

  async function upload(s: Shopper, data: Buffer, filename = 'me.png', type = 'image/png') {
    if (!s.cookies.has('XSRF-TOKEN')) await s.get('/health');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
    const r = await fetch(`${srv.base}${PREFIX}/admin/userManagement/image/upload`, {
      method: 'POST',
      headers: { cookie: s.cookieHeader(), 'x-xsrf-token': s.cookies.get('XSRF-TOKEN')! },
      body: form,
    });
    return { status: r.status, body: await r.json() };
  }

  test('a PNG becomes the profile picture, served to its owner and under the CDN path', async () => {
    const account = await emailAccount(unique('pic'));
    const s = account.shopper;
    const res = await upload(s, PNG);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.profileImage, /^user\/[a-f0-9]{32}$/);
    assert.equal(ok(await s.get('/admin/userManagement/userInfo')).user.profileImage, res.body.profileImage);
    const own = await fetch(`${srv.base}${PREFIX}/admin/userManagement/image/${res.body.profileImage}`, { headers: { cookie: s.cookieHeader() } });
    assert.equal(own.status, 200);
    assert.equal(own.headers.get('content-type'), 'image/png');
    // Re-encoded without metadata (security probe 2026-12-01 N4): the same picture, a PNG of its size.
    const served = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    assert.deepEqual([served.format, served.width, served.height], ['png', 1, 1]);
    const cdn = await fetch(`${srv.base}${PREFIX}/common3/image/${res.body.profileImage}`);
    assert.equal(cdn.status, 200);

    const stranger = await emailAccount(unique('stranger'));
    isError(await stranger.shopper.get(`/admin/userManagement/image/${res.body.profileImage}`), 404);
    isError(await new Shopper(srv.base).get(`/admin/userManagement/image/${res.body.profileImage}`), 401);

    // A new picture replaces the old one, which is gone.
    const second = await upload(s, PNG);
    assert.notEqual(second.body.profileImage, res.body.profileImage);
    assert.equal((await fetch(`${srv.base}${PREFIX}/common3/image/${res.body.profileImage}`)).status, 404);
  });

  test('only images, at most 5 MB, only signed in', async () => {
    const account = await emailAccount(unique('badpic'));
    const notImage = await upload(account.shopper, Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png', 'image/png');
    assert.equal(notImage.status, 415);
    assert.match(notImage.body.message, /PNG, JPEG, GIF or WebP/);
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(account.shopper, huge);
    assert.equal(tooBig.status, 413);
    const guest = await upload(new Shopper(srv.base), PNG);
    assert.equal(guest.status, 401);
  });
});
