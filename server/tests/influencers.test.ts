/**
 * Influencer profiles (spec §7, issue 14): apply, status, draft vs published, the operator's review (approve, reject
 * with a reason, suspend), gallery uploads and deletes, the public list and detail, likes under concurrency — against the
 * real server and database, with the real session and XSRF rules.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { freshDb, serverOnFreshDb, Shopper, isError, ok, PREFIX, type TestDb } from './helpers.ts';
import { approveInfluencer, rejectInfluencer, suspendInfluencer } from '../src/features/influencers/service.ts';
import { nodeArgs } from './entry.mjs';

const { db, srv } = serverOnFreshDb();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b5e0e50000000049454e44ae426082', 'hex');
const STATUS = '/admin/userManagement/influencer/status';
const PROFILE = '/admin/userManagement/influencerProfile';
const UPLOAD = '/admin/userManagement/image/influencer/upload';
const DELETE = (id: string) => `/admin/userManagement/image/influencer/delete/${id}`;
const LIKE = (id: string) => `/admin/userManagement/user/like/${id}/true`;
const LIST = '/common3/influencerProfile/list';
const DETAIL = (id: string) => `/common3/influencerProfile/detail/${id}`;

let seq = 0;
async function shopper() {
  const s = new Shopper(srv.base);
  const name = `inf-${Date.now().toString(36)}-${++seq}`;
  ok(await s.post('/common3/clientRegistration', { emailID: `${name}@example.com`, password: 'correct horse', firstName: 'Mei', lastName: name }));
  return s;
}

const uploadImage = async (s: Shopper) => ok(await s.upload(UPLOAD, PNG)) as { id: string; image: string };

function profile(over: Record<string, unknown> = {}) {
  return {
    displayName: 'Mei eats',
    bio: { en: 'I cook <b>noodles</b>.', zh: '我做面条。' },
    avatar: null,
    cover: null,
    gallery: [] as string[],
    socialLinks: [{ label: 'Blog', url: 'https://example.com/mei' }],
    sections: [{ template: 'my-picks', kind: 'picks', title: 'My picks', productIds: ['1001', '1011'] }],
    ...over,
  };
}

/** A shopper whose application was approved; answers the shopper and the profile id. */
async function approvedInfluencer(over: Record<string, unknown> = {}) {
  const s = await shopper();
  const mine = ok(await s.post(PROFILE, profile(over)));
  await srv.app.db.tx((q) => approveInfluencer(q, Number(mine.id)));
  return { s, id: mine.id as string };
}

const listIds = async (sort = 'newest') => ok(await new Shopper(srv.base).get(`${LIST}?sort=${sort}&numberToLoad=100`)).profiles.map((p: any) => p.id);

describe('influencer profiles', () => {
  test('the store offers its profile blocks as the section template "influencer"', async () => {
    const t = ok(await new Shopper(srv.base).get('/common3/sectionTemplateByType/influencer'));
    assert.deepEqual(t.sections.map((s: any) => [s.id, s.block]), [['my-picks', 'picks'], ['story', 'text'], ['photo', 'image']]);
    assert.equal(t.sections[0].title.zh, '我的精选');
  });

  test('the seed has approved bilingual demo influencers with picks', async () => {
    const page = ok(await new Shopper(srv.base).get(LIST));
    assert.ok(page.profiles.length >= 2);
    const demo = page.profiles.find((p: any) => p.displayName.startsWith('Lin Hua'));
    assert.ok(demo.bio.en && demo.bio.zh);
    const detail = ok(await new Shopper(srv.base).get(DETAIL(demo.id)));
    assert.equal(detail.sections[0].kind, 'picks');
    assert.deepEqual(detail.sections[0].picks.map((p: any) => p.id), ['1011', '1001']);
    assert.equal(detail.referralId, 'INFL0001');
  });

  test('the seeded name lines and section titles come in en and zh, each in one language only', async () => {
    const page = ok(await new Shopper(srv.base).get(LIST));
    const emma = page.profiles.find((p: any) => p.displayName.startsWith('Emma Chen'));
    assert.deepEqual(emma.displayNameContent, { en: 'Emma Chen · Morning coffee', zh: '陈艾玛 · 晨间咖啡' });
    const emmaDetail = ok(await new Shopper(srv.base).get(DETAIL(emma.id)));
    assert.deepEqual(emmaDetail.displayNameContent, { en: 'Emma Chen · Morning coffee', zh: '陈艾玛 · 晨间咖啡' });
    assert.deepEqual(emmaDetail.sections.map((s: any) => [s.title, s.titleContent]), [['Weekend breakfast', { en: 'Weekend breakfast', zh: '周末早餐' }]]);
    const lin = page.profiles.find((p: any) => p.displayName.startsWith('Lin Hua'));
    const linDetail = ok(await new Shopper(srv.base).get(DETAIL(lin.id)));
    assert.deepEqual(linDetail.sections.map((s: any) => s.titleContent), [{ en: 'Spring tea picks', zh: '春茶精选' }, { en: 'How I brew', zh: '我的泡法' }]);
    for (const profile of [emmaDetail, linDetail]) {
      for (const text of [profile.displayNameContent.en, ...profile.sections.map((s: any) => s.titleContent.en)]) assert.doesNotMatch(text, /\p{Script=Han}/u);
      for (const text of [profile.displayNameContent.zh, ...profile.sections.map((s: any) => s.titleContent.zh)]) assert.doesNotMatch(text, /[A-Za-z]/);
    }
  });

  test('an owner may give the name and section titles in both languages, or in one: trimmed, and an empty pair is dropped', async () => {
    const { id } = await approvedInfluencer({
      displayName: 'Mei eats',
      displayNameContent: { en: ' Mei eats ', zh: ' 美食小梅 ' },
      sections: [
        { template: 'my-picks', kind: 'picks', title: 'Noodle night', titleContent: { en: 'Noodle night', zh: '面条之夜' }, productIds: ['1001'] },
        { template: 'story', kind: 'text', title: '我的故事', titleContent: { en: '', zh: '我的故事' }, text: '从小爱做饭。' },
        { template: 'story', kind: 'text', title: 'More', titleContent: { en: ' ', zh: '' }, text: 'And more.' },
      ],
    });
    const detail = ok(await new Shopper(srv.base).get(DETAIL(id)));
    assert.deepEqual(detail.displayNameContent, { en: 'Mei eats', zh: '美食小梅' });
    assert.deepEqual(detail.sections.map((s: any) => [s.title, s.titleContent]), [
      ['Noodle night', { en: 'Noodle night', zh: '面条之夜' }],
      ['我的故事', { en: '', zh: '我的故事' }],
      ['More', undefined],
    ]);
    // Without the bilingual fields (clients of the spec's calls), the plain ones are all there is.
    const plain = await approvedInfluencer();
    const plainDetail = ok(await new Shopper(srv.base).get(DETAIL(plain.id)));
    assert.equal('displayNameContent' in plainDetail, false);
    assert.equal('titleContent' in plainDetail.sections[0], false);
    // A language too long is a 400 like the plain field.
    const s = await shopper();
    isError(await s.post(PROFILE, profile({ displayNameContent: { en: 'x', zh: '名'.repeat(61) } })), 400);
  });

  test('the editor\'s round trip: the owner writes en and zh, gets them back to edit, changes them; the public reads both in either language', async () => {
    const s = await shopper();
    const applied = ok(await s.post(PROFILE, profile({
      displayName: 'Mei eats',
      displayNameContent: { en: 'Mei eats', zh: '美食小梅' },
      sections: [{ template: 'my-picks', kind: 'picks', title: 'My picks', titleContent: { en: 'My picks', zh: '我的精选' }, productIds: ['1001'] }],
    })));
    // What the editor prefills from.
    const mine = ok(await s.get(PROFILE));
    assert.deepEqual(mine.draft.displayNameContent, { en: 'Mei eats', zh: '美食小梅' });
    assert.deepEqual(mine.draft.sections[0].titleContent, { en: 'My picks', zh: '我的精选' });
    // A change: the name in Chinese only, a second section titled in both, the first one's Chinese title left out.
    const changed = ok(await s.put(PROFILE, profile({
      displayName: '美食小梅',
      displayNameContent: { en: '', zh: '美食小梅' },
      sections: [
        { template: 'my-picks', kind: 'picks', title: 'My picks', productIds: ['1001'] },
        { template: 'story', kind: 'text', title: 'My story', titleContent: { en: 'My story', zh: '我的故事' }, text: '从小爱做饭。' },
      ],
    })));
    assert.deepEqual(changed.draft.displayNameContent, { en: '', zh: '美食小梅' });
    assert.deepEqual(changed.draft.sections.map((x: any) => x.titleContent), [undefined, { en: 'My story', zh: '我的故事' }]);
    await srv.app.db.tx((q) => approveInfluencer(q, Number(applied.id)));
    // The public answer carries both languages whatever the reader's language; the client shows the reader's.
    for (const language of ['zh-CN', 'en-CA']) {
      const reader = new Shopper(srv.base);
      const headers = { 'accept-language': language };
      const detail = ok(await reader.req('GET', DETAIL(applied.id), undefined, { headers }));
      assert.deepEqual([detail.displayName, detail.displayNameContent], ['美食小梅', { en: '', zh: '美食小梅' }]);
      assert.deepEqual(detail.sections.map((x: any) => [x.title, x.titleContent]), [['My picks', undefined], ['My story', { en: 'My story', zh: '我的故事' }]]);
      const card = ok(await reader.req('GET', `${LIST}?numberToLoad=100`, undefined, { headers })).profiles.find((p: any) => p.id === applied.id);
      assert.deepEqual(card.displayNameContent, { en: '', zh: '美食小梅' });
    }
  });

  test('bad bilingual values: a clear 400 naming the field, nothing stored', async () => {
    const s = await shopper();
    const refusals = [
      [{ displayNameContent: { en: 'x'.repeat(61), zh: '' } }, /^body.displayNameContent.en must NOT have more than 60 characters$/],
      [{ displayNameContent: { en: 'Mei' } }, /^body.displayNameContent.zh must have required property 'zh'$/],
      [{ displayNameContent: { en: 'Mei', zh: 5 } }, /^body.displayNameContent.zh must be string$/],
      [{ sections: [{ template: 'my-picks', kind: 'picks', title: 'x', titleContent: { en: 'x', zh: '题'.repeat(81) }, productIds: ['1001'] }] }, /^body.sections.0.titleContent.zh must NOT have more than 80 characters$/],
      [{ sections: [{ template: 'my-picks', kind: 'picks', title: 'x', titleContent: 'x', productIds: ['1001'] }] }, /^body.sections.0.titleContent must be object$/],
    ] as const;
    for (const [over, field] of refusals) assert.match(isError(await s.post(PROFILE, profile(over)), 400).message, field);
    assert.equal(ok(await s.get(STATUS)).status, 'NOT_APPLIED');
  });

  test('guests: 401 on every own-profile call and on like; the public list and detail are open', async () => {
    const g = new Shopper(srv.base);
    isError(await g.get(STATUS), 401);
    isError(await g.get(PROFILE), 401);
    isError(await g.post(PROFILE, profile()), 401);
    isError(await g.put(PROFILE, profile()), 401);
    assert.equal((await g.upload(UPLOAD, PNG)).status, 401);
    isError(await g.req('DELETE', DELETE('a'.repeat(32))), 401);
    const [first] = await listIds();
    isError(await g.get(LIKE(first)), 401);
    assert.equal(ok(await g.get(DETAIL(first))).liked, false);
  });

  test('apply → PENDING and private; approve → public with picks linking to products; status follows', async () => {
    const s = await shopper();
    assert.deepEqual(ok(await s.get(STATUS)), { status: 'NOT_APPLIED', review: 'NONE', id: null, reason: null, likes: 0 });
    isError(await s.get(PROFILE), 404);
    isError(await s.put(PROFILE, profile()), 404);

    const pic = await uploadImage(s);
    assert.match(pic.image, /^user\/[0-9a-f]{32}$/);
    const mine = ok(await s.post(PROFILE, profile({ avatar: pic.image, gallery: [pic.image] })));
    assert.equal(mine.status, 'PENDING');
    assert.equal(mine.review, 'PENDING');
    assert.equal(mine.published, null);
    assert.equal(mine.draft.bio.en, 'I cook <b>noodles</b>.', 'stored as typed: plain text, shown as text');
    isError(await s.post(PROFILE, profile()), 409);
    assert.equal(ok(await s.get(STATUS)).status, 'PENDING');

    // Nothing unreviewed is public.
    assert.equal((await listIds()).includes(mine.id), false);
    isError(await new Shopper(srv.base).get(DETAIL(mine.id)), 404);
    // The picture is shown under the CDN path like a profile picture.
    const shown = await fetch(`${srv.base}${PREFIX}/common3/image/${pic.image}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.headers.get('content-type'), 'image/png');

    await srv.app.db.tx((q) => approveInfluencer(q, Number(mine.id)));
    assert.deepEqual(ok(await s.get(STATUS)), { status: 'APPROVED', review: 'NONE', id: mine.id, reason: null, likes: 0 });
    assert.equal((await listIds())[0], mine.id, 'newest first');
    const detail = ok(await new Shopper(srv.base).get(DETAIL(mine.id)));
    assert.equal(detail.displayName, 'Mei eats');
    assert.equal(detail.avatar, pic.image);
    assert.deepEqual(detail.gallery, [pic.image]);
    assert.deepEqual(detail.sections[0].picks.map((p: any) => p.id), ['1001', '1011']);
    assert.ok(detail.sections[0].picks[0].name.en && detail.sections[0].picks[0].name.zh);
    assert.equal(typeof detail.sections[0].picks[0].price, 'number');
  });

  test('an edit of an approved profile is a draft: the published version stays public until approved', async () => {
    const { s, id } = await approvedInfluencer();
    const edited = ok(await s.put(PROFILE, profile({ displayName: 'Mei eats — new' })));
    assert.equal(edited.status, 'APPROVED');
    assert.equal(edited.review, 'PENDING');
    assert.equal(edited.draft.displayName, 'Mei eats — new');
    assert.equal(edited.published.displayName, 'Mei eats');
    assert.equal(ok(await new Shopper(srv.base).get(DETAIL(id))).displayName, 'Mei eats');

    // Rejecting the edit keeps the old version public and tells the owner why.
    await srv.app.db.tx((q) => rejectInfluencer(q, Number(id), 'Name too long'));
    assert.deepEqual(ok(await s.get(STATUS)), { status: 'APPROVED', review: 'REJECTED', id, reason: 'Name too long', likes: 0 });
    assert.equal(ok(await new Shopper(srv.base).get(DETAIL(id))).displayName, 'Mei eats');

    ok(await s.put(PROFILE, profile({ displayName: 'Mei cooks' })));
    assert.equal(ok(await s.get(STATUS)).reason, null);
    await srv.app.db.tx((q) => approveInfluencer(q, Number(id)));
    assert.equal(ok(await new Shopper(srv.base).get(DETAIL(id))).displayName, 'Mei cooks');
    assert.equal(ok(await s.get(PROFILE)).review, 'NONE');
  });

  test('reject an application with a reason; a change goes back to review; nothing to review → 409', async () => {
    const s = await shopper();
    const mine = ok(await s.post(PROFILE, profile()));
    await assert.rejects(srv.app.db.tx((q) => rejectInfluencer(q, Number(mine.id), '  ')), /reason is required/);
    await srv.app.db.tx((q) => rejectInfluencer(q, Number(mine.id), 'Add a photo, please'));
    assert.deepEqual(ok(await s.get(STATUS)), { status: 'REJECTED', review: 'REJECTED', id: mine.id, reason: 'Add a photo, please', likes: 0 });
    isError(await new Shopper(srv.base).get(DETAIL(mine.id)), 404);
    await assert.rejects(srv.app.db.tx((q) => approveInfluencer(q, Number(mine.id))), /nothing waiting for review/);

    const again = ok(await s.put(PROFILE, profile({ displayName: 'Mei, again' })));
    assert.equal(again.status, 'PENDING');
    assert.equal(again.reason, null);
  });

  test('suspend hides a profile from list and detail at once, blocks likes and edits; approve lifts it', async () => {
    const { s, id } = await approvedInfluencer();
    const viewer = await shopper();
    ok(await viewer.get(DETAIL(id)));
    await srv.app.db.tx((q) => suspendInfluencer(q, Number(id), 'Spam'));
    assert.equal((await listIds()).includes(id), false);
    assert.equal((await listIds('likes')).includes(id), false);
    isError(await viewer.get(DETAIL(id)), 404);
    isError(await viewer.get(LIKE(id)), 404);
    assert.equal(ok(await s.get(STATUS)).status, 'SUSPENDED');
    isError(await s.put(PROFILE, profile()), 403);
    await srv.app.db.tx((q) => approveInfluencer(q, Number(id)));
    assert.equal(ok(await viewer.get(DETAIL(id))).displayName, 'Mei eats');
  });

  test('like: one per shopper however often and fast; the count is the server\'s; most liked sorts first', async () => {
    const { id } = await approvedInfluencer();
    const fan = await shopper();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fan.get(LIKE(id))));
    for (const a of answers) assert.deepEqual(ok(a), { liked: true, likes: 1 });
    assert.deepEqual(ok(await fan.get(LIKE(id))), { liked: true, likes: 1 });
    const other = await shopper();
    assert.deepEqual(ok(await other.get(LIKE(id))), { liked: true, likes: 2 });
    const detail = ok(await fan.get(DETAIL(id)));
    assert.equal(detail.likes, 2);
    assert.equal(detail.liked, true);
    assert.equal((await listIds('likes'))[0], id);
    isError(await fan.get(LIKE('999999')), 404);
    isError(await fan.get(LIKE(id), { xsrf: false }), 403);
  });

  test('gallery: up to 9 images, only the owner\'s; delete removes the file and the image from the profile', async () => {
    const s = await shopper();
    const pics = [];
    for (let i = 0; i < 10; i++) pics.push(await uploadImage(s));
    const tooMany = isError(await s.post(PROFILE, profile({ gallery: pics.map((p) => p.image) })), 400);
    assert.match(tooMany.message, /gallery/);
    const mine = ok(await s.post(PROFILE, profile({ gallery: pics.slice(0, 9).map((p) => p.image), cover: pics[0].image })));
    assert.equal(mine.draft.gallery.length, 9);
    // Reordering is saving the gallery in another order.
    const reordered = [...mine.draft.gallery].reverse();
    assert.deepEqual(ok(await s.put(PROFILE, { ...profile(), gallery: reordered, cover: pics[0].image })).draft.gallery, reordered);
    await srv.app.db.tx((q) => approveInfluencer(q, Number(mine.id)));

    const file = path.join(db.dataDir, 'uploads', `${pics[0].id}.png`);
    assert.ok(fs.existsSync(file));
    const thief = await shopper();
    isError(await thief.req('DELETE', DELETE(pics[0].id)), 404);
    assert.ok(fs.existsSync(file), 'another shopper cannot delete it');
    const stolen = isError(await thief.post(PROFILE, profile({ avatar: pics[0].image })), 400);
    assert.match(stolen.message, /not one of your uploads/);

    assert.deepEqual(ok(await s.req('DELETE', DELETE(pics[0].id))), { ok: true });
    assert.equal(fs.existsSync(file), false, 'the file is gone from storage');
    assert.equal((await fetch(`${srv.base}${PREFIX}/common3/image/${pics[0].image}`)).status, 404);
    const after = ok(await s.get(PROFILE));
    assert.equal(after.draft.gallery.includes(pics[0].image), false);
    assert.equal(after.draft.cover, null);
    const pub = ok(await new Shopper(srv.base).get(DETAIL(mine.id)));
    assert.equal(pub.gallery.length, 8);
    assert.equal(pub.cover, null);
    isError(await s.req('DELETE', DELETE(pics[0].id)), 404);
  });

  test('uploads are checked by content: not an image 415, over 5 MB 413, not multipart 400', async () => {
    const s = await shopper();
    const html = await s.upload(UPLOAD, Buffer.from('GIF89a<script>alert(1)</script>'), 'x.gif', 'image/gif');
    assert.equal(html.status, 415);
    assert.match(html.body.message, /PNG, JPEG, GIF or WebP/);
    const pdf = await s.upload(UPLOAD, Buffer.from('%PDF-1.4'), 'photo.png', 'image/png');
    assert.equal(pdf.status, 415);
    const huge = await s.upload(UPLOAD, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    assert.equal(huge.status, 413);
    isError(await s.post(UPLOAD, { file: 'x' }), 400);
  });

  test('bad input: clear 400s, nothing stored', async () => {
    const s = await shopper();
    const blank = isError(await s.post(PROFILE, profile({ displayName: '   ', bio: { en: ' ', zh: '' } })), 400);
    assert.deepEqual(blank.errors, ['Display name is required', 'Write a bio in at least one language']);
    const sections = isError(await s.post(PROFILE, profile({
      sections: [
        { template: 'my-picks', kind: 'text', title: 'x', text: 'y' },
        { template: 'my-picks', kind: 'picks', title: 'x', productIds: [] },
        { template: 'story', kind: 'text', title: 'x', text: '  ' },
        { template: 'my-picks', kind: 'picks', title: 'x', productIds: ['99999999'] },
      ],
    })), 400);
    assert.deepEqual(sections.errors, [
      "Section 1: 'my-picks' is not a text section of the store's templates",
      'Section 2: pick at least one product',
      'Section 3: the text is empty',
      'Product 99999999 does not exist',
    ]);
    isError(await s.post(PROFILE, profile({ socialLinks: [{ label: 'x', url: 'javascript:alert(1)' }] })), 400);
    isError(await s.post(PROFILE, profile({ avatar: 'avatar.png' })), 400);
    isError(await s.post(PROFILE, { displayName: 'x' }), 400);
    isError(await s.post(PROFILE, profile({ displayName: 'x'.repeat(61) })), 400);
    isError(await new Shopper(srv.base).get(`${LIST}?sort=random`), 400);
    isError(await new Shopper(srv.base).get(DETAIL('abc')), 400);
    isError(await s.req('DELETE', DELETE('not-an-upload-id')), 400);
    assert.equal(ok(await s.get(STATUS)).status, 'NOT_APPLIED');
  });

  test('the list pages with hasMore', async () => {
    const g = new Shopper(srv.base);
    const first = ok(await g.get(`${LIST}?numberToLoad=1`));
    assert.equal(first.profiles.length, 1);
    assert.equal(first.hasMore, true);
    const second = ok(await g.get(`${LIST}?numberToLoad=1&startingPosition=1`));
    assert.notEqual(second.profiles[0].id, first.profiles[0].id);
  });
});

describe('operator CLI (npm run influencers)', () => {
  // Its own database: on PGlite the CLI needs the database to itself, as the README says.
  const cli = (own: TestDb, ...args: string[]) =>
    spawnSync(process.execPath, [...nodeArgs('scripts/influencers.ts'), ...args], {
      cwd: path.join(import.meta.dirname, '..'), env: { ...process.env, DATA_DIR: own.dataDir, DATABASE_URL: own.databaseUrl ?? '' }, encoding: 'utf8',
    });

  test('refuses a reject without a reason; suspends with a reason; lists status, review and reason', async () => {
    const own = await freshDb();
    try {
      const noReason = cli(own, 'reject', '1');
      assert.equal(noReason.status, 2);
      assert.match(noReason.stderr, /reject needs --reason/);
      const unknown = cli(own, 'approve', '999');
      assert.equal(unknown.status, 1);
      assert.match(unknown.stderr, /No influencer profile 999/);
      const suspended = cli(own, 'suspend', '1', '--reason', 'Spam', 'links');
      assert.equal(suspended.status, 0, suspended.stderr);
      const list = cli(own, 'list');
      assert.equal(list.status, 0, list.stderr);
      assert.match(list.stdout, /^\s+1\s+SUSPENDED\s+review NONE\s+lin\.hua@influencers\.istore\.test\s+"Lin Hua · Tea notes".*reason: Spam links$/m);
      assert.match(list.stdout, /^\s+2\s+APPROVED\s+review NONE\s+emma\.chen@/m);
      const shown = cli(own, 'show', '2');
      assert.equal(shown.status, 0, shown.stderr);
      assert.match(shown.stdout, /"displayName": "Emma Chen · Morning coffee"/);
      assert.match(shown.stdout, /"productIds": \[\s+"1001",\s+"1021"\s+\]/);
    } finally {
      await own.cleanup();
    }
  });
});
