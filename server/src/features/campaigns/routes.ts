/**
 * Group-buy (fission) campaigns (spec §7; client: src/features/campaigns/api.ts): the public campaign list, detail, items and
 * participant list; the signed-in shopper's campaign cart and reserving it as a campaign order (paid with the usual
 * payment calls). Rules and locking: service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParam } from '../../../../contract/common.ts';
import { Reservation } from '../../../../contract/checkout.ts';
import {
  CampaignCart, CampaignCartBody, CampaignDetail, CampaignItem, CampaignItems, CampaignItemsQuery, CampaignList, CampaignListQuery,
  CampaignOrders, CampaignOrdersQuery, CampaignParams, CampaignReserveBody,
} from '../../../../contract/campaigns.ts';
import { getSession } from '../../lib/session.ts';
import {
  campaignCartView, campaignDetail, campaignItem, campaignItems, campaignParticipants, changeCampaignCart, listCampaigns, parseCampaignId,
  reserveCampaignOrder,
} from './service.ts';

export default async function campaignRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/common3/campaign/fissionList', { schema: { querystring: CampaignListQuery, response: { 200: CampaignList } } }, async (req) =>
    listCampaigns(db, req.query.scope));

  // Public, plus the signed-in shopper's own part (participation) when there is a session.
  app.get('/common3/campaign/fission/:id', { schema: { params: IdParam, response: { 200: CampaignDetail } } }, async (req) =>
    campaignDetail(db, await getSession(req), parseCampaignId(req.params.id)));

  app.get('/productManagement2/campaignProductItem/list/all', {
    schema: { querystring: CampaignItemsQuery, response: { 200: CampaignItems } },
  }, async (req) => ({ items: await campaignItems(db, parseCampaignId(req.query.fissionCampaignId)) }));

  app.get('/productManagement2/campaignProductItem/:id', { schema: { params: IdParam, response: { 200: CampaignItem } } }, async (req) =>
    campaignItem(db, parseCampaignId(req.params.id)));

  app.get('/common3/orders/list', { schema: { querystring: CampaignOrdersQuery, response: { 200: CampaignOrders } } }, async (req) =>
    campaignParticipants(db, parseCampaignId(req.query.fissionCampaignId)));

  const campaignOf = (req: { params: { campaign: string } }) => parseCampaignId(req.params.campaign);

  app.get('/shoppingManagement4/myCart/fc/:campaign', { schema: { params: CampaignParams, response: { 200: CampaignCart } } }, async (req) =>
    campaignCartView(db, await getSession(req), campaignOf(req)));

  app.post('/shoppingManagement4/myCart/fc/:campaign', {
    schema: { params: CampaignParams, body: CampaignCartBody, response: { 200: CampaignCart } },
  }, async (req) => changeCampaignCart(db, await getSession(req), campaignOf(req), req.body, 'add'));

  app.put('/shoppingManagement4/myCart/fc/:campaign', {
    schema: { params: CampaignParams, body: CampaignCartBody, response: { 200: CampaignCart } },
  }, async (req) => changeCampaignCart(db, await getSession(req), campaignOf(req), req.body, 'set'));

  app.post('/shoppingManagement4/myCart/fc/:campaign/reserve', {
    schema: { params: CampaignParams, body: CampaignReserveBody, response: { 200: Reservation } },
  }, async (req) => {
    const s = await getSession(req);
    const id = campaignOf(req);
    return db.tx((q) => reserveCampaignOrder(q, s, id, req.ip));
  });
}
