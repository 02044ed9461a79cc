/**
 * Verified contact (spec §7; client: accountApi.verifiedContact / submitVerifiedContact / updateVerifiedContact /
 * consentToIdPurpose / deleteVerifiedContact). Rules in src/services/verifiedContact.ts; the ID photo is uploaded by
 * src/routes/uploads.ts. Every call is the signed-in shopper's own (no id in the address); guests get 401 from the
 * /admin/ guard. Issue 41 item 3: the separate consent comes first (POST …/consent), and the shopper may delete it all
 * (DELETE).
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdConsentEntry, VerifiedContact, VerifiedContactEntry } from '../../../contract/account.ts';
import { NoBody } from '../../../contract/common.ts';
import { requireUser } from '../lib/session.ts';
import { loadIdKeys } from '../lib/idCrypto.ts';
import { storedFilePath } from '../uploads/images.ts';
import { deleteContact, getContact, giveConsent, submitContact, updateContact, NO_CONTACT } from '../services/verifiedContact.ts';
import { dropUpload, type StoredUpload } from '../services/uploads.ts';

export default async function verifiedContactRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const schema = { body: VerifiedContactEntry, response: { 200: VerifiedContact } };
  const p = { keys: loadIdKeys(app.config), retentionDays: app.config.idRetentionDays };
  // A file no row names any more is no one's; a failed delete only leaves a stray (sealed) file.
  const removeFiles = (rows: StoredUpload[]) => Promise.all(rows.map((r) => fs.rm(storedFilePath(app.config.dataDir, r), { force: true })));

  app.get('/admin/userManagement/verifiedContact/idNumber', { schema: { response: { 200: VerifiedContact } } }, async (req) => {
    const s = await requireUser(req);
    return getContact(db, p, s.userId);
  });

  app.post('/admin/userManagement/verifiedContact/consent', { schema: { body: IdConsentEntry, response: { 200: VerifiedContact } } }, async (req) => {
    const s = await requireUser(req);
    return db.tx((q) => giveConsent(q, p, s.userId, req.body.purposeVersion));
  });

  app.post('/admin/userManagement/verifiedContact', { schema }, async (req) => {
    const s = await requireUser(req);
    return db.tx((q) => submitContact(q, p, s.userId, req.body ?? {}));
  });

  app.put('/admin/userManagement/verifiedContact', { schema }, async (req) => {
    const s = await requireUser(req);
    const { view, replacedImage } = await db.tx(async (q) => {
      const out = await updateContact(q, p, s.userId, req.body ?? {});
      if (!out.replacedImage) return { ...out, replacedImage: null };
      return { view: out.view, replacedImage: await dropUpload(q, out.replacedImage, s.userId) };
    });
    if (replacedImage) await removeFiles([replacedImage]);
    return view;
  });

  app.delete('/admin/userManagement/verifiedContact', { schema: { body: NoBody, response: { 200: VerifiedContact } } }, async (req) => {
    const s = await requireUser(req);
    await removeFiles(await db.tx((q) => deleteContact(q, s.userId)));
    return { ...NO_CONTACT, retentionDays: p.retentionDays };
  });
}
