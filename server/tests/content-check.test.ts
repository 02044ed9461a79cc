// test-run: own process (sets WeChat's environment variables, WECHAT_MESSAGE_TOKEN and CONTENT_CHECK_MODULE)
/**
 * Content checks before a shopper's profile is public (issue 41 item 2; services/contentCheck.ts): the server
 * configured with a WeChat mini-program talks to the WeChat double's content-security APIs (doubles/wechat.ts, written
 * from WeChat's msgSecCheck v2 and mediaCheckAsync v2 pages): a profile whose text the double calls risky is refused
 * and never public; a 'review' verdict waits for the operator; a picture waits for WeChat's pushed verdict (signed with
 * WECHAT_MESSAGE_TOKEN; a forged push changes nothing), which then publishes or refuses it. An author without an openid
 * of the mini-program goes through the local check (CONTENT_CHECK_MODULE), and without one to the operator.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDb, isError, ok, Shopper, startServer, type Running, type TestDb } from './helpers.ts';
import { WeChatDouble, weChatPushSignature } from './doubles/wechat.ts';
import { approveInfluencer } from '../src/features/influencers/service.ts';
import { combinedVerdict, textPieces, weChatPushSignatureValid } from '../src/services/contentCheck.ts';

const MINI = { appId: 'wx0123456789abcdef', secret: '0123456789abcdef0123456789abcdef', unionBound: false };
const TOKEN = 'istore-push-token-1';
const wechat = new WeChatDouble([MINI]);
const db = {} as TestDb;
const srv = {} as Running;
const saved = { ...process.env };
const moduleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-check-'));
const localCheck = path.join(moduleDir, 'check.mjs');
const ENV: Record<string, string> = {
  WECHAT_MINI_PROGRAM_APPID: MINI.appId,
  WECHAT_MINI_PROGRAM_SECRET: MINI.secret,
  WECHAT_MESSAGE_TOKEN: TOKEN,
  CONTENT_CHECK_MODULE: localCheck,
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b5e0e50000000049454e44ae426082', 'hex');
const STATUS = '/admin/userManagement/influencer/status';
const PROFILE = '/admin/userManagement/influencerProfile';
const UPLOAD = '/admin/userManagement/image/influencer/upload';
const LIST = '/common3/influencerProfile/list?numberToLoad=100';
const DETAIL = (id: string) => `/common3/influencerProfile/detail/${id}`;
const PUSH_PATH = '/api/istore/notify/wechat-media-check';

before(async () => {
  await wechat.start();
  // The local check: risky for a word, a pass for another, else a person's ('review').
  fs.writeFileSync(localCheck, `export default async (item) => item.kind === 'text' && item.text.includes('spamword') ? { verdict: 'risky', label: 'spam' }
    : item.kind === 'text' && item.text.includes('cleanword') ? { verdict: 'pass' } : { verdict: 'review', label: 'local' };\n`);
  Object.assign(process.env, ENV, { WECHAT_API_BASE_URL: wechat.baseUrl, ISTORE_SANDBOX: '1' });
  Object.assign(db, await freshDb());
  Object.assign(srv, await startServer(db, { config: { allowSandbox: true } }));
  // WeChat fetches pictures from the shop's public address: here, this server.
  srv.app.config.publicUrl = srv.base;
  wechat.pushTo = { url: `${srv.base}${PUSH_PATH}`, token: TOKEN };
});
after(async () => {
  await srv.close?.();
  await db.cleanup?.();
  await wechat.stop();
  fs.rmSync(moduleDir, { recursive: true, force: true });
  for (const k of [...Object.keys(ENV), 'WECHAT_API_BASE_URL', 'ISTORE_SANDBOX']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

let seq = 0;
/** A signed-in shopper; `weChat` joins a WeChat identity of the mini-program (as sign-up through wx.login would). */
async function author(weChat: boolean) {
  const s = new Shopper(srv.base);
  const name = `chk-${Date.now().toString(36)}-${++seq}`;
  ok(await s.post('/common3/clientRegistration', { emailID: `${name}@example.com`, password: 'correct horse', firstName: 'Mei', lastName: name }));
  const { rows: [user] } = await srv.app.db.query('SELECT id FROM users WHERE email = $1', [`${name}@example.com`]);
  const openId = weChat ? wechat.openIdOf(MINI.appId, name) : null;
  if (openId) await srv.app.db.query(`INSERT INTO identities (provider, subject, user_id, open_id) VALUES ('wechat', $1, $2, $3)`, [`open:${MINI.appId}:${openId}`, user.id, openId]);
  return { s, openId };
}

function profile(over: Record<string, unknown> = {}) {
  return {
    displayName: 'Mei eats',
    bio: { en: 'I cook noodles.', zh: '我做面条。' },
    avatar: null, cover: null, gallery: [] as string[],
    socialLinks: [], sections: [{ template: 'story', kind: 'text', title: 'My story', text: 'Noodles every day.' }],
    ...over,
  };
}

const publicIds = async () => ok(await new Shopper(srv.base).get(LIST)).profiles.map((p: any) => p.id);
async function neverPublic(id: string) {
  assert.ok(!(await publicIds()).includes(id), 'not in the public list');
  isError(await new Shopper(srv.base).get(DETAIL(id)), 404);
}

test('the verdict of several checks: refused on any risky, waiting while one is out, the operator\'s on any review', () => {
  const table: [Parameters<typeof combinedVerdict>[0], ReturnType<typeof combinedVerdict>][] = [
    [['pass'], 'pass'],
    [['pass', 'pass'], 'pass'],
    [['pass', 'review'], 'review'],
    [['review', null], 'waiting'],
    [[null, 'risky'], 'risky'],
    [['review', 'risky', 'pass'], 'risky'],
  ];
  for (const [verdicts, expected] of table) assert.equal(combinedVerdict(verdicts), expected, JSON.stringify(verdicts));
  assert.deepEqual(textPieces('a'.repeat(2600)).map((p) => p.length), [2500, 100]);
  assert.ok(weChatPushSignatureValid('t', { signature: weChatPushSignature('t', '1', '2'), timestamp: '1', nonce: '2' }));
  assert.ok(!weChatPushSignatureValid('t', { signature: weChatPushSignature('x', '1', '2'), timestamp: '1', nonce: '2' }));
});

describe('a WeChat author (an openid of the mini-program)', () => {
  test('text WeChat calls risky is refused, never public, and the shopper is told it was the text', async () => {
    wechat.textRules = [{ word: 'badword', suggest: 'risky', label: 20001 }];
    const { s, openId } = await author(true);
    const mine = ok(await s.post(PROFILE, profile({ bio: { en: 'buy badword here', zh: '' } })));
    assert.equal(mine.status, 'REJECTED');
    assert.equal(mine.review, 'REJECTED');
    assert.equal(mine.refusedBy, 'text');
    assert.equal(mine.reason, null, 'no person wrote a reason: the client words the refusal in the shopper\'s language');
    await neverPublic(mine.id);
    const asked = wechat.requests.filter((r) => r.path === '/wxa/msg_sec_check').at(-1)!;
    assert.equal(asked.body.version, 2);
    assert.equal(asked.body.scene, 1);
    assert.equal(asked.body.openid, openId);
    assert.ok(asked.body.content.includes('buy badword here') && asked.body.content.includes('Mei eats'), 'every text of the profile is checked');
    assert.ok(asked.query.access_token, 'with the mini-program\'s access token');
    // The operator cannot publish what the check refused.
    await assert.rejects(srv.app.db.tx((q) => approveInfluencer(q, Number(mine.id))), /nothing waiting for review/);
    await neverPublic(mine.id);
  });

  test('a "review" verdict waits for the operator, who publishes it', async () => {
    wechat.textRules = [{ word: 'borderline', suggest: 'review', label: 20002 }];
    const { s } = await author(true);
    const mine = ok(await s.post(PROFILE, profile({ bio: { en: 'a borderline joke', zh: '' } })));
    assert.deepEqual([mine.status, mine.review], ['PENDING', 'PENDING']);
    await neverPublic(mine.id);
    await srv.app.db.tx((q) => approveInfluencer(q, Number(mine.id)));
    assert.ok((await publicIds()).includes(mine.id));
  });

  test('text WeChat passes is published at once when there is no picture', async () => {
    wechat.textRules = [];
    const { s } = await author(true);
    const mine = ok(await s.post(PROFILE, profile()));
    assert.deepEqual([mine.status, mine.review], ['APPROVED', 'NONE']);
    assert.ok((await publicIds()).includes(mine.id));
  });

  test('a picture holds the profile until WeChat pushes its verdict: a forged push changes nothing, a pass publishes', async () => {
    wechat.textRules = [];
    const { s, openId } = await author(true);
    const avatar = ok(await s.upload(UPLOAD, PNG)) as { id: string; image: string };
    const mine = ok(await s.post(PROFILE, profile({ avatar: avatar.image })));
    assert.deepEqual([mine.status, mine.review], ['PENDING', 'CHECKING']);
    await neverPublic(mine.id);
    const asked = wechat.requests.filter((r) => r.path === '/wxa/media_check_async').at(-1)!;
    assert.deepEqual({ ...asked.body, media_url: undefined }, { media_url: undefined, media_type: 2, version: 2, scene: 1, openid: openId });
    assert.equal(asked.body.media_url, `${srv.base}/api/istore/client/common3/image/user/${avatar.id}`);

    // A push signed with another token (or none) is refused and changes nothing.
    const pending = wechat.pendingMediaChecks.at(-1)!;
    const forged = await wechat.push(wechat.mediaCheckPush(pending), 'not-the-token');
    assert.equal(forged.status, 401);
    const unsigned = await fetch(`${srv.base}${PUSH_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(wechat.mediaCheckPush(pending)) });
    assert.equal(unsigned.status, 401);
    assert.equal(ok(await s.get(STATUS)).review, 'CHECKING');
    await neverPublic(mine.id);

    const pushed = await wechat.pushMediaChecks();
    assert.deepEqual(pushed.map((p) => [p.status, p.body]), [[200, 'success']]);
    const after = ok(await s.get(STATUS));
    assert.deepEqual([after.status, after.review], ['APPROVED', 'NONE']);
    assert.ok((await publicIds()).includes(mine.id));
    // WeChat pushes again when it doubts the answer arrived: the verdict stays as it was.
    assert.equal((await wechat.push(wechat.mediaCheckPush({ ...pending, suggest: 'risky' }))).body, 'success');
    assert.equal(ok(await s.get(STATUS)).status, 'APPROVED');
  });

  test('a version whose picture verdict never comes can be decided by the operator; a late verdict changes nothing', async () => {
    wechat.textRules = [];
    const { s } = await author(true);
    const avatar = ok(await s.upload(UPLOAD, PNG)) as { id: string; image: string };
    const mine = ok(await s.post(PROFILE, profile({ avatar: avatar.image })));
    assert.equal(mine.review, 'CHECKING');
    await srv.app.db.tx((q) => approveInfluencer(q, Number(mine.id)));
    assert.ok((await publicIds()).includes(mine.id));
    for (const check of wechat.pendingMediaChecks) check.suggest = 'risky';
    assert.deepEqual((await wechat.pushMediaChecks()).map((p) => p.body), ['success']);
    assert.deepEqual(Object.values(ok(await s.get(STATUS))).slice(0, 2), ['APPROVED', 'NONE']);
  });

  test('a picture WeChat calls risky refuses the profile by push; the shopper is told it was a picture', async () => {
    wechat.textRules = [];
    const { s } = await author(true);
    const ok1 = ok(await s.upload(UPLOAD, PNG)) as { id: string; image: string };
    const bad = ok(await s.upload(UPLOAD, PNG)) as { id: string; image: string };
    wechat.imageVerdict = (_bytes, url) => (url.endsWith(bad.id) ? { suggest: 'risky', label: 20002 } : { suggest: 'pass', label: 100 });
    const mine = ok(await s.post(PROFILE, profile({ avatar: ok1.image, gallery: [bad.image] })));
    assert.equal(mine.review, 'CHECKING');
    await wechat.pushMediaChecks();
    const after = ok(await s.get(STATUS));
    assert.deepEqual([after.status, after.review, after.refusedBy], ['REJECTED', 'REJECTED', 'image']);
    await neverPublic(mine.id);
    wechat.imageVerdict = () => ({ suggest: 'pass', label: 100 });
  });

  test('WeChat checks the push URL with a signed GET and its echostr, once verified', async () => {
    const timestamp = '1700000000';
    const nonce = '42';
    const good = await fetch(`${srv.base}${PUSH_PATH}?signature=${weChatPushSignature(TOKEN, timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}&echostr=hello123`);
    assert.equal(good.status, 200);
    assert.equal(await good.text(), 'hello123');
    const bad = await fetch(`${srv.base}${PUSH_PATH}?signature=${weChatPushSignature('x', timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}&echostr=hello123`);
    assert.equal(bad.status, 401);
  });
});

describe('an author WeChat cannot check (no openid of the mini-program)', () => {
  test('the local check (CONTENT_CHECK_MODULE) refuses, publishes, or leaves it to the operator', async () => {
    const before = wechat.count('/wxa/msg_sec_check');
    const refused = ok(await (await author(false)).s.post(PROFILE, profile({ bio: { en: 'spamword!', zh: '' } })));
    assert.deepEqual([refused.status, refused.refusedBy], ['REJECTED', 'text']);
    await neverPublic(refused.id);
    const passed = ok(await (await author(false)).s.post(PROFILE, profile({ bio: { en: 'a cleanword bio', zh: '' } })));
    assert.equal(passed.status, 'APPROVED');
    const waiting = ok(await (await author(false)).s.post(PROFILE, profile({ bio: { en: 'anything else', zh: '' } })));
    assert.deepEqual([waiting.status, waiting.review], ['PENDING', 'PENDING']);
    await neverPublic(waiting.id);
    assert.equal(wechat.count('/wxa/msg_sec_check'), before, 'WeChat is not asked about authors it does not know');
  });
});
