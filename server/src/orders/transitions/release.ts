/**
 * release (INTERIM + NOT_PAID → CANCELLED, by the server itself; orders/stateTable.ts): an unpaid reservation is let
 * go — expired (the sweep app.ts runs), replaced by a new one, or left by a sign-in. Event `cancelled` (stock back,
 * open attempts voided, the cart's reservation dropped). Hidden ones were never shown as orders.
 */
import type { Db, Queryable } from '../../db/index.ts';
import { markCancelled, startsFrom } from '../engine.ts';

/** Cancels the unpaid reservation; false when it is no longer one (paid or cancelled meanwhile). */
export async function releaseReservation(q: Queryable, orderId: number, hide: boolean): Promise<boolean> {
  const { from, payment } = startsFrom('release');
  const { rows } = await q.query(
    `SELECT id FROM orders WHERE id = $1 AND status = ANY($2::text[]) AND payment_status = ANY($3::text[]) FOR UPDATE`, [orderId, from, payment]);
  if (!rows.length) return false;
  await markCancelled(q, orderId, hide);
  return true;
}

/** Releases every reservation held longer than `ttlMinutes` (one transaction each); answers how many. */
export async function expireReservations(db: Db, ttlMinutes: number) {
  const { from, payment } = startsFrom('release');
  const { rows } = await db.query(
    `SELECT id FROM orders WHERE status = ANY($2::text[]) AND payment_status = ANY($3::text[])
       AND COALESCE(hold_started_at, created_at) < now() - make_interval(mins => $1)`,
    [ttlMinutes, from, payment],
  );
  for (const r of rows) await db.tx((q) => releaseReservation(q, r.id, true));
  return rows.length;
}
