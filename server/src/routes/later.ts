/**
 * Routes of areas that land in later issues (referral programme and groups, influencer profiles, memberships, fission
 * campaigns). They answer 501 with a JSON message — never a fake success. The issue that implements an area removes its
 * routes from this table and adds their schemas to contract/.
 */
import type { FastifyInstance } from 'fastify';
import { notImplemented } from '../lib/errors.ts';
import { ErrorBody } from '../../../contract/common.ts';

type M = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const LATER: [M[], string, string][] = [
  [['GET'], '/admin/trackingManagement/referrer/userTracking/GeneralInfo/', 'Referral programme'],
  [['GET'], '/admin/trackingManagement/referrer/userTracking/usersIntroduced', 'Referral programme'],
  [['GET'], '/admin/trackingManagement/referrer/userTracking/orderIntroduced', 'Referral programme'],
  [['GET'], '/admin/trackingManagement/referrer/summary/user', 'Referral programme'],
  [['GET'], '/admin/trackingManagement/referrer/summary/order', 'Referral programme'],
  [['GET'], '/admin/userManagement/affiliatedReferralGoups', 'Referral groups'],
  [['GET'], '/admin/userManagement/joinAffiliatedReferralGoup/:id', 'Referral groups'],
  [['GET'], '/admin/userManagement/membershipProducts', 'Memberships'],
  [['GET'], '/admin/userManagement/membershipDetail', 'Memberships'],
  [['GET'], '/admin/userManagement/influencer/status', 'Influencer profiles'],
  [['GET', 'POST', 'PUT'], '/admin/userManagement/influencerProfile', 'Influencer profiles'],
  [['POST'], '/admin/userManagement/image/influencer/upload', 'Influencer profiles'],
  [['DELETE'], '/admin/userManagement/image/influencer/delete/:id', 'Influencer profiles'],
  [['GET'], '/admin/userManagement/user/like/:id/true', 'Influencer profiles'],
  [['GET'], '/common3/influencerProfile/list', 'Influencer profiles'],
  [['GET'], '/common3/influencerProfile/detail/:id', 'Influencer profiles'],
];

export default async function laterRoutes(app: FastifyInstance) {
  for (const [methods, url, what] of LATER) {
    app.route({ method: methods, url, schema: { response: { 501: ErrorBody } }, handler: async () => { throw notImplemented(what); } });
  }
}
