/**
 * Profile picture upload (client: accountApi.uploadProfileImage). The file is checked (PNG, JPEG, GIF or WebP by
 * its bytes, at most 5 MB), re-encoded without its metadata (EXIF GPS and author: receive.ts cleanImageOf), written
 * under DATA_DIR/uploads, and becomes the user's profileImage 'user/<id>'.
 * It is served to its owner at admin/userManagement/image/user/<id> (spec §7) and, as avatars are shown to the
 * page like any store image, under the CDN path common3/image/user/<id> (unguessable id).
 *
 * The verified contact's ID photo (client: accountApi.uploadIdPhoto) is checked and stored the same way as an upload of
 * kind 'verifiedContact', but is served only to its owner (never under common3/image, never cached by shared caches);
 * src/routes/verifiedContact.ts attaches it to the contact. It is taken only after the shopper's separate consent, and
 * its re-encoded picture is sealed before it touches the disk (DATA_DIR/uploads/<id>.enc, lib/idCrypto.ts; issue 41).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, notFound } from '../lib/errors.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdPhotoUpload, ProfileImageUpload, UploadParams } from '../../../contract/account.ts';
import { UploadedImage } from '../../../contract/content.ts';
import { requireUser } from '../lib/session.ts';
import { openFile, sealFile, loadIdKeys } from '../lib/idCrypto.ts';
import { storedFilePath } from '../uploads/images.ts';
import { acceptMultipart, cleanImageOf, multipart } from '../uploads/receive.ts';
import { requireIdConsent } from '../services/verifiedContact.ts';
import { addIdPhoto, ownUpload, profilePicture, replaceProfileImage, type StoredUpload } from '../services/uploads.ts';

export default async function uploadRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const dir = path.join(app.config.dataDir, 'uploads');
  await fs.mkdir(dir, { recursive: true });
  const fileOf = (id: string, ext: string) => path.join(dir, `${id}.${ext}`);
  const removeFile = (row: StoredUpload) => fs.rm(storedFilePath(app.config.dataDir, row), { force: true });
  const idProtection = { keys: loadIdKeys(app.config), retentionDays: app.config.idRetentionDays };

  /** Writes the file, then records it; a record that fails (rolled back) takes its file with it: no orphan files. */
  async function stored<T>(file: string, data: Buffer, record: () => Promise<T>): Promise<T> {
    await fs.writeFile(file, data);
    try {
      return await record();
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
  }

  acceptMultipart(app);

  app.post('/admin/userManagement/image/upload', {
    schema: { consumes: multipart, response: { 200: ProfileImageUpload } },
  }, async (req) => {
    const s = await requireUser(req);
    const { data, type } = await cleanImageOf(req, 'picture');
    const id = crypto.randomBytes(16).toString('hex');
    const previous = await stored(fileOf(id, type.ext), data, () => replaceProfileImage(db, s.userId, { id, mime: type.mime, bytes: data.length }));
    // The replaced picture is no longer anyone's; a failed delete only leaves a stray file.
    await Promise.all(previous.map(removeFile));
    return { id, profileImage: `user/${id}` };
  });

  app.post('/admin/userManagement/image/verifiedContact/upload', {
    schema: { consumes: multipart, response: { 200: IdPhotoUpload } },
  }, async (req) => {
    const s = await requireUser(req);
    // No consent, no key: nothing is read or written (403 / 503), checked again with the record below.
    const keys = await requireIdConsent(db, idProtection, s.userId);
    const { data, type } = await cleanImageOf(req, 'ID photo');
    const id = crypto.randomBytes(16).toString('hex');
    const strays = await stored(fileOf(id, 'enc'), sealFile(keys, data), () =>
      addIdPhoto(db, s.userId, { id, mime: type.mime, bytes: data.length }, (q) => requireIdConsent(q, idProtection, s.userId)));
    await Promise.all(strays.map(removeFile));
    return { id, idImage: `user/${id}` };
  });

  function openSealed(file: Buffer): Buffer {
    if (!idProtection.keys) throw new ApiError(503, 'The ID photo cannot be opened: the store has no ID encryption key (ID_ENCRYPTION_KEY)');
    return openFile(idProtection.keys, file);
  }

  async function send(reply: FastifyReply, row: StoredUpload | undefined) {
    if (!row) throw notFound('Image not found');
    const file = await fs.readFile(storedFilePath(app.config.dataDir, row)).catch(() => null);
    if (!file) throw notFound('Image not found');
    const data = row.sealed ? openSealed(file) : file;
    // A new picture gets a new id, so a given address never changes. An ID photo is kept out of every cache.
    const cache = row.kind === 'verifiedContact' ? 'private, no-store' : 'private, max-age=31536000, immutable';
    return reply.header('Cache-Control', cache).type(row.mime).send(data);
  }

  app.get('/admin/userManagement/image/user/:id', { schema: { params: UploadParams, response: { 200: UploadedImage } } }, async (req, reply) => {
    const s = await requireUser(req);
    return send(reply, await ownUpload(db, req.params.id, s.userId));
  });
  app.get('/common3/image/user/:id', { schema: { params: UploadParams, response: { 200: UploadedImage } } }, async (req, reply) => {
    return send(reply, await profilePicture(db, req.params.id));
  });
}
