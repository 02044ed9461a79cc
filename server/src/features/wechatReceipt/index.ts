/** WeChat's confirm-receipt component: the feature's one object (features/feature.ts), listed in features/index.ts. */
import type { ServerFeature } from '../feature.ts';
import weChatReceiptRoutes from './routes.ts';

export const wechatReceipt: ServerFeature = {
  name: 'wechatReceipt',
  routes: { plugin: weChatReceiptRoutes, under: 'api' },
};
