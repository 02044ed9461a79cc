/**
 * The back office's influencer reviews and payments needing attention (issue 43; features/admin/reviews.ts): a staff
 * member reviews a profile (its version and pictures), rejects it with a reason the shopper sees, approves the next
 * version (it goes public) and suspends it, each recorded with who, through the same code as `npm run influencers`;
 * the owner sees what `npm run attention` lists and marks a refund the provider ended ABNORMAL handled once, as
 * `attention handled` does; staff are refused the attention list; bad input gets a 4xx. Coupons (owner): one created
 * through the shop file's apply is offered to shoppers at once, one ended is not; the file's checks refuse a bad one
 * naming its field; staff are refused.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Staff } from './adminClient.ts';
import { deskOf, isError, ok, payOnline, reservePickup, serverOnFreshDb, Shopper } from './helpers.ts';

const OWNER = 'owner@shop.example';
const CLERK = 'clerk@shop.example';
const PASSWORD = 'counter-password-1';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b5e0e50000000049454e44ae426082', 'hex');

const { db, srv } = serverOnFreshDb({ config: { refundPollMs: 3_600_000, paymentSyncPollMs: 3_600_000 } });
const signedIn = async (email: string) => {
  const s = new Staff(srv.base);
  ok(await s.signIn(email, PASSWORD));
  return s;
};

const profile = (image: string, name = 'Mei eats') => ({
  displayName: name,
  bio: { en: 'I cook noodles.', zh: '我做面条。' },
  avatar: image,
  cover: null,
  gallery: [image],
  socialLinks: [],
  sections: [],
});

describe('reviews and attention in the back office', () => {
  test('staff review a profile: its version and picture, reject with a reason, approve the next, suspend; each recorded', async () => {
    const pw = path.join(db.dataDir, 'pw');
    fs.writeFileSync(pw, `${PASSWORD}\n`);
    assert.equal((await deskOf(srv, 'staff')('add', OWNER, '--role', 'owner', '--password-file', pw)).code, 0);
    assert.equal((await deskOf(srv, 'staff')('add', CLERK, '--role', 'staff', '--password-file', pw)).code, 0);
    const shopper = new Shopper(srv.base);
    ok(await shopper.post('/common3/clientRegistration', { emailID: 'mei@example.com', password: 'correct horse', firstName: 'Mei', lastName: 'Li' }));
    const pic = ok(await shopper.upload('/admin/userManagement/image/influencer/upload', PNG));
    const mine = ok(await shopper.post('/admin/userManagement/influencerProfile', profile(pic.image)));

    const clerk = await signedIn(CLERK);
    const list = ok(await clerk.get('/reviews')).profiles;
    assert.deepEqual([list[0].id, list[0].email, list[0].review], [mine.id, 'mei@example.com', 'PENDING'], 'waiting first');
    assert.ok(list.slice(1).every((p: any) => p.review !== 'PENDING'), 'then the demo store\'s reviewed ones');
    const page = ok(await clerk.get(`/reviews/${mine.id}`));
    assert.equal(page.version.displayName, 'Mei eats');
    assert.equal(page.images.length, 1);
    const img = await fetch(srv.base + page.images[0].url, { headers: { cookie: clerk.cookieHeader(page.images[0].url) } });
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await img.arrayBuffer()).subarray(0, 8), PNG.subarray(0, 8), 'the stored picture (as the upload re-encoded it)');
    assert.equal((await fetch(srv.base + page.images[0].url)).status, 401, 'to signed-in staff only');

    assert.match(isError(await clerk.post(`/reviews/${mine.id}`, { decision: 'reject' }), 400).message, /reason is required/);
    const rejected = ok(await clerk.post(`/reviews/${mine.id}`, { decision: 'reject', reason: 'The cover is blurry' }));
    assert.equal(rejected.profile.review, 'REJECTED');
    assert.equal(ok(await shopper.get('/admin/userManagement/influencer/status')).reason, 'The cover is blurry', 'the shopper sees why');
    assert.equal(isError(await clerk.post(`/reviews/${mine.id}`, { decision: 'approve' }), 409).message, `Profile ${mine.id} has nothing waiting for review`);

    ok(await shopper.put('/admin/userManagement/influencerProfile', profile(pic.image, 'Mei eats noodles')));
    const approved = ok(await clerk.post(`/reviews/${mine.id}`, { decision: 'approve' }));
    assert.equal(approved.profile.status, 'APPROVED');
    assert.equal(ok(await new Shopper(srv.base).get(`/common3/influencerProfile/detail/${mine.id}`)).displayName, 'Mei eats noodles', 'public now');
    ok(await clerk.post(`/reviews/${mine.id}`, { decision: 'suspend', reason: 'Reported' }));
    isError(await new Shopper(srv.base).get(`/common3/influencerProfile/detail/${mine.id}`), 404);

    const owner = await signedIn(OWNER);
    const items = ok(await owner.get('/activity?limit=20')).items.filter((i: any) => i.subject === mine.id);
    assert.deepEqual(items.map((i: any) => [i.actor, i.action]), [[CLERK, 'review.suspend'], [CLERK, 'review.approve'], [CLERK, 'review.reject']]);
    assert.match(items[2].detail, /reason: The cover is blurry/);
    isError(await clerk.post('/reviews/999999', { decision: 'approve' }), 404);
    isError(await clerk.post(`/reviews/${mine.id}`, { decision: 'publish' }), 400);
    isError(await clerk.get('/reviews/abc'), 400);
  });

  test('attention: the owner sees what `npm run attention` lists and marks a failed refund handled once; staff are refused', async () => {
    const s = new Shopper(srv.base);
    const { orderID } = await reservePickup(s, [['1012', 1]]);
    await payOnline(s, orderID);
    assert.equal((await deskOf(srv, 'orders')('refund', orderID, '--amount', '1.00', '--reason', 'Spilled')).code, 0);
    const [refund] = (await srv.app.db.query(`SELECT id FROM refunds WHERE order_id = $1`, [Number(orderID)])).rows;
    // The provider accepted the refund and then reported it ABNORMAL (as the reconciliation or a query records it).
    await srv.app.db.query(`UPDATE refunds SET status = 'DONE', provider_outcome = 'ABNORMAL', provider_outcome_at = now() WHERE id = $1`, [refund.id]);

    const clerk = await signedIn(CLERK);
    isError(await clerk.get('/attention'), 403);
    const owner = await signedIn(OWNER);
    const cli = (await deskOf(srv, 'attention')()).stdout;
    const items = ok(await owner.get('/attention')).items;
    assert.equal(items.length, cli.trim().split('\n').length - 1, 'the same lines as the CLI');
    const line = items.find((i: any) => i.id === refund.id);
    assert.equal(line.kind, 'refund');
    assert.equal(line.orderID, orderID);
    assert.equal(line.handleable, true);
    assert.match(line.detail, /ended ABNORMAL/);
    assert.ok(cli.includes(refund.id));

    const after = ok(await owner.post('/attention/handled', { kind: 'refund', id: refund.id }));
    assert.equal(after.items.some((i: any) => i.id === refund.id), false);
    assert.match(isError(await owner.post('/attention/handled', { kind: 'refund', id: refund.id }), 409).message, new RegExp(`already handled by ${OWNER}`));
    isError(await owner.post('/attention/handled', { kind: 'statement', id: 'nothing' }), 404);
    isError(await owner.post('/attention/handled', { kind: 'dispute', id: 'x' }), 400);
    isError(await owner.get('/attention?stuckAfterMinutes=soon'), 400);
    const acts = ok(await owner.get('/activity?limit=5')).items.map((i: any) => `${i.actor} ${i.action} ${i.subject}`);
    assert.ok(acts.includes(`${OWNER} attention.refund.handled ${refund.id}`));
  });

  test('coupons: the owner creates one through the shop file (shoppers can use it at once) and ends it; bad ones refused', async () => {
    const clerk = await signedIn(CLERK);
    isError(await clerk.get('/coupons'), 403);
    const owner = await signedIn(OWNER);
    const spring = {
      code: 'SPRING10', kind: 'PERCENT', value: 10, minSubtotalMinor: 0, expiresAt: null, description: { en: 'Spring', zh: '春季' },
      public: true, maxUsesPerShopper: null, maxUses: null,
    };
    const shopper = new Shopper(srv.base);
    isError(await shopper.get('/common3/coupons/SPRING10'), 404);
    const after = ok(await owner.post('/coupons', spring)).coupons;
    const row = after.find((c: any) => c.code === 'SPRING10');
    assert.deepEqual([row.active, row.uses, row.value], [true, 0, 10]);
    assert.equal(ok(await shopper.get('/common3/coupons/SPRING10')).code, 'SPRING10', 'the storefront offers it at once');
    isError(await owner.post('/coupons', spring), 409);
    assert.match(isError(await owner.post('/coupons', { ...spring, code: 'has space' }), 400).message, /coupons\[\d+\]\.code/);
    isError(await owner.post('/coupons', { ...spring, kind: 'GIFT' }), 400);

    const ended = ok(await owner.post('/coupons/SPRING10/disable')).coupons.find((c: any) => c.code === 'SPRING10');
    assert.equal(ended.active, false);
    assert.ok(new Date(ended.expiresAt).getTime() <= Date.now());
    const { rows: [stored] } = await srv.app.db.query('SELECT expires_at FROM coupons WHERE code = $1', ['SPRING10']);
    assert.ok(new Date(stored.expires_at).getTime() <= Date.now(), 'ended in the store through the shop file\'s apply');
    isError(await owner.post('/coupons/SPRING10/disable'), 409);
    isError(await owner.post('/coupons/NOPE/disable'), 404);
    const acts = ok(await owner.get('/activity?limit=5')).items.map((i: any) => `${i.actor} ${i.action}`);
    assert.ok(acts.includes(`${OWNER} coupon.disable`) && acts.includes(`${OWNER} coupon.create`));
  });
});
