/** The signed-in shopper's profile and store credit (routes: account.ts). */
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { ProfileUpdate, SessionFields, StoreCreditHistory } from '../../../contract/account.ts';
import { storeCreditBalance } from './storeCredit.ts';
import { PHONE_RE } from './validate.ts';
import { sessionFields, toUser } from './sessionFields.ts';
import { storeCurrency } from './storeCurrency.ts';

/** Changes the given fields (400 with the first problem) and answers the session fields. */
export async function updateProfile(db: Queryable, userId: number, b: ProfileUpdate): Promise<SessionFields> {
  if (b.phone && !PHONE_RE.test(b.phone.trim())) throw badRequest('Phone number is not valid');
  if (b.firstName !== undefined && !b.firstName.trim()) throw badRequest('First name is required');
  if (b.lastName !== undefined && !b.lastName.trim()) throw badRequest('Last name is required');
  if (b.profileImage && !/^(https:\/\/|[a-z0-9][a-z0-9-]*\.(svg|png|jpg|jpeg|webp)$)/i.test(b.profileImage)) throw badRequest('profileImage must be an https URL or an image name');
  const { rows } = await db.query(
    `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name), phone = COALESCE($4, phone),
      profile_image = COALESCE($5, profile_image) WHERE id = $1 RETURNING *`,
    [userId, b.firstName?.trim() ?? null, b.lastName?.trim() ?? null, b.phone?.trim() ?? null, b.profileImage ?? null],
  );
  return sessionFields(db, toUser(rows[0]));
}

export async function storeCreditHistory(db: Queryable, userId: number): Promise<StoreCreditHistory> {
  const { rows } = await db.query(
    `SELECT amount, reason, order_id, created_at, sum(amount) OVER (ORDER BY created_at, id)::int AS balance_after
     FROM store_credit_ledger WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
  return {
    balance: await storeCreditBalance(db, userId),
    currency: await storeCurrency(db),
    entries: rows.map((r: any) => ({
      amount: r.amount, reason: r.reason, orderID: r.order_id != null ? String(r.order_id) : null,
      balanceAfter: r.balance_after, createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
