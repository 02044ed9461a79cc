/**
 * Verified contact (spec §7): ID photo upload, submit (POST), change (PUT), the masked id number (GET idNumber), the
 * operator's verify step, and privacy — against the real server and database, with the real session and XSRF rules.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { serverOnFreshDb, Shopper, isError, ok, PREFIX } from './helpers.ts';
import { listContacts, maskIdNumber, verifyContact } from '../src/services/verifiedContact.ts';
import { loadIdKeys } from '../src/lib/idCrypto.ts';
import { ID_PURPOSE_VERSION } from '../../contract/constants.ts';

const { db, srv } = serverOnFreshDb();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b5e0e50000000049454e44ae426082', 'hex');
/** A real (decodable) JPEG: uploads are re-encoded, so a header alone is refused (security probe 2026-12-01 N4). */
const JPEG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888888' } }).jpeg().toBuffer();
const CONTACT = '/admin/userManagement/verifiedContact';
const ID_NUMBER = '/admin/userManagement/verifiedContact/idNumber';

let seq = 0;
/** A signed-up shopper who has given the separate consent (issue 41; without it: id-protection.test.ts). */
async function shopper() {
  const s = new Shopper(srv.base);
  const name = `vc-${Date.now().toString(36)}-${++seq}`;
  const me = ok(await s.post('/common3/clientRegistration', { emailID: `${name}@example.com`, password: 'correct horse', firstName: 'Mei', lastName: name }));
  ok(await s.post(`${CONTACT}/consent`, { purposeVersion: ID_PURPOSE_VERSION }));
  return Object.assign(s, { userId: Number(me.userID), email: `${name}@example.com` });
}
const idProtection = () => ({ keys: loadIdKeys(srv.app.config), retentionDays: srv.app.config.idRetentionDays });

async function uploadId(s: Shopper, data: Buffer, filename = 'id.png', type = 'image/png') {
  if (!s.cookies.has('XSRF-TOKEN')) await s.get('/health');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  const r = await fetch(`${srv.base}${PREFIX}/admin/userManagement/image/verifiedContact/upload`, {
    method: 'POST',
    headers: { cookie: s.cookieHeader(), 'x-xsrf-token': s.cookies.get('XSRF-TOKEN') ?? '' },
    body: form,
  });
  return { status: r.status, body: await r.json() };
}

const image = (s: Shopper, idImage: string) => fetch(`${srv.base}${PREFIX}/admin/userManagement/image/${idImage}`, { headers: { cookie: s.cookieHeader() } });

const entry = (idImage: string) => ({ realName: '陈美 Mei Chen', phone: '+86 138 0013 8000', idType: 'NATIONAL_ID', idNumber: '11010519491231002x', idImage });

describe('verified contact', () => {
  test('nothing yet → NONE; upload, submit → PENDING with the number masked; photo only for its owner', async () => {
    const s = await shopper();
    const none = ok(await s.get(ID_NUMBER));
    assert.deepEqual({ ...none, consentGivenAt: null }, {
      status: 'NONE', realName: null, phone: null, idType: null, idNumber: null, idImage: null, submittedAt: null, verifiedAt: null,
      consentVersion: ID_PURPOSE_VERSION, consentGivenAt: null, idDeleteAt: null, idErasedAt: null, retentionDays: 90,
    });
    assert.ok(!Number.isNaN(Date.parse(none.consentGivenAt)));
    const up = await uploadId(s, PNG);
    assert.equal(up.status, 200, JSON.stringify(up.body));
    assert.match(up.body.idImage, /^user\/[a-f0-9]{32}$/);
    assert.equal(up.body.idImage, `user/${up.body.id}`);

    const saved = ok(await s.post(CONTACT, entry(up.body.idImage)));
    assert.equal(saved.status, 'PENDING');
    assert.equal(saved.realName, '陈美 Mei Chen');
    assert.equal(saved.phone, '+86 138 0013 8000');
    assert.equal(saved.idType, 'NATIONAL_ID');
    assert.equal(saved.idNumber, '**************002X', 'upper-cased, all but the last 4 masked');
    assert.equal(saved.idImage, up.body.idImage);
    assert.equal(saved.verifiedAt, null);
    assert.ok(!Number.isNaN(Date.parse(saved.submittedAt)));
    assert.deepEqual(ok(await s.get(ID_NUMBER)), saved);
    // The full number appears in no answer.
    assert.equal(JSON.stringify(ok(await s.get(ID_NUMBER))).includes('11010519491231002'), false);

    const own = await image(s, up.body.idImage);
    assert.equal(own.status, 200);
    assert.equal(own.headers.get('content-type'), 'image/png');
    assert.equal(own.headers.get('cache-control'), 'private, no-store');
    // Re-encoded without metadata (security probe 2026-12-01 N4): the same picture, a PNG of its size.
    const served = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    assert.deepEqual([served.format, served.width, served.height], ['png', 1, 1]);
    // Never under the public image path.
    assert.equal((await fetch(`${srv.base}${PREFIX}/common3/image/${up.body.idImage}`)).status, 404);
    // Stored on disk under the data folder, sealed (id-protection.test.ts shows it unreadable).
    assert.ok(fs.existsSync(path.join(db.dataDir, 'uploads', `${up.body.id}.enc`)));
  });

  test('another shopper sees only their own: no contact, no photo, cannot use the photo, cannot change it', async () => {
    const a = await shopper();
    const up = await uploadId(a, PNG);
    ok(await a.post(CONTACT, entry(up.body.idImage)));

    const b = await shopper();
    assert.equal(ok(await b.get(ID_NUMBER)).status, 'NONE');
    assert.equal((await image(b, up.body.idImage)).status, 404);
    // Nor a visitor without a session.
    assert.equal((await fetch(`${srv.base}${PREFIX}/admin/userManagement/image/${up.body.idImage}`)).status, 401);
    const stolen = isError(await b.post(CONTACT, entry(up.body.idImage)), 400);
    assert.match(stolen.message, /ID photo was not found/);
    isError(await b.put(CONTACT, { realName: 'Someone Else' }), 404);
    // a's contact is untouched.
    assert.equal(ok(await a.get(ID_NUMBER)).realName, '陈美 Mei Chen');
  });

  test('guests get 401 on every call', async () => {
    const g = new Shopper(srv.base);
    isError(await g.get(ID_NUMBER), 401);
    isError(await g.post(CONTACT, entry(`user/${'a'.repeat(32)}`)), 401);
    isError(await g.put(CONTACT, { realName: 'X' }), 401);
    const up = await uploadId(g, PNG);
    assert.equal(up.status, 401);
  });

  test('bad input: every problem in one clear 400, nothing stored', async () => {
    const s = await shopper();
    const empty = isError(await s.post(CONTACT, {}), 400);
    assert.deepEqual(empty.errors, ['Real name is required', 'Phone number is required', 'ID type is required', 'ID number is required', 'A photo of the ID document is required']);

    const up = await uploadId(s, PNG);
    const bad = isError(await s.post(CONTACT, { realName: '12345', phone: 'call me', idType: 'LIBRARY_CARD', idNumber: '12', idImage: 'avatar.png' }), 400);
    assert.deepEqual(bad.errors, [
      'Real name must be a name (letters, no < or >)', 'Phone number is not valid', 'ID type must be one of NATIONAL_ID, PASSPORT, DRIVERS_LICENCE',
      "idImage must be the 'idImage' answered by the ID photo upload",
    ]);
    const shortPassport = isError(await s.post(CONTACT, { ...entry(up.body.idImage), idType: 'passport', idNumber: 'E1234567890123' }), 400);
    assert.deepEqual(shortPassport.errors, ['Passport number must be 6 to 12 letters or digits']);
    const symbols = isError(await s.post(CONTACT, { ...entry(up.body.idImage), idNumber: '1234/5678' }), 400);
    assert.deepEqual(symbols.errors, ['National ID number must be 6 to 30 letters or digits']);
    const unknownPhoto = isError(await s.post(CONTACT, entry(`user/${'0'.repeat(32)}`)), 400);
    assert.match(unknownPhoto.message, /upload it again/);
    const wrongType = isError(await s.post(CONTACT, { ...entry(up.body.idImage), realName: 42 }), 400);
    assert.match(wrongType.message, /realName/);
    const tooLong = isError(await s.post(CONTACT, { ...entry(up.body.idImage), idNumber: '1'.repeat(61) }), 400);
    assert.match(tooLong.message, /idNumber/);
    isError(await s.put(CONTACT, { realName: 'Mei' }), 404);
    assert.equal(ok(await s.get(ID_NUMBER)).status, 'NONE');

    // Spaces and hyphens in the number are fine; a passport number fits its own rule.
    const saved = ok(await s.post(CONTACT, { ...entry(up.body.idImage), idType: 'PASSPORT', idNumber: 'e12-345 678' }));
    assert.equal(saved.idNumber, '*****5678');
    assert.equal(saved.idType, 'PASSPORT');
    isError(await s.post(CONTACT, entry(up.body.idImage)), 409);
  });

  test('upload: only images, at most 5 MB', async () => {
    const s = await shopper();
    const notImage = await uploadId(s, Buffer.from('%PDF-1.4 not an image'), 'id.png', 'image/png');
    assert.equal(notImage.status, 415);
    assert.match(notImage.body.message, /ID photo must be a PNG, JPEG, GIF or WebP image/);
    const huge = await uploadId(s, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    assert.equal(huge.status, 413);
    const notMultipart = isError(await s.post('/admin/userManagement/image/verifiedContact/upload', { file: 'x' }), 400);
    assert.match(notMultipart.message, /multipart\/form-data/);
    assert.equal((await uploadId(s, JPEG, 'id.jpg', 'image/jpeg')).status, 200);
  });

  test('operator verifies; any change makes it PENDING again and replaces the photo; an unchanged PUT keeps VERIFIED', async () => {
    const s = await shopper();
    const first = await uploadId(s, PNG);
    ok(await s.post(CONTACT, { ...entry(first.body.idImage), idType: 'DRIVERS_LICENCE', idNumber: 'L1234-56789-01234' }));

    const pending = (await listContacts(srv.app.db, idProtection(), 'PENDING')).find((c) => c.userId === s.userId);
    assert.equal(pending?.idNumber, 'L12345678901234', 'the operator sees the full number');
    assert.equal(pending?.email, s.email);
    assert.equal(await verifyContact(srv.app.db, s.userId), true);
    const verified = ok(await s.get(ID_NUMBER));
    assert.equal(verified.status, 'VERIFIED');
    assert.ok(verified.verifiedAt);

    assert.equal(ok(await s.put(CONTACT, { realName: '陈美 Mei Chen', phone: '+86 138 0013 8000' })).status, 'VERIFIED');

    // A new type needs its own number.
    isError(await s.put(CONTACT, { idType: 'PASSPORT' }), 400);

    const second = await uploadId(s, JPEG, 'id.jpg', 'image/jpeg');
    const changed = ok(await s.put(CONTACT, { phone: '416-555-0199', idImage: second.body.idImage }));
    assert.equal(changed.status, 'PENDING');
    assert.equal(changed.verifiedAt, null);
    assert.equal(changed.phone, '416-555-0199');
    assert.equal(changed.idNumber, '***********1234');
    assert.equal(changed.idImage, second.body.idImage);
    assert.equal((await image(s, first.body.idImage)).status, 404, 'the replaced photo is gone');
    assert.equal(fs.existsSync(path.join(db.dataDir, 'uploads', `${first.body.id}.enc`)), false);
    assert.equal((await image(s, second.body.idImage)).status, 200);
  });

  test('masking keeps only the last 4 characters', () => {
    assert.equal(maskIdNumber('E12345678'), '*****5678');
    assert.equal(maskIdNumber('ABCD'), '****');
  });
});
