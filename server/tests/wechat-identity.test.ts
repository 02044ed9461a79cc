/**
 * WeChat sign-in and live rooms for real: the server configured with WeChat credentials talks to a double of
 * WeChat's API (doubles/wechat.ts) — mini-program jscode2session, official-account OAuth, the shared access token
 * and getliveinfo — on the real server and database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDb, isError, ok, PREFIX, Shopper, startServer, type Running, type TestDb } from './helpers.ts';
import { WeChatDouble } from './doubles/wechat.ts';
import { createIdentityProvider, IdentityUnavailableError } from '../src/identity/index.ts';
import { openDb } from '../src/db/index.ts';
import { withWeChatAccessToken, weChatCall } from '../src/identity/wechat.ts';

const MINI = { appId: 'wx0123456789abcdef', secret: '0123456789abcdef0123456789abcdef', unionBound: true };
const OFFICIAL = { appId: 'wxfedcba9876543210', secret: 'fedcba9876543210fedcba9876543210', unionBound: true };
const UNBOUND = { appId: 'wx1111111111111111', secret: '11111111111111111111111111111111', unionBound: false };

const wechat = new WeChatDouble([MINI, OFFICIAL, UNBOUND]);
const db = {} as TestDb;
const srv = {} as Running;
const saved = { ...process.env };
const ENV = {
  WECHAT_API_BASE_URL: '',
  WECHAT_MINI_PROGRAM_APPID: MINI.appId,
  WECHAT_MINI_PROGRAM_SECRET: MINI.secret,
  WECHAT_OFFICIAL_ACCOUNT_APPID: OFFICIAL.appId,
  WECHAT_OFFICIAL_ACCOUNT_SECRET: OFFICIAL.secret,
};

before(async () => {
  await wechat.start();
  Object.assign(process.env, ENV, { WECHAT_API_BASE_URL: wechat.baseUrl });
  // Real credentials beside the sandbox, here and for the test template this process may build: a sandbox start on
  // purpose (ISTORE_SANDBOX=1; security probe 2026-12-01 N1).
  process.env.ISTORE_SANDBOX = '1';
  Object.assign(db, await freshDb());
  Object.assign(srv, await startServer(db, { config: { allowSandbox: true } }));
});
after(async () => {
  delete process.env.ISTORE_SANDBOX;
  await srv.close?.();
  await db.cleanup?.();
  await wechat.stop();
  for (const k of Object.keys(ENV)) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

/** Joins a WeChat identity to a new account as the sign-up and link flow would have (tested in identity.test.ts). */
async function accountJoinedTo(subject: string, openId: string): Promise<number> {
  const { rows: [user] } = await srv.app.db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, my_id) VALUES ($1, 'x', 'Wei', 'Chen', 'W' || substr(md5($1), 1, 10)) RETURNING id`,
    [`wei-${subject.replace(/\W/g, '')}@example.com`],
  );
  await srv.app.db.query(`INSERT INTO identities (provider, subject, user_id, open_id) VALUES ('wechat', $1, $2, $3)`, [subject, user.id, openId]);
  return user.id;
}

describe('WeChat mini-program sign-in (jscode2session)', () => {
  test('a fresh wx.login code signs in as WeChat says: the openid of the store\'s mini-program, the code sent once', async () => {
    const code = wechat.issueCode(MINI.appId, 'lin', { unionId: 'union-lin' });
    const s = new Shopper(srv.base);
    const r = ok(await s.post('/wechat/login', { code }));
    assert.equal(r.identity, 'NEW');
    assert.equal(r.weChatOpenId, wechat.openIdOf(MINI.appId, 'lin'));
    const asked = wechat.requests.filter((q) => q.path === '/sns/jscode2session').at(-1)!;
    assert.deepEqual(asked.query, { appid: MINI.appId, secret: MINI.secret, js_code: code, grant_type: 'authorization_code' });

    const again = isError(await s.post('/wechat/login', { code }), 400);
    assert.equal(again.message, 'The WeChat code was not accepted', 'WeChat refuses a used code (40163)');
    isError(await s.post('/wechat/login', { code: 'made-up-code' }), 400);
    const otherApp = wechat.issueCode(UNBOUND.appId, 'lin');
    isError(await s.post('/wechat/login', { code: otherApp }), 400);
  });

  test('a returning shopper is recognised by the unionid, whichever of the store\'s WeChat apps they come from', async () => {
    const userId = await accountJoinedTo('union:union-mei', wechat.openIdOf(MINI.appId, 'mei'));
    const fromMini = ok(await new Shopper(srv.base).post('/wechat/login', { code: wechat.issueCode(MINI.appId, 'mei', { unionId: 'union-mei' }) }));
    assert.equal(fromMini.identity, 'RETURNING');
    assert.equal(String(fromMini.userID), String(userId));

    // The WeChat browser: the official account's OAuth code, with the state the store handed out.
    const browser = new Shopper(srv.base);
    const { authorizeUrl } = ok(await browser.get(`/wechat/enabled?redirectUri=${encodeURIComponent('/user/list')}`));
    const page = new URL(authorizeUrl);
    assert.equal(`${page.origin}${page.pathname}`, 'https://open.weixin.qq.com/connect/oauth2/authorize');
    assert.equal(page.searchParams.get('appid'), OFFICIAL.appId);
    assert.equal(page.searchParams.get('scope'), 'snsapi_base');
    assert.equal(page.hash, '#wechat_redirect');
    const fromBrowser = ok(await browser.post('/wechat/weChatlogin', { code: wechat.issueCode(OFFICIAL.appId, 'mei'), state: page.searchParams.get('state') }));
    assert.equal(fromBrowser.identity, 'RETURNING');
    assert.equal(String(fromBrowser.userID), String(userId));
    assert.equal(fromBrowser.weChatOpenId, wechat.openIdOf(OFFICIAL.appId, 'mei'), 'WeChat Pay in the browser needs the official account\'s openid');
  });

  test('a WeChat failure on the store\'s side is a 502 with a message, not a sign-in and not a 500', async () => {
    wechat.failNext(1);
    const failed = isError(await new Shopper(srv.base).post('/wechat/login', { code: wechat.issueCode(MINI.appId, 'tao') }), 502);
    assert.match(failed.message, /WeChat did not confirm the sign-in just now; please try again/);
  });

  test('WeChat Pay in the mini-program gets the openid from the same exchange', async () => {
    const s = new Shopper(srv.base);
    const { rows: [product] } = await srv.app.db.query(
      `SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id AND v.option_pair = ''
        WHERE p.options = '[]'::jsonb AND p.product_type = 'PRODUCT' AND v.stock > 0 ORDER BY p.id LIMIT 1`);
    ok(await s.post('/shoppingManagement4/myCart', { productId: String(product.id), quantity: 1 }));
    ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP',
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '416-555-0199' }));
    const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
    const pay = ok(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, wechatCode: wechat.issueCode(MINI.appId, 'pay-person') }));
    assert.equal(pay.weChatOpenId, wechat.openIdOf(MINI.appId, 'pay-person'));
    isError(await s.post('/shoppingManagement4/requestWeChatMiniProgramPayment', { orderID, wechatCode: 'not-a-code' }), 400);
  });
});

describe('the access token and live rooms (getliveinfo)', () => {
  test('the rooms are WeChat\'s own, asked with the shared token; a token WeChat dropped is refreshed once', async () => {
    wechat.rooms = [
      { roomid: 7, name: '新茶上市', cover_img: 'https://mmbiz.qpic.cn/cover7.jpg', anchor_name: '林', live_status: 101, start_time: 1_790_000_000, end_time: 1_790_003_600 },
      { roomid: 8, name: 'Weekend roast', cover_img: 'https://mmbiz.qpic.cn/cover8.jpg', anchor_name: 'Sam', live_status: 102, start_time: 1_790_100_000, end_time: 1_790_103_600 },
    ];
    const tokensBefore = wechat.count('/cgi-bin/stable_token');
    const list = ok(await new Shopper(srv.base).post('/wechat/weChatlivestreaminfo', { start: 0, limit: 10 }));
    assert.equal(list.total, 2);
    assert.deepEqual(list.room_info.map((r: any) => [r.roomid, r.name, r.nameContent.zh, r.anchor_name, r.live_status, r.cover_img]), [
      [7, '新茶上市', '新茶上市', '林', 101, 'https://mmbiz.qpic.cn/cover7.jpg'],
      [8, 'Weekend roast', 'Weekend roast', 'Sam', 102, 'https://mmbiz.qpic.cn/cover8.jpg'],
    ]);
    const second = ok(await new Shopper(srv.base).post('/wechat/weChatlivestreaminfo', { start: 1, limit: 10 }));
    assert.deepEqual(second.room_info.map((r: any) => r.roomid), [8]);
    assert.equal(wechat.count('/cgi-bin/stable_token') - tokensBefore, 1, 'one token for both pages');

    wechat.expireTokens();
    const afterExpiry = ok(await new Shopper(srv.base).post('/wechat/weChatlivestreaminfo', { start: 0, limit: 5 }));
    assert.equal(afterExpiry.total, 2);
    assert.equal(wechat.count('/cgi-bin/stable_token') - tokensBefore, 2, 'refreshed once after WeChat refused it');

    wechat.rooms = [];
    const empty = ok(await new Shopper(srv.base).post('/wechat/weChatlivestreaminfo', { start: 0, limit: 3 }));
    assert.deepEqual(empty, { room_info: [], total: 0 }, 'WeChat\'s 9410000 is an empty list');
  });

  test('two instances on one database fetch the token once and share it', async () => {
    // PGlite is one process's database: a second instance (its own pool) exists only on PostgreSQL.
    const second = db.databaseUrl ? await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir }) : null;
    const instances = second ? [srv.app.db, second] : [srv.app.db, srv.app.db];
    try {
      await srv.app.db.query(`DELETE FROM provider_access_tokens`);
      const before = wechat.count('/cgi-bin/stable_token');
      const app = { appId: MINI.appId, secret: MINI.secret };
      const used = await Promise.all(instances.flatMap((q) => [1, 2].map(() =>
        withWeChatAccessToken(q, wechat.baseUrl, app, async (token) => {
          await weChatCall(wechat.baseUrl, '/wxa/business/getliveinfo', { query: { access_token: token }, body: { start: 0, limit: 1 } }).catch(() => undefined);
          return token;
        }))));
      assert.equal(wechat.count('/cgi-bin/stable_token') - before, 1);
      assert.equal(new Set(used).size, 1);
    } finally {
      await second?.close();
    }
  });
});

describe('which sign-in a store offers', () => {
  const production = { identityProvider: 'sandbox', nodeEnv: 'production', allowSandbox: false };

  test('in production only the configured channels: the others are refused with a reason, and the app ids are empty', async () => {
    const router = createIdentityProvider(production, PREFIX, { WECHAT_MINI_PROGRAM_APPID: MINI.appId, WECHAT_MINI_PROGRAM_SECRET: MINI.secret });
    assert.equal(router.offers('WECHAT_MINI_PROGRAM'), true);
    assert.equal(router.offers('WECHAT_OFFICIAL_ACCOUNT'), false);
    assert.equal(router.offers('ALIPAY_MINI_PROGRAM'), false);
    assert.deepEqual(router.sandboxChannels, []);
    assert.equal(router.weChatOfficialAccountAppId, '');
    assert.equal(router.alipayAppId, '');
    await assert.rejects(router.exchange('ALIPAY_MINI_PROGRAM', 'x'), (e) => e instanceof IdentityUnavailableError && /Alipay sign-in is not offered/.test(e.message));
    assert.throws(() => router.authorizeUrl('/user/list', 's'), IdentityUnavailableError);
  });

  test('a sandbox start (ISTORE_SANDBOX=1) beside credentials: the channels without them stay on the sandbox, and say so', () => {
    const router = createIdentityProvider({ ...production, nodeEnv: 'development', allowSandbox: true }, PREFIX, { WECHAT_OFFICIAL_ACCOUNT_APPID: OFFICIAL.appId, WECHAT_OFFICIAL_ACCOUNT_SECRET: OFFICIAL.secret });
    assert.deepEqual(router.sandboxChannels, ['WECHAT_MINI_PROGRAM', 'ALIPAY_MINI_PROGRAM']);
    assert.equal(router.weChatOfficialAccountAppId, OFFICIAL.appId);
  });

  test('a missing or malformed credential stops the start, naming it', () => {
    const start = (env: NodeJS.ProcessEnv) => () => createIdentityProvider(production, PREFIX, env);
    // The app id alone is WeChat Pay's: no sign-in without the secret, and no error either.
    assert.equal(start({ WECHAT_MINI_PROGRAM_APPID: MINI.appId })().offers('WECHAT_MINI_PROGRAM'), false);
    assert.throws(start({ WECHAT_OFFICIAL_ACCOUNT_SECRET: OFFICIAL.secret }), /WECHAT_OFFICIAL_ACCOUNT_APPID is missing/);
    assert.throws(start({ WECHAT_MINI_PROGRAM_APPID: 'wechat-app', WECHAT_MINI_PROGRAM_SECRET: MINI.secret }), /WECHAT_MINI_PROGRAM_APPID is not a WeChat app id/);
    assert.throws(start({ WECHAT_MINI_PROGRAM_APPID: MINI.appId, WECHAT_MINI_PROGRAM_SECRET: 'short' }), /WECHAT_MINI_PROGRAM_SECRET is not a WeChat AppSecret/);
    assert.throws(start({ WECHAT_API_BASE_URL: 'http://api.example.com' }), /WECHAT_API_BASE_URL .* must be https/);
    assert.throws(() => createIdentityProvider({ ...production, identityProvider: 'wechat' }, PREFIX, {}), /IDENTITY_PROVIDER 'wechat' is not available/);
  });
});
