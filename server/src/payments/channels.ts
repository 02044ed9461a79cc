/**
 * paymentConfig's online part, and what the shop offers. The hosted channels themselves (request, return page, status
 * check, methods) are one table both sides read: shared/hostedChannels.ts.
 */
import { H5_PAYMENT_CHANNELS } from '../../../contract/constants.ts';
import type { OnlineProviders } from '../../../contract/checkout.ts';
import type { PaymentRouter } from './index.ts';
import { CHANNEL_METHODS } from '../../../shared/hostedChannels.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/paymentMethods.ts';

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

const METHOD_FLAG: Record<PaymentMethod, string> = { WECHAT_PAY: 'supportWeChatPay', ALIPAY: 'supportAliPay', UNIONPAY: 'supportUnionPay', PAYPAL: 'supportPayPal' };

/**
 * What the shop offers, as its file and the environment together decide (the start logs it): each payment method the
 * shop file's `payment` flags accept with the served H5 channel that carries it (the first, in PAYMENT_H5_CHANNELS'
 * order: credentials and that variable only narrow), the methods accepted that no served channel carries, and the
 * mini-programs' in-app payments.
 */
export function effectivePayments(flags: Record<string, unknown> | null | undefined, router: PaymentRouter): string {
  const online = onlineProviders(router);
  const accepted = PAYMENT_METHODS.filter((m) => flags?.[METHOD_FLAG[m]] === true);
  const carried = accepted.map((m) => [m, online.h5Channels.find((c) => CHANNEL_METHODS[c]?.includes(m))] as const);
  const h5 = carried.filter(([, c]) => c).map(([m, c]) => `${m} by ${c}`);
  const without = carried.filter(([, c]) => !c).map(([m]) => m);
  return `H5: ${h5.join(', ') || 'none'}${without.length ? ` (accepted by the shop file, but no channel serves: ${without.join(', ')})` : ''}; ` +
    `WeChat mini-program: ${online.weChatMiniProgram ? 'yes' : 'no'}; WeChat browser (JSAPI): ${online.weChatJsApi ? 'yes' : 'no'}; ` +
    `Alipay mini-program: ${online.alipayMiniProgram ? 'yes' : 'no'}`;
}
