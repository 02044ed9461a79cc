/** The hosted channels this server offers H5 clients, where each returns the shopper, and paymentConfig's online part. */
import { H5_PAYMENT_CHANNELS, type PaymentChannel } from '../../../contract/constants.ts';
import type { OnlineProviders } from '../../../contract/checkout.ts';
import type { PaymentRouter } from './index.ts';

/** Hosted channels the H5 client may offer, and the from_source each one returns with (spec §2). */
export const HOSTED_RETURN: Partial<Record<PaymentChannel, (orderID: string) => string>> = {
  OTT: (id) => `/confirmation?from_source=ott_h5X${id}`,
  SNAPPAY_WECHATPAY: (id) => `/confirmation?from_source=snappay_h5X${id}`,
  SNAPPAY_ALIPAY: (id) => `/confirmation?from_source=snappay_h5X${id}`,
  SNAPPAY_UNIONPAY: (id) => `/confirmation?from_source=snappay_h5X${id}`,
  CITCON: (id) => `/confirmation?from_source=citcon_classic_h5X${id}`,
  IOTPAY: (id) => `/confirmation?from_source=iot_h5X${id}`,
  OPAY: (id) => `/confirmation?from_source=opay_h5X${id}`,
  NATIVE_WECHAT_H5: (id) => `/confirmation?from_source=weixin_h5X${id}`,
  ALIPAY_H5: (id) => `/confirmationa/alipay_h5/${id}`,
  PAYPAL: (id) => `/confirmation?from_source=paypal_h5X${id}`,
};

/**
 * The online part of GET /shoppingManagement4/paymentConfig (served by routes/checkout.ts as `onlineProviders`):
 * exactly the channels the router offers (payments/index.ts), and the names of the providers serving them.
 */
export function onlineProviders(router: PaymentRouter): OnlineProviders {
  const offered = new Set(router.offered);
  const providers = [...new Set(router.offered.map((c) => router.providerName(c)))];
  return {
    enabled: offered.size > 0,
    provider: providers.join(','),
    h5Channels: H5_PAYMENT_CHANNELS.filter((c) => offered.has(c)),
    weChatJsApi: offered.has('NATIVE_WECHAT_JSAPI'),
    weChatMiniProgram: offered.has('WECHAT_MINI_PROGRAM'),
    alipayMiniProgram: offered.has('ALIPAY_MINI_PROGRAM'),
  };
}
