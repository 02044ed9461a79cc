/**
 * Verified contact (spec §7; routes in src/routes/verifiedContact.ts, operator CLI in scripts/verified-contacts.ts).
 * A signed-in shopper gives their real name, a phone number and one identity document (type, number, photo); the store
 * checks it and marks it VERIFIED. Any change to a submitted contact makes it PENDING again. The id number is only ever
 * answered masked (all but its last 4 characters).
 *
 * Issue 41 item 3 (PIPL Art. 28–29): nothing is taken before the shopper's separate consent to the stated purpose
 * (`giveConsent`, the version ID_PURPOSE_VERSION); the ID number is stored sealed (lib/idCrypto.ts) and so is the photo's
 * file (routes/uploads.ts); the number and photo are deleted ID_RETENTION_DAYS after submission or verification
 * (services/idRetention.ts), and the shopper may delete them, with the whole contact and the consent, at any time
 * (`deleteContact`).
 */
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { noKeyError, openText, sealText, type IdKeys } from '../lib/idCrypto.ts';
import { PHONE_RE } from './validate.ts';
import { lockIdPhotos, type StoredUpload } from './uploads.ts';
import { ID_PURPOSE_VERSION, ID_TYPES, type IdType } from '../../../contract/constants.ts';
export type ContactStatus = 'NONE' | 'PENDING' | 'VERIFIED';

/** After normalising (upper case, spaces and hyphens dropped): letters and digits only, length per type. */
export const ID_NUMBER_LENGTH: Record<IdType, [number, number]> = {
  NATIONAL_ID: [6, 30],
  PASSPORT: [6, 12],
  DRIVERS_LICENCE: [6, 30],
};
const ID_TYPE_WORDS: Record<IdType, string> = { NATIONAL_ID: 'National ID', PASSPORT: 'Passport', DRIVERS_LICENCE: "Driver's licence" };
export const NAME_MAX = 100;
/** An upload of the ID photo, as the upload call answers it: 'user/<32 hex>'. */
export const ID_IMAGE_RE = /^user\/([a-f0-9]{32})$/;

export interface ContactInput {
  realName?: string;
  phone?: string;
  idType?: string;
  idNumber?: string;
  idImage?: string;
}

export interface ContactView {
  status: ContactStatus;
  realName: string | null;
  phone: string | null;
  idType: IdType | null;
  /** Masked: every character but the last 4 is '*'. */
  idNumber: string | null;
  /** 'user/<id>': the owner fetches it at admin/userManagement/image/user/<id>. */
  idImage: string | null;
  submittedAt: string | null;
  verifiedAt: string | null;
  consentVersion: string | null;
  consentGivenAt: string | null;
  /** When the retention worker deletes the number and photo on file. */
  idDeleteAt: string | null;
  idErasedAt: string | null;
  retentionDays: number;
}

/** What the ID rules need of the server: the keys (null: production without ID_ENCRYPTION_KEY) and the retention. */
export interface IdProtection {
  keys: IdKeys | null;
  retentionDays: number;
}

export const NO_CONTACT: Omit<ContactView, 'retentionDays'> = {
  status: 'NONE', realName: null, phone: null, idType: null, idNumber: null, idImage: null, submittedAt: null, verifiedAt: null,
  consentVersion: null, consentGivenAt: null, idDeleteAt: null, idErasedAt: null,
};

export const normaliseIdNumber = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

export function maskIdNumber(n: string): string {
  return n.length <= 4 ? '*'.repeat(n.length) : '*'.repeat(n.length - 4) + n.slice(-4);
}

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

const DAY_MS = 86_400_000;

/** The number on file, opened (a row from before migration 520 may still hold it plain until the worker seals it). */
function numberOf(p: IdProtection, r: any): string {
  if (r.id_number_enc) {
    if (!p.keys) throw noKeyError();
    return openText(p.keys, r.id_number_enc);
  }
  return r.id_number ?? '';
}

/** When the number and photo on file are due for deletion: ID_RETENTION_DAYS after verification, else after submission. */
export const idDeleteAt = (r: { submitted_at: unknown; verified_at: unknown }, days: number) =>
  new Date(new Date((r.verified_at ?? r.submitted_at) as string).getTime() + days * DAY_MS);

function toView(p: IdProtection, r: any, consent: any): ContactView {
  const number = numberOf(p, r);
  const held = !!(number || r.id_image);
  return {
    status: r.status, realName: r.real_name, phone: r.phone, idType: r.id_type, idNumber: number ? maskIdNumber(number) : null,
    idImage: r.id_image ? `user/${r.id_image}` : null, submittedAt: iso(r.submitted_at), verifiedAt: iso(r.verified_at),
    ...consentOf(consent), idDeleteAt: held ? idDeleteAt(r, p.retentionDays).toISOString() : null, idErasedAt: iso(r.id_erased_at),
    retentionDays: p.retentionDays,
  };
}

const consentOf = (c: any) => ({ consentVersion: (c?.purpose_version as string) ?? null, consentGivenAt: iso(c?.given_at) });

async function consentRow(q: Queryable, userId: number) {
  const { rows } = await q.query('SELECT purpose_version, given_at FROM id_consents WHERE user_id = $1', [userId]);
  return rows[0] as any | undefined;
}

/** Nothing of an ID is taken without the shopper's separate consent to the current purpose (PIPL Art. 29), nor without a key. */
export async function requireIdConsent(q: Queryable, p: IdProtection, userId: number): Promise<IdKeys> {
  if (!p.keys) throw noKeyError();
  const c = await consentRow(q, userId);
  if (c?.purpose_version !== ID_PURPOSE_VERSION) {
    throw forbidden('Agree first to why the store asks for your ID details (a separate consent): POST verifiedContact/consent');
  }
  return p.keys;
}

interface Clean {
  realName: string;
  phone: string;
  idType: IdType;
  idNumber: string;
  /** The upload id. */
  imageId: string;
}

/**
 * Checks a submission (every field required when there is no `current`; a PUT's missing fields keep `current`'s) and
 * answers every problem at once in a 400.
 */
export function checkContact(b: ContactInput, current: Clean | null): Clean {
  const errors: string[] = [];

  const realName = b.realName?.trim() ?? current?.realName ?? '';
  if (!realName) errors.push('Real name is required');
  else if (realName.length > NAME_MAX) errors.push(`Real name must be at most ${NAME_MAX} characters`);
  else if (!/\p{L}/u.test(realName) || /[\p{Cc}<>]/u.test(realName)) errors.push('Real name must be a name (letters, no < or >)');

  const phone = b.phone?.trim() ?? current?.phone ?? '';
  if (!phone) errors.push('Phone number is required');
  else if (!PHONE_RE.test(phone)) errors.push('Phone number is not valid');

  const rawType = b.idType?.trim().toUpperCase() ?? current?.idType ?? '';
  const idType = (ID_TYPES as readonly string[]).includes(rawType) ? (rawType as IdType) : null;
  if (!rawType) errors.push('ID type is required');
  else if (!idType) errors.push(`ID type must be one of ${ID_TYPES.join(', ')}`);

  // A new type without a new number: the number on file belongs to the other document.
  const typeChanged = current !== null && idType !== null && idType !== current.idType;
  let idNumber = '';
  if (b.idNumber !== undefined) idNumber = normaliseIdNumber(b.idNumber);
  else if (typeChanged) errors.push('Enter the ID number of the new ID type');
  else idNumber = current?.idNumber ?? '';
  if (b.idNumber !== undefined || !typeChanged) {
    if (!idNumber) errors.push('ID number is required');
    else if (idType) {
      const [min, max] = ID_NUMBER_LENGTH[idType];
      if (!/^[A-Z0-9]+$/.test(idNumber) || idNumber.length < min || idNumber.length > max) {
        errors.push(`${ID_TYPE_WORDS[idType]} number must be ${min} to ${max} letters or digits`);
      }
    }
  }

  let imageId = current?.imageId ?? '';
  if (b.idImage !== undefined) {
    const m = ID_IMAGE_RE.exec(b.idImage.trim());
    if (!m) errors.push("idImage must be the 'idImage' answered by the ID photo upload");
    else imageId = m[1];
  }
  if (!imageId && b.idImage === undefined) errors.push('A photo of the ID document is required');

  if (errors.length) throw badRequest(errors);
  return { realName, phone, idType: idType!, idNumber, imageId };
}

async function currentRow(q: Queryable, userId: number, lock = false) {
  const { rows } = await q.query(`SELECT * FROM verified_contacts WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`, [userId]);
  return rows[0] as any | undefined;
}

const cleanOf = (p: IdProtection, r: any): Clean => ({ realName: r.real_name, phone: r.phone, idType: r.id_type, idNumber: numberOf(p, r), imageId: r.id_image ?? '' });

/** The photo must be this shopper's own ID-photo upload. */
async function checkImage(q: Queryable, userId: number, imageId: string) {
  const { rows } = await q.query(`SELECT 1 FROM uploads WHERE id = $1 AND user_id = $2 AND kind = 'verifiedContact'`, [imageId, userId]);
  if (!rows.length) throw badRequest('The ID photo was not found: upload it again');
}

export async function getContact(q: Queryable, p: IdProtection, userId: number): Promise<ContactView> {
  const row = await currentRow(q, userId);
  const consent = await consentRow(q, userId);
  return row ? toView(p, row, consent) : { ...NO_CONTACT, ...consentOf(consent), retentionDays: p.retentionDays };
}

/** The shopper's separate consent to the purpose they were shown (400 for another version than the current one). */
export async function giveConsent(q: Queryable, p: IdProtection, userId: number, purposeVersion: string): Promise<ContactView> {
  if (purposeVersion !== ID_PURPOSE_VERSION) throw badRequest(`purposeVersion must be the current one (${ID_PURPOSE_VERSION}): reload and read the purpose again`);
  await q.query(
    `INSERT INTO id_consents (user_id, purpose_version) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET purpose_version = EXCLUDED.purpose_version, given_at = now()`,
    [userId, purposeVersion],
  );
  return getContact(q, p, userId);
}

/**
 * The shopper's "delete my ID details": the contact (name, phone, number), every ID photo of theirs and the consent
 * are deleted; answers the photos whose files the caller removes, and NONE.
 */
export async function deleteContact(q: Queryable, userId: number): Promise<StoredUpload[]> {
  await lockIdPhotos(q, userId);
  await q.query('DELETE FROM verified_contacts WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM id_consents WHERE user_id = $1', [userId]);
  const { rows } = await q.query(`DELETE FROM uploads WHERE user_id = $1 AND kind = 'verifiedContact' RETURNING id, mime, kind, sealed`, [userId]);
  return rows as StoredUpload[];
}

/** POST: the first submission (409 when there is one already: change it with PUT). */
export async function submitContact(q: Queryable, p: IdProtection, userId: number, b: ContactInput): Promise<ContactView> {
  const keys = await requireIdConsent(q, p, userId);
  const c = checkContact(b, null);
  await lockIdPhotos(q, userId);
  if (await currentRow(q, userId, true)) throw conflict('You have already submitted a verified contact; change it instead (PUT)');
  await checkImage(q, userId, c.imageId);
  const { rows } = await q.query(
    `INSERT INTO verified_contacts (user_id, real_name, phone, id_type, id_number_enc, id_image) VALUES ($1,$2,$3,$4,$5,$6)
     ON CONFLICT (user_id) DO NOTHING RETURNING *`,
    [userId, c.realName, c.phone, c.idType, sealText(keys, c.idNumber), c.imageId],
  );
  if (!rows[0]) throw conflict('You have already submitted a verified contact; change it instead (PUT)');
  return toView(p, rows[0], await consentRow(q, userId));
}

/**
 * PUT: changes the given fields (404 when nothing was submitted yet). Any real change makes the contact PENDING again.
 * Returns the view and the id of a photo that is no longer used (the caller deletes its file).
 */
export async function updateContact(q: Queryable, p: IdProtection, userId: number, b: ContactInput): Promise<{ view: ContactView; replacedImage: string | null }> {
  const keys = await requireIdConsent(q, p, userId);
  await lockIdPhotos(q, userId);
  const row = await currentRow(q, userId, true);
  if (!row) throw notFound('No verified contact yet; submit one first (POST)');
  const before = cleanOf(p, row);
  const c = checkContact(b, before);
  if (c.imageId !== before.imageId) await checkImage(q, userId, c.imageId);
  const changed = (Object.keys(c) as (keyof Clean)[]).some((k) => c[k] !== before[k]);
  const consent = await consentRow(q, userId);
  if (!changed) return { view: toView(p, row, consent), replacedImage: null };
  const { rows } = await q.query(
    `UPDATE verified_contacts SET real_name = $2, phone = $3, id_type = $4, id_number = NULL, id_number_enc = $5, id_image = $6,
       status = 'PENDING', submitted_at = now(), verified_at = NULL, id_erased_at = NULL WHERE user_id = $1 RETURNING *`,
    [userId, c.realName, c.phone, c.idType, sealText(keys, c.idNumber), c.imageId],
  );
  return { view: toView(p, rows[0], consent), replacedImage: before.imageId && c.imageId !== before.imageId ? before.imageId : null };
}

/** Operator: marks a shopper's contact VERIFIED (scripts/verified-contacts.ts). Returns false when there is none. */
export async function verifyContact(q: Queryable, userId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE verified_contacts SET status = 'VERIFIED', verified_at = now() WHERE user_id = $1`, [userId]);
  return rowCount > 0;
}

/** Operator: contacts with the full id number (opened with the keys), oldest submission first. */
export async function listContacts(q: Queryable, p: IdProtection, status?: 'PENDING' | 'VERIFIED') {
  const { rows } = await q.query(
    `SELECT v.*, u.email, f.mime AS image_mime, f.sealed AS image_sealed FROM verified_contacts v JOIN users u ON u.id = v.user_id
       LEFT JOIN uploads f ON f.id = v.id_image
     WHERE ($1::text IS NULL OR v.status = $1) ORDER BY v.submitted_at, v.user_id`, [status ?? null]);
  return rows.map((r: any) => ({
    userId: r.user_id as number, email: r.email as string, status: r.status as string, realName: r.real_name as string, phone: r.phone as string,
    idType: r.id_type as string, idNumber: numberOf(p, r) || null, imageId: (r.id_image as string) ?? null, imageMime: (r.image_mime as string) ?? null,
    imageSealed: r.image_sealed === true, submittedAt: iso(r.submitted_at), verifiedAt: iso(r.verified_at), idErasedAt: iso(r.id_erased_at),
  }));
}
