/**
 * Profile picture upload (client: accountApi.uploadProfileImage). The file is checked (PNG, JPEG, GIF or WebP by
 * its bytes, at most 5 MB), written under DATA_DIR/uploads, and becomes the user's profileImage 'user/<id>'.
 * It is served to its owner at admin/userManagement/image/user/<id> (spec §7) and, as avatars are shown to the
 * page like any store image, under the CDN path common3/image/user/<id> (unguessable id).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { Type, obj } from '../lib/schemas.ts';
import { requireUser } from '../lib/session.ts';
import { MAX_IMAGE_BYTES, sniffImage } from '../uploads/images.ts';
import { boundaryOf, fileParts } from '../uploads/multipart.ts';

const IdParam = Type.Object({ id: Type.String({ pattern: '^[a-f0-9]{32}$' }) });

export default async function uploadRoutes(app: FastifyInstance) {
  const db = app.db;
  const dir = path.join(app.config.dataDir, 'uploads');
  await fs.mkdir(dir, { recursive: true });
  const fileOf = (id: string, ext: string) => path.join(dir, `${id}.${ext}`);
  const extOf = (mime: string) => mime.split('/')[1].replace('jpeg', 'jpg');

  // Only this plugin takes multipart bodies, and only up to the image limit plus the form's own overhead.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 64 * 1024 }, (_req, body, done) => done(null, body));

  app.post('/admin/userManagement/image/upload', {
    schema: { response: { 200: obj({ id: Type.String(), profileImage: Type.String() }) } },
  }, async (req) => {
    const s = await requireUser(req);
    const boundary = boundaryOf(req.headers['content-type']);
    if (!boundary || !Buffer.isBuffer(req.body)) throw badRequest('Send the picture as multipart/form-data (field "file")');
    let parts;
    try {
      parts = fileParts(req.body, boundary);
    } catch (err) {
      throw badRequest(`The upload could not be read: ${(err as Error).message}`);
    }
    const file = parts.find((p) => p.field === 'file') ?? parts[0];
    if (!file || file.data.length === 0) throw badRequest('No picture in the upload');
    if (file.data.length > MAX_IMAGE_BYTES) throw new ApiError(413, 'The picture is larger than 5 MB');
    const type = sniffImage(file.data);
    if (!type) throw new ApiError(415, 'The picture must be a PNG, JPEG, GIF or WebP image');

    const id = crypto.randomBytes(16).toString('hex');
    await fs.writeFile(fileOf(id, type.ext), file.data);
    const previous = await db.tx(async (q) => {
      const old = await q.query(`DELETE FROM uploads WHERE user_id = $1 AND kind = 'profile' RETURNING id, mime`, [s.userId]);
      await q.query(`INSERT INTO uploads (id, user_id, kind, mime, bytes) VALUES ($1, $2, 'profile', $3, $4)`, [id, s.userId, type.mime, file.data.length]);
      await q.query('UPDATE users SET profile_image = $1 WHERE id = $2', [`user/${id}`, s.userId]);
      return old.rows as { id: string; mime: string }[];
    });
    // The replaced picture is no longer anyone's; a failed delete only leaves a stray file.
    await Promise.all(previous.map((p) => fs.rm(fileOf(p.id, extOf(p.mime)), { force: true })));
    return { id, profileImage: `user/${id}` };
  });

  async function send(reply: FastifyReply, row: { id: string; mime: string } | undefined) {
    if (!row) throw notFound('Image not found');
    const data = await fs.readFile(fileOf(row.id, extOf(row.mime))).catch(() => null);
    if (!data) throw notFound('Image not found');
    // A new picture gets a new id, so a given address never changes.
    return reply.header('Cache-Control', 'private, max-age=31536000, immutable').type(row.mime).send(data);
  }

  app.get('/admin/userManagement/image/user/:id', { schema: { params: IdParam } }, async (req, reply) => {
    const s = await requireUser(req);
    const { rows } = await db.query('SELECT id, mime FROM uploads WHERE id = $1 AND user_id = $2', [(req.params as { id: string }).id, s.userId]);
    return send(reply, rows[0]);
  });
  app.get('/common3/image/user/:id', { schema: { params: IdParam } }, async (req, reply) => {
    const { rows } = await db.query(`SELECT id, mime FROM uploads WHERE id = $1 AND kind = 'profile'`, [(req.params as { id: string }).id]);
    return send(reply, rows[0]);
  });
}
