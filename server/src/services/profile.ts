/** The signed-in shopper's profile and store credit (routes: account.ts; app info's session fields). */
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import type { ProfileUpdate, SessionFields, StoreCreditHistory } from '../../../contract/account.ts';
import { storeCreditBalance } from './storeCredit.ts';
import { PHONE_RE } from './validate.ts';
import { sessionFields } from './sessionFields.ts';

export function toUser(r: any): SessionUser {
  return {
    id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, phone: r.phone,
    profileImage: r.profile_image, myId: r.my_id, lastLoginAt: r.last_login_at ?? null,
    emailVerified: r.email_verified_at != null,
  };
}

/** The signed-in fields of app info and of every sign-in answer. */
export function userFields(u: SessionUser, extra: Pick<SessionFields, 'membership' | 'referrerUserGroup'> = { membership: null, referrerUserGroup: null }): SessionFields {
  return {
    user: { firstName: u.firstName, lastName: u.lastName, emailID: u.email, profileImage: u.profileImage, phone: u.phone },
    userID: String(u.id),
    lastLoginDate: (u.lastLoginAt ?? new Date()).toISOString(),
    myID: u.myId,
    ...extra,
    emailVerified: u.emailVerified,
  };
}

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
    currency: 'CAD',
    entries: rows.map((r: any) => ({
      amount: r.amount, reason: r.reason, orderID: r.order_id != null ? String(r.order_id) : null,
      balanceAfter: r.balance_after, createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
