import type { Queryable } from '../db/index.ts';

/** The visitor's choices kept on the session: language and store. */
export async function setSessionChoice(q: Queryable, sessionId: number, choice: { locale: string } | { location_id: string }) {
  const [column, value] = Object.entries(choice)[0];
  // A language set here is the visitor's choice: it wins over Accept-Language from now on.
  const chosen = column === 'locale' ? ', locale_chosen = true' : '';
  await q.query(`UPDATE sessions SET ${column} = $1${chosen} WHERE id = $2`, [value, sessionId]);
}
