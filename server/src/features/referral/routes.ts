/** The referral programme: the referrer area and affiliated referral groups (client: src/features/referral/api.ts). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ChartQuery, ChartSummary, GroupParams, IntroducedOrders, IntroducedUsers, ReferralGeneralInfo, ReferralGroups, ReferralJoined, ReferralPageQuery,
} from '../../../../contract/referral.ts';
import { requireUser } from '../../lib/session.ts';
import { chart, generalInfo, groupOf, groups, introducedOrders, introducedUsers, joinGroup, userGroupField } from './service.ts';

const TRACKING = '/admin/trackingManagement/referrer';

export default async function referralRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get(`${TRACKING}/userTracking/GeneralInfo/`, { schema: { response: { 200: ReferralGeneralInfo } } }, async (req) => {
    const s = await requireUser(req);
    return generalInfo(db, s.userId, s.user.myId);
  });

  app.get(`${TRACKING}/userTracking/usersIntroduced`, { schema: { querystring: ReferralPageQuery, response: { 200: IntroducedUsers } } }, async (req) => {
    const s = await requireUser(req);
    return introducedUsers(db, s.userId, req.query.page ?? 1);
  });

  app.get(`${TRACKING}/userTracking/orderIntroduced`, { schema: { querystring: ReferralPageQuery, response: { 200: IntroducedOrders } } }, async (req) => {
    const s = await requireUser(req);
    return introducedOrders(db, s.userId, req.query.page ?? 1);
  });

  for (const what of ['user', 'order'] as const) {
    app.get(`${TRACKING}/summary/${what}`, { schema: { querystring: ChartQuery, response: { 200: ChartSummary } } }, async (req) => {
      const s = await requireUser(req);
      const { period, ...range } = req.query;
      return chart(db, s.userId, what, period, range);
    });
  }

  app.get('/admin/userManagement/affiliatedReferralGoups', { schema: { response: { 200: ReferralGroups } } }, async (req) => {
    const s = await requireUser(req);
    const mine = await groupOf(db, s.userId);
    return { groups: await groups(db, s.userId), currentGroupID: mine?.id ?? '' };
  });

  app.get('/admin/userManagement/joinAffiliatedReferralGoup/:id', { schema: { params: GroupParams, response: { 200: ReferralJoined } } }, async (req) => {
    const s = await requireUser(req);
    const group = await joinGroup(db, s.userId, req.params.id);
    return { group, referrerUserGroup: userGroupField(group) };
  });
}
