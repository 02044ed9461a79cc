/** E-mail accounts: credentials, registration, signing in and out, password resets (routes: account.ts, identity.ts). */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/index.ts';
import type { IdentityKind } from '../identity/provider.ts';
import { unlinkAll } from '../identity/store.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { ensureSession, hashToken, newToken, rotateSession } from '../lib/session.ts';
import { dummyHash, endOtherSessions, hashPassword, needsRehash, verifyPassword } from '../lib/password.ts';
import { PASSWORD_MIN_LENGTH } from '../../../contract/constants.ts';
import type { Registration } from '../../../contract/account.ts';
import { EMAIL_RE } from './validate.ts';
import { sessionFields, toUser } from './sessionFields.ts';
import { extensions } from './extensions.ts';
import { queuePasswordReset } from '../mail/mails.ts';
import { markVerified } from './emailVerification.ts';

/** Moves the guest's cart (merging into the account's cart) and guest orders of this session to the user. */
async function attachGuestData(q: Queryable, sessionId: number, userId: number) {
  const guest = (await q.query('SELECT * FROM carts WHERE session_id = $1 AND user_id IS NULL FOR UPDATE', [sessionId])).rows[0];
  const mine = (await q.query('SELECT * FROM carts WHERE user_id = $1 FOR UPDATE', [userId])).rows[0];
  if (guest) {
    if (guest.reserved_order_id) await extensions().core.releaseReservation(q, guest.reserved_order_id, true);
    const lines = (await q.query('SELECT count(*)::int AS n FROM cart_lines WHERE cart_id = $1', [guest.id])).rows[0].n;
    if (!mine) {
      await q.query('UPDATE carts SET user_id = $1, session_id = NULL, store_credit = 0 WHERE id = $2', [userId, guest.id]);
    } else {
      if (lines) {
        if (mine.reserved_order_id) await extensions().core.releaseReservation(q, mine.reserved_order_id, true);
        await q.query(
          `INSERT INTO cart_lines (cart_id, item_key, product_id, option_pair, quantity, add_on, created_at)
           SELECT $1, item_key, product_id, option_pair, quantity, add_on, created_at FROM cart_lines WHERE cart_id = $2
           ON CONFLICT (cart_id, item_key) DO UPDATE SET quantity = LEAST(cart_lines.quantity + EXCLUDED.quantity, 999)`,
          [mine.id, guest.id],
        );
      }
      await q.query('DELETE FROM carts WHERE id = $1', [guest.id]);
    }
  }
  // Only the guest's last half hour: the same shopper signing in after checkout, not an earlier visitor of the browser.
  await q.query(`UPDATE orders SET user_id = $1 WHERE session_id = $2 AND user_id IS NULL AND created_at > now() - interval '30 minutes'`, [userId, sessionId]);
}

/** Signs the visitor in as `userId`: guest cart and orders move over, the session token rotates. */
export async function signIn(req: FastifyRequest, reply: FastifyReply, userId: number) {
  const db = req.server.db;
  const s = await ensureSession(req, reply);
  const row = await db.tx(async (q) => {
    await attachGuestData(q, s.id, userId);
    await q.query('UPDATE sessions SET user_id = $1 WHERE id = $2', [userId, s.id]);
    await rotateSession(req, reply, q, s.id);
    return (await q.query('UPDATE users SET last_login_at = now() WHERE id = $1 RETURNING *', [userId])).rows[0];
  });
  req.sessionCache = undefined;
  return sessionFields(db, toUser(row));
}

/** Signs the session's account out; the session token rotates. */
export async function signOut(req: FastifyRequest, reply: FastifyReply, sessionId: number) {
  await req.server.db.tx(async (q) => {
    await q.query('UPDATE sessions SET user_id = NULL WHERE id = $1', [sessionId]);
    await rotateSession(req, reply, q, sessionId);
  });
}

/** The account these credentials open, or null; an unknown e-mail costs the same time as a wrong password. */
export async function checkCredentials(db: Queryable, emailID: string, password: string): Promise<number | null> {
  const { rows } = await db.query('SELECT id, password_hash FROM users WHERE email = $1', [emailID.trim().toLowerCase()]);
  const ok = rows[0] ? await verifyPassword(password, rows[0].password_hash) : (await verifyPassword(password, await dummyHash()), false);
  if (ok && needsRehash(rows[0].password_hash)) {
    await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(password), rows[0].id]);
  }
  return ok ? rows[0].id : null;
}

/** Creates an e-mail account (400 with every problem, 409 when the e-mail is taken) and returns its id. */
export async function createAccount(db: Queryable, b: Registration): Promise<number> {
  const email = b.emailID.trim().toLowerCase();
  const errors: string[] = [];
  if (!EMAIL_RE.test(email)) errors.push('E-mail address is not valid');
  if (b.password.length < PASSWORD_MIN_LENGTH) errors.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (!b.firstName.trim()) errors.push('First name is required');
  if (!b.lastName.trim()) errors.push('Last name is required');
  if (errors.length) throw badRequest(errors);
  const hash = await hashPassword(b.password);
  const myId = 'R' + crypto.randomBytes(5).toString('hex').toUpperCase();
  const { rows } = await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, my_id) VALUES ($1,$2,$3,$4,$5) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email, hash, b.firstName.trim(), b.lastName.trim(), myId],
  );
  if (!rows[0]) throw conflict('An account with this e-mail already exists');
  for (const hooks of extensions().accounts) await hooks.signedUp?.(db, rows[0].id, b);
  return rows[0].id;
}

/**
 * Queues a reset mail with a one-hour token for the account of this e-mail; nothing for an unknown e-mail (the caller
 * answers the same). The link opens `origin`'s reset page; the mail speaks the requesting session's language.
 */
export async function requestPasswordReset(db: Db, email: string, mail: { origin: string; locale: unknown }): Promise<void> {
  await db.tx(async (q) => {
    const { rows } = await q.query('SELECT id FROM users WHERE email = $1', [email]);
    if (!rows[0]) return;
    const token = newToken(24);
    await q.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [hashToken(token), rows[0].id]);
    await queuePasswordReset(q, { email, token, ...mail });
  });
}

/**
 * Sets a new password with an unused, unexpired reset token (400 otherwise), signs the account out everywhere and
 * unjoins its WeChat/Alipay identities (whoever joined one before the owner recovered the account keeps no way in);
 * answers the providers that were unjoined.
 */
export async function resetPasswordWithToken(db: Db, token: string, password: string): Promise<IdentityKind[]> {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  // The token first: a made-up token must not cost a password hash (unauthenticated CPU burn).
  const valid = await db.query(`SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`, [hashToken(token)]);
  if (!valid.rows[0]) throw badRequest('Reset link is invalid or has expired');
  const hash = await hashPassword(password);
  return db.tx(async (q) => {
    const { rows } = await q.query(
      `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`, [hashToken(token)]);
    if (!rows[0]) throw badRequest('Reset link is invalid or has expired');
    await q.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, rows[0].user_id]);
    await endOtherSessions(q, rows[0].user_id, null);
    // The link went to the account's mailbox: the address is the owner's now.
    await markVerified(q, rows[0].user_id);
    return unlinkAll(q, rows[0].user_id);
  });
}

/** Changes the signed-in shopper's password after checking the current one (400 when it is wrong); ends their other sessions. */
export async function changePassword(db: Db, userId: number, sessionId: number, oldPassword: string, newPassword: string) {
  if (newPassword.length < PASSWORD_MIN_LENGTH) throw badRequest(`New password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  const { rows } = await db.query('SELECT password_hash FROM users WHERE id = $1', [userId]);
  if (!(await verifyPassword(oldPassword, rows[0].password_hash))) throw badRequest('Current password is incorrect');
  const hash = await hashPassword(newPassword);
  // Other sessions (a phone left signed in elsewhere) end with the old password.
  await db.tx(async (q) => {
    await q.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, userId]);
    await endOtherSessions(q, userId, sessionId);
  });
}
