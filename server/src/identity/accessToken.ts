/**
 * A provider access token shared by every instance through the database. WeChat allows a limited number of token
 * requests a day and a new token from `cgi-bin/token` ends the old one, so instances must not each fetch their own:
 * the first to find the token stale refreshes it under the row's lock while the others wait and then read it.
 * WeChat's `stable_token` (used here) also keeps the old token valid for a while, so a reader racing a refresh is safe.
 */
import type { Db } from '../db/index.ts';

/** Refresh this long before WeChat's stated expiry, so no call goes out with a token about to die. */
const EARLY_SECONDS = 300;

export interface FreshToken {
  token: string;
  expiresInSeconds: number;
}

export async function sharedAccessToken(db: Db, name: string, fetchToken: () => Promise<FreshToken>, opts: { forceRefresh?: string } = {}): Promise<string> {
  const stale = (row: { token: string; fresh: boolean } | undefined) => !row || !row.fresh || !row.token || row.token === opts.forceRefresh;
  const read = async (q: Pick<Db, 'query'>, lock: boolean) => (await q.query(
    `SELECT token, expires_at > now() + make_interval(secs => ${EARLY_SECONDS}) AS fresh FROM provider_access_tokens WHERE name = $1${lock ? ' FOR UPDATE' : ''}`,
    [name],
  )).rows[0] as { token: string; fresh: boolean } | undefined;
  const known = await read(db, false);
  if (!stale(known)) return known!.token;
  return db.tx(async (q) => {
    await q.query('INSERT INTO provider_access_tokens (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
    const locked = await read(q, true);
    // Another instance refreshed it while this one waited for the lock.
    if (!stale(locked)) return locked!.token;
    const fresh = await fetchToken();
    await q.query(
      `UPDATE provider_access_tokens SET token = $2, expires_at = now() + make_interval(secs => $3), updated_at = now() WHERE name = $1`,
      [name, fresh.token, fresh.expiresInSeconds],
    );
    return fresh.token;
  });
}
