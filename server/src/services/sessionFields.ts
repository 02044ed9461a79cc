/** App info's signed-in fields with the shopper's membership and referral group (every sign-in answer has them). */
import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../lib/session.ts';
import type { SessionFields } from '../../../contract/account.ts';
import { userFields } from './profile.ts';
import { membershipSummary } from './memberships.ts';
import { groupOf, userGroupField } from './referral.ts';

export async function sessionFields(q: Queryable, u: SessionUser): Promise<SessionFields> {
  return userFields(u, { membership: await membershipSummary(q, u.id), referrerUserGroup: userGroupField(await groupOf(q, u.id)) });
}
