/**
 * Retention (security probe finding 17): rows that only ever grow are swept with the reservations, every minute.
 * Kept: orders, paid and NEEDS_REFUND payment attempts (money), signed-in users' messages, known sign-in addresses
 * of the last 90 days.
 */
import type { Queryable } from '../db/index.ts';

const SWEEPS = [
  // An expired session opens nothing; its guest cart and waiting identity go with it (ON DELETE CASCADE).
  `DELETE FROM sessions WHERE expires_at < now() - interval '1 day'`,
  `DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`,
  `DELETE FROM pending_identities WHERE expires_at < now()`,
  `DELETE FROM email_verifications WHERE expires_at < now() - interval '1 day'`,
  `DELETE FROM auth_attempts WHERE (key LIKE 'known:%' AND window_start < now() - interval '90 days')
     OR (key NOT LIKE 'known:%' AND window_start < now() - make_interval(secs => window_secs) - interval '1 day')`,
  `DELETE FROM payment_attempts WHERE status IN ('FAILED', 'VOID') AND updated_at < now() - interval '90 days'`,
  `DELETE FROM form_submissions WHERE user_id IS NULL AND created_at < now() - interval '180 days'`,
  // Back-in-stock alerts: 90 days after their mail; one still waiting after a year is for a product that is not coming back.
  `DELETE FROM restock_alerts WHERE notified_at < now() - interval '90 days' OR created_at < now() - interval '365 days'`,
];

export async function sweepExpired(q: Queryable): Promise<void> {
  for (const sql of SWEEPS) await q.query(sql);
}
