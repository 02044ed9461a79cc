/**
 * Verified contact (spec §7; client: accountApi.verifiedContact / submitVerifiedContact / updateVerifiedContact). Rules in
 * src/services/verifiedContact.ts; the ID photo is uploaded by src/routes/uploads.ts. Every call is the signed-in
 * shopper's own (no id in the address); guests get 401 from the /admin/ guard.
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { VerifiedContact, VerifiedContactEntry } from '../../../contract/account.ts';
import { requireUser } from '../lib/session.ts';
import { uploadPath } from '../uploads/images.ts';
import { getContact, submitContact, updateContact } from '../services/verifiedContact.ts';
import { dropUpload } from '../services/uploads.ts';

export default async function verifiedContactRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const schema = { body: VerifiedContactEntry, response: { 200: VerifiedContact } };

  app.get('/admin/userManagement/verifiedContact/idNumber', { schema: { response: { 200: VerifiedContact } } }, async (req) => {
    const s = await requireUser(req);
    return getContact(db, s.userId);
  });

  app.post('/admin/userManagement/verifiedContact', { schema }, async (req) => {
    const s = await requireUser(req);
    return db.tx((q) => submitContact(q, s.userId, req.body ?? {}));
  });

  app.put('/admin/userManagement/verifiedContact', { schema }, async (req) => {
    const s = await requireUser(req);
    const { view, replacedImage } = await db.tx(async (q) => {
      const out = await updateContact(q, s.userId, req.body ?? {});
      if (!out.replacedImage) return { ...out, replacedImage: null };
      return { view: out.view, replacedImage: await dropUpload(q, out.replacedImage, s.userId) };
    });
    // The replaced ID photo is no longer anyone's; a failed delete only leaves a stray file.
    if (replacedImage) await fs.rm(uploadPath(app.config.dataDir, replacedImage.id, replacedImage.mime), { force: true });
    return view;
  });
}
