/** The hosted channels this server offers H5 clients, where each returns the shopper, and paymentConfig's online part. */
import type { H5PaymentChannel, PaymentChannel } from '../../../contract/constants.ts';
import type { OnlineProviders } from '../../../contract/checkout.ts';

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
const HOSTED_CHANNELS = Object.keys(HOSTED_RETURN) as H5PaymentChannel[];

/**
 * The online part of GET /shoppingManagement4/paymentConfig (served by routes/checkout.ts as `onlineProviders`):
 * the configured provider and the hosted channels the H5 client may offer (PAYMENT_H5_CHANNELS narrows them).
 */
export function onlineProviders(env: NodeJS.ProcessEnv = process.env): OnlineProviders {
  const only = (env.PAYMENT_H5_CHANNELS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return {
    enabled: true,
    provider: env.PAYMENT_PROVIDER ?? 'sandbox',
    h5Channels: only.length ? HOSTED_CHANNELS.filter((c) => only.includes(c)) : HOSTED_CHANNELS,
    weChatJsApi: true,
    weChatMiniProgram: true,
    alipayMiniProgram: true,
  };
}

