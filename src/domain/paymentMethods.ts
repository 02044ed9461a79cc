/**
 * Payment methods, not processors (issue 18): the shopper picks a method they know — WeChat Pay, Alipay, UnionPay
 * card, PayPal — and the store's configuration decides which processor carries it. The store's payment flags
 * (app info system.payment, which the footer's payment badges show too) say which methods it accepts; the server's
 * paymentConfig lists the hosted channels the operator enabled (PAYMENT_H5_CHANNELS), in order of preference, and
 * the first enabled channel that carries a method carries it. Which channel carries which method (shared/hostedChannels.ts), and the
 * methods' names (shared/paymentMethods.ts), are shared with the server (its payment sandbox page names the method too).
 */
import type { PaymentSettings as PaymentConfig } from '@contract/appInfo'
import type { H5PaymentChannel } from '@contract/constants'
import { CHANNEL_METHODS } from '@shared/hostedChannels'
import { PAYMENT_METHODS, type PaymentMethod } from '@shared/paymentMethods'

export type { PaymentMethod } from '@shared/paymentMethods'

/** The store accepts a method when its flag is on (the footer shows the same flags as badges). */
const FLAG: Record<PaymentMethod, keyof PaymentConfig> = {
  WECHAT_PAY: 'supportWeChatPay',
  ALIPAY: 'supportAliPay',
  UNIONPAY: 'supportUnionPay',
  PAYPAL: 'supportPayPal'
}

/** WeChat's browser pays WeChat Pay in the page (OAuth, then its JS bridge); another method keeps its hosted page. */
export const paysInWeChatPage = (channel: H5PaymentChannel | undefined) => !channel || CHANNEL_METHODS[channel]?.includes('WECHAT_PAY') === true

/** The channel that carries `method`: the first of the enabled channels (in the operator's order) that can. */
export function carrierOf(method: PaymentMethod, channels: readonly H5PaymentChannel[]): H5PaymentChannel | null {
  return channels.find((channel) => CHANNEL_METHODS[channel]?.includes(method)) ?? null
}

/** The methods to offer: accepted by the store and carried by an enabled channel. */
export function offeredMethods(flags: PaymentConfig | undefined, channels: readonly H5PaymentChannel[]): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => flags?.[FLAG[method]] === true && carrierOf(method, channels) !== null)
}

/** The method the platform makes obvious: WeChat Pay in WeChat's browser, Alipay in Alipay's, the only one offered. */
export function preselectedMethod(offered: readonly PaymentMethod[], env: { weChatBrowser: boolean; alipayBrowser: boolean }): PaymentMethod | null {
  if (env.weChatBrowser && offered.includes('WECHAT_PAY')) return 'WECHAT_PAY'
  if (env.alipayBrowser && offered.includes('ALIPAY')) return 'ALIPAY'
  return offered.length === 1 ? offered[0] : null
}
