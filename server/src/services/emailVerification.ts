/**
 * E-mail ownership (security probe finding 8): a link mailed to the account's address confirms it. Until the address is
 * confirmed no WeChat/Alipay identity can be joined to the account (routes/identity.ts), so nobody can register
 * someone else's address and keep a way into the account after its owner recovers it with a password reset (which
 * also confirms the address: its link went to the same mailbox).
 */
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { getSession, hashToken, newToken } from '../lib/session.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queueEmailVerification } from '../mail/mails.ts';
import { shopOrigin } from '../lib/shopOrigin.ts';
import { extensions } from './extensions.ts';

/** A confirmation link works for a day. */
const LINK_HOURS = 24;

export interface MailContext {
  origin: string;
  locale: unknown;
}

/** Links in mail open the shop's PUBLIC_URL (else the origin the request came to), in the session's language. */
export async function mailContextOf(req: FastifyRequest): Promise<MailContext> {
  return { origin: shopOrigin(req), locale: (await getSession(req))?.locale };
}


/** Queues a confirmation link for the account's current address (409 when it is confirmed already); answers the address. */
export async function sendVerification(q: Queryable, userId: number, mail: MailContext): Promise<string> {
  const { rows } = await q.query('SELECT email, first_name, email_verified_at FROM users WHERE id = $1', [userId]);
  const u = rows[0];
  if (u.email_verified_at) throw conflict('Your e-mail address is already confirmed');
  const token = newToken(24);
  await q.query(
    `INSERT INTO email_verifications (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [hashToken(token), userId, u.email, LINK_HOURS],
  );
  await queueEmailVerification(q, { email: u.email, firstName: u.first_name, token, ...mail });
  return u.email;
}

/** Sign-up: mails the new account its confirmation link and wakes the mail worker. */
export async function mailConfirmation(app: FastifyInstance, req: FastifyRequest, userId: number) {
  const mail = await mailContextOf(req);
  await app.db.tx((q) => sendVerification(q, userId, mail));
  void app.mailWorker.tick();
}

/**
 * null when the account's address is confirmed; else the address, and a confirmation link is mailed to it unless one
 * went out in the last 10 minutes (a refused link attempt reminds the owner without flooding the mailbox).
 */
export async function unconfirmedEmail(db: Db, userId: number, mail: MailContext): Promise<string | null> {
  return db.tx(async (q) => {
    const { rows } = await q.query('SELECT email, email_verified_at FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    if (rows[0].email_verified_at) return null;
    const recent = await q.query(
      `SELECT 1 FROM email_verifications WHERE user_id = $1 AND used_at IS NULL AND created_at > now() - interval '10 minutes'`, [userId]);
    if (!recent.rows.length) await sendVerification(q, userId, mail);
    return rows[0].email as string;
  });
}

/** Confirms the address a link was sent to (400 for a used, expired or unknown link, or an address changed since). */
export async function verifyEmail(db: Db, token: string): Promise<string> {
  return db.tx(async (q) => {
    const { rows } = await q.query(
      `UPDATE email_verifications v SET used_at = now() FROM users u
        WHERE v.token_hash = $1 AND v.used_at IS NULL AND v.expires_at > now() AND u.id = v.user_id AND u.email = v.email
        RETURNING v.user_id, v.email`,
      [hashToken(token)],
    );
    if (!rows[0]) throw badRequest('This confirmation link is invalid or has expired');
    await markVerified(q, rows[0].user_id);
    return rows[0].email;
  });
}

/** The address is its owner's (a confirmation or a password reset link was used): other confirmation links end. */
export async function markVerified(q: Queryable, userId: number) {
  await q.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1', [userId]);
  // E.g. an introduced account's attribution counts from its confirmed e-mail (referral rules).
  for (const hooks of extensions().accounts) await hooks.emailConfirmed?.(q, userId);
  await q.query('UPDATE email_verifications SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
