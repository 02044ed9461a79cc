/** Memberships (issue 12): the feature's one object (features/feature.ts), listed in features/index.ts. */
import type { ServerFeature } from '../feature.ts';
import membershipRoutes from './routes.ts';
import { seedMemberships } from './seed.ts';
import { grantForOrder, memberAtSql, membershipSummary, revokeForOrder } from './service.ts';

export const memberships: ServerFeature = {
  name: 'memberships',
  routes: { plugin: membershipRoutes, under: 'api' },
  // One step with the referral groups (its key predates the split): the plans first, then the groups.
  seed: [{ key: 'seeded.members', run: (q, demoShop) => seedMemberships(q, demoShop().membershipPlans ?? []) }],
  orderSubscriber: {
    name: 'memberships',
    settled: grantForOrder,
    cancelled: (q, o) => revokeForOrder(q, o.id),
    // A partial refund leaves the membership as it is.
    refunded: async (q, o, r) => { if (r.full) await revokeForOrder(q, o.id); },
  },
  accounts: { sessionFields: async (q, userId) => ({ membership: await membershipSummary(q, userId) }) },
  pricing: { memberAtSql },
};
