/** Group buys (campaigns): the feature's one object (features/feature.ts), listed in features/index.ts. */
import type { OrderCampaign } from '../../../../contract/campaigns.ts';
import type { FeatureOrderFields } from '../../services/extensions.ts';
import type { ServerFeature } from '../feature.ts';
import campaignRoutes from './routes.ts';
import { seedCampaigns } from './seed.ts';
import { campaignOrderPaid, isCampaignOrder, orderCampaignOf } from './service.ts';
import { startCampaignSweeper } from './sweeper.ts';

export const campaigns: ServerFeature = {
  name: 'campaigns',
  routes: { plugin: campaignRoutes, under: 'api' },
  seed: [{ key: 'seeded.campaigns', run: (q) => seedCampaigns(q) }],
  // Last of the list: its refund of an order that can no longer join goes back through the lifecycle (a nested `refunded`).
  orderSubscriber: { name: 'campaigns', settled: (q, o) => campaignOrderPaid(q, o.id) },
  orders: {
    viewFields: async (q, orderIds) => {
      const fields = new Map<number, FeatureOrderFields>();
      const { rows } = await q.query('SELECT order_id FROM campaign_orders WHERE order_id = ANY($1::int[])', [orderIds], { prepare: true });
      for (const r of rows as { order_id: number }[]) {
        const campaign: OrderCampaign | undefined = await orderCampaignOf(q, r.order_id);
        if (campaign) fields.set(r.order_id, { campaign });
      }
      return fields;
    },
    offlineSettlementRefusal: async (q, orderId) =>
      ((await isCampaignOrder(q, orderId)) ? 'A group-buy order is paid online; choose a payment method' : undefined),
  },
  start: (app) => startCampaignSweeper(app),
};
