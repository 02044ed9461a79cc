/** The referral programme (issue 13): the feature's one object (features/feature.ts), listed in features/index.ts. */
import type { ServerFeature } from '../feature.ts';
import referralRoutes from './routes.ts';
import { seedReferralGroups } from './seed.ts';
import { accrue, attribute, confirmAttribution, creditDue, groupOf, reverse, userGroupField } from './service.ts';

export const referral: ServerFeature = {
  name: 'referral',
  routes: { plugin: referralRoutes, under: 'api' },
  seed: [{ key: 'seeded.members', run: (q) => seedReferralGroups(q) }],
  orderSubscriber: {
    name: 'referral',
    settled: accrue,
    cancelled: (q, o) => reverse(q, o.id, { refunded: null, full: true }),
    // In proportion to the money refunded so far of the money paid (security note M1).
    refunded: (q, o, r) => reverse(q, o.id, { refunded: r.amount, full: r.full }),
  },
  accounts: {
    // Attributed once, at registration; it counts from the introduced account's confirmed e-mail.
    signedUp: async (q, userId, registration) => { if (registration.referrerID) await attribute(q, userId, registration.referrerID); },
    emailConfirmed: confirmAttribution,
    sessionFields: async (q, userId) => ({ referrerUserGroup: userGroupField(await groupOf(q, userId)) }),
  },
  // Commission whose hold has passed becomes store credit.
  sweep: (db) => creditDue(db),
};
