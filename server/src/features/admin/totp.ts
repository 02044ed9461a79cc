/**
 * The owner's optional second step at sign-in (issue 43): an authenticator app's code (RFC 6238, lib/totp.ts) or a
 * recovery code. The secret is sealed at rest with the ID data's key (lib/idCrypto.ts: ID_ENCRYPTION_KEY; in
 * development the key file in DATA_DIR), re-sealed under the current key at the next sign-in after a rotation; the 10
 * recovery codes are stored hashed and each is good once. A code is good once too: the time step of the last accepted
 * one is kept and a step at or before it refused.
 *
 *   POST totp/setup    (owner) a new secret, as an otpauth:// URI for the app's QR scanner and as text
 *   POST totp/confirm  (owner) a code from that secret turns the step on; answers the recovery codes, once
 *   POST totp/disable  (owner) with a code or a recovery code, turns it off
 *   POST signin/code   the second step: after a right password the sign-in answers `secondStep` and sets the
 *                      istore_admin_2fa cookie (5 minutes, 5 codes); a right code opens the session
 *
 * Lost phone and recovery codes: `npm --prefix server run staff -- totp-off EMAIL` on the server (scripts/staff.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/index.ts';
import { cookieSecurity } from '../../config.ts';
import { ApiError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { loadIdKeys, openText, sealText, textKeyId, type IdKeys } from '../../lib/idCrypto.ts';
import { hashToken, newToken } from '../../lib/session.ts';
import {
  base32Encode, hashRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, normalRecoveryCode, otpauthUri,
} from '../../lib/totp.ts';
import { giveBack, takeAttempts, tooMany, type LimitRule } from '../../identity/rateLimit.ts';
import {
  ADMIN_PREFIX, AdminSession, AdminSignInCode, AdminTotpCode, AdminTotpRecovery, AdminTotpSetup, AdminTotpState,
} from '../../../../contract/admin.ts';
import { NoBody } from '../../../../contract/common.ts';
import { recordActivity, type Actor, type StaffMember } from './service.ts';

export const SECOND_STEP_COOKIE = 'istore_admin_2fa';
export const SECOND_STEP_MINUTES = 5;
/** Codes one pending sign-in may try before the password is asked again. */
export const SECOND_STEP_TRIES = 5;
/** Codes per account over every pending sign-in: a thief with the password cannot try codes by starting again. */
export const CODE_RULE: LimitRule = { max: 10, windowMs: 15 * 60_000 };
/** The name the authenticator app shows the account under. */
export const TOTP_ISSUER = 'iStore back office';

const noKeys = () => new ApiError(503, 'The authenticator step needs the store\'s encryption key (ID_ENCRYPTION_KEY), which is not set');
const nowSeconds = () => Date.now() / 1000;

/** What a code checked against an account proved: the authenticator's code of a time step, or a recovery code. */
type CodeKind = 'authenticator' | 'recovery code';

/**
 * Checks a code (6 digits from the app, or a recovery code) for an account with the step on, and uses it up: the
 * step's code cannot be taken again, nor the recovery code. Null when it is wrong or used. In the caller's transaction.
 */
export async function useCode(q: Queryable, keys: IdKeys | null, staffId: number, code: string): Promise<CodeKind | null> {
  const { rows: [st] } = await q.query('SELECT totp_secret_enc, totp_last_step FROM staff WHERE id = $1 AND totp_enabled_at IS NOT NULL FOR UPDATE', [staffId]);
  if (!st) return null;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    if (!keys) throw noKeys();
    const secret = Buffer.from(openText(keys, st.totp_secret_enc), 'base64');
    const step = matchingStep(secret, digits, nowSeconds());
    if (step === null || (st.totp_last_step != null && step <= Number(st.totp_last_step))) return null;
    // Re-sealed under the current key after a rotation (ID_ENCRYPTION_OLD_KEYS may then drop the old one).
    const resealed = textKeyId(st.totp_secret_enc) === keys.current.id ? st.totp_secret_enc : sealText(keys, secret.toString('base64'));
    await q.query('UPDATE staff SET totp_last_step = $2, totp_secret_enc = $3 WHERE id = $1', [staffId, step, resealed]);
    return 'authenticator';
  }
  const recovery = normalRecoveryCode(code);
  if (!recovery) return null;
  const { rows } = await q.query(
    'UPDATE staff_recovery_codes SET used_at = clock_timestamp() WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1',
    [staffId, hashRecoveryCode(recovery)]);
  return rows[0] ? 'recovery code' : null;
}

export async function totpState(q: Queryable, staffId: number) {
  const { rows: [r] } = await q.query(
    `SELECT totp_enabled_at IS NOT NULL AS on, (SELECT count(*)::int FROM staff_recovery_codes WHERE staff_id = $1 AND used_at IS NULL) AS left
       FROM staff WHERE id = $1`, [staffId]);
  return { totp: !!r?.on, recoveryCodesLeft: r?.on ? r.left : 0 };
}

/** A new secret to enrol (kept sealed as pending until a code from it is confirmed); 409 when the step is on. */
export async function startEnrolment(db: Db, keys: IdKeys | null, staff: StaffMember) {
  if (!keys) throw noKeys();
  const secret = newTotpSecret();
  const { rows } = await db.query('UPDATE staff SET totp_pending_enc = $2 WHERE id = $1 AND totp_enabled_at IS NULL RETURNING 1',
    [staff.id, sealText(keys, secret.toString('base64'))]);
  if (!rows[0]) throw conflict('The authenticator step is on already: turn it off first to enrol another app');
  return { secret: base32Encode(secret), uri: otpauthUri(secret, staff.email, TOTP_ISSUER) };
}

/** A code from the pending secret turns the step on (that code used up) and makes the recovery codes, answered once. */
export async function confirmEnrolment(db: Db, keys: IdKeys | null, staff: StaffMember, code: string): Promise<{ recoveryCodes: string[] }> {
  if (!keys) throw noKeys();
  return db.tx(async (q) => {
    const { rows: [st] } = await q.query('SELECT totp_pending_enc, totp_enabled_at FROM staff WHERE id = $1 FOR UPDATE', [staff.id]);
    if (st.totp_enabled_at) throw conflict('The authenticator step is on already');
    if (!st.totp_pending_enc) throw badRequest('Start the set-up first: there is no secret waiting for a code');
    const secret = Buffer.from(openText(keys, st.totp_pending_enc), 'base64');
    const step = matchingStep(secret, code.replace(/\s/g, ''), nowSeconds());
    if (step === null) throw badRequest('That code is not the app\'s current one: check the phone\'s clock and type the code it shows now');
    await q.query(
      `UPDATE staff SET totp_secret_enc = totp_pending_enc, totp_pending_enc = NULL, totp_enabled_at = clock_timestamp(), totp_last_step = $2 WHERE id = $1`,
      [staff.id, step]);
    await q.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [staff.id]);
    const recoveryCodes = newRecoveryCodes();
    for (const c of recoveryCodes) await q.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [staff.id, hashRecoveryCode(c)]);
    await recordActivity(q, staff, 'staff.totp.on', staff.email);
    return { recoveryCodes };
  });
}

/** Turns the step off for an account (`code` checked unless the operator's command line does it); recorded. */
export async function turnOff(db: Db, keys: IdKeys | null, email: string, by: Actor, code?: string): Promise<void> {
  await db.tx(async (q) => {
    const { rows: [st] } = await q.query('SELECT id, totp_enabled_at FROM staff WHERE email = $1', [email.trim().toLowerCase()]);
    if (!st) throw notFound(`No staff account with the e-mail ${email.trim().toLowerCase()}`);
    if (!st.totp_enabled_at) throw conflict(`${email.trim().toLowerCase()} has no authenticator step to turn off`);
    if (code !== undefined && !(await useCode(q, keys, st.id, code))) throw badRequest('That code is wrong or was used already');
    await q.query('UPDATE staff SET totp_secret_enc = NULL, totp_pending_enc = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1', [st.id]);
    await q.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [st.id]);
    await recordActivity(q, by, 'staff.totp.off', email.trim().toLowerCase());
  });
}

/** After a right password for an account with the step on: a pending sign-in, its token in the cookie. */
export async function openChallenge(db: Db, staff: StaffMember): Promise<string> {
  const token = newToken();
  await db.query('DELETE FROM staff_signin_challenges WHERE staff_id = $1 AND expires_at < clock_timestamp()', [staff.id]);
  await db.query(`INSERT INTO staff_signin_challenges (token_hash, staff_id, expires_at) VALUES ($1, $2, clock_timestamp() + make_interval(mins => $3))`,
    [hashToken(token), staff.id, SECOND_STEP_MINUTES]);
  return token;
}

const expired = () => unauthorized('The sign-in waited too long or took too many codes: sign in with your password again');

/**
 * The second step: the pending sign-in of the cookie's token and a code. Counted per account (CODE_RULE, 429) and per
 * pending sign-in (SECOND_STEP_TRIES, then it ends); a right code ends it and answers the staff member.
 */
export async function completeChallenge(db: Db, keys: IdKeys | null, token: string | undefined, code: string, ip: string): Promise<StaffMember> {
  if (!token || token.length > 100) throw expired();
  const { rows: [ch] } = await db.query(
    `UPDATE staff_signin_challenges SET tries = tries + 1 WHERE token_hash = $1 AND expires_at > clock_timestamp() AND tries < $2 RETURNING staff_id`,
    [hashToken(token), SECOND_STEP_TRIES]);
  if (!ch) throw expired();
  const wait = await takeAttempts(db, [[`admin-code:${ch.staff_id}`, CODE_RULE]]);
  if (wait > 0) throw tooMany(wait, 'wrong codes');
  const staff = await db.tx(async (q) => {
    const kind = await useCode(q, keys, ch.staff_id, code);
    if (!kind) return null;
    await q.query('DELETE FROM staff_signin_challenges WHERE token_hash = $1', [hashToken(token)]);
    const { rows: [st] } = await q.query('SELECT id, email, name, role FROM staff WHERE id = $1 AND disabled_at IS NULL', [ch.staff_id]);
    if (!st) throw expired();
    if (kind === 'recovery code') await recordActivity(q, st, 'staff.recovery-code', st.email, { from: ip, left: (await totpState(q, st.id)).recoveryCodesLeft });
    return { ...(st as StaffMember), totp: true };
  });
  if (!staff) throw unauthorized('That code is wrong or was used already');
  // Only wrong codes count against the account.
  await giveBack(db, [`admin-code:${ch.staff_id}`]);
  return staff;
}

/** What routes.ts lends these routes: how it answers a session and opens one. */
export interface SessionHelpers {
  sessionOf(req: FastifyRequest, reply: FastifyReply, staff: StaffMember | null): AdminSession;
  startSession(req: FastifyRequest, reply: FastifyReply, staff: StaffMember): Promise<AdminSession>;
}

/** Registered inside the admin API by routes.ts (one line). */
export function totpRoutes(app: FastifyInstance, h: SessionHelpers): (req: FastifyRequest, reply: FastifyReply, staff: StaffMember) => Promise<AdminSession> {
  let keys: IdKeys | null | undefined;
  const keysNow = () => (keys === undefined ? (keys = loadIdKeys(app.config)) : keys);
  const cookie = { path: ADMIN_PREFIX, sameSite: 'strict' as const, httpOnly: true, secure: cookieSecurity(app.config) };

  app.post<{ Body: AdminSignInCode }>('/signin/code', { config: { open: true }, schema: { summary: 'The second step of a sign-in: a code from the authenticator app or a recovery code', body: AdminSignInCode, response: { 200: AdminSession } } },
    async (req, reply) => {
      const staff = await completeChallenge(app.db, keysNow(), req.cookies[SECOND_STEP_COOKIE], req.body.code, req.ip);
      reply.clearCookie(SECOND_STEP_COOKIE, { path: ADMIN_PREFIX });
      return h.startSession(req, reply, staff);
    });

  app.get('/totp', { config: { permission: 'totp.manage' }, schema: { summary: 'Whether the authenticator step is on, and how many recovery codes are left (owner)', response: { 200: AdminTotpState } } },
    async (req) => totpState(app.db, req.staff!.id));

  app.post('/totp/setup', { config: { permission: 'totp.manage' }, schema: { summary: 'A new authenticator secret to enrol, as an otpauth:// URI and as text (owner)', body: NoBody, response: { 200: AdminTotpSetup } } },
    async (req) => startEnrolment(app.db, keysNow(), req.staff!));

  app.post<{ Body: AdminTotpCode }>('/totp/confirm', { config: { permission: 'totp.manage' }, schema: { summary: 'Turn the authenticator step on with a code from the new secret; answers the recovery codes, once (owner)', body: AdminTotpCode, response: { 200: AdminTotpRecovery } } },
    async (req) => confirmEnrolment(app.db, keysNow(), req.staff!, req.body.code));

  app.post<{ Body: AdminTotpCode }>('/totp/disable', { config: { permission: 'totp.manage' }, schema: { summary: 'Turn the authenticator step off, with a code or a recovery code (owner)', body: AdminTotpCode, response: { 200: AdminTotpState } } },
    async (req) => {
      await turnOff(app.db, keysNow(), req.staff!.email, req.staff!, req.body.code);
      return totpState(app.db, req.staff!.id);
    });

  /** The sign-in's answer after a right password: the session, or the second step's cookie. */
  return async (req, reply, staff) => {
    if (!staff.totp) return h.startSession(req, reply, staff);
    const token = await openChallenge(app.db, staff);
    reply.setCookie(SECOND_STEP_COOKIE, token, { ...cookie, maxAge: SECOND_STEP_MINUTES * 60 });
    return { ...h.sessionOf(req, reply, null), secondStep: true };
  };
}
