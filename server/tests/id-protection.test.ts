/**
 * Issue 41 item 3 (PIPL Art. 28–29): the ID number and ID photo of a verified contact are taken only after a separate
 * consent to the stated purpose, are unreadable in a dump of every table and in the uploads folder (sealed with the
 * store's key, lib/idCrypto.ts), are gone after ID_RETENTION_DAYS (the worker, across a restart), and go at once when
 * the shopper deletes them. Key rotation: `reencrypt` moves every value to the new key. Against the real server.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { freshDb, startServer, Shopper, isError, ok, waitFor, type Running, type TestDb } from './helpers.ts';
import { ID_PURPOSE_VERSION } from '../../contract/constants.ts';
import { keysOf, loadIdKeys, openText, textKeyId, fileKeyId, openFile } from '../src/lib/idCrypto.ts';
import { reencryptAll } from '../src/services/idRetention.ts';
import { verifyContact } from '../src/services/verifiedContact.ts';

const CONTACT = '/admin/userManagement/verifiedContact';
const ID_NUMBER = '11010519491231002X';
const KEY = crypto.randomBytes(32).toString('base64');
const RETENTION_DAYS = 30;
const config = { idEncryptionKey: KEY, idRetentionDays: RETENTION_DAYS, idRetentionPollMs: 3_600_000 };

let db: TestDb;
let srv: Running;
before(async () => {
  db = await freshDb();
  srv = await startServer(db, { config });
});
after(async () => {
  await srv?.close();
  await db?.cleanup();
});

/** A photo with a pattern of its own, so its pixels can be looked for on disk. */
const PHOTO = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c0ffee' } }).png().toBuffer();

let seq = 0;
async function shopper(consent = true) {
  const s = new Shopper(srv.base);
  const email = `idp-${Date.now().toString(36)}-${++seq}@example.com`;
  const me = ok(await s.post('/common3/clientRegistration', { emailID: email, password: 'correct horse', firstName: 'Mei', lastName: 'Chen' }));
  if (consent) ok(await s.post(`${CONTACT}/consent`, { purposeVersion: ID_PURPOSE_VERSION }));
  return Object.assign(s, { userId: Number(me.userID), email });
}

async function submitted(s: Shopper, idNumber = ID_NUMBER) {
  const up = ok(await s.upload('/admin/userManagement/image/verifiedContact/upload', PHOTO));
  const view = ok(await s.post(CONTACT, { realName: '陈美 Mei Chen', phone: '+86 138 0013 8000', idType: 'NATIONAL_ID', idNumber, idImage: up.idImage }));
  return { id: up.id as string, view };
}

/** Every row of every table in the public schema as text: what a logical dump (pg_dump) would hold. */
async function dumpText(): Promise<string> {
  const { rows: tables } = await srv.app.db.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  let out = '';
  for (const t of tables as any[]) {
    const { rows } = await srv.app.db.query(`SELECT to_jsonb(x)::text AS j FROM "${t.table_name}" x`);
    out += rows.map((r: any) => r.j).join('\n');
  }
  return out;
}

/** Every file of a folder, recursively, as bytes. */
function filesUnder(dir: string): Buffer[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => fs.readFileSync(path.join(e.parentPath ?? (e as any).path, e.name)));
}

const image = (s: Shopper, id: string) => fetch(`${srv.base}/api/istore/client/admin/userManagement/image/user/${id}`, { headers: { cookie: s.cookieHeader() } });

describe('ID details: separate consent, sealed at rest, retention, delete', () => {
  test('nothing is taken before the separate consent to the current purpose', async () => {
    const s = await shopper(false);
    const none = ok(await s.get(`${CONTACT}/idNumber`));
    assert.equal(none.consentVersion, null);
    assert.equal(none.retentionDays, RETENTION_DAYS, 'the consent step can say how long');
    const upload = await s.upload('/admin/userManagement/image/verifiedContact/upload', PHOTO);
    assert.equal(upload.status, 403);
    assert.match(upload.body.message, /separate consent/);
    isError(await s.post(CONTACT, { realName: 'Mei', phone: '+86 138 0013 8000', idType: 'NATIONAL_ID', idNumber: ID_NUMBER, idImage: `user/${'a'.repeat(32)}` }), 403);
    assert.match(isError(await s.post(`${CONTACT}/consent`, { purposeVersion: '2020-01-01' }), 400).message, /current one/);
    assert.equal(fs.readdirSync(path.join(db.dataDir, 'uploads')).length, 0, 'no file written');
    const given = ok(await s.post(`${CONTACT}/consent`, { purposeVersion: ID_PURPOSE_VERSION }));
    assert.equal(given.consentVersion, ID_PURPOSE_VERSION);
    assert.equal(given.status, 'NONE');
    await submitted(s);
  });

  test('the ID number and photo are unreadable in a dump of every table and in the uploads folder', async () => {
    const s = await shopper();
    const { id, view } = await submitted(s);
    assert.equal(view.idNumber, '**************002X');
    // The owner still sees their own photo, opened by the server.
    const served = Buffer.from(await (await image(s, id)).arrayBuffer());
    const pixels = await sharp(served).raw().toBuffer();
    assert.equal((await sharp(served).metadata()).width, 16);

    const dump = await dumpText();
    assert.ok(dump.includes('陈美 Mei Chen'), 'the dump does hold the contact');
    assert.equal(dump.includes(ID_NUMBER), false, 'no ID number in the dump');
    assert.equal(dump.includes('11010519491231'), false);
    const { rows } = await srv.app.db.query('SELECT id_number, id_number_enc FROM verified_contacts WHERE user_id = $1', [s.userId]);
    assert.equal(rows[0].id_number, null);
    assert.match(rows[0].id_number_enc, /^idv1\.[0-9a-f]{16}\./);
    assert.equal(openText(loadIdKeys(srv.app.config)!, rows[0].id_number_enc), ID_NUMBER, 'the key opens it');

    const onDisk = fs.readFileSync(path.join(db.dataDir, 'uploads', `${id}.enc`));
    assert.equal(fs.readdirSync(path.join(db.dataDir, 'uploads')).some((f) => f.startsWith(id) && f !== `${id}.enc`), false);
    assert.equal(onDisk.includes(served), false, 'the served image is not on disk as it is');
    assert.equal(onDisk.subarray(0, 8).equals(PHOTO.subarray(0, 8)), false, 'no PNG signature');
    await assert.rejects(sharp(onDisk).metadata(), 'no image reader opens the file');
    assert.deepEqual(await sharp(openFile(loadIdKeys(srv.app.config)!, onDisk)).raw().toBuffer(), pixels, 'the key opens it');

    // On PGlite the database's own files are scanned too (tables, indexes, WAL).
    if (!db.databaseUrl) {
      await srv.app.db.query('CHECKPOINT');
      const raw = filesUnder(path.join(db.dataDir, 'pgdata'));
      assert.ok(raw.some((b) => b.includes('Mei Chen')), 'the scan reads the data files');
      assert.equal(raw.some((b) => b.includes(ID_NUMBER)), false, 'no ID number in the database files');
    }
  });

  test('after ID_RETENTION_DAYS the number and photo are deleted by the worker, across a restart; a contact never verified goes whole', async () => {
    const verified = await shopper();
    const v = await submitted(verified, '110105194912310021');
    assert.equal(await verifyContact(srv.app.db, verified.userId), true);
    const pending = await shopper();
    const p = await submitted(pending, '110105194912310022');
    const young = await shopper();
    const y = await submitted(young, '110105194912310023');
    const due = ok(await verified.get(`${CONTACT}/idNumber`)).idDeleteAt;
    assert.ok(Math.abs(Date.parse(due) - Date.now() - RETENTION_DAYS * 86_400_000) < 120_000, `deleted ${RETENTION_DAYS} days after verification: ${due}`);

    // Time passes while the server is down: the dates say what is due, so the next start's first round deletes it.
    await srv.app.db.query(
      `UPDATE verified_contacts SET submitted_at = submitted_at - make_interval(days => $2), verified_at = verified_at - make_interval(days => $2) WHERE user_id = ANY($1)`,
      [[verified.userId, pending.userId], RETENTION_DAYS + 1]);
    await srv.close();
    srv = await startServer(db, { config });
    for (const s of [verified, pending, young]) s.base = srv.base;

    const erased = await waitFor('the verified contact erased', async () => {
      const c = ok(await verified.get(`${CONTACT}/idNumber`));
      return c.idErasedAt ? c : undefined;
    });
    assert.equal(erased.status, 'VERIFIED', 'the verification stays');
    assert.equal(erased.realName, '陈美 Mei Chen');
    assert.equal(erased.idNumber, null);
    assert.equal(erased.idImage, null);
    assert.equal(erased.idDeleteAt, null);
    assert.equal(ok(await pending.get(`${CONTACT}/idNumber`)).status, 'NONE', 'never verified: deleted whole');
    for (const gone of [v.id, p.id]) {
      assert.equal(fs.existsSync(path.join(db.dataDir, 'uploads', `${gone}.enc`)), false);
      assert.equal((await srv.app.db.query('SELECT 1 FROM uploads WHERE id = $1', [gone])).rowCount, 0);
    }
    const { rows } = await srv.app.db.query('SELECT id_number, id_number_enc FROM verified_contacts WHERE user_id = $1', [verified.userId]);
    assert.deepEqual(rows[0], { id_number: null, id_number_enc: null });
    // Within its period a contact keeps both.
    const kept = ok(await young.get(`${CONTACT}/idNumber`));
    assert.equal(kept.idNumber, '**************0023');
    assert.ok(fs.existsSync(path.join(db.dataDir, 'uploads', `${y.id}.enc`)));
    // Verified contacts ask for a new number and photo on their next change.
    assert.deepEqual(isError(await verified.put(CONTACT, { phone: '416-555-0199' }), 400).errors, ['ID number is required', 'A photo of the ID document is required']);
  });

  test("the shopper's own delete: contact, number, photo and consent gone at once", async () => {
    const s = await shopper();
    const { id } = await submitted(s);
    const other = await shopper();
    const o = await submitted(other, '110105194912310029');
    const answer = ok(await s.req('DELETE', CONTACT));
    assert.equal(answer.status, 'NONE');
    const after = ok(await s.get(`${CONTACT}/idNumber`));
    assert.deepEqual([after.status, after.consentVersion, after.idNumber], ['NONE', null, null]);
    assert.equal((await image(s, id)).status, 404);
    assert.equal(fs.existsSync(path.join(db.dataDir, 'uploads', `${id}.enc`)), false);
    assert.equal((await srv.app.db.query(`SELECT 1 FROM uploads WHERE user_id = $1 AND kind = 'verifiedContact'`, [s.userId])).rowCount, 0);
    // Asking again needs consent again; another shopper's contact is untouched.
    assert.equal((await s.upload('/admin/userManagement/image/verifiedContact/upload', PHOTO)).status, 403);
    assert.equal(ok(await other.get(`${CONTACT}/idNumber`)).status, 'PENDING');
    assert.ok(fs.existsSync(path.join(db.dataDir, 'uploads', `${o.id}.enc`)));
    isError(await new Shopper(srv.base).req('DELETE', CONTACT), 401);
  });

  test('a plain row from before is sealed by the worker; key rotation: reencrypt moves every number and photo to the new key', async () => {
    const s = await shopper();
    const { id } = await submitted(s, '110105194912310031');
    // A contact from before migration 520: number and photo plain.
    const legacy = await shopper();
    const plainId = crypto.randomBytes(16).toString('hex');
    fs.writeFileSync(path.join(db.dataDir, 'uploads', `${plainId}.png`), PHOTO);
    await srv.app.db.query(`INSERT INTO uploads (id, user_id, kind, mime, bytes) VALUES ($1, $2, 'verifiedContact', 'image/png', $3)`, [plainId, legacy.userId, PHOTO.length]);
    await srv.app.db.query(`INSERT INTO verified_contacts (user_id, real_name, phone, id_type, id_number, id_image) VALUES ($1, 'Old Row', '+86 138 0013 8000', 'PASSPORT', 'E12345678', $2)`, [legacy.userId, plainId]);

    const oldKeys = loadIdKeys(srv.app.config)!;
    // The retention worker's round seals what is plain, under the current key.
    await srv.app.idRetention.tick();
    const byWorker = (await srv.app.db.query('SELECT id_number, id_number_enc FROM verified_contacts WHERE user_id = $1', [legacy.userId])).rows[0];
    assert.equal(byWorker.id_number, null);
    assert.equal(textKeyId(byWorker.id_number_enc), oldKeys.current.id);
    assert.equal(fs.existsSync(path.join(db.dataDir, 'uploads', `${plainId}.png`)), false);
    assert.equal(fileKeyId(fs.readFileSync(path.join(db.dataDir, 'uploads', `${plainId}.enc`))), oldKeys.current.id);

    const next = keysOf(crypto.randomBytes(32), [oldKeys.current.key]);
    const first = await reencryptAll(srv.app.db, next, db.dataDir, { all: true });
    assert.equal(first.leftUnderOldKeys, 0);
    assert.ok(first.numbers >= 2 && first.photos >= 2, JSON.stringify(first));
    const { rows } = await srv.app.db.query('SELECT user_id, id_number, id_number_enc FROM verified_contacts WHERE user_id = ANY($1) ORDER BY user_id', [[s.userId, legacy.userId]]);
    for (const r of rows as any[]) {
      assert.equal(r.id_number, null);
      assert.equal(textKeyId(r.id_number_enc), next.current.id);
    }
    assert.deepEqual(rows.map((r: any) => openText(next, r.id_number_enc)), ['110105194912310031', 'E12345678']);
    assert.equal(fileKeyId(fs.readFileSync(path.join(db.dataDir, 'uploads', `${id}.enc`))), next.current.id);
    assert.deepEqual(openFile(next, fs.readFileSync(path.join(db.dataDir, 'uploads', `${plainId}.enc`))), PHOTO);
    // A second run has nothing left to do.
    const again = await reencryptAll(srv.app.db, next, db.dataDir, { all: true });
    assert.deepEqual([again.numbers, again.photos, again.leftUnderOldKeys], [0, 0, 0]);
    // The old key alone no longer opens them.
    assert.throws(() => openText(oldKeys, rows[0].id_number_enc), /neither ID_ENCRYPTION_KEY/);
  });
});
