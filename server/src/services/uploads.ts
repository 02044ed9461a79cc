/** The uploads table: who owns which stored image (profile pictures, verified-contact ID photos). */
import type { Db, Queryable } from '../db/index.ts';

export interface StoredUpload {
  id: string;
  mime: string;
  kind?: string;
  /** The file is sealed (an ID photo: DATA_DIR/uploads/<id>.enc, lib/idCrypto.ts). */
  sealed?: boolean;
}

/** Records a new profile picture as the user's; answers the pictures it replaces (their files may go). */
export async function replaceProfileImage(db: Db, userId: number, upload: { id: string; mime: string; bytes: number }): Promise<StoredUpload[]> {
  return db.tx(async (q) => {
    const old = await q.query(`DELETE FROM uploads WHERE user_id = $1 AND kind = 'profile' RETURNING id, mime`, [userId]);
    await q.query(`INSERT INTO uploads (id, user_id, kind, mime, bytes) VALUES ($1, $2, 'profile', $3, $4)`, [upload.id, userId, upload.mime, upload.bytes]);
    await q.query('UPDATE users SET profile_image = $1 WHERE id = $2', [`user/${upload.id}`, userId]);
    return old.rows as StoredUpload[];
  });
}

/**
 * Serialises a shopper's ID-photo uploads with their verified-contact changes (security probe finding 13): the
 * upload drops photos no contact uses, so without one order a submission could pick a photo the upload is dropping
 * (a foreign-key error, 500, on PostgreSQL). NO KEY UPDATE does not hold up rows that merely reference the user.
 */
export async function lockIdPhotos(q: Queryable, userId: number) {
  await q.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
}

/**
 * Records a new ID photo; earlier ones no contact uses (a photo chosen, then another) are dropped and answered, while the
 * one on file stays until a change of the contact replaces it.
 */
export async function addIdPhoto(db: Db, userId: number, upload: { id: string; mime: string; bytes: number }, check: (q: Queryable) => Promise<unknown>): Promise<StoredUpload[]> {
  return db.tx(async (q) => {
    await check(q);
    await lockIdPhotos(q, userId);
    const old = await q.query(
      `DELETE FROM uploads u WHERE u.user_id = $1 AND u.kind = 'verifiedContact'
         AND NOT EXISTS (SELECT 1 FROM verified_contacts v WHERE v.id_image = u.id) RETURNING id, mime, kind, sealed`, [userId]);
    await q.query(`INSERT INTO uploads (id, user_id, kind, mime, bytes, sealed) VALUES ($1, $2, 'verifiedContact', $3, $4, true)`, [upload.id, userId, upload.mime, upload.bytes]);
    return old.rows as StoredUpload[];
  });
}

/** An upload of this user. */
export async function ownUpload(q: Queryable, id: string, userId: number): Promise<StoredUpload | undefined> {
  const { rows } = await q.query('SELECT id, mime, kind, sealed FROM uploads WHERE id = $1 AND user_id = $2', [id, userId]);
  return rows[0];
}

/** A profile picture or influencer image (shown to anyone who has its unguessable id). */
export async function profilePicture(q: Queryable, id: string): Promise<StoredUpload | undefined> {
  const { rows } = await q.query(`SELECT id, mime FROM uploads WHERE id = $1 AND kind IN ('profile', 'influencer')`, [id]);
  return rows[0];
}

/** Forgets an upload of this user; answers it when there was one. */
export async function dropUpload(q: Queryable, id: string, userId: number): Promise<StoredUpload | undefined> {
  const { rows } = await q.query('DELETE FROM uploads WHERE id = $1 AND user_id = $2 RETURNING id, mime, kind, sealed', [id, userId]);
  return rows[0];
}
