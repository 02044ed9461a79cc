/** App info's signed-in fields (every sign-in answer has them): the account's row as a session user, with its membership and referral group. */
import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../lib/session.ts';
import type { SessionFields } from '../../../contract/account.ts';
import { extensions, type FeatureSessionFields } from './extensions.ts';

export function toUser(r: any): SessionUser {
  return {
    id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, phone: r.phone,
    profileImage: r.profile_image, myId: r.my_id, lastLoginAt: r.last_login_at ?? null,
    emailVerified: r.email_verified_at != null,
  };
}

/** The signed-in fields of app info and of every sign-in answer. */
function userFields(u: SessionUser, extra: FeatureSessionFields): SessionFields {
  return {
    user: { firstName: u.firstName, lastName: u.lastName, emailID: u.email, profileImage: u.profileImage, phone: u.phone },
    userID: String(u.id),
    lastLoginDate: (u.lastLoginAt ?? new Date()).toISOString(),
    myID: u.myId,
    ...extra,
    emailVerified: u.emailVerified,
  };
}

/** The signed-in fields of app info and of every sign-in answer: the features' (services/extensions.ts) in the list's order. */
export async function sessionFields(q: Queryable, u: SessionUser): Promise<SessionFields> {
  const extra: FeatureSessionFields = { membership: null, referrerUserGroup: null };
  for (const hooks of extensions().accounts) Object.assign(extra, await hooks.sessionFields?.(q, u.id));
  return userFields(u, extra);
}
