/** Identities joined to accounts, and the one an unknown login left waiting in the session. */
import type { Queryable } from '../db/index.ts';
import type { IdentityKind, VerifiedIdentity } from './provider.ts';

/** A pending identity is good for as long as a shopper takes to fill in sign-up. */
const PENDING_MINUTES = 30;

export async function accountOf(q: Queryable, identity: VerifiedIdentity): Promise<number | null> {
  const { rows } = await q.query('SELECT user_id FROM identities WHERE provider = $1 AND subject = $2', [identity.provider, identity.subject]);
  return rows[0]?.user_id ?? null;
}

export async function rememberPending(q: Queryable, sessionId: number, identity: VerifiedIdentity): Promise<void> {
  await q.query(
    `INSERT INTO pending_identities (session_id, provider, subject, open_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + interval '${PENDING_MINUTES} minutes')
     ON CONFLICT (session_id, provider) DO UPDATE SET subject = EXCLUDED.subject, open_id = EXCLUDED.open_id, expires_at = EXCLUDED.expires_at`,
    [sessionId, identity.provider, identity.subject, identity.openId],
  );
}

export async function pendingOf(q: Queryable, sessionId: number, provider: IdentityKind): Promise<VerifiedIdentity | null> {
  const { rows } = await q.query(
    'SELECT subject, open_id FROM pending_identities WHERE session_id = $1 AND provider = $2 AND expires_at > now()',
    [sessionId, provider],
  );
  return rows[0] ? { provider, subject: rows[0].subject, openId: rows[0].open_id } : null;
}

export type JoinResult = 'joined' | 'identityTaken' | 'accountHasOther';

/**
 * Joins the identity to the account and drops it from pending. An identity belongs to one account and an account
 * has at most one identity per provider; re-joining the same pair is a no-op success.
 */
export async function join(q: Queryable, sessionId: number, userId: number, identity: VerifiedIdentity): Promise<JoinResult> {
  const owner = await accountOf(q, identity);
  if (owner !== null && owner !== userId) return 'identityTaken';
  if (owner === null) {
    const other = await q.query('SELECT 1 FROM identities WHERE user_id = $1 AND provider = $2', [userId, identity.provider]);
    if (other.rows.length) return 'accountHasOther';
    await q.query('INSERT INTO identities (provider, subject, user_id, open_id) VALUES ($1, $2, $3, $4)', [
      identity.provider, identity.subject, userId, identity.openId,
    ]);
  }
  await q.query('DELETE FROM pending_identities WHERE session_id = $1 AND provider = $2', [sessionId, identity.provider]);
  return 'joined';
}

/** The open id of the WeChat identity joined to this account, or null. */
export async function weChatOpenIdOf(q: Queryable, userId: number): Promise<string | null> {
  const { rows } = await q.query(`SELECT open_id FROM identities WHERE user_id = $1 AND provider = 'wechat'`, [userId]);
  return rows[0]?.open_id ?? null;
}

/**
 * The Alipay id of the shopper this session stands for: the one joined to its account, else the one its Alipay login
 * left waiting (a guest's). Null when the session never signed in with Alipay.
 */
export async function alipayIdOf(q: Queryable, session: { id: number; userId: number | null }): Promise<string | null> {
  const { rows } = await q.query(
    `SELECT open_id FROM (
       SELECT open_id, 0 AS rank FROM identities WHERE provider = 'alipay' AND user_id = $1
       UNION ALL
       SELECT open_id, 1 AS rank FROM pending_identities WHERE provider = 'alipay' AND session_id = $2 AND expires_at > now()
     ) ids ORDER BY rank LIMIT 1`,
    [session.userId, session.id],
  );
  return rows[0]?.open_id ?? null;
}

/**
 * Unjoins every identity of the account (a password reset: whoever joined a WeChat/Alipay to the account before its
 * owner recovered it must not keep a way in). Returns the providers that were joined; the owner joins theirs again
 * with wechat/link or alipay/link.
 */
export async function unlinkAll(q: Queryable, userId: number): Promise<IdentityKind[]> {
  const { rows } = await q.query('DELETE FROM identities WHERE user_id = $1 RETURNING provider', [userId]);
  return rows.map((r: any) => r.provider);
}
