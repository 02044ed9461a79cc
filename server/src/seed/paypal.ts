/**
 * The demo store accepts PayPal (issue 15): its payment flags (settings 'payment', the footer badges and the methods the
 * checkout offers) say so. A new demo database gets it from store.ts; one seeded before gets it here, once.
 */
import type { Queryable } from '../db/index.ts';

export async function seedPayPal(q: Queryable): Promise<void> {
  await q.query(`UPDATE settings SET value = jsonb_set(value, '{supportPayPal}', 'true'::jsonb) WHERE key = 'payment'`);
}
