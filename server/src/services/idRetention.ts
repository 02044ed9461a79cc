/**
 * ID retention (issue 41 item 3; PIPL Art. 19 and 47: kept no longer than the purpose needs). A worker (lib/pollingWorker.ts,
 * started by app.ts) deletes, every ID_RETENTION_POLL_MS:
 * - the ID number and photo of a contact ID_RETENTION_DAYS after it was verified (its name, phone, type and VERIFIED
 *   status stay, with id_erased_at), or the whole contact ID_RETENTION_DAYS after a submission never verified;
 * - ID photos uploaded but never attached to a contact, a day after their upload.
 * What is due is read from the dates in the database, so a restart loses nothing: the first round after it catches up.
 * Each round also seals what a database from before migration 520 holds plain (`sealLegacy`), which
 * `npm run verified-contacts -- reencrypt` does too, re-sealing under the current key (rotation, `reencryptAll`).
 */
import fs from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/index.ts';
import { fileKeyId, loadIdKeys, openFile, openText, sealFile, sealText, textKeyId, type IdKeys } from '../lib/idCrypto.ts';
import { PollingWorker } from '../lib/pollingWorker.ts';
import { storedFilePath } from '../uploads/images.ts';
import type { StoredUpload } from './uploads.ts';

/** A contact's ID details are due this long after its verification, or after its submission when never verified. */
const DUE = `coalesce(v.verified_at, v.submitted_at) + make_interval(days => $1) <= now()`;
/** An ID photo no contact names is a stray after a day (the form uploads it just before it submits). */
const STRAY_HOURS = 24;

/** Deletes what is past its retention; answers the photos whose files go (the caller removes them after the commit). */
export async function expireIdDetails(q: Queryable, retentionDays: number): Promise<StoredUpload[]> {
  // Never verified: the whole contact goes (nothing was confirmed to keep).
  const pending = await q.query(
    `DELETE FROM verified_contacts v WHERE v.status = 'PENDING' AND ${DUE} RETURNING id_image`, [retentionDays]);
  const erased = await q.query(
    `WITH due AS (SELECT user_id, id_image FROM verified_contacts v
                   WHERE v.status = 'VERIFIED' AND v.id_erased_at IS NULL AND ${DUE} FOR UPDATE)
     UPDATE verified_contacts c SET id_number = NULL, id_number_enc = NULL, id_image = NULL, id_erased_at = now()
       FROM due WHERE c.user_id = due.user_id RETURNING due.id_image`, [retentionDays]);
  const photos = [...pending.rows, ...erased.rows].map((r: any) => r.id_image).filter(Boolean);
  const { rows } = await q.query(
    `DELETE FROM uploads u WHERE u.kind = 'verifiedContact'
       AND (u.id = ANY($1::text[])
            OR (u.created_at < now() - make_interval(hours => $2) AND NOT EXISTS (SELECT 1 FROM verified_contacts v WHERE v.id_image = u.id)))
     RETURNING id, mime, kind, sealed`, [photos, STRAY_HOURS]);
  return rows as StoredUpload[];
}

export const removeIdFiles = (dataDir: string, rows: StoredUpload[]) =>
  Promise.all(rows.map((r) => fs.rm(storedFilePath(dataDir, r), { force: true })));

export interface Resealed {
  numbers: number;
  photos: number;
  /** Values left under a key that is not the current one (none once a run has finished; then the old key may go). */
  leftUnderOldKeys: number;
}

/**
 * Seals under the current key every ID number and ID photo that is plain (from before migration 520) or, with
 * `all`, under an older key (rotation). One row at a time, each in its own transaction; a photo's new file is written
 * beside the old one and takes its place by rename, so a run stopped half-way leaves every value readable.
 */
export async function reencryptAll(db: Db, keys: IdKeys, dataDir: string, opts: { all: boolean }): Promise<Resealed> {
  const out: Resealed = { numbers: 0, photos: 0, leftUnderOldKeys: 0 };
  const current = keys.current.id;
  // Without `all` only what is still plain (a worker's round reads no sealed value).
  const { rows: contacts } = await db.query(opts.all
    ? 'SELECT user_id, id_number, id_number_enc FROM verified_contacts WHERE id_number IS NOT NULL OR id_number_enc IS NOT NULL'
    : 'SELECT user_id, id_number, id_number_enc FROM verified_contacts WHERE id_number IS NOT NULL');
  for (const c of contacts as any[]) {
    if (c.id_number_enc && (!opts.all || textKeyId(c.id_number_enc) === current)) continue;
    const plain = c.id_number ?? openText(keys, c.id_number_enc);
    const { rowCount } = await db.query(
      `UPDATE verified_contacts SET id_number = NULL, id_number_enc = $2 WHERE user_id = $1
         AND id_number IS NOT DISTINCT FROM $3 AND id_number_enc IS NOT DISTINCT FROM $4`,
      [c.user_id, sealText(keys, plain), c.id_number, c.id_number_enc]);
    out.numbers += rowCount;
  }
  const { rows: photos } = await db.query(`SELECT id, mime, kind, sealed FROM uploads WHERE kind = 'verifiedContact'${opts.all ? '' : ' AND NOT sealed'}`);
  for (const p of photos as StoredUpload[]) {
    const file = storedFilePath(dataDir, p);
    const data = await fs.readFile(file).catch(() => null);
    if (!data) continue;
    if (p.sealed && (!opts.all || fileKeyId(data) === current)) continue;
    const sealed = sealFile(keys, p.sealed ? openFile(keys, data) : data);
    const target = storedFilePath(dataDir, { ...p, sealed: true });
    await fs.writeFile(`${target}.new`, sealed, { mode: 0o600 });
    await fs.rename(`${target}.new`, target);
    if (!p.sealed) {
      await db.query('UPDATE uploads SET sealed = true WHERE id = $1', [p.id]);
      await fs.rm(file, { force: true });
    }
    out.photos += 1;
  }
  if (opts.all) {
    const { rows } = await db.query('SELECT id_number_enc FROM verified_contacts WHERE id_number_enc IS NOT NULL');
    out.leftUnderOldKeys += rows.filter((r: any) => textKeyId(r.id_number_enc) !== current).length;
    for (const p of (await db.query(`SELECT id, mime, kind, sealed FROM uploads WHERE kind = 'verifiedContact' AND sealed`)).rows as StoredUpload[]) {
      const data = await fs.readFile(storedFilePath(dataDir, p)).catch(() => null);
      if (data && fileKeyId(data) !== current) out.leftUnderOldKeys += 1;
    }
  }
  return out;
}

export class IdRetentionWorker extends PollingWorker {
  private readonly keys: IdKeys | null;

  constructor(private readonly db: Db, private readonly opts: { dataDir: string; retentionDays: number; keys: IdKeys | null; pollMs: number; log: FastifyBaseLogger }) {
    super(opts.pollMs);
    this.keys = opts.keys;
  }

  protected async round(): Promise<void> {
    try {
      const gone = await this.db.tx((q) => expireIdDetails(q, this.opts.retentionDays));
      await removeIdFiles(this.opts.dataDir, gone);
      if (gone.length) this.opts.log.info(`ID retention: ${gone.length} ID photo(s) deleted past ID_RETENTION_DAYS=${this.opts.retentionDays}`);
      if (this.keys) await reencryptAll(this.db, this.keys, this.opts.dataDir, { all: false });
    } catch (err) {
      this.opts.log.error({ err }, 'ID retention round failed');
    }
  }
}

/** app.ts: the worker of this server, stopped before the database closes. */
export function startIdRetention(app: FastifyInstance): IdRetentionWorker {
  const c = app.config;
  const keys = loadIdKeys(c);
  if (!keys) app.log.warn('ID_ENCRYPTION_KEY is not set: verified contacts take no ID number or photo (503) until it is (server/README.md "Verified contact: what is kept")');
  const worker = new IdRetentionWorker(app.db, { dataDir: c.dataDir, retentionDays: c.idRetentionDays, keys, pollMs: c.idRetentionPollMs, log: app.log });
  app.decorate('idRetention', worker);
  app.addHook('preClose', () => worker.stop());
  worker.start();
  return worker;
}

declare module 'fastify' {
  interface FastifyInstance {
    idRetention: IdRetentionWorker;
  }
}
