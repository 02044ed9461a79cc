/**
 * Security probe finding 13 (second half): an ID-photo upload racing the verified-contact submission of the same
 * shopper is answered without 500, and no file is left on disk that no upload row names (no orphan files).
 * Run on PostgreSQL too: `bash scripts/with-postgres.sh bash -c 'cd server && node --import tsx --test tests/security-uploads.test.ts'`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serverOnFreshDb, Shopper, ok, PREFIX } from './helpers.ts';
import { ID_PURPOSE_VERSION } from '../../contract/constants.ts';

const { db, srv } = serverOnFreshDb();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b5e0e50000000049454e44ae426082', 'hex');

async function uploadId(s: Shopper) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'id.png');
  const r = await fetch(`${srv.base}${PREFIX}/admin/userManagement/image/verifiedContact/upload`, {
    method: 'POST',
    headers: { cookie: s.cookieHeader(), 'x-xsrf-token': s.cookies.get('XSRF-TOKEN') ?? '' },
    body: form,
  });
  return { status: r.status, body: await r.json() };
}

const entry = (idImage: string) => ({ realName: 'Mei Chen', phone: '+86 138 0013 8000', idType: 'NATIONAL_ID', idNumber: '11010519491231002x', idImage });

test('an ID photo uploaded while the contact is submitted: no 500, and every file on disk is a recorded upload', async () => {
  const statuses: number[] = [];
  for (let round = 0; round < 10; round++) {
    const s = new Shopper(srv.base);
    ok(await s.post('/common3/clientRegistration', { emailID: `race-${round}-${Date.now()}@example.com`, password: 'correct horse', firstName: 'Mei', lastName: 'Chen' }));
    ok(await s.post('/admin/userManagement/verifiedContact/consent', { purposeVersion: ID_PURPOSE_VERSION }));
    const first = await uploadId(s);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const [submitted, second] = await Promise.all([s.post('/admin/userManagement/verifiedContact', entry(first.body.idImage)), uploadId(s)]);
    statuses.push(submitted.status, second.status);
    assert.ok(submitted.status < 500 && second.status < 500, `round ${round}: submit ${submitted.status} ${JSON.stringify(submitted.body)}, upload ${second.status} ${JSON.stringify(second.body)}`);
    // Whoever won, the shopper can finish: the contact ends up on file with a photo they own.
    if (submitted.status !== 200) ok(await s.post('/admin/userManagement/verifiedContact', entry(second.body.idImage)));
    assert.equal(ok(await s.get('/admin/userManagement/verifiedContact/idNumber')).status, 'PENDING');
  }
  const files = fs.readdirSync(path.join(db.dataDir, 'uploads')).map((f) => f.replace(/\.\w+$/, '')).sort();
  const rows = (await srv.app.db.query('SELECT id FROM uploads ORDER BY id')).rows.map((r: any) => r.id);
  assert.deepEqual(files, rows, 'no orphan file, no missing file');
  assert.ok(statuses.every((x) => x === 200 || x === 400), statuses.join(','));
});
