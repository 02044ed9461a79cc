/**
 * Profile picture upload (client: accountApi.uploadProfileImage). The file is checked (PNG, JPEG, GIF or WebP by
 * its bytes, at most 5 MB), written under DATA_DIR/uploads, and becomes the user's profileImage 'user/<id>'.
 * It is served to its owner at admin/userManagement/image/user/<id> (spec §7) and, as avatars are shown to the
 * page like any store image, under the CDN path common3/image/user/<id> (unguessable id).
 *
 * The verified contact's ID photo (client: accountApi.uploadIdPhoto) is checked and stored the same way as an upload of
 * kind 'verifiedContact', but is served only to its owner (never under common3/image, never cached by shared caches);
 * src/routes/verifiedContact.ts attaches it to the contact.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdPhotoUpload, ProfileImageUpload, UploadParams } from '../../../contract/account.ts';
import { UploadedImage } from '../../../contract/content.ts';
import { requireUser } from '../lib/session.ts';
import { MAX_IMAGE_BYTES, sniffImage, uploadPath } from '../uploads/images.ts';
import { boundaryOf, fileParts } from '../uploads/multipart.ts';

/** Multipart bodies are read by imageOf, not validated by a schema. */
const multipart = ['multipart/form-data'];

export default async function uploadRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const dir = path.join(app.config.dataDir, 'uploads');
  await fs.mkdir(dir, { recursive: true });
  const fileOf = (id: string, ext: string) => path.join(dir, `${id}.${ext}`);
  const removeFile = (row: { id: string; mime: string }) => fs.rm(uploadPath(app.config.dataDir, row.id, row.mime), { force: true });

  // Only this plugin takes multipart bodies, and only up to the image limit plus the form's own overhead.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 64 * 1024 }, (_req, body, done) => done(null, body));

  /** The uploaded image of a multipart body (field "file", or the only file): 400 / 413 / 415 when it is not one. */
  function imageOf(req: FastifyRequest, what: string) {
    const boundary = boundaryOf(req.headers['content-type']);
    if (!boundary || !Buffer.isBuffer(req.body)) throw badRequest(`Send the ${what} as multipart/form-data (field "file")`);
    let parts;
    try {
      parts = fileParts(req.body, boundary);
    } catch (err) {
      throw badRequest(`The upload could not be read: ${(err as Error).message}`);
    }
    const file = parts.find((p) => p.field === 'file') ?? parts[0];
    if (!file || file.data.length === 0) throw badRequest(`No ${what} in the upload`);
    if (file.data.length > MAX_IMAGE_BYTES) throw new ApiError(413, `The ${what} is larger than 5 MB`);
    const type = sniffImage(file.data);
    if (!type) throw new ApiError(415, `The ${what} must be a PNG, JPEG, GIF or WebP image`);
    return { data: file.data, type };
  }

  app.post('/admin/userManagement/image/upload', {
    schema: { consumes: multipart, response: { 200: ProfileImageUpload } },
  }, async (req) => {
    const s = await requireUser(req);
    const { data, type } = imageOf(req, 'picture');
    const id = crypto.randomBytes(16).toString('hex');
    await fs.writeFile(fileOf(id, type.ext), data);
    const previous = await db.tx(async (q) => {
      const old = await q.query(`DELETE FROM uploads WHERE user_id = $1 AND kind = 'profile' RETURNING id, mime`, [s.userId]);
      await q.query(`INSERT INTO uploads (id, user_id, kind, mime, bytes) VALUES ($1, $2, 'profile', $3, $4)`, [id, s.userId, type.mime, data.length]);
      await q.query('UPDATE users SET profile_image = $1 WHERE id = $2', [`user/${id}`, s.userId]);
      return old.rows as { id: string; mime: string }[];
    });
    // The replaced picture is no longer anyone's; a failed delete only leaves a stray file.
    await Promise.all(previous.map(removeFile));
    return { id, profileImage: `user/${id}` };
  });

  app.post('/admin/userManagement/image/verifiedContact/upload', {
    schema: { consumes: multipart, response: { 200: IdPhotoUpload } },
  }, async (req) => {
    const s = await requireUser(req);
    const { data, type } = imageOf(req, 'ID photo');
    const id = crypto.randomBytes(16).toString('hex');
    await fs.writeFile(fileOf(id, type.ext), data);
    // Earlier ID photos that no contact uses (a photo chosen, then another) are dropped; the one on file stays until
    // a change of the contact replaces it.
    const strays = await db.tx(async (q) => {
      const old = await q.query(
        `DELETE FROM uploads u WHERE u.user_id = $1 AND u.kind = 'verifiedContact'
           AND NOT EXISTS (SELECT 1 FROM verified_contacts v WHERE v.id_image = u.id) RETURNING id, mime`, [s.userId]);
      await q.query(`INSERT INTO uploads (id, user_id, kind, mime, bytes) VALUES ($1, $2, 'verifiedContact', $3, $4)`, [id, s.userId, type.mime, data.length]);
      return old.rows as { id: string; mime: string }[];
    });
    await Promise.all(strays.map(removeFile));
    return { id, idImage: `user/${id}` };
  });

  async function send(reply: FastifyReply, row: { id: string; mime: string; kind?: string } | undefined) {
    if (!row) throw notFound('Image not found');
    const data = await fs.readFile(uploadPath(app.config.dataDir, row.id, row.mime)).catch(() => null);
    if (!data) throw notFound('Image not found');
    // A new picture gets a new id, so a given address never changes. An ID photo is kept out of every cache.
    const cache = row.kind === 'verifiedContact' ? 'private, no-store' : 'private, max-age=31536000, immutable';
    return reply.header('Cache-Control', cache).type(row.mime).send(data);
  }

  app.get('/admin/userManagement/image/user/:id', { schema: { params: UploadParams, response: { 200: UploadedImage } } }, async (req, reply) => {
    const s = await requireUser(req);
    const { rows } = await db.query('SELECT id, mime, kind FROM uploads WHERE id = $1 AND user_id = $2', [(req.params as { id: string }).id, s.userId]);
    return send(reply, rows[0]);
  });
  app.get('/common3/image/user/:id', { schema: { params: UploadParams, response: { 200: UploadedImage } } }, async (req, reply) => {
    const { rows } = await db.query(`SELECT id, mime FROM uploads WHERE id = $1 AND kind = 'profile'`, [(req.params as { id: string }).id]);
    return send(reply, rows[0]);
  });
}
